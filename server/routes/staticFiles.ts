import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { addRoute } from '../http/route';
import { categories, contents } from '../db/schema/index';
import { ApiError } from '../http/errors';
import { currentSiteId } from '../operations/sites';
import { fieldError } from '../operations/content/fieldError';
import { siteById } from '../public/data';
import { attachStaticGen, lastRuns, STATIC_GEN_JOB, type StaticGenPayload } from '../operations/staticGen/job';
import { hasOutput, OutputPathError, outputDirOf, ownsOrEmpty } from '../operations/staticGen/output';
import { StaticGenerate, type StaticIndex } from '../../models/staticGen';
import { jobErrorText } from '../jobs/runner';

// Static generation (/StaticFile/index, issue 6): start a run as a job, list the last runs.
export default async function staticFileRoutes(app: FastifyInstance) {
  attachStaticGen(app);

  const outputOf = async (siteId: number) => {
    const site = await siteById(app.ctx.db, siteId);
    if (!site) throw new ApiError(400, 'staticFile.siteUnavailable');
    try {
      return { site, dir: await outputDirOf(app.ctx.config.sharedDir, site) };
    } catch (err) {
      if (err instanceof OutputPathError) throw new ApiError(400, 'staticFile.pathInvalid');
      throw err;
    }
  };

  addRoute(app, {
    method: 'GET',
    url: '/staticFile/index',
    permission: 'staticFile',
    handler: async ({ req, auth }) => {
      const siteId = currentSiteId(req, auth);
      const { dir } = await outputOf(siteId);
      const runs = (await lastRuns(app.ctx.db, siteId)).map((r) => ({ ...r, error: jobErrorText(req.lang, r.error) }));
      const data: StaticIndex = { output: dir, has_output: await hasOutput(dir), runs };
      return { data };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/staticFile/generate',
    permission: 'staticFile',
    body: StaticGenerate,
    handler: async ({ req, auth, body }) => {
      const siteId = currentSiteId(req, auth);
      const { site, dir } = await outputOf(siteId);
      if (!(await ownsOrEmpty(dir))) throw new ApiError(400, 'staticFile.folderForeign');
      const db = app.ctx.db;
      let logName = site.name;
      if (body.scope === 'column') {
        const [column] = await db
          .select({ title: categories.title })
          .from(categories)
          .where(and(eq(categories.id, body.category_id!), eq(categories.siteId, siteId), isNull(categories.deletedAt)));
        if (!column) throw fieldError(req.lang, 'category_id', 'staticFile.columnInvalid');
        logName = `${site.name} / ${column.title}`;
      }
      if (body.scope === 'content') {
        const ids = [...new Set(body.ids!)];
        const found = await db
          .select({ id: contents.id })
          .from(contents)
          .where(and(inArray(contents.id, ids), eq(contents.siteId, siteId), isNull(contents.deletedAt)));
        if (found.length !== ids.length) throw fieldError(req.lang, 'ids', 'staticFile.contentInvalid');
        logName = `${site.name} #${ids.join(',')}`.slice(0, 200);
      }
      const payload: StaticGenPayload = { site_id: siteId, scope: body.scope, category_id: body.category_id, ids: body.ids };
      const jobId = await app.ctx.jobs.enqueue(STATIC_GEN_JOB, payload, { siteId, createdBy: auth.adminId });
      return { data: { job_id: jobId }, msg: 'staticFile.started', logName };
    },
  });
}

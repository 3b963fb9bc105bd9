import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { addRoute } from '../http/route';
import { jobs } from '../db/schema/index';
import { forbidden, notFound } from '../http/errors';
import { iso } from '../db/listing';
import { IdQuery } from '../../models/common';
import type { Job } from '../../models/job';
import type { AuthContext } from '../http/context';
import { jobErrorText } from '../jobs/runner';

/** Only the admin who started a job (or a super-admin) follows or cancels it. */
async function ownJob(app: FastifyInstance, auth: AuthContext, id: number) {
  const [row] = await app.ctx.db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw notFound();
  if (!auth.isSuper && row.createdBy !== auth.adminId) throw forbidden();
  return row;
}

export default async function jobRoutes(app: FastifyInstance) {
  addRoute(app, {
    method: 'GET',
    url: '/job/read',
    permission: 'authenticated',
    query: IdQuery,
    handler: async ({ req, auth, query }) => {
      const row = await ownJob(app, auth, query.id);
      const data: Job = {
        id: row.id,
        kind: row.kind,
        status: row.status as Job['status'],
        progress: row.progress,
        total: row.total,
        result: row.result ?? null,
        error: jobErrorText(req.lang, row.error),
        created_at: iso(row.createdAt)!,
        finished_at: iso(row.finishedAt),
      };
      return { data };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/job/cancel',
    permission: 'authenticated',
    body: IdQuery,
    handler: async ({ auth, body }) => {
      const row = await ownJob(app, auth, body.id);
      await app.ctx.jobs.cancel(row.id);
      return { msg: 'ok.done', logName: `${row.kind} #${row.id}` };
    },
  });
}

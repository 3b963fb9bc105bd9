import type { FastifyInstance } from 'fastify';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { addRoute } from '../http/route';
import { registerResource } from '../resources/register';
import { friendLinks } from '../db/schema/index';
import { forbidden, notFound } from '../http/errors';
import { canManageSite, currentSiteId } from '../operations/sites';
import { linkServerResource } from '../operations/links/resource';
import { attachLinkChecker, checksOf, LINK_CHECK_JOB } from '../operations/links/check';
import { LinkCheckBody, LinkChecksQuery } from '../../models/friendLink';

// Friendly links (/Link/index, /addLink, /updateLink, /linkInfo): the resource's CRUD, the back-link check
// (a job; the admin follows it through GET /job/read) and one link's check records.
export default async function linkRoutes(app: FastifyInstance) {
  attachLinkChecker(app);
  registerResource(app, linkServerResource);

  addRoute(app, {
    method: 'POST',
    url: '/link/check',
    permission: 'link',
    body: LinkCheckBody,
    handler: async ({ req, auth, body }) => {
      const siteId = currentSiteId(req, auth);
      const rows = await app.ctx.db
        .select({ id: friendLinks.id, siteId: friendLinks.siteId, name: friendLinks.name })
        .from(friendLinks)
        .where(and(inArray(friendLinks.id, body.ids), isNull(friendLinks.deletedAt)));
      if (rows.length !== new Set(body.ids).size) throw notFound();
      if (rows.some((r) => r.siteId !== siteId || !canManageSite(auth, r.siteId))) throw forbidden('error.siteForbidden');
      const jobId = await app.ctx.jobs.enqueue(LINK_CHECK_JOB, { siteId, ids: rows.map((r) => r.id) }, { siteId, createdBy: auth.adminId });
      return { data: { job_id: jobId }, msg: 'link.checkStarted', logName: rows.map((r) => r.name).join(', ').slice(0, 200) };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/link/checks',
    permission: 'link',
    query: LinkChecksQuery,
    handler: async ({ auth, query }) => {
      const [row] = await app.ctx.db
        .select({ siteId: friendLinks.siteId })
        .from(friendLinks)
        .where(and(eq(friendLinks.id, query.id), isNull(friendLinks.deletedAt)));
      if (!row) throw notFound();
      if (!canManageSite(auth, row.siteId)) throw forbidden('error.siteForbidden');
      return { data: await checksOf(app.ctx.db, query.id, query.limit) };
    },
  });
}

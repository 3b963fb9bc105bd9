import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { currentSiteId } from '../operations/sites';
import { attachSeoCheck } from '../operations/seoCheck/job';
import { cancelReport, compareReports, listReports, readReport, startDiagnosis } from '../operations/seoCheck/reports';
import { IdQuery } from '../../models/common';
import { SeoCompareQuery, SeoReportListQuery } from '../../models/seoReport';

// SEO diagnosis (/seoCheck/index, /seoCheck/report; issue 11): start a diagnosis as a job, list the site's
// reports, read one, cancel one that is testing, compare two. Every call needs the seoCheck screen; reports
// are the current site's (the list) or a site the caller manages (by id).
export default async function seoCheckRoutes(app: FastifyInstance) {
  attachSeoCheck(app);
  const db = app.ctx.db;

  addRoute(app, {
    method: 'POST',
    url: '/seoCheck/start',
    permission: 'seoCheck',
    handler: async ({ req, auth }) => {
      const { id, job_id, site } = await startDiagnosis(app, auth, currentSiteId(req, auth));
      return { data: { id, job_id }, msg: 'seoCheck.started', logName: site };
    },
  });
  addRoute(app, {
    method: 'GET',
    url: '/seoCheck/index',
    permission: 'seoCheck',
    query: SeoReportListQuery,
    handler: async ({ req, auth, query }) => {
      const { rows, count } = await listReports(db, currentSiteId(req, auth), query);
      return { data: rows, count };
    },
  });
  addRoute(app, {
    method: 'GET',
    url: '/seoCheck/read',
    permission: 'seoCheck',
    query: IdQuery,
    handler: async ({ auth, query }) => ({ data: await readReport(db, auth, query.id) }),
  });
  addRoute(app, {
    method: 'POST',
    url: '/seoCheck/cancel',
    permission: 'seoCheck',
    body: IdQuery,
    handler: async ({ auth, body }) => {
      const { name } = await cancelReport(app, auth, body.id);
      return { msg: 'seoCheck.cancelled', logName: name };
    },
  });
  addRoute(app, {
    method: 'GET',
    url: '/seoCheck/compare',
    permission: 'seoCheck',
    query: SeoCompareQuery,
    handler: async ({ auth, query }) => ({ data: await compareReports(db, auth, query.base, query.id) }),
  });
}

import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { currentSiteId } from '../operations/sites';
import { installMailboxPuller, startPull } from '../operations/mailbox/pull';
import { listInquiryEmails, mailboxStatus } from '../operations/mailbox/view';
import { InquiryEmailListQuery } from '../../models/inquiryEmail';

// The e-mail inbox (/InquiryEmail/index), behind the 'inquiryEmail' menu key: the mailbox's status, the
// messages pulled into the current site, and "pull now" (a background job, followed through /job/read).
export default async function inquiryEmailRoutes(app: FastifyInstance) {
  installMailboxPuller(app);

  addRoute(app, {
    method: 'GET',
    url: '/inquiryEmail/status',
    permission: 'inquiryEmail',
    handler: async ({ req, auth }) => ({ data: await mailboxStatus(app.ctx.db, auth, req.lang) }),
  });

  addRoute(app, {
    method: 'GET',
    url: '/inquiryEmail/index',
    permission: 'inquiryEmail',
    query: InquiryEmailListQuery,
    handler: async ({ req, auth, query }) => {
      const { rows, total } = await listInquiryEmails(app.ctx.db, currentSiteId(req, auth), query);
      return { data: rows, count: total };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/inquiryEmail/pull',
    permission: 'inquiryEmail',
    handler: async ({ req, auth }) => {
      const jobId = await startPull(app, auth.adminId, req.lang);
      return { data: { job_id: jobId }, msg: 'mailbox.pullStarted', logName: `#${jobId}` };
    },
  });
}

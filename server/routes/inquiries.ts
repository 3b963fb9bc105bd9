import type { FastifyInstance } from 'fastify';
import { asc, desc, eq } from 'drizzle-orm';
import { addRoute } from '../http/route';
import { registerResource } from '../resources/register';
import { inquiryServerResource } from '../resources/inquiry';
import { inquiryCateServerResource } from '../resources/inquiryCate';
import { inquiryCategories } from '../db/schema/index';
import { currentSiteId } from '../operations/sites';
import { setInquiryStatus } from '../operations/inquiries';
import { handleInquiry, inquiryAssignees, loadInquiry, repliesOf, replyToInquiry } from '../operations/inquiryHandling';
import { IdQuery } from '../../models/common';
import { InquiryHandling, InquiryReplyBody, InquiryStatusBody } from '../../models/inquiry';

// The inquiry screen (/Inquiry/index): the declared resource (list, read, delete), the status marks, what the
// detail dialog edits (category, status, assignee, notes), replies by e-mail and the thread of replies; the
// options its filters read (the site's categories, the admins an inquiry can be assigned to); and the
// categories screen (/InquiryCate/index).
export default async function inquiryRoutes(app: FastifyInstance) {
  registerResource(app, inquiryServerResource);
  registerResource(app, inquiryCateServerResource);

  addRoute(app, {
    method: 'POST',
    url: '/inquiry/status',
    permission: 'inquiry',
    body: InquiryStatusBody,
    log: { type: 'inquiry' },
    handler: async ({ auth, body }) => {
      const names = await setInquiryStatus(app.ctx.db, auth, body.ids, body.status);
      return { msg: 'inquiry.statusSaved', logName: names.join(', ') };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/inquiry/handle',
    permission: 'inquiry',
    body: InquiryHandling,
    log: { type: 'inquiry' },
    handler: async ({ auth, body }) => ({ msg: 'inquiry.handlingSaved', logName: await handleInquiry(app.ctx.db, auth, body) }),
  });

  addRoute(app, {
    method: 'POST',
    url: '/inquiry/reply',
    permission: 'inquiry',
    body: InquiryReplyBody,
    log: { type: 'inquiry' },
    handler: async ({ auth, body }) => {
      const { reply, name } = await replyToInquiry(app, auth, body);
      return { data: reply, msg: 'inquiry.replySent', logName: name };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/inquiry/replies',
    permission: 'inquiry',
    query: IdQuery,
    handler: async ({ auth, query }) => {
      const row = await loadInquiry(app.ctx.db, auth, query.id);
      return { data: await repliesOf(app.ctx.db, row.id) };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/inquiry/cates/index',
    permission: 'inquiry',
    handler: async ({ req, auth }) => {
      const siteId = currentSiteId(req, auth);
      const rows = await app.ctx.db
        .select({ id: inquiryCategories.id, name: inquiryCategories.name })
        .from(inquiryCategories)
        .where(eq(inquiryCategories.siteId, siteId))
        .orderBy(asc(inquiryCategories.sort), desc(inquiryCategories.id));
      return { data: rows, count: rows.length };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/inquiry/assignees/index',
    permission: 'inquiry',
    handler: async ({ req, auth }) => {
      const rows = await inquiryAssignees(app.ctx.db, currentSiteId(req, auth));
      return { data: rows, count: rows.length };
    },
  });
}

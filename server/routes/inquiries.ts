import type { FastifyInstance } from 'fastify';
import { addRoute } from '../http/route';
import { registerResource } from '../resources/register';
import { inquiryServerResource } from '../resources/inquiry';
import { setInquiryStatus } from '../operations/inquiries';
import { InquiryStatusBody } from '../../models/inquiry';

// The inquiry screen (/Inquiry/index): the declared resource (list, read, delete) and the status marks.
export default async function inquiryRoutes(app: FastifyInstance) {
  registerResource(app, inquiryServerResource);

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
}

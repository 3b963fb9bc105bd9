import { desc, eq, ilike } from 'drizzle-orm';
import { inquiries } from '../db/schema/index';
import { tableResource } from './table';
import { notFound } from '../http/errors';
import { currentSiteId } from '../operations/sites';
import { dateRange, iso, likeText } from '../db/listing';
import { inquiryResource } from '../../models/resources/inquiry';
import type { Inquiry } from '../../models/inquiry';

// Inquiries of the current site (/Inquiry/index), newest first: list, read, delete into the recycle bin. An
// inquiry of a site the admin does not manage answers 403; the status call is in server/routes/inquiries.ts.

type InquiryRow = typeof inquiries.$inferSelect;

export const toInquiry = (r: InquiryRow): Inquiry => ({
  id: r.id,
  site_id: r.siteId,
  cate_id: r.cateId,
  name: r.name,
  phone: r.phone,
  email: r.email,
  company: r.company,
  content: r.content,
  page: r.page,
  ip: r.ip,
  region: r.region,
  user_agent: r.userAgent,
  status: r.status,
  source: r.source as Inquiry['source'],
  source_id: r.sourceId,
  assignee_id: r.assigneeId,
  notes: r.notes,
  created_at: iso(r.createdAt)!,
});

const inquiryTable = tableResource({
  def: inquiryResource,
  table: inquiries,
  columns: { id: inquiries.id, siteId: inquiries.siteId, deletedAt: inquiries.deletedAt, deletedBy: inquiries.deletedBy },
  title: inquiries.name,
  toApi: toInquiry,
  // Inquiries come from the public form only: nothing here writes their fields.
  toValues: () => ({}),
  where: (q) => [
    q.name ? ilike(inquiries.name, likeText(q.name)) : undefined,
    q.status === undefined ? undefined : eq(inquiries.status, q.status),
    q.cate_id === undefined ? undefined : eq(inquiries.cateId, q.cate_id),
    q.source === undefined ? undefined : eq(inquiries.source, q.source),
    q.assignee_id === undefined ? undefined : eq(inquiries.assigneeId, q.assignee_id),
    dateRange(inquiries.createdAt, q.start, q.end),
  ],
  orderBy: [desc(inquiries.id)],
});

/** The table resource; reading one shows only the current site's (the screen is per site, like its list). */
export const inquiryServerResource: typeof inquiryTable = {
  ...inquiryTable,
  async read(ctx, id) {
    const inquiry = (await inquiryTable.read(ctx, id)) as Inquiry;
    if (inquiry.site_id !== currentSiteId(ctx.req, ctx.auth)) throw notFound();
    return inquiry;
  },
};

import { and, count, desc, eq, ilike, isNull } from 'drizzle-orm';
import { inquiries } from '../db/schema/index';
import { defineServerResource } from './register';
import { notFound } from '../http/errors';
import { dateRange, iso, likeText, offsetOf } from '../db/listing';
import { currentSiteId } from '../operations/sites';
import { inquiryResource } from '../../models/resources/inquiry';
import type { Inquiry } from '../../models/inquiry';

// Inquiries of the current site (/Inquiry/index), newest first; read-only until the inquiry screens' issue.

const toInquiry = (r: typeof inquiries.$inferSelect): Inquiry => ({
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
  created_at: iso(r.createdAt)!,
});

export const inquiryServerResource = defineServerResource({
  def: inquiryResource,
  async list({ app, req, auth }, q) {
    const where = and(
      eq(inquiries.siteId, currentSiteId(req, auth)),
      isNull(inquiries.deletedAt),
      q.name ? ilike(inquiries.name, likeText(q.name)) : undefined,
      q.status === undefined ? undefined : eq(inquiries.status, q.status),
      dateRange(inquiries.createdAt, q.start, q.end),
    );
    const [total] = await app.ctx.db.select({ n: count() }).from(inquiries).where(where);
    const rows = await app.ctx.db.select().from(inquiries).where(where).orderBy(desc(inquiries.id)).limit(q.limit).offset(offsetOf(q.page, q.limit));
    return { rows: rows.map(toInquiry), count: Number(total?.n ?? 0) };
  },
  async read({ app, req, auth }, id) {
    const [row] = await app.ctx.db
      .select()
      .from(inquiries)
      .where(and(eq(inquiries.id, id), eq(inquiries.siteId, currentSiteId(req, auth)), isNull(inquiries.deletedAt)));
    if (!row) throw notFound();
    return toInquiry(row);
  },
});

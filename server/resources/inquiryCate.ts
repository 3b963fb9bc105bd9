import { asc, count, desc, ilike, inArray } from 'drizzle-orm';
import { inquiries, inquiryCategories } from '../db/schema/index';
import { tableResource } from './table';
import { iso, likeText } from '../db/listing';
import { inquiryCateResource } from '../../models/resources/inquiry';
import type { InquiryCategory } from '../../models/inquiryCategory';

// Inquiry categories of the current site (/InquiryCate/index), by sort then id. Deleting a category never
// deletes an inquiry: its inquiries (live or in the recycle bin) become uncategorised, as a CMS user expects
// when removing a label; the confirmation and the answer say how many.

type Row = typeof inquiryCategories.$inferSelect;

const toApi = (r: Row, inquiryCount = 0): InquiryCategory => ({
  id: r.id,
  site_id: r.siteId,
  name: r.name,
  sort: r.sort,
  description: r.description,
  inquiry_count: inquiryCount,
  created_at: iso(r.createdAt)!,
});

/** Inquiries per category, for the given categories. */
export async function inquiryCounts(db: import('../db/client').Executor, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: inquiries.cateId, n: count() }).from(inquiries).where(inArray(inquiries.cateId, ids)).groupBy(inquiries.cateId);
  return new Map(rows.map((r) => [r.id!, Number(r.n)]));
}

const cateTable = tableResource({
  def: inquiryCateResource,
  table: inquiryCategories,
  columns: { id: inquiryCategories.id, siteId: inquiryCategories.siteId },
  title: inquiryCategories.name,
  toApi: (r: Row) => toApi(r),
  toValues: (b) => ({ name: b.name, sort: b.sort, description: b.description }),
  where: (q) => [q.name ? ilike(inquiryCategories.name, likeText(q.name)) : undefined],
  orderBy: [asc(inquiryCategories.sort), desc(inquiryCategories.id)],
});

export const inquiryCateServerResource: typeof cateTable = {
  ...cateTable,
  async list(ctx, query) {
    const page = await cateTable.list(ctx, query);
    const rows = page.rows as InquiryCategory[];
    const counts = await inquiryCounts(ctx.app.ctx.db, rows.map((r) => r.id));
    return { ...page, rows: rows.map((r) => ({ ...r, inquiry_count: counts.get(r.id) ?? 0 })) };
  },
  async read(ctx, id) {
    const cate = (await cateTable.read(ctx, id)) as InquiryCategory;
    return { ...cate, inquiry_count: (await inquiryCounts(ctx.app.ctx.db, [id])).get(id) ?? 0 };
  },
  async remove(ctx, ids) {
    const out = await cateTable.remove!(ctx, ids);
    await ctx.app.ctx.db.update(inquiries).set({ cateId: null }).where(inArray(inquiries.cateId, ids));
    return out;
  },
};

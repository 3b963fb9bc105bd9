import { and, desc, eq, ilike, ne } from 'drizzle-orm';
import { siteKeywords } from '../db/schema/index';
import { conflict } from '../http/errors';
import { iso, likeText } from '../db/listing';
import { tableResource } from './table';
import { keywordResource } from '../../models/resources/keywords';
import type { Keyword } from '../../models/keyword';

// Site keywords (/Keyword/index): one per name and site, deleted for good with their rank history.
// link_count belongs to the inner-link action and the position fields to the rank job: never written here.

export type KeywordRow = typeof siteKeywords.$inferSelect;

export const toKeyword = (r: KeywordRow): Keyword => ({
  id: r.id,
  site_id: r.siteId,
  name: r.name,
  link: r.link,
  weight: r.weight,
  link_count: r.linkCount,
  status: r.status as 1 | 2,
  inner_link: r.innerLink,
  position: r.position,
  result_url: r.resultUrl,
  indexed: r.indexed,
  checked_at: iso(r.checkedAt),
  created_at: iso(r.createdAt)!,
});

export const keywordListWhere = (q: { name?: string; status?: number }) => [
  q.name ? ilike(siteKeywords.name, likeText(q.name)) : undefined,
  q.status !== undefined ? eq(siteKeywords.status, q.status) : undefined,
];

export const keywordServerResource = tableResource({
  def: keywordResource,
  table: siteKeywords,
  columns: { id: siteKeywords.id, siteId: siteKeywords.siteId },
  title: siteKeywords.name,
  toApi: toKeyword,
  toValues: (b) => ({ name: b.name, link: b.link, weight: b.weight, status: b.status, innerLink: b.inner_link }),
  where: keywordListWhere,
  orderBy: [desc(siteKeywords.weight), desc(siteKeywords.id)],
  sort: { name: siteKeywords.name, weight: siteKeywords.weight },
  async check({ db, siteId, current }, body) {
    const name = body.name as string;
    const [taken] = await db
      .select({ id: siteKeywords.id })
      .from(siteKeywords)
      .where(and(eq(siteKeywords.siteId, siteId!), eq(siteKeywords.name, name), current ? ne(siteKeywords.id, current.id) : undefined));
    if (taken) throw conflict('keyword.nameTaken', { name });
  },
});

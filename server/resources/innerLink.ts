import { and, desc, eq, ilike, isNull, ne } from 'drizzle-orm';
import { innerLinks } from '../db/schema/index';
import { conflict } from '../http/errors';
import { iso, likeText } from '../db/listing';
import { tableResource } from './table';
import { innerChartResource } from '../../models/resources/marketing';
import type { InnerLink } from '../../models/innerLink';

// Internal links (/InnerChart/index): a site's keyword → URL pairs, one live pair per keyword.
// link_count is kept by the editor's inner-link action and never written here; new_window is stored 1 yes / 2 no.

type InnerLinkRow = typeof innerLinks.$inferSelect;

const toInnerLink = (r: InnerLinkRow): InnerLink => ({
  id: r.id,
  site_id: r.siteId,
  keyword: r.keyword,
  url: r.url,
  weight: r.weight,
  link_count: r.linkCount,
  new_window: r.newWindow === 1,
  status: r.status as 1 | 2,
  created_at: iso(r.createdAt)!,
});

export const innerChartServerResource = tableResource({
  def: innerChartResource,
  table: innerLinks,
  columns: { id: innerLinks.id, siteId: innerLinks.siteId, deletedAt: innerLinks.deletedAt, deletedBy: innerLinks.deletedBy },
  title: innerLinks.keyword,
  toApi: toInnerLink,
  toValues: (b) => ({ keyword: b.keyword, url: b.url, weight: b.weight, newWindow: b.new_window ? 1 : 2, status: b.status }),
  where: (q) => [q.keyword ? ilike(innerLinks.keyword, likeText(q.keyword)) : undefined, q.status !== undefined ? eq(innerLinks.status, q.status) : undefined],
  orderBy: [desc(innerLinks.weight), desc(innerLinks.id)],
  async check({ db, siteId, current }, body) {
    const keyword = body.keyword as string;
    const [taken] = await db
      .select({ id: innerLinks.id })
      .from(innerLinks)
      .where(
        and(eq(innerLinks.siteId, siteId!), eq(innerLinks.keyword, keyword), isNull(innerLinks.deletedAt), current ? ne(innerLinks.id, current.id) : undefined),
      );
    if (taken) throw conflict('innerChart.keywordTaken', { keyword });
  },
});

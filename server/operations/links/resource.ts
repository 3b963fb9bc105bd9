import { and, asc, desc, eq, gte, ilike, inArray, lt, ne, or } from 'drizzle-orm';
import { friendLinks } from '../../db/schema/index';
import { iso, likeText } from '../../db/listing';
import type { Db, Executor } from '../../db/client';
import { tableResource } from '../../resources/table';
import { extendRecycleType } from '../recycleBin';
import { adsChanged } from '../staticGen/job';
import { linkResource } from '../../../models/resources/links';
import { MISSING_FLAG_STREAK, linkFlags, type FriendLink } from '../../../models/friendLink';
import { localDate } from '../../../models/ad';

// Friendly links (/Link/index) as a table resource. The footer of every public page shows a site's active
// links, so each change regenerates that site's static output, as ads do (adsChanged).

export type FriendLinkRow = typeof friendLinks.$inferSelect;

export function toFriendLink(r: FriendLinkRow, now = new Date()): FriendLink {
  return {
    id: r.id,
    site_id: r.siteId,
    name: r.name,
    url: r.url,
    link_type: r.linkType as FriendLink['link_type'],
    site_type: r.siteType as FriendLink['site_type'],
    weight: r.weight,
    pr: r.pr,
    deadline: r.deadline,
    platform: r.platform,
    phone: r.phone,
    adder: r.adder,
    jump: r.jump as FriendLink['jump'],
    logo: r.logo,
    anchor: r.anchor,
    sort: r.sort,
    status: r.status as 1 | 2,
    last_check: r.lastCheck,
    last_checked_at: iso(r.lastCheckedAt),
    missing_streak: r.missingStreak,
    flags: linkFlags({ deadline: r.deadline, missing_streak: r.missingStreak }, now),
    created_at: iso(r.createdAt)!,
  };
}

/** Flagged: past the deadline, or missing from the partner's page at the last checks in a row. */
const flagged = () =>
  or(and(ne(friendLinks.deadline, ''), lt(friendLinks.deadline, localDate(new Date()))), gte(friendLinks.missingStreak, MISSING_FLAG_STREAK));

const linkTable = tableResource({
  def: linkResource,
  table: friendLinks,
  columns: { id: friendLinks.id, siteId: friendLinks.siteId, deletedAt: friendLinks.deletedAt, deletedBy: friendLinks.deletedBy },
  title: friendLinks.name,
  toApi: (r: FriendLinkRow) => toFriendLink(r),
  toValues: (b) => ({
    name: b.name,
    url: b.url,
    linkType: b.link_type,
    siteType: b.site_type,
    weight: b.weight,
    pr: b.pr,
    deadline: b.deadline,
    platform: b.platform,
    phone: b.phone,
    adder: b.adder,
    jump: b.jump,
    logo: b.logo,
    anchor: b.anchor,
    sort: b.sort,
    status: b.status,
  }),
  where: (q) => [
    q.name ? ilike(friendLinks.name, likeText(q.name)) : undefined,
    q.link_type !== undefined ? eq(friendLinks.linkType, q.link_type) : undefined,
    q.status !== undefined ? eq(friendLinks.status, q.status) : undefined,
    q.flagged === 1 ? flagged() : undefined,
  ],
  orderBy: [asc(friendLinks.sort), desc(friendLinks.id)],
});

const sitesOfLinks = async (db: Executor, ids: number[]) =>
  (await db.selectDistinct({ siteId: friendLinks.siteId }).from(friendLinks).where(inArray(friendLinks.id, ids))).map((r) => r.siteId);

/** The table resource; after each change the links' sites regenerate their static pages (the footer shows links). */
export const linkServerResource: typeof linkTable = {
  ...linkTable,
  async create(ctx, body) {
    const out = await linkTable.create!(ctx, body);
    await adsChanged(ctx.app.ctx.db, await sitesOfLinks(ctx.app.ctx.db, [out.id]));
    return out;
  },
  async update(ctx, body) {
    const out = await linkTable.update!(ctx, body);
    await adsChanged(ctx.app.ctx.db, await sitesOfLinks(ctx.app.ctx.db, [(body as { id: number }).id]));
    return out;
  },
  async remove(ctx, ids) {
    const out = await linkTable.remove!(ctx, ids);
    await adsChanged(ctx.app.ctx.db, await sitesOfLinks(ctx.app.ctx.db, ids));
    return out;
  },
};

extendRecycleType('link', { restored: (db, rows) => adsChanged(db as Db, rows.flatMap((r) => (r.siteId === null ? [] : [r.siteId]))) });

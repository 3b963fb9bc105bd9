import { and, asc, desc, eq, gte, ilike, lt, ne, or } from 'drizzle-orm';
import { friendLinks } from '../../db/schema/index';
import { iso, likeText } from '../../db/listing';
import { tableResource } from '../../resources/table';
import { regeneratingSitesOnChange } from '../staticGen/siteWideRows';
import { linkResource } from '../../../models/resources/links';
import { MISSING_FLAG_STREAK, linkFlags, type FriendLink } from '../../../models/friendLink';
import { localDate } from '../../../models/ad';

// Friendly links (/Link/index) as a table resource. The footer of every public page shows a site's active
// links, so each change regenerates that site's static output, as ads do (regeneratingSitesOnChange).

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

/** The table resource; after each change the links' sites regenerate their static pages (the footer shows links). */
export const linkServerResource: typeof linkTable = regeneratingSitesOnChange(linkTable, friendLinks, 'link');

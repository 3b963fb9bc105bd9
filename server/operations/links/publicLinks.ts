import { and, eq, gte, isNull, or } from 'drizzle-orm';
import { friendLinks } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import { JUMP_BLANK, linkRel } from '../../../models/friendLink';
import { localDate } from '../../../models/ad';

// The friendly links a public page shows, as templates see them (`friend_links`): a new-page link opens in a new tab, and each
// link carries the rel its type calls for (sale and purchase: "sponsored nofollow"; copyright: "nofollow").

export interface FriendLinkView {
  id: number;
  name: string;
  url: string;
  logo: string;
  target: string;
  rel: string;
}

export function friendLinksView(rows: Array<{ id: number; name: string; url: string; linkType: number; jump: number; logo: string }>): FriendLinkView[] {
  return rows.map((r) => ({ id: r.id, name: r.name, url: r.url, logo: r.logo, target: r.jump === JUMP_BLANK ? '_blank' : '', rel: linkRel(r.linkType, r.jump) }));
}

/** Links a public page shows: status on, not deleted, deadline not passed; in sort order. */
export const PUBLIC_LINKS_MAX = 100;
export async function publicLinksOf(db: Executor, siteId: number, now = new Date()) {
  return db
    .select({ id: friendLinks.id, name: friendLinks.name, url: friendLinks.url, linkType: friendLinks.linkType, jump: friendLinks.jump, logo: friendLinks.logo })
    .from(friendLinks)
    .where(
      and(
        eq(friendLinks.siteId, siteId),
        eq(friendLinks.status, 1),
        isNull(friendLinks.deletedAt),
        or(eq(friendLinks.deadline, ''), gte(friendLinks.deadline, localDate(now))),
      ),
    )
    .orderBy(friendLinks.sort, friendLinks.id)
    .limit(PUBLIC_LINKS_MAX);
}

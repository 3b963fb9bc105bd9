import { and, count, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import { friendLinks } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { siteScope } from '../sites';
import { LINKED_BACK } from '../../../models/friendLink';
import { localDate } from '../../../models/ad';

// The dashboard's link figures over the sites an admin manages (see models/friendLink.ts for the meaning):
// exported = links our public pages show now; imported = partners whose page linked back at the last check.

export async function linkCounts(db: Executor, auth: Pick<AuthContext, 'siteIds'>): Promise<{ imported: number; exported: number }> {
  const live = and(isNull(friendLinks.deletedAt), siteScope(auth, friendLinks.siteId as never));
  const today = localDate(new Date());
  const [exported] = await db
    .select({ n: count() })
    .from(friendLinks)
    .where(and(live, eq(friendLinks.status, 1), or(eq(friendLinks.deadline, ''), gte(friendLinks.deadline, today))));
  const [imported] = await db
    .select({ n: count() })
    .from(friendLinks)
    .where(and(live, inArray(friendLinks.lastCheck, [...LINKED_BACK])));
  return { imported: Number(imported?.n ?? 0), exported: Number(exported?.n ?? 0) };
}

import { inArray, sql } from 'drizzle-orm';
import { contents } from '../../db/schema/index';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { manageableContents, requireLiveColumns } from './access';
import { requireAuditToPublish } from '../audit/publishGuard';
import { CONTENT_PUBLISHED } from '../../../models/content';

// The list's bulk actions (spec §7): recycle and recover, pin, recommend, publish/unpublish (approval is the
// audit's: server/operations/audit).
// Flag changes bump the version too, so an editor who had the item open cannot silently undo them.

export interface BulkOutcome {
  affected: number;
  /** Titles of the items touched, for the operation log. */
  titles: string[];
}

const titlesOf = (rows: Array<{ title: string }>) => rows.map((r) => r.title);

/** To the recycle bin (restored by recoverAll or from /RecycleBin/index). */
export async function recycleContents(db: Db, auth: AuthContext, ids: number[]): Promise<BulkOutcome> {
  const rows = await manageableContents(db, auth, ids);
  await db.update(contents).set({ deletedAt: new Date(), deletedBy: auth.adminId }).where(inArray(contents.id, ids));
  return { affected: rows.length, titles: titlesOf(rows) };
}

/** Back from the recycle bin, as the recycle bin restores it: refused (409) while its column is in the bin too. */
export async function recoverContents(db: Db, auth: AuthContext, ids: number[]): Promise<BulkOutcome> {
  const rows = await manageableContents(db, auth, ids, { deleted: true });
  await db.transaction(async (tx) => {
    await tx.update(contents).set({ deletedAt: null, deletedBy: null }).where(inArray(contents.id, ids));
    await requireLiveColumns(tx, ids);
  });
  return { affected: rows.length, titles: titlesOf(rows) };
}

export interface FlagChange {
  isTop?: boolean;
  isRecommend?: boolean;
  status?: number;
}

/**
 * Pins, recommends, publishes or unpublishes; publishing stamps published_at once. Publishing content whose
 * column has an audit flow is refused (409) unless the audit published it.
 */
export async function changeFlags(db: Db, auth: AuthContext, ids: number[], change: FlagChange): Promise<BulkOutcome> {
  const rows = await manageableContents(db, auth, ids);
  if (change.status === CONTENT_PUBLISHED) await requireAuditToPublish(db, rows);
  const set = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  if (!Object.keys(set).length) return { affected: 0, titles: titlesOf(rows) };
  await db
    .update(contents)
    .set({
      ...set,
      ...(change.status === CONTENT_PUBLISHED ? { publishedAt: sql`coalesce(${contents.publishedAt}, now())` } : {}),
      version: sql`${contents.version} + 1`,
      updatedBy: auth.adminId,
      updatedAt: new Date(),
    })
    .where(inArray(contents.id, ids));
  return { affected: rows.length, titles: titlesOf(rows) };
}

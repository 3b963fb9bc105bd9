import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { contents } from '../db/schema/index';
import { publishedByIds, publishedIdsInOrder, publishedOf, type ColumnRow, type ContentRow } from './data';
import { columnOrder, shared, type RunCache } from './lists';
import { descendantIds } from './view';

// What a detail page shows as related: the next RELATED_COUNT items after it in its column's own public order
// (the older ones; the column's sub-columns are not included). Each page's list depends only on its
// neighbours, so an edit changes the related lists of the few items just before it, never a whole column
// (server/operations/staticGen/changes.ts rewrites exactly those pages). The live server reads them by keyset
// from the contents_public_column_idx index; a static generation run slices the column's order it reads once.

export const RELATED_COUNT = 5;

/** A column's own published ids (its sub-columns' items left out), in public order; read once per run. */
export function ownOrder(db: Executor, siteId: number, columns: ColumnRow[], columnId: number, cache?: RunCache): Promise<number[]> {
  const column = columns.find((c) => c.id === columnId);
  // A column without sub-columns lists exactly its own items: the list pages' read serves both.
  if (column && descendantIds(columns, columnId).length === 1) return columnOrder(db, siteId, columns, column, cache);
  return shared(cache, `ownOrder:${columnId}`, () => publishedIdsInOrder(db, siteId, { categoryIds: [columnId] }));
}

/** The related ids of each item, from a column's own order: the next `count` ids after it. */
export const relatedInOrder = (order: number[], index: number, count = RELATED_COUNT) => order.slice(index + 1, index + 1 + count);

/** The ids the detail page of `row` shows as related. */
export async function relatedIdsOf(db: Executor, siteId: number, columns: ColumnRow[], row: Pick<ContentRow, 'id' | 'categoryId'>, cache?: RunCache): Promise<number[]> {
  if (cache) {
    const positions = await shared(cache, `ownPositions:${row.categoryId}`, async () => {
      const order = await ownOrder(db, siteId, columns, row.categoryId, cache);
      return { order, at: new Map(order.map((id, i) => [id, i])) };
    });
    const index = positions.at.get(row.id);
    if (index !== undefined) return relatedInOrder(positions.order, index);
  }
  // Keyset: the row's own sort key read exactly (microseconds included), then the next ones from the index.
  const [key] = await db
    .select({ top: contents.isTop, at: sql<string>`coalesce(${contents.publishedAt}, ${contents.createdAt})::text` })
    .from(contents)
    .where(eq(contents.id, row.id));
  if (!key) return [];
  const rows = await db
    .select({ id: contents.id })
    .from(contents)
    .where(
      and(
        publishedOf(siteId),
        eq(contents.categoryId, row.categoryId),
        // The column leads the row comparison: only the per-column index can take it as its range (the site-wide
        // one would walk the whole site's older items to find this column's).
        sql`(${contents.categoryId}, ${contents.isTop}, coalesce(${contents.publishedAt}, ${contents.createdAt}), ${contents.id}) < (${row.categoryId}, ${key.top}, ${key.at}::timestamptz, ${row.id})`,
      ),
    )
    .orderBy(desc(contents.categoryId), desc(contents.isTop), sql`coalesce(${contents.publishedAt}, ${contents.createdAt}) desc`, desc(contents.id))
    .limit(RELATED_COUNT);
  return rows.map((r) => r.id);
}

/**
 * The related rows of a detail page, in order. In a run they come from the run's row cache (read ahead in one
 * query when missing); the live server reads them by id.
 */
export async function relatedRowsOf(db: Executor, siteId: number, columns: ColumnRow[], row: Pick<ContentRow, 'id' | 'categoryId'>, cache?: RunCache): Promise<ContentRow[]> {
  const ids = await relatedIdsOf(db, siteId, columns, row, cache);
  if (!ids.length) return [];
  let rows: Array<ContentRow | undefined>;
  if (cache) {
    const missing = ids.filter((id) => !cache.has(`published:${id}`));
    if (missing.length) {
      const read = publishedByIds(db, siteId, missing).then((found) => new Map(found.map((r) => [r.id, r])));
      for (const id of missing) cache.set(`published:${id}`, read.then((m) => m.get(id)));
    }
    rows = await Promise.all(ids.map((id) => cache.get(`published:${id}`) as Promise<ContentRow | undefined>));
  } else {
    const byId = new Map((await publishedByIds(db, siteId, ids)).map((r) => [r.id, r]));
    rows = ids.map((id) => byId.get(id));
  }
  return rows.filter((r): r is ContentRow => Boolean(r));
}

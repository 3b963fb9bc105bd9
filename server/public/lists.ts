import type { Executor } from '../db/client';
import { publishedIdsInOrder, type ColumnRow } from './data';
import { descendantIds } from './view';

// The public lists (column pages, tag pages, a column's related items) as ids, and the reads a static
// generation run shares between its pages: the renderer and the generator's change tracking use the same
// cache keys, so a run reads each list's order once and both see the same items.

/** Site-wide reads of one run, by key. */
export type RunCache = Map<string, Promise<unknown>>;

export const TAG_PAGE_SIZE = 10;
export { RELATED_SHOWN } from './detailData';

/** A column's list page size as its pages use it. */
export const columnPageSize = (column: ColumnRow) => Math.min(Math.max(column.pageSize, 1), 100);

/** A column by its alias, or by its id when the path carries a number. */
export const columnByKey = (columns: ColumnRow[], key: string): ColumnRow | undefined =>
  columns.find((c) => c.alias === key) ?? (/^\d+$/.test(key) ? columns.find((c) => c.id === Number(key)) : undefined);

/** Reads once per run when there is a cache; always reads without one (the live server). */
export function shared<T>(cache: RunCache | undefined, key: string, read: () => Promise<T>): Promise<T> {
  if (!cache) return read();
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) cache.set(key, (hit = read()));
  return hit;
}

/** Values a run builds once (view objects every page shows), by run. */
const stableViews = new WeakMap<RunCache, Map<string, unknown>>();

/**
 * A view object built once per run: every page of the run gets the same object (the render pool then
 * serializes it once). Without a run (the live server) it is built afresh each time.
 */
export function stableView<T>(cache: RunCache | undefined, key: string, make: () => T): T {
  if (!cache) return make();
  let views = stableViews.get(cache);
  if (!views) stableViews.set(cache, (views = new Map()));
  if (!views.has(key)) views.set(key, make());
  return views.get(key) as T;
}

/** Every published id a column's pages list (its sub-columns' items included), in public order. */
export const columnOrder = (db: Executor, siteId: number, columns: ColumnRow[], column: ColumnRow, cache?: RunCache) =>
  shared(cache, `order:${column.id}`, () => publishedIdsInOrder(db, siteId, { categoryIds: descendantIds(columns, column.id) }));

/** Every published id a tag's pages list, in public order. */
export const tagOrder = (db: Executor, siteId: number, tagId: number, cache?: RunCache) =>
  shared(cache, `tagOrder:${tagId}`, () => publishedIdsInOrder(db, siteId, { tagId }));

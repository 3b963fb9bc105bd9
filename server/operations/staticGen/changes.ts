import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contents, contentTags } from '../../db/schema/index';
import type { ColumnRow, SiteRow } from '../../public/data';
import { columnByKey, columnOrder, columnPageSize, TAG_PAGE_SIZE, tagOrder, type RunCache } from '../../public/lists';
import { ownOrder, RELATED_COUNT, relatedInOrder } from '../../public/related';
import { parsePath, urls } from '../../public/urls';
import { pageCount } from '../../public/view';
import type { OutputManifest } from './output';
import type { PlannedPath } from './paths';

// Change tracking for static output. Every list page (column or tag) is written with its signature: its page
// count and item ids. A content run then rewrites a list page only when its signature changed or it lists an
// edited item, removes pages a list no longer has, rewrites the tag pages an item is or was on, and rewrites the
// detail pages whose related items (the next ones in their column, server/public/related.ts) changed.

/** A list page's signature, or null for other paths. */
export async function listSignature(db: Executor, siteId: number, columns: ColumnRow[], path: string, cache: RunCache): Promise<string | null> {
  const route = parsePath(path);
  let ids: number[];
  let size: number;
  let page: number;
  if (route.kind === 'column') {
    const column = columnByKey(columns, route.key);
    if (!column || column.type !== 1) return null;
    [ids, size, page] = [await columnOrder(db, siteId, columns, column, cache), columnPageSize(column), route.page];
  } else if (route.kind === 'tag') {
    [ids, size, page] = [await tagOrder(db, siteId, route.id, cache), TAG_PAGE_SIZE, route.page];
  } else {
    return null;
  }
  const pages = pageCount(ids.length, size);
  return `${pages}|${ids.slice((page - 1) * size, page * size).join(',')}`;
}

const signatureIds = (signature: string) =>
  (signature.split('|')[1] ?? '')
    .split(',')
    .filter(Boolean)
    .map(Number);

/** Which list a list path belongs to ('column:news', 'tag:3'), or null. */
function listKey(path: string): string | null {
  const route = parsePath(path);
  if (route.kind === 'column') return `column:${route.key}`;
  if (route.kind === 'tag') return `tag:${route.id}`;
  return null;
}

/** The own orders of columns, by column id (written to the manifest after their detail pages are written). */
export async function ordersOf(db: Executor, siteId: number, columns: ColumnRow[], columnIds: Iterable<number>, cache: RunCache): Promise<Record<string, number[]>> {
  const out: Record<string, number[]> = {};
  for (const id of columnIds) out[id] = await ownOrder(db, siteId, columns, id, cache);
  return out;
}

/**
 * The items of a column whose detail page changes between two orders of it: those whose related ids (the
 * next ones) differ, and those whose related ids include an edited item. Items no longer in the column are
 * not listed (their own pages are planned by the run).
 */
export function changedDetails(before: number[], now: number[], edited: Set<number>): number[] {
  // The order as written (an edit that moved nothing): only the pages just before an edited item show it.
  if (before.length === now.length && before.every((id, i) => now[i] === id)) {
    const out = new Set<number>();
    now.forEach((id, i) => {
      if (!edited.has(id)) return;
      for (let k = Math.max(0, i - RELATED_COUNT); k < i; k++) out.add(now[k]!);
    });
    return now.filter((id) => out.has(id));
  }
  const at = new Map(before.map((id, i) => [id, i]));
  const out: number[] = [];
  now.forEach((id, i) => {
    const shown = relatedInOrder(now, i);
    const index = at.get(id);
    const was = index === undefined ? null : relatedInOrder(before, index);
    if (!was || was.join(',') !== shown.join(',') || shown.some((r) => edited.has(r))) out.push(id);
  });
  return out;
}

/**
 * The pages of a content run, from the planned ones (the items' detail pages, home, their columns' lists,
 * the sitemap): adds tag pages and detail pages whose shown items changed and list pages that may have
 * to go, and drops list pages that stay as they are. Answers the own orders of the columns whose detail
 * pages it checked (the manifest's after the run).
 */
export async function contentRunPaths(
  db: Executor,
  site: SiteRow,
  columns: ColumnRow[],
  planned: PlannedPath[],
  ids: number[],
  manifest: OutputManifest,
  cache: RunCache,
): Promise<{ planned: PlannedPath[]; orders: Record<string, number[]> }> {
  const edited = new Set(ids);
  const out = new Map(planned.map((p) => [p.path, p]));
  const add = (path: string, optional: boolean) => out.has(path) || out.set(path, { path, optional });
  const items = ids.length
    ? await db.select({ id: contents.id, categoryId: contents.categoryId }).from(contents).where(and(eq(contents.siteId, site.id), inArray(contents.id, ids)))
    : [];

  // Tag pages the items are on now, and list pages that listed them before.
  const tagRows = ids.length ? await db.selectDistinct({ tagId: contentTags.tagId }).from(contentTags).where(inArray(contentTags.contentId, ids)) : [];
  for (const { tagId } of tagRows) {
    const pages = pageCount((await tagOrder(db, site.id, tagId, cache)).length, TAG_PAGE_SIZE);
    for (let n = 1; n <= pages; n++) add(urls.tag(tagId, n), true);
  }
  for (const [path, signature] of Object.entries(manifest.lists)) if (signatureIds(signature).some((id) => edited.has(id))) add(path, true);
  // Pages of these lists written before and not planned now (the list got shorter): rendered again, or removed.
  const lists = new Set([...out.keys()].map(listKey).filter(Boolean));
  for (const path of Object.keys(manifest.lists)) if (lists.has(listKey(path))) add(path, true);

  // Detail pages show the next items after them in their column: an edit changes the pages of the few items
  // before it (where it was, and where it is now). Columns it was in before count too (moved, unpublished).
  const orders: Record<string, number[]> = {};
  const touched = new Set(items.map((i) => i.categoryId));
  for (const [columnId, order] of Object.entries(manifest.orders)) if (order.some((id) => edited.has(id))) touched.add(Number(columnId));
  for (const columnId of touched) {
    const column = columns.find((c) => c.id === columnId);
    if (!column) continue;
    const now = await ownOrder(db, site.id, columns, columnId, cache);
    const before = manifest.orders[columnId];
    // Without the order as written (an older output), every detail page of the column is written once.
    for (const id of before ? changedDetails(before, now, edited) : now) add(urls.content(column, id), true);
    // An edited item that left the column: its page there answers 404 now and is removed.
    for (const id of before ?? []) if (edited.has(id) && !now.includes(id)) add(urls.content(column, id), true);
    orders[columnId] = now;
  }

  // List pages whose items and page count are what was written, and that list no edited item, stay.
  const kept: PlannedPath[] = [];
  for (const p of out.values()) {
    const signature = manifest.lists[p.path] !== undefined ? await listSignature(db, site.id, columns, p.path, cache) : null;
    if (signature !== null && signature === manifest.lists[p.path] && !signatureIds(signature).some((id) => edited.has(id))) continue;
    kept.push(p);
  }
  return { planned: kept, orders };
}

import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { categories, contents, navCates, navItems } from '../db/schema/index';
import type { Executor } from '../db/client';
import { nestItems } from '../resources/navMenu';
import type { SiteMenu, SiteMenuItem } from '../../models/navMenu';

// The menus a theme renders: every live group of a site with its enabled items nested and their addresses
// resolved. Column and content addresses come from the caller (the public renderer owns URL building).

export interface ColumnRef {
  id: number;
  alias: string;
}
export type MenuLink = { type: 'column'; column: ColumnRef } | { type: 'content'; column: ColumnRef; contentId: number };
export type MenuUrlFor = (link: MenuLink) => string;

/**
 * Menus of a site by key (a group without a key is keyed by its id). Items linking to a column that is gone or
 * hidden, or to content that is gone or unpublished, are left out with their sub-items.
 */
export async function loadSiteMenus(db: Executor, siteId: number, urlFor: MenuUrlFor): Promise<Record<string, SiteMenu>> {
  const cates = await db
    .select()
    .from(navCates)
    .where(and(eq(navCates.siteId, siteId), isNull(navCates.deletedAt)))
    .orderBy(asc(navCates.sort), asc(navCates.id));
  if (!cates.length) return {};
  const items = await db
    .select()
    .from(navItems)
    .where(and(inArray(navItems.cateId, cates.map((c) => c.id)), eq(navItems.siteId, siteId), isNull(navItems.deletedAt), eq(navItems.status, 1)));

  const columnIds = new Set<number>();
  const contentIds = new Set<number>();
  for (const i of items) {
    if (i.linkType === 'column') columnIds.add(i.targetId);
    if (i.linkType === 'content') contentIds.add(i.targetId);
  }
  const contentRows = contentIds.size
    ? await db
        .select({ id: contents.id, categoryId: contents.categoryId })
        .from(contents)
        .where(and(inArray(contents.id, [...contentIds]), eq(contents.siteId, siteId), isNull(contents.deletedAt), eq(contents.status, 1)))
    : [];
  for (const c of contentRows) columnIds.add(c.categoryId);
  const columnRows = columnIds.size
    ? await db
        .select({ id: categories.id, alias: categories.alias })
        .from(categories)
        .where(and(inArray(categories.id, [...columnIds]), eq(categories.siteId, siteId), isNull(categories.deletedAt), eq(categories.status, 1)))
    : [];
  const columns = new Map(columnRows.map((c) => [c.id, { id: c.id, alias: c.alias }]));
  const contentColumn = new Map(contentRows.map((c) => [c.id, columns.get(c.categoryId)]));

  const urlOf = (i: (typeof items)[number]): string | null => {
    if (i.linkType === 'url') return i.url;
    if (i.linkType === 'column') {
      const column = columns.get(i.targetId);
      return column ? urlFor({ type: 'column', column }) : null;
    }
    const column = contentColumn.get(i.targetId);
    return column ? urlFor({ type: 'content', column, contentId: i.targetId }) : null;
  };

  type Flat = { id: number; parent_id: number; sort: number; cate: number; item: SiteMenuItem };
  const flat: Flat[] = [];
  for (const i of items) {
    const url = urlOf(i);
    if (url === null) continue;
    flat.push({
      id: i.id,
      parent_id: i.parentId,
      sort: i.sort,
      cate: i.cateId,
      item: { id: i.id, title: i.title, url, target: i.newWindow ? '_blank' : '_self', new_window: i.newWindow, children: [] },
    });
  }
  type Node = Flat & { children: Node[] };
  const toItem = (n: Node): SiteMenuItem => ({ ...n.item, children: n.children.map(toItem) });
  const menus: Record<string, SiteMenu> = {};
  for (const c of cates) {
    const tree = nestItems(flat.filter((f) => f.cate === c.id)) as unknown as Node[];
    const key = c.key || String(c.id);
    if (key in menus) continue;
    menus[key] = { id: c.id, name: c.name, key, items: tree.map(toItem) };
  }
  return menus;
}

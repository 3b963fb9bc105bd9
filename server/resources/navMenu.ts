import { and, asc, count, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { categories, contents, navCates, navItems } from '../db/schema/index';
import type { Executor } from '../db/client';
import { badRequest, forbidden, notFound } from '../http/errors';
import { iso, likeText } from '../db/listing';
import { canManageSite } from '../operations/sites';
import { extendRecycleType, requireLiveParents } from '../operations/recycleBin';
import { tableResource } from './table';
import { navCateResource, navItemResource } from '../../models/resources/navMenu';
import type { NavCate, NavItem, NavItemNode, NavItemSortBody } from '../../models/navMenu';
import type { AuthContext } from '../http/context';

// Front-end menus (/NavCate/index): groups and their nested items. Deleting an item takes its sub-items
// into the bin with it; an item comes back only into a live group.

type CateRow = typeof navCates.$inferSelect;
type ItemRow = typeof navItems.$inferSelect;

const toCate = (r: CateRow): NavCate => ({
  id: r.id,
  site_id: r.siteId,
  name: r.name,
  key: r.key,
  sort: r.sort,
  item_count: 0,
  created_at: iso(r.createdAt)!,
});

export const toNavItem = (r: ItemRow): NavItem => ({
  id: r.id,
  site_id: r.siteId,
  cate_id: r.cateId,
  parent_id: r.parentId,
  title: r.title,
  link_type: r.linkType as NavItem['link_type'],
  target_id: r.targetId,
  column_id: r.linkType === 'column' ? r.targetId : 0,
  content_id: r.linkType === 'content' ? r.targetId : 0,
  url: r.url,
  sort: r.sort,
  new_window: r.newWindow,
  status: r.status as 1 | 2,
  created_at: iso(r.createdAt)!,
});

async function itemCounts(db: Executor, cateIds: number[]) {
  if (!cateIds.length) return new Map<number, number>();
  const rows = await db
    .select({ cateId: navItems.cateId, n: count() })
    .from(navItems)
    .where(and(inArray(navItems.cateId, cateIds), isNull(navItems.deletedAt)))
    .groupBy(navItems.cateId);
  return new Map(rows.map((r) => [r.cateId, Number(r.n)]));
}

/** Live items nested under their parents (siblings by sort, then id); items under a missing parent are left out. */
export function nestItems<T extends { id: number; parent_id: number; sort: number }>(rows: readonly T[]): Array<T & { children: Array<T & { children: unknown[] }> }> {
  type Node = T & { children: Node[] };
  const nodes = new Map<number, Node>(rows.map((r) => [r.id, { ...r, children: [] }]));
  const roots: Node[] = [];
  for (const n of nodes.values()) {
    if (n.parent_id === 0) roots.push(n);
    else if (n.parent_id !== n.id) nodes.get(n.parent_id)?.children.push(n);
  }
  const order = (list: Node[]) => {
    list.sort((a, b) => a.sort - b.sort || a.id - b.id);
    list.forEach((n) => order(n.children));
    return list;
  };
  return order(roots) as never;
}

const cateBase = tableResource({
  def: navCateResource,
  table: navCates,
  columns: { id: navCates.id, siteId: navCates.siteId, deletedAt: navCates.deletedAt, deletedBy: navCates.deletedBy },
  title: navCates.name,
  toApi: toCate,
  toValues: (b) => ({ name: b.name, key: b.key, sort: b.sort }),
  where: (q) => [q.name ? ilike(navCates.name, likeText(q.name)) : undefined],
  orderBy: [asc(navCates.sort), asc(navCates.id)],
});

export const navCateServerResource = {
  ...cateBase,
  async list(ctx: Parameters<typeof cateBase.list>[0], query: Parameters<typeof cateBase.list>[1]) {
    const { rows, count: total } = await cateBase.list(ctx, query);
    const cates = rows as NavCate[];
    const counts = await itemCounts(ctx.app.ctx.db, cates.map((c) => c.id));
    return { rows: cates.map((c) => ({ ...c, item_count: counts.get(c.id) ?? 0 })), count: total };
  },
  async read(ctx: Parameters<typeof cateBase.read>[0], id: number) {
    const cate = (await cateBase.read(ctx, id)) as NavCate;
    return { ...cate, item_count: (await itemCounts(ctx.app.ctx.db, [id])).get(id) ?? 0 };
  },
};

/** The group, live, manageable by this admin; its site. */
export async function requireNavCate(db: Executor, auth: AuthContext, cateId: number, field = 'cate_id') {
  const [cate] = await db.select().from(navCates).where(and(eq(navCates.id, cateId), isNull(navCates.deletedAt)));
  if (!cate) throw badRequest('navMenu.cateInvalid', {}, { issues: [{ field }] });
  if (!canManageSite(auth, cate.siteId)) throw forbidden('error.siteForbidden');
  return cate;
}

const itemBase = tableResource({
  def: navItemResource,
  table: navItems,
  columns: { id: navItems.id, siteId: navItems.siteId, deletedAt: navItems.deletedAt, deletedBy: navItems.deletedBy },
  title: navItems.title,
  toApi: toNavItem,
  toValues: (b) => ({
    cateId: b.cate_id,
    parentId: b.parent_id,
    title: b.title,
    linkType: b.link_type,
    targetId: b.link_type === 'url' ? 0 : b.target_id,
    url: b.link_type === 'url' ? b.url : '',
    sort: b.sort,
    newWindow: b.new_window,
    status: b.status,
  }),
  where: (q) => [
    sql`${navItems.cateId} in (select ${navCates.id} from ${navCates} where ${navCates.deletedAt} is null)`,
    q.cate_id !== undefined ? eq(navItems.cateId, q.cate_id) : undefined,
    q.title ? ilike(navItems.title, likeText(q.title)) : undefined,
    q.status !== undefined ? eq(navItems.status, q.status) : undefined,
  ],
  orderBy: [asc(navItems.parentId), asc(navItems.sort), asc(navItems.id)],
  /** Group live and of the item's site; parent a live item of the same group, never the item or below it; target in the site. */
  async check({ db, auth, siteId, current }, body) {
    const cate = await requireNavCate(db, auth, body.cate_id as number);
    if (cate.siteId !== siteId) throw badRequest('navMenu.cateOtherSite', {}, { issues: [{ field: 'cate_id' }] });
    const parentId = body.parent_id as number;
    if (parentId) {
      const all = await db.select({ id: navItems.id, parentId: navItems.parentId }).from(navItems).where(and(eq(navItems.cateId, cate.id), isNull(navItems.deletedAt)));
      const parents = new Map(all.map((r) => [r.id, r.parentId]));
      const bad = () => badRequest('navMenu.parentInvalid', {}, { issues: [{ field: 'parent_id' }] });
      if (!parents.has(parentId)) throw bad();
      // Walking up from the new parent must not meet the item itself.
      for (let p: number | undefined = parentId, guard = 0; p && guard < 1000; p = parents.get(p), guard++) {
        if (current && p === (current.id as number)) throw bad();
      }
    }
    await requireTarget(db, siteId!, body.link_type as string, body.target_id as number);
  },
});

async function requireTarget(db: Executor, siteId: number, type: string, id: number) {
  if (type === 'url') return;
  const bad = () => badRequest('navMenu.targetInvalid', {}, { issues: [{ field: 'target_id' }] });
  const table = type === 'column' ? categories : contents;
  const [row] = await db
    .select({ siteId: table.siteId })
    .from(table)
    .where(and(eq(table.id, id), isNull(table.deletedAt)));
  if (!row || row.siteId !== siteId) throw bad();
}

/** Ids of the items under the given ones (any depth), live ones only. */
async function descendants(db: Executor, ids: number[]): Promise<number[]> {
  const out: number[] = [];
  let level = ids;
  for (let depth = 0; level.length && depth < 50; depth++) {
    const rows = await db.select({ id: navItems.id }).from(navItems).where(and(inArray(navItems.parentId, level), isNull(navItems.deletedAt)));
    level = rows.map((r) => r.id).filter((id) => !out.includes(id) && !ids.includes(id));
    out.push(...level);
  }
  return out;
}

export const navItemServerResource = {
  ...itemBase,
  async remove(ctx: Parameters<NonNullable<typeof itemBase.remove>>[0], ids: number[]) {
    const result = await itemBase.remove!(ctx, ids);
    const below = await descendants(ctx.app.ctx.db, ids);
    if (below.length) await ctx.app.ctx.db.update(navItems).set({ deletedAt: new Date(), deletedBy: ctx.auth.adminId }).where(inArray(navItems.id, below));
    return result;
  },
};

/** A group's live items, nested. */
export async function navTree(db: Executor, auth: AuthContext, cateId: number): Promise<NavItemNode[]> {
  const cate = await requireNavCate(db, auth, cateId);
  const rows = await db.select().from(navItems).where(and(eq(navItems.cateId, cate.id), isNull(navItems.deletedAt))).orderBy(asc(navItems.sort), asc(navItems.id));
  return nestItems(rows.map(toNavItem)) as unknown as NavItemNode[];
}

/** Applies a new order and nesting to a group's items in one transaction; returns the group's name for the log. */
export async function sortNavItems(db: Executor, auth: AuthContext, body: NavItemSortBody): Promise<string> {
  const cate = await requireNavCate(db, auth, body.cate_id);
  const rows = await db.select({ id: navItems.id, parentId: navItems.parentId }).from(navItems).where(and(eq(navItems.cateId, cate.id), isNull(navItems.deletedAt)));
  const parents = new Map(rows.map((r) => [r.id, r.parentId]));
  for (const i of body.items) {
    if (!parents.has(i.id)) throw notFound();
    parents.set(i.id, i.parent_id);
  }
  for (const i of body.items) {
    if (i.parent_id && !parents.has(i.parent_id)) throw badRequest('navMenu.parentInvalid', {}, { issues: [{ field: 'parent_id' }] });
  }
  // No item may end up below itself.
  for (const id of parents.keys()) {
    const seen = new Set<number>();
    for (let p = parents.get(id) ?? 0; p; p = parents.get(p) ?? 0) {
      if (p === id || seen.has(p)) throw badRequest('navMenu.parentInvalid', {}, { issues: [{ field: 'parent_id' }] });
      seen.add(p);
    }
  }
  await db.transaction(async (tx) => {
    for (const i of body.items) await tx.update(navItems).set({ parentId: i.parent_id, sort: i.sort, updatedAt: new Date() }).where(eq(navItems.id, i.id));
  });
  return cate.name;
}

extendRecycleType('navItem', {
  afterRestore: (tx, ids) =>
    requireLiveParents(tx, { table: navItems, id: navItems.id, title: navItems.title, parentColumn: navItems.cateId }, ids, {
      table: navCates,
      id: navCates.id,
      title: navCates.name,
      deletedAt: navCates.deletedAt,
    }),
});
extendRecycleType('navCate', {
  beforePurge: async (tx, ids) => {
    await tx.delete(navItems).where(inArray(navItems.cateId, ids));
  },
});

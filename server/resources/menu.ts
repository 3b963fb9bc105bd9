import { eq, ilike, inArray } from 'drizzle-orm';
import { menus, roles } from '../db/schema/index';
import type { Executor } from '../db/client';
import { defineServerResource } from './register';
import { badRequest, conflict, notFound } from '../http/errors';
import { likeText } from '../db/listing';
import { loadMenus, toMenu } from '../operations/menus';
import { menuResource } from '../../models/resources';
import type { MenuCreate } from '../../models/menu';

/** Level under a parent; the parent must exist and must not be the menu itself or one of its descendants. */
async function levelUnder(db: Executor, parentId: number, selfId?: number): Promise<number> {
  if (parentId === 0) return 1;
  const all = await loadMenus(db);
  const byId = new Map(all.map((m) => [m.id, m]));
  const parent = byId.get(parentId);
  if (!parent) throw badRequest('menu.parentInvalid');
  for (let cur: typeof parent | undefined = parent; cur; cur = byId.get(cur.parent_id)) {
    if (cur.id === selfId) throw badRequest('menu.parentInvalid');
  }
  return parent.level + 1;
}

/** Moves a subtree's levels along with a menu whose level changed. */
async function relevelChildren(db: Executor, parentId: number, parentLevel: number) {
  const children = await db.select({ id: menus.id }).from(menus).where(eq(menus.parentId, parentId));
  for (const child of children) {
    await db.update(menus).set({ level: parentLevel + 1 }).where(eq(menus.id, child.id));
    await relevelChildren(db, child.id, parentLevel + 1);
  }
}

const values = (body: MenuCreate, level: number) => ({
  parentId: body.parent_id,
  key: body.key,
  title: body.title,
  path: body.path,
  icon: body.icon,
  isMenu: body.is_menu,
  type: body.type,
  controller: body.controller,
  action: body.action,
  params: body.params,
  hidden: body.hidden,
  guide: body.guide,
  typeless: body.typeless,
  pinned: body.pinned,
  redirect: body.redirect,
  sort: body.sort,
  level,
});

export const menuServerResource = defineServerResource({
  def: menuResource,
  /** The whole (filtered) tree in one page: the Nav screen shows it as a tree table. */
  async list({ app }, q) {
    const rows = await app.ctx.db
      .select()
      .from(menus)
      .where(q.title ? ilike(menus.title, likeText(q.title)) : undefined)
      .orderBy(menus.sort, menus.id);
    return { rows: rows.map(toMenu), count: rows.length };
  },
  async read({ app }, id) {
    const [row] = await app.ctx.db.select().from(menus).where(eq(menus.id, id));
    if (!row) throw notFound();
    return toMenu(row);
  },
  async create({ app }, body) {
    return app.ctx.db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.key, body.key));
      if (taken) throw conflict('menu.keyTaken');
      const [row] = await tx.insert(menus).values(values(body, await levelUnder(tx, body.parent_id))).returning({ id: menus.id });
      return { id: row!.id, name: body.key };
    });
  },
  async update({ app }, body) {
    return app.ctx.db.transaction(async (tx) => {
      const [current] = await tx.select().from(menus).where(eq(menus.id, body.id));
      if (!current) throw notFound();
      // A key is a permission name held by roles and named by API routes: renaming it would silently
      // cut those off, so it is fixed once created.
      if (body.key !== current.key) throw badRequest('menu.keyLocked');
      const level = await levelUnder(tx, body.parent_id, body.id);
      await tx.update(menus).set(values(body, level)).where(eq(menus.id, body.id));
      if (level !== current.level) await relevelChildren(tx, body.id, level);
      return { name: body.key };
    });
  },
  async remove({ app }, ids) {
    return app.ctx.db.transaction(async (tx) => {
      const rows = await tx.select().from(menus).where(inArray(menus.id, ids));
      if (rows.length !== new Set(ids).size) throw notFound();
      const children = await tx.select({ id: menus.id }).from(menus).where(inArray(menus.parentId, ids));
      if (children.some((c) => !ids.includes(c.id))) throw conflict('menu.hasChildren');
      await tx.delete(menus).where(inArray(menus.id, ids));
      // Roles stop holding permissions that no longer exist.
      const gone = rows.map((r) => r.key);
      for (const role of await tx.select().from(roles)) {
        const kept = role.permissions.filter((p) => !gone.includes(p));
        if (kept.length !== role.permissions.length) await tx.update(roles).set({ permissions: kept }).where(eq(roles.id, role.id));
      }
      return { names: gone };
    });
  },
});

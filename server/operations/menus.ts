import { asc } from 'drizzle-orm';
import { menus } from '../db/schema/index';
import type { Executor } from '../db/client';
import type { AuthContext } from '../http/context';
import { buildTree, type Menu, type MenuItem } from '../../models/menu';
import { SUPER_ONLY_MENUS, TYPELESS_PATHS } from '../../models/menuTree';

export function toMenu(row: typeof menus.$inferSelect): Menu {
  return {
    id: row.id,
    parent_id: row.parentId,
    key: row.key,
    title: row.title,
    path: row.path,
    icon: row.icon,
    is_menu: row.isMenu,
    type: row.type === 2 ? 2 : 1,
    controller: row.controller,
    action: row.action,
    params: row.params,
    hidden: row.hidden,
    guide: row.guide,
    typeless: row.typeless,
    pinned: row.pinned,
    redirect: row.redirect,
    sort: row.sort,
    level: row.level,
  };
}

export async function loadMenus(db: Executor): Promise<Menu[]> {
  const rows = await db.select().from(menus).orderBy(asc(menus.sort), asc(menus.id));
  return rows.map(toMenu);
}

export function menuKeys(all: readonly Menu[]): Set<string> {
  return new Set(all.map((m) => m.key));
}

/** Menus an admin may use: the permitted ones plus every group above them. */
export function permittedMenus(all: readonly Menu[], auth: Pick<AuthContext, 'isSuper' | 'permissions'>): Menu[] {
  if (auth.isSuper) return [...all];
  const byId = new Map(all.map((m) => [m.id, m]));
  const keep = new Set<number>();
  for (const m of all) {
    if ((!auth.permissions.has(m.key) && !m.typeless) || SUPER_ONLY_MENUS.includes(m.key)) continue;
    for (let cur: Menu | undefined = m; cur && !keep.has(cur.id); cur = byId.get(cur.parent_id)) keep.add(cur.id);
  }
  return all.filter((m) => keep.has(m.id));
}

function toItem(m: Menu & { children: unknown[] }): MenuItem {
  return {
    id: m.id,
    parent_id: m.parent_id,
    key: m.key,
    title: m.title,
    path: m.path,
    icon: m.icon,
    level: m.level,
    hidden: m.hidden || !m.is_menu,
    is_dynamic: m.params === 'dynamic',
    guide: m.guide,
    typeless: m.typeless,
    pinned: m.pinned,
    redirect: m.redirect,
    params: m.params,
    children: (m.children as Array<Menu & { children: unknown[] }>).map(toItem),
  };
}

/**
 * Pages built from the dynamic menu (spec §2): /customContent/{id}, /addCustomContent/{id} and
 * /updateCustomContent/{id} need the content menu, /contentCheck/{id} and /auditingContent/{id} the
 * audit menu. The authority names them without the id.
 */
export const DYNAMIC_AUTHORITY: Record<string, readonly string[]> = {
  content: ['/customContent', '/addCustomContent', '/updateCustomContent'],
  contentCheck: ['/contentCheck', '/auditingContent'],
};

/** A page an enabled plugin adds to the menu (title in the caller's language). */
export interface PluginMenuEntry {
  key: string;
  title: string;
  path: string;
  icon: string;
}

/**
 * Enabled plugins' pages go under the plugin menu: it becomes a section holding the plugin list itself
 * (still keyed 'plugin') and one page per plugin menu.
 */
function withPluginPages(items: MenuItem[], pages: readonly PluginMenuEntry[]): MenuItem[] {
  return items.map((item) => {
    if (item.key !== PLUGIN_MENU_KEY) return { ...item, children: withPluginPages(item.children, pages) };
    const child = (p: PluginMenuEntry, i: number): MenuItem => ({ ...item, id: -(item.id * 1000 + i + 1), parent_id: item.id, key: p.key, title: p.title, path: p.path, icon: p.icon, level: item.level + 1, guide: '', children: [] });
    const list: MenuItem = { ...item, parent_id: item.id, id: -item.id * 1000, level: item.level + 1, children: [] };
    return { ...item, key: `${PLUGIN_MENU_KEY}Group`, title: 'menu.pluginGroup', path: '', children: [list, ...pages.map(child)] };
  });
}

const PLUGIN_MENU_KEY = 'plugin';

/** The authority list (paths the admin may open) and the menu tree, for GET /adminmenu/getUserMenuList. */
export function userMenu(all: readonly Menu[], auth: Pick<AuthContext, 'isSuper' | 'permissions'>, pluginPages: readonly PluginMenuEntry[] = []) {
  const allowed = permittedMenus(all, auth);
  const authority = new Set<string>(TYPELESS_PATHS);
  for (const m of allowed) if (m.path && m.type === 1) authority.add(m.path);
  for (const [key, paths] of Object.entries(DYNAMIC_AUTHORITY)) {
    if (auth.isSuper || auth.permissions.has(key)) for (const p of paths) authority.add(p);
  }
  let menu = buildTree(allowed).map((n) => toItem(n as never));
  // Plugin pages need the plugin menu, like the plugin API.
  if (pluginPages.length && allowed.some((m) => m.key === PLUGIN_MENU_KEY)) {
    for (const p of pluginPages) authority.add(p.path);
    menu = withPluginPages(menu, pluginPages);
  }
  return { authority: [...authority], menu };
}

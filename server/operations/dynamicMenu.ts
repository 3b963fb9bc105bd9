import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { categories, sites } from '../db/schema/index';
import type { Executor } from '../db/client';
import type { AuthContext } from '../http/context';
import { hasPermission } from '../http/route';
import { canManageSite, SITE_HEADER, siteTree } from './sites';
import { treeOrder } from '../../models/tree';
import { walkTree } from '../../models/menu';
import type { DynamicMenuItem } from '../../models/account';
import { pinyinKeys } from '../../models/pinyinKeys';

// GET /adminmenu/getDynamicMenu: one custom-content entry and one audit entry per list column of the
// current site, for the admins allowed to use content and content audit.

const LIST_COLUMN = 1;

/**
 * The site the menu is built for: the switcher's choice when the admin still manages it, otherwise
 * their first site. The shell asks before it has checked its stored choice, so a stale header must not fail.
 */
async function menuSite(db: Executor, req: FastifyRequest, auth: AuthContext): Promise<number | undefined> {
  const chosen = Number(req.headers[SITE_HEADER]);
  if (Number.isInteger(chosen) && chosen > 0 && canManageSite(auth, chosen)) {
    const [live] = await db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.id, chosen), isNull(sites.deletedAt)));
    if (live) return live.id;
  }
  return [...walkTree(await siteTree(db, auth))][0]?.id;
}

export async function dynamicMenu(db: Executor, req: FastifyRequest, auth: AuthContext): Promise<DynamicMenuItem[]> {
  const parents: DynamicMenuItem['parent'][] = [];
  if (hasPermission(auth, 'content')) parents.push('customContent');
  if (hasPermission(auth, 'contentCheck')) parents.push('contentCheck');
  if (!parents.length) return [];
  const siteId = await menuSite(db, req, auth);
  if (siteId === undefined) return [];
  const rows = await db
    .select({ id: categories.id, parent_id: categories.parentId, sort: categories.sort, title: categories.title })
    .from(categories)
    .where(and(eq(categories.siteId, siteId), eq(categories.type, LIST_COLUMN), isNull(categories.deletedAt)));
  const columns = treeOrder(rows);
  const keys = new Map(columns.map((c) => [c.id, pinyinKeys(c.title)]));
  return parents.flatMap((parent) => columns.map((c) => ({ id: c.id, title: c.title, param: `category_id=${c.id}`, parent, pinyin: keys.get(c.id)! })));
}

import { and, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { categories, contents, models, sites } from '../db/schema/index';
import type { Executor, Tx } from '../db/client';
import type { AuthContext } from '../http/context';
import { badRequest, forbidden, notFound } from '../http/errors';
import { canManageSite } from './sites';
import { subtreeIds } from '../../models/tree';

// Rules of a site's column tree shared by the column calls and the copy job.

export type CategoryRow = typeof categories.$inferSelect;

/** Live columns by id, refusing (403) any of a site the admin does not manage. */
export async function loadColumns(db: Executor, auth: AuthContext, ids: number[]): Promise<CategoryRow[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(and(inArray(categories.id, ids), isNull(categories.deletedAt)));
  if (rows.length !== new Set(ids).size) throw notFound();
  for (const r of rows) if (!canManageSite(auth, r.siteId)) throw forbidden('error.siteForbidden');
  return rows;
}

/** Live columns of a site, as tree rows. */
export async function siteColumns(db: Executor, siteId: number) {
  return db
    .select({ id: categories.id, parent_id: categories.parentId, sort: categories.sort })
    .from(categories)
    .where(and(eq(categories.siteId, siteId), isNull(categories.deletedAt)));
}

/**
 * A parent must be 0 or a live column of the same site (403 when it is in a site the admin does not
 * manage), and not the column itself or one below it.
 */
export async function requireColumnParent(db: Executor, auth: AuthContext, siteId: number, parentId: number, selfId?: number) {
  if (parentId === 0) return;
  const [parent] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, parentId), isNull(categories.deletedAt)));
  if (!parent) throw badRequest('category.parentUnknown');
  if (!canManageSite(auth, parent.siteId)) throw forbidden('error.siteForbidden');
  if (parent.siteId !== siteId) throw badRequest('category.parentInvalid');
  if (selfId !== undefined && subtreeIds(await siteColumns(db, siteId), selfId).has(parentId)) throw badRequest('category.parentInvalid');
}

export async function requireLiveModel(db: Executor, modelId: number) {
  const [model] = await db
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.id, modelId), isNull(models.deletedAt)));
  if (!model) throw badRequest('category.modelUnknown');
}

/** Live content items per column. */
export async function contentCounts(db: Executor, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ categoryId: contents.categoryId, n: count() })
    .from(contents)
    .where(and(inArray(contents.categoryId, ids), isNull(contents.deletedAt)))
    .groupBy(contents.categoryId);
  return new Map(rows.map((r) => [r.categoryId, Number(r.n)]));
}

/**
 * A column restored from the recycle bin comes back with what it hangs on: its deleted ancestors,
 * its model and its site (each was deleted after it, so none can be live without it).
 */
export async function restoreColumnRelations(tx: Tx, ids: number[]) {
  let pending = ids;
  while (pending.length) {
    const rows = await tx.select().from(categories).where(inArray(categories.id, pending));
    const restore = { deletedAt: null, deletedBy: null };
    await tx.update(models).set(restore).where(and(inArray(models.id, rows.map((r) => r.modelId)), isNotNull(models.deletedAt)));
    await tx.update(sites).set(restore).where(and(inArray(sites.id, rows.map((r) => r.siteId)), isNotNull(sites.deletedAt)));
    const parents = rows.map((r) => r.parentId).filter((p) => p > 0);
    const deleted = parents.length
      ? await tx.select({ id: categories.id }).from(categories).where(and(inArray(categories.id, parents), isNotNull(categories.deletedAt)))
      : [];
    pending = deleted.map((d) => d.id);
    if (pending.length) await tx.update(categories).set(restore).where(inArray(categories.id, pending));
  }
}

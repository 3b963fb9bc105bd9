import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Executor, Tx } from '../db/client';
import type { AuthContext } from '../http/context';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../http/errors';
import { sites } from '../db/schema/index';
import { offsetOf } from '../db/listing';
import { recycleType, recycleTypes, registerRecycleType, type RecycleType } from './recycle';
import { canManageSite } from './sites';
import { propertyOf } from '../resources/table';
import type { MessageKey } from '../i18n/messages';
import type { RecycledRecord, RecycleItem } from '../../models/recycleBin';

// The recycle bin over every registered type: list what the admin may see, restore (refusing records
// whose site or parent is still deleted) and purge for good. Super-admins see everything; other admins
// see the records of the sites they manage (global types, like models, are theirs to manage only).

/** Types the admin may see in the bin. */
export function visibleTypes(auth: AuthContext): RecycleType[] {
  return recycleTypes().filter((t) => auth.isSuper || t.siteId);
}

export interface RecycleListFilters {
  page: number;
  limit: number;
  type?: string;
  site_id?: number;
  keyword?: string;
}

const escapeLike = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One SELECT per type, unioned: type, id, title, site, who deleted it and when. */
function deletedRowsQuery(auth: AuthContext, f: RecycleListFilters): SQL | null {
  const parts: SQL[] = [];
  for (const t of visibleTypes(auth)) {
    if (f.type && t.type !== f.type) continue;
    if (f.site_id !== undefined && !t.siteId) continue;
    const where: SQL[] = [sql`${t.deletedAt} is not null`];
    if (t.siteId && auth.siteIds !== 'all') where.push(auth.siteIds.length ? sql`${t.siteId} in ${[...auth.siteIds]}` : sql`false`);
    if (t.siteId && f.site_id !== undefined) where.push(sql`${t.siteId} = ${f.site_id}`);
    if (f.keyword) where.push(sql`${t.title}::text ilike ${escapeLike(f.keyword)}`);
    parts.push(sql`select ${t.type}::text as type, ${t.id} as id, ${t.title}::text as title, ${t.siteId ?? sql`null::integer`} as site_id,
      ${t.deletedAt} as deleted_at, ${t.deletedBy} as deleted_by from ${t.table} where ${sql.join(where, sql` and `)}`);
  }
  return parts.length ? sql.join(parts, sql` union all `) : null;
}

/** Rows of a raw query (PGlite and node-postgres both answer with `rows`). */
async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

interface RawRecord {
  type: string;
  id: number;
  title: string | null;
  site_id: number | null;
  site_name: string | null;
  deleted_by: number | null;
  deleted_by_name: string | null;
  deleted_at: Date | string;
}

export async function listRecycled(db: Executor, auth: AuthContext, f: RecycleListFilters): Promise<{ rows: RecycledRecord[]; count: number }> {
  if (f.site_id !== undefined && !canManageSite(auth, f.site_id)) throw forbidden('error.siteForbidden');
  const union = deletedRowsQuery(auth, f);
  if (!union) return { rows: [], count: 0 };
  const [total] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (${union}) u`);
  const raw = await rowsOf<RawRecord>(
    db,
    sql`select u.type, u.id, u.title, u.site_id, s.name as site_name, u.deleted_by, a.nickname as deleted_by_name, u.deleted_at
      from (${union}) u left join sites s on s.id = u.site_id left join admins a on a.id = u.deleted_by
      order by u.deleted_at desc, u.type, u.id desc limit ${f.limit} offset ${offsetOf(f.page, f.limit)}`,
  );
  const rows = raw.map((r) => ({
    type: r.type,
    id: Number(r.id),
    title: r.title ?? '',
    site_id: r.site_id === null ? null : Number(r.site_id),
    site_name: r.site_name,
    deleted_by: r.deleted_by === null ? null : Number(r.deleted_by),
    deleted_by_name: r.deleted_by_name ?? '',
    deleted_at: new Date(r.deleted_at).toISOString(),
  }));
  return { rows, count: Number(total?.n ?? 0) };
}

interface Loaded {
  type: RecycleType;
  ids: number[];
  rows: Array<{ id: number; title: string; siteId: number | null }>;
}

/** The items grouped by type, each one in the bin and within the admin's reach. */
async function loadItems(tx: Tx, auth: AuthContext, items: RecycleItem[]): Promise<Loaded[]> {
  const byType = new Map<string, Set<number>>();
  for (const item of items) byType.set(item.type, (byType.get(item.type) ?? new Set()).add(item.id));
  const out: Loaded[] = [];
  for (const [name, idSet] of byType) {
    const type = recycleType(name);
    if (!type) throw badRequest('recycle.unknownType', { type: name });
    if (!type.siteId && !auth.isSuper) throw forbidden();
    const ids = [...idSet];
    const rows = (await tx
      .select({ id: type.id, title: type.title, siteId: type.siteId ?? sql<null>`null::integer`, deletedAt: type.deletedAt })
      .from(type.table)
      .where(inArray(type.id, ids))) as Array<{ id: number; title: string; siteId: number | null; deletedAt: Date | null }>;
    if (rows.length !== ids.length || rows.some((r) => r.deletedAt === null)) throw notFound('recycle.notInBin');
    for (const r of rows) if (r.siteId !== null && !canManageSite(auth, r.siteId)) throw forbidden('error.siteForbidden');
    out.push({ type, ids, rows: rows.map((r) => ({ id: r.id, title: String(r.title ?? r.id), siteId: r.siteId })) });
  }
  return out;
}

/** The SQLSTATE of a database error, wrapped by drizzle or not. */
function sqlState(e: unknown): string | undefined {
  for (let cur = e as { code?: unknown; cause?: unknown } | undefined, depth = 0; cur && depth < 4; cur = cur.cause as typeof cur, depth++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) return cur.code;
  }
  return undefined;
}

async function withDatabaseConflicts<T>(work: () => Promise<T>, key: MessageKey, state: string): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof ApiError) && sqlState(e) === state) throw conflict(key);
    throw e;
  }
}

/**
 * Brings records back: all of them come out of the bin first, then every record's site must be live and
 * each type's afterRestore hook runs (it may refuse, e.g. a slide whose group is still deleted) — so a
 * parent and its child restored together succeed. One transaction: a refusal restores nothing.
 */
export async function restoreItems(db: Executor, auth: AuthContext, items: RecycleItem[]): Promise<string[]> {
  const groups = await withDatabaseConflicts(
    () =>
      db.transaction(async (tx) => {
        const groups = await loadItems(tx, auth, items);
        for (const g of groups) {
          await tx.update(g.type.table).set({ [propertyOf(g.type.deletedAt)]: null, [propertyOf(g.type.deletedBy)]: null } as never).where(inArray(g.type.id, g.ids));
        }
        for (const g of groups) await requireLiveSites(tx, g.rows);
        for (const g of groups) await g.type.afterRestore?.(tx, g.ids);
        return groups;
      }),
    'recycle.restoreDuplicate',
    '23505',
  );
  for (const g of groups) await g.type.restored?.(db, g.rows);
  return groups.flatMap((g) => g.rows.map((r) => r.title));
}

/** Removes records for good, after each type's beforePurge hook (dependent rows, stored files). */
export async function purgeItems(app: FastifyInstance, db: Executor, auth: AuthContext, items: RecycleItem[]): Promise<string[]> {
  return withDatabaseConflicts(
    () =>
      db.transaction(async (tx) => {
        const groups = await loadItems(tx, auth, items);
        for (const g of groups) {
          await g.type.beforePurge?.(tx, g.ids, app);
          await tx.delete(g.type.table).where(and(inArray(g.type.id, g.ids), isNotNull(g.type.deletedAt)));
        }
        return groups.flatMap((g) => g.rows.map((r) => r.title));
      }),
    'recycle.purgeReferenced',
    '23503',
  );
}

async function requireLiveSites(tx: Tx, rows: Loaded['rows']) {
  const siteIds = [...new Set(rows.map((r) => r.siteId).filter((id): id is number => id !== null))];
  if (!siteIds.length) return;
  const dead = await tx.select({ id: sites.id, name: sites.name }).from(sites).where(and(inArray(sites.id, siteIds), isNotNull(sites.deletedAt)));
  if (!dead.length) return;
  const row = rows.find((r) => r.siteId === dead[0]!.id)!;
  throw conflict('recycle.siteDeleted', { title: row.title, site: dead[0]!.name });
}

/** Adds restore/purge hooks to a type registered elsewhere (e.g. by tableResource). */
export function extendRecycleType(type: string, hooks: Pick<RecycleType, 'afterRestore' | 'beforePurge' | 'restored'>) {
  const current = recycleType(type);
  if (!current) throw new Error(`recycle type ${type} is not registered`);
  registerRecycleType({ ...current, ...hooks });
}

export interface ParentRef {
  table: PgTable;
  id: PgColumn;
  title: PgColumn;
  deletedAt: PgColumn;
}

/**
 * Refuses (409) when a restored child's parent is still in the bin: the child's `parentColumn` must point
 * at a live parent. For afterRestore hooks, after the records are live again.
 */
export async function requireLiveParents(
  tx: Tx,
  child: { table: PgTable; id: PgColumn; title: PgColumn; parentColumn: PgColumn },
  ids: number[],
  parent: ParentRef,
) {
  const [orphan] = (await tx
    .select({ title: child.title, parentTitle: parent.title })
    .from(child.table)
    .innerJoin(parent.table, eq(parent.id, child.parentColumn))
    .where(and(inArray(child.id, ids), isNotNull(parent.deletedAt)))
    .limit(1)) as Array<{ title: string; parentTitle: string }>;
  if (orphan) {
    throw conflict('recycle.parentDeleted', { title: orphan.title, parentTitle: orphan.parentTitle });
  }
}

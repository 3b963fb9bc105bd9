import { and, asc, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../db/client';
import type { AuthContext } from '../http/context';
import { forbidden, notFound } from '../http/errors';
import { offsetOf } from '../db/listing';
import { canManageSite, currentSiteId } from '../operations/sites';
import { registerRecycleType } from '../operations/recycle';
import { defineServerResource, type ResourceImpl } from './register';
import type { ResourceDef } from '../../models/resource';

/** Columns a table needs for the generic behaviour; siteId and the soft-delete pair are optional. */
interface Columns {
  id: PgColumn;
  siteId?: PgColumn;
  deletedAt?: PgColumn;
  deletedBy?: PgColumn;
}

export interface TableResourceOptions<D extends ResourceDef, Row extends Record<string, unknown>> {
  def: D;
  table: PgTable;
  columns: Columns;
  /** Column of the record's display name (logs, recycle bin). */
  title: PgColumn;
  /** API shape of a stored row. */
  toApi: (row: Row) => unknown;
  /** Column values from a validated create/update body (without id and site). */
  toValues: (body: Record<string, unknown>) => Record<string, unknown>;
  /** List conditions from the list query's filters. */
  where?: (query: z.infer<D['listQuery']>) => Array<SQL | undefined>;
  orderBy?: Array<PgColumn | SQL>;
  /**
   * The column each key of the list query's `orderBy` sorts by (then id, the same way), for the columns the
   * resource declares sortable; each such order needs an index of its own.
   */
  sort?: Record<string, PgColumn>;
  /** Checks a body against the database (e.g. a referenced record is in the same site). */
  check?: (ctx: { db: Executor; auth: AuthContext; siteId: number | null; current?: Row }, body: Record<string, unknown>) => Promise<void>;
}

/**
 * A plain table behind a declared resource: paging and filters, site scoping (list only the current
 * site's rows; refuse ids of sites the admin does not manage with 403) and soft delete into the
 * recycle bin — written once for every simple resource.
 */
export function tableResource<D extends ResourceDef, Row extends Record<string, unknown>>(o: TableResourceOptions<D, Row>): ResourceImpl<D> {
  const { def, table, columns: c } = o;
  const db = (ctx: { app: { ctx: { db: Executor } } }) => ctx.app.ctx.db;
  const live = () => (def.softDelete && c.deletedAt ? isNull(c.deletedAt) : undefined);
  const siteOf = (req: FastifyRequest, auth: AuthContext) => (def.siteScoped ? currentSiteId(req, auth) : null);

  /** Loads live rows by id, refusing rows of sites the admin does not manage. */
  async function load(executor: Executor, auth: AuthContext, ids: number[]): Promise<Row[]> {
    const rows = (await executor.select().from(table).where(and(inArray(c.id, ids), live()))) as Row[];
    if (rows.length !== new Set(ids).size) throw notFound();
    if (def.siteScoped && c.siteId) {
      for (const r of rows) if (!canManageSite(auth, r[propertyOf(c.siteId)] as number)) throw forbidden('error.siteForbidden');
    }
    return rows;
  }

  if (def.softDelete && c.deletedAt && c.deletedBy) {
    registerRecycleType({ type: def.name, table, id: c.id, title: o.title, siteId: c.siteId, deletedAt: c.deletedAt, deletedBy: c.deletedBy });
  }

  /** A sortable column's order asked by the query (the list query's schema allowed only declared keys). */
  const sortedBy = (q: { orderBy?: string; order?: 'asc' | 'desc' }) => {
    const column = q.orderBy ? o.sort?.[q.orderBy] : undefined;
    if (!column) return undefined;
    const way = q.order === 'desc' ? desc : asc;
    return column === c.id ? [way(c.id)] : [way(column), way(c.id)];
  };

  return defineServerResource({
    def,
    async list(ctx, query) {
      const q = query as z.infer<D['listQuery']> & { page: number; limit: number; orderBy?: string; order?: 'asc' | 'desc' };
      const siteId = siteOf(ctx.req, ctx.auth);
      const where = and(live(), siteId !== null && c.siteId ? eq(c.siteId, siteId) : undefined, ...(o.where?.(q) ?? []));
      const [total] = await db(ctx).select({ n: count() }).from(table).where(where);
      const rows = (await db(ctx)
        .select()
        .from(table)
        .where(where)
        .orderBy(...(sortedBy(q) ?? o.orderBy ?? [desc(c.id)]))
        .limit(q.limit)
        .offset(offsetOf(q.page, q.limit))) as Row[];
      return { rows: rows.map(o.toApi), count: Number(total?.n ?? 0) };
    },
    async read(ctx, id) {
      const [row] = await load(db(ctx), ctx.auth, [id]);
      return o.toApi(row!);
    },
    async create(ctx, body) {
      const siteId = siteOf(ctx.req, ctx.auth);
      const values = o.toValues(body as Record<string, unknown>);
      await o.check?.({ db: db(ctx), auth: ctx.auth, siteId }, body as Record<string, unknown>);
      const [row] = (await db(ctx)
        .insert(table)
        .values({ ...values, ...(siteId !== null ? { siteId } : {}) } as never)
        .returning()) as Row[];
      return { id: row!.id as number, name: String(row![propertyOf(o.title)] ?? '') };
    },
    async update(ctx, body) {
      const { id, ...rest } = body as Record<string, unknown> & { id: number };
      const [current] = await load(db(ctx), ctx.auth, [id]);
      await o.check?.({ db: db(ctx), auth: ctx.auth, siteId: def.siteScoped ? (current!.siteId as number) : null, current }, rest);
      await db(ctx)
        .update(table)
        .set({ ...o.toValues(rest), ...('updatedAt' in current! ? { updatedAt: new Date() } : {}) } as never)
        .where(eq(c.id, id));
      return { name: String(rest[fieldOf(o.title)] ?? current![propertyOf(o.title)] ?? '') };
    },
    async remove(ctx, ids) {
      const rows = await load(db(ctx), ctx.auth, ids);
      if (def.softDelete && c.deletedAt && c.deletedBy) {
        await db(ctx).update(table).set({ deletedAt: new Date(), deletedBy: ctx.auth.adminId } as never).where(inArray(c.id, ids));
      } else {
        await db(ctx).delete(table).where(inArray(c.id, ids));
      }
      return { names: rows.map((r) => String(r[propertyOf(o.title)] ?? r.id)) };
    },
  });
}

/** The row property (camelCase, as the schema declares it) of a column named in snake_case. */
export function propertyOf(column: PgColumn): string {
  return column.name.replace(/_([a-z])/g, (_, ch: string) => ch.toUpperCase());
}
/** The API field (snake_case) of a column. */
const fieldOf = (column: PgColumn) => column.name;

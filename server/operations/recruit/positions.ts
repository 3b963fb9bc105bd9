import { and, asc, count, desc, eq, ilike, inArray, isNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { positionCates, positionCities, positions, resumes } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import { iso, likeText } from '../../db/listing';
import { badRequest, conflict } from '../../http/errors';
import { tableResource } from '../../resources/table';
import { sanitizeBody } from '../../services/sanitize';
import { regeneratingSitesOnChange } from '../staticGen/siteWideRows';
import { positionCateResource, positionCityResource, positionResource } from '../../../models/resources/recruit';
import { positionListed, type Position, type PositionGroup } from '../../../models/position';

// Job categories, job cities and positions (/JobCate/index, /JobCity/index, /Job/index) as table resources. A
// category or city that live positions use cannot be deleted (409 naming the count); a position's category and
// city must be of its own site; its description is sanitised like content bodies.

type GroupRow = typeof positionCates.$inferSelect;
export type PositionRow = typeof positions.$inferSelect;

const live = isNull(positions.deletedAt);

/** Live positions per category or city id. */
async function usage(db: Executor, column: PgColumn, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: column, n: count() })
    .from(positions)
    .where(and(inArray(column, ids), live))
    .groupBy(column);
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

function groupResource(kind: 'cate' | 'city') {
  const table = kind === 'cate' ? positionCates : positionCities;
  const def = kind === 'cate' ? positionCateResource : positionCityResource;
  const usedBy = kind === 'cate' ? positions.cateId : positions.cityId;
  const toApi = (r: GroupRow): PositionGroup => ({ id: r.id, site_id: r.siteId, name: r.name, sort: r.sort, position_count: 0, created_at: iso(r.createdAt)! });
  const base = tableResource({
    def,
    table,
    columns: { id: table.id, siteId: table.siteId },
    title: table.name,
    toApi,
    toValues: (b) => ({ name: b.name, sort: b.sort }),
    where: (q) => [q.name ? ilike(table.name, likeText(q.name)) : undefined],
    orderBy: [asc(table.sort), asc(table.id)],
  });
  return {
    ...base,
    async list(ctx: Parameters<typeof base.list>[0], query: Parameters<typeof base.list>[1]) {
      const out = await base.list(ctx, query);
      const rows = out.rows as PositionGroup[];
      const used = await usage(ctx.app.ctx.db, usedBy, rows.map((r) => r.id));
      return { rows: rows.map((r) => ({ ...r, position_count: used.get(r.id) ?? 0 })), count: out.count };
    },
    async read(ctx: Parameters<typeof base.read>[0], id: number) {
      const row = (await base.read(ctx, id)) as PositionGroup;
      return { ...row, position_count: (await usage(ctx.app.ctx.db, usedBy, [id])).get(id) ?? 0 };
    },
    async remove(ctx: Parameters<NonNullable<typeof base.remove>>[0], ids: number[]) {
      const db = ctx.app.ctx.db;
      const used = await usage(db, usedBy, ids);
      const busy = ids.find((id) => (used.get(id) ?? 0) > 0);
      if (busy !== undefined) {
        // Reading through the base first refuses ids of other sites with 403 before naming anything.
        const row = (await base.read(ctx, busy)) as PositionGroup;
        throw conflict(kind === 'cate' ? 'recruit.cateInUse' : 'recruit.cityInUse', { count: used.get(busy)!, name: row.name });
      }
      return base.remove!(ctx, ids);
    },
  };
}

export const positionCateServerResource = groupResource('cate');
export const positionCityServerResource = groupResource('city');

export function toPosition(r: PositionRow, names: { cate?: string; city?: string; resumes?: number } = {}, now = new Date()): Position {
  return {
    id: r.id,
    site_id: r.siteId,
    title: r.title,
    cate_id: r.cateId,
    cate_name: names.cate ?? '',
    city_id: r.cityId,
    city_name: names.city ?? '',
    headcount: r.headcount,
    salary_min: r.salaryMin,
    salary_max: r.salaryMax,
    negotiable: r.salaryMin === 0 && r.salaryMax === 0,
    education: r.education as Position['education'],
    experience: r.experience as Position['experience'],
    description: r.description,
    status: r.status as 1 | 2,
    deadline: r.deadline,
    sort: r.sort,
    listed: positionListed(r, now),
    resume_count: names.resumes ?? 0,
    created_at: iso(r.createdAt)!,
  };
}

/** Category and city names and resume counts of some positions (one query each). */
export async function positionNames(db: Executor, rows: PositionRow[]) {
  const ids = rows.map((r) => r.id);
  const cateIds = [...new Set(rows.map((r) => r.cateId))];
  const cityIds = [...new Set(rows.map((r) => r.cityId))];
  const [cates, cities, counts] = await Promise.all([
    cateIds.length ? db.select({ id: positionCates.id, name: positionCates.name }).from(positionCates).where(inArray(positionCates.id, cateIds)) : [],
    cityIds.length ? db.select({ id: positionCities.id, name: positionCities.name }).from(positionCities).where(inArray(positionCities.id, cityIds)) : [],
    ids.length
      ? db.select({ id: resumes.positionId, n: count() }).from(resumes).where(and(inArray(resumes.positionId, ids), isNull(resumes.deletedAt))).groupBy(resumes.positionId)
      : [],
  ]);
  const cate = new Map(cates.map((c) => [c.id, c.name]));
  const city = new Map(cities.map((c) => [c.id, c.name]));
  const n = new Map(counts.map((c) => [c.id, Number(c.n)]));
  return (r: PositionRow) => ({ cate: cate.get(r.cateId), city: city.get(r.cityId), resumes: n.get(r.id) });
}

const positionTable = tableResource({
  def: positionResource,
  table: positions,
  columns: { id: positions.id, siteId: positions.siteId, deletedAt: positions.deletedAt, deletedBy: positions.deletedBy },
  title: positions.title,
  toApi: (r: PositionRow) => r,
  toValues: (b) => ({
    title: b.title,
    cateId: b.cate_id,
    cityId: b.city_id,
    headcount: b.headcount,
    salaryMin: b.negotiable ? 0 : b.salary_min,
    salaryMax: b.negotiable ? 0 : b.salary_max,
    education: b.education,
    experience: b.experience,
    description: sanitizeBody(String(b.description ?? '')),
    status: b.status,
    deadline: b.deadline,
    sort: b.sort,
  }),
  where: (q) => [
    q.title ? ilike(positions.title, likeText(q.title)) : undefined,
    q.cate_id !== undefined ? eq(positions.cateId, q.cate_id) : undefined,
    q.city_id !== undefined ? eq(positions.cityId, q.city_id) : undefined,
    q.status !== undefined ? eq(positions.status, q.status) : undefined,
  ],
  orderBy: [asc(positions.sort), desc(positions.id)],
  // The category and the city must be of the position's site.
  check: async ({ db, siteId }, body) => {
    if (siteId === null) return;
    const [cate] = await db.select({ id: positionCates.id }).from(positionCates).where(and(eq(positionCates.id, Number(body.cate_id)), eq(positionCates.siteId, siteId)));
    if (!cate) throw badRequest('recruit.cateMissing', {}, { issues: [{ field: 'cate_id' }] });
    const [city] = await db.select({ id: positionCities.id }).from(positionCities).where(and(eq(positionCities.id, Number(body.city_id)), eq(positionCities.siteId, siteId)));
    if (!city) throw badRequest('recruit.cityMissing', {}, { issues: [{ field: 'city_id' }] });
  },
});

const positionWithNames: typeof positionTable = {
  ...positionTable,
  async list(ctx, query) {
    const out = await positionTable.list(ctx, query);
    const rows = out.rows as PositionRow[];
    const names = await positionNames(ctx.app.ctx.db, rows);
    return { rows: rows.map((r) => toPosition(r, names(r))), count: out.count };
  },
  async read(ctx, id) {
    const row = (await positionTable.read(ctx, id)) as PositionRow;
    const names = await positionNames(ctx.app.ctx.db, [row]);
    return toPosition(row, names(row));
  },
};

/** The public job pages show open positions, so each change regenerates the site's static output (as links do). */
export const positionServerResource: typeof positionTable = regeneratingSitesOnChange(positionWithNames, positions, 'position');

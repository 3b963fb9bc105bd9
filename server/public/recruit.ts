import { and, asc, count, desc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { positionCates, positionCities, positions } from '../db/schema/index';
import { localDate } from '../../models/ad';
import { POSITION_STATUS, RESUME_FIELDS, RESUME_HONEYPOT, RESUME_MAX, positionListed, type ResumeField, type ResumeValues } from '../../models/position';
import { pageCount } from './view';
import { urls } from './urls';

// The public job pages (/jobs/ list, /jobs/<id>.html detail with the apply form): the queries and the plain
// objects templates see. Only open positions whose deadline has not passed are listed; a closed one's page
// still answers and says it is closed (no form).

export const POSITION_PAGE_SIZE = 10;

type PositionRow = typeof positions.$inferSelect;

/** Open, not deleted, deadline today or later (or none). */
const listedOf = (siteId: number, today: string) =>
  and(eq(positions.siteId, siteId), isNull(positions.deletedAt), eq(positions.status, POSITION_STATUS.open), or(eq(positions.deadline, ''), gte(positions.deadline, today)));

export async function listedPositions(db: Executor, siteId: number, page: number, pageSize = POSITION_PAGE_SIZE, now = new Date()) {
  const where = listedOf(siteId, localDate(now));
  const [rows, [total]] = await Promise.all([
    db.select().from(positions).where(where).orderBy(asc(positions.sort), desc(positions.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(positions).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function positionById(db: Executor, siteId: number, id: number) {
  const [row] = await db
    .select()
    .from(positions)
    .where(and(eq(positions.id, id), eq(positions.siteId, siteId), isNull(positions.deletedAt)));
  return row;
}

/** /jobs/ and its pages plus every listed position's page (static generation). */
export async function positionPaths(db: Executor, siteId: number, now = new Date()): Promise<string[]> {
  const rows = await db.select({ id: positions.id }).from(positions).where(listedOf(siteId, localDate(now))).orderBy(asc(positions.sort), desc(positions.id));
  const pages = Math.max(1, pageCount(rows.length, POSITION_PAGE_SIZE));
  return [...Array.from({ length: pages }, (_, i) => urls.positions(i + 1)), ...rows.map((r) => urls.position(r.id))];
}

async function groupNames(db: Executor, rows: PositionRow[]) {
  const cateIds = [...new Set(rows.map((r) => r.cateId))];
  const cityIds = [...new Set(rows.map((r) => r.cityId))];
  const [cates, cities] = await Promise.all([
    cateIds.length ? db.select({ id: positionCates.id, name: positionCates.name }).from(positionCates).where(inArray(positionCates.id, cateIds)) : [],
    cityIds.length ? db.select({ id: positionCities.id, name: positionCities.name }).from(positionCities).where(inArray(positionCities.id, cityIds)) : [],
  ]);
  return { cate: new Map(cates.map((c) => [c.id, c.name])), city: new Map(cities.map((c) => [c.id, c.name])) };
}

/** Positions as templates see them; `strings` gives the education and experience labels in the site's language. */
export async function positionViews(db: Executor, rows: PositionRow[], strings: Record<string, string>, now = new Date()) {
  const names = await groupNames(db, rows);
  return rows.map((r) => {
    const negotiable = r.salaryMin === 0 && r.salaryMax === 0;
    return {
      id: r.id,
      title: r.title,
      url: urls.position(r.id),
      category: names.cate.get(r.cateId) ?? '',
      city: names.city.get(r.cityId) ?? '',
      headcount: r.headcount,
      negotiable,
      salary_min: r.salaryMin,
      salary_max: r.salaryMax,
      salary: negotiable ? (strings.job_negotiable ?? '') : r.salaryMin > 0 ? `${r.salaryMin}–${r.salaryMax}` : `≤ ${r.salaryMax}`,
      education: r.education ? (strings[`job_education_${r.education}`] ?? r.education) : '',
      experience: r.experience ? (strings[`job_experience_${r.experience}`] ?? r.experience) : '',
      description: r.description,
      deadline: r.deadline,
      open: positionListed(r, now),
      published: r.createdAt.toISOString().slice(0, 10),
    };
  });
}

/** The apply form after a refused post: the values sent and each field's message (site's language). */
export interface ApplyFormState {
  values: ResumeValues;
  errors: Partial<Record<ResumeField | 'file', string>>;
  error: string;
  status: number;
}

export function applyFormView(positionId: number, sent: boolean, state?: ApplyFormState) {
  return {
    action: urls.position(positionId),
    sent: !state && sent,
    values: state?.values ?? (Object.fromEntries(RESUME_FIELDS.map((f) => [f, ''])) as ResumeValues),
    errors: state?.errors ?? {},
    error: state?.error ?? '',
    honeypot: RESUME_HONEYPOT,
    max: RESUME_MAX,
  };
}

import { and, count, countDistinct, desc, gte, inArray, sql } from 'drizzle-orm';
import { visits } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { TREND_DAYS, type DashboardData, type TrafficPeriod, type VisitFigures } from '../../../models/dashboard';

// Visit figures for the dashboard, limited to the sites the admin manages. Days are the server's local days;
// each day is a [start, next start) range so the database's time zone does not matter.

const dayStart = (now: Date, daysAgo: number) => {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - daysAgo);
  return d;
};
const localDate = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export async function visitStats(db: Executor, auth: Pick<AuthContext, 'siteIds'>, now = new Date()): Promise<Pick<DashboardData, 'visitors' | 'traffic' | 'trend' | 'regions'>> {
  const since = dayStart(now, TREND_DAYS - 1);
  const scope = auth.siteIds === 'all' ? undefined : inArray(visits.siteId, auth.siteIds.length ? [...auth.siteIds] : [-1]);
  const where = and(gte(visits.createdAt, since), scope);

  const ranges: Array<{ key: string; from: Date; to: Date }> = [];
  for (let i = TREND_DAYS - 1; i >= 0; i--) ranges.push({ key: `d${i}`, from: dayStart(now, i), to: dayStart(now, i - 1) });
  const periods: Record<TrafficPeriod, { from: Date; to: Date }> = {
    today: { from: dayStart(now, 0), to: dayStart(now, -1) },
    yesterday: { from: dayStart(now, 1), to: dayStart(now, 0) },
    last7: { from: dayStart(now, 6), to: dayStart(now, -1) },
    last30: { from: since, to: dayStart(now, -1) },
  };
  const within = (from: Date, to: Date) => sql`${visits.createdAt} >= ${from.toISOString()} and ${visits.createdAt} < ${to.toISOString()}`;
  const columns: Record<string, ReturnType<typeof sql<number>>> = {};
  for (const r of [...ranges, ...Object.entries(periods).map(([key, p]) => ({ key, ...p }))]) {
    columns[`${r.key}_pv`] = sql<number>`count(*) filter (where ${within(r.from, r.to)})`;
    columns[`${r.key}_uv`] = sql<number>`count(distinct ${visits.ip}) filter (where ${within(r.from, r.to)})`;
  }
  const [totals] = (await db.select(columns).from(visits).where(where)) as Array<Record<string, unknown>>;
  const figures = (key: string): VisitFigures => ({ visitors: Number(totals?.[`${key}_uv`] ?? 0), page_views: Number(totals?.[`${key}_pv`] ?? 0) });

  const regionRows = await db
    .select({ region: visits.region, pv: count(), uv: countDistinct(visits.ip) })
    .from(visits)
    .where(where)
    .groupBy(visits.region)
    .orderBy(desc(count()), visits.region)
    .limit(40);

  const traffic = Object.fromEntries(Object.keys(periods).map((k) => [k, figures(k)])) as Record<TrafficPeriod, VisitFigures>;
  return {
    visitors: traffic.last30.visitors,
    traffic,
    trend: ranges.map((r) => ({ date: localDate(r.from), ...figures(r.key) })),
    regions: regionRows.map((r) => ({ region: r.region, visitors: Number(r.uv), page_views: Number(r.pv) })),
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite } from '../helpers/fixtures';
import { visits } from '../../server/db/schema/index';
import { deviceOf, recordVisit, visitRecorder, VisitRecorder } from '../../server/operations/visits/record';
import { VISIT_FLUSH_ROWS } from '../../models/visits';
import type { DashboardData } from '../../models/dashboard';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const GUANGDONG = '113.88.1.1';
const NEIMENGGU = '1.180.1.1';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
});
afterAll(() => t?.close());

const siteCount = async (siteId: number) => Number((await t.db.select({ n: count() }).from(visits).where(eq(visits.siteId, siteId)))[0]!.n);
const daysAgo = (n: number) => {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() - n);
  return d;
};

describe('visit recording', () => {
  it('tells pc, mobile and tablet apart from the user agent', () => {
    expect([deviceOf(DESKTOP), deviceOf(IPHONE), deviceOf(IPAD), deviceOf('')]).toEqual(['pc', 'mobile', 'tablet', 'pc']);
  });

  it('buffers visits without touching the database, writes full batches, and the rest on flush', async () => {
    const site = await insertSite(t, 'Visited');
    const recorder = visitRecorder(t.app)!;
    expect(recorder).toBeDefined();
    recordVisit(t.app, { siteId: site, path: '/', ip: GUANGDONG, userAgent: DESKTOP });
    // Returned at once; nothing written yet.
    expect(recorder.pending).toBe(1);
    expect(await siteCount(site)).toBe(0);

    const total = VISIT_FLUSH_ROWS * 2 + 37;
    for (let i = 1; i < total; i++) {
      recordVisit(t.app, { siteId: site, path: `/p/${i % 5}`, ip: i % 3 === 0 ? NEIMENGGU : `113.88.1.${i % 7}`, userAgent: i % 2 ? IPHONE : DESKTOP });
    }
    // Two full batches went off on their own; the remainder waits.
    expect(recorder.pending).toBe(37);
    await recorder.flush();
    expect(await siteCount(site)).toBe(total);
    const rows = await t.db.select().from(visits).where(eq(visits.siteId, site));
    expect(new Set(rows.map((r) => r.region))).toEqual(new Set(['广东省', '内蒙古']));
    expect(rows.filter((r) => r.device === 'mobile').length).toBe(Math.floor(total / 2));
  });

  it('writes a partial batch once its delay has passed', async () => {
    const site = await insertSite(t, 'Timed');
    const recorder = new VisitRecorder(t.app.ctx, (e) => { throw e; }, { maxRows: 1000, maxDelayMs: 50 });
    recorder.add({ siteId: site, path: '/', ip: '10.0.0.1', userAgent: DESKTOP });
    expect(await siteCount(site)).toBe(0);
    await expect.poll(() => siteCount(site), { timeout: 5000 }).toBe(1);
    const [row] = await t.db.select().from(visits).where(eq(visits.siteId, site));
    expect(row).toMatchObject({ region: '', ip: '10.0.0.1', path: '/' });
  });

  it('flushes what is buffered when the app closes', async () => {
    const other = await startTestApp();
    const [site] = await other.db.select({ n: count() }).from(visits);
    expect(Number(site!.n)).toBe(0);
    for (let i = 0; i < 5; i++) recordVisit(other.app, { siteId: 1, path: `/${i}`, ip: GUANGDONG, userAgent: IPHONE });
    await other.app.close();
    const [after] = await other.db.select({ n: count() }).from(visits);
    expect(Number(after!.n)).toBe(5);
    await other.database.close();
  });
});

describe('visits on the dashboard', () => {
  it('shows visitors and page views per period, a daily trend and the regions, for the sites an admin manages', async () => {
    const mine = await insertSite(t, 'DashMine');
    const theirs = await insertSite(t, 'DashTheirs');
    const recorder = visitRecorder(t.app)!;
    await recorder.flush();
    const row = (siteId: number, ip: string, region: string, at: Date) => ({ siteId, path: '/', ip, region, device: 'pc', createdAt: at });
    await t.db.insert(visits).values([
      row(mine, '1.1.1.1', '广东省', daysAgo(1)),
      row(mine, '1.1.1.1', '广东省', daysAgo(1)),
      row(mine, '1.1.1.2', '浙江省', daysAgo(1)),
      row(mine, '1.1.1.3', '浙江省', daysAgo(5)),
      row(mine, '1.1.1.4', '', daysAgo(20)),
      row(mine, '1.1.1.5', '北京', daysAgo(40)),
      row(theirs, '9.9.9.9', '上海', daysAgo(1)),
    ]);
    // Today: through the recorder, like the public pages.
    recordVisit(t.app, { siteId: mine, path: '/a', ip: GUANGDONG, userAgent: IPHONE });
    recordVisit(t.app, { siteId: mine, path: '/b', ip: GUANGDONG, userAgent: IPHONE });
    recordVisit(t.app, { siteId: mine, path: '/c', ip: NEIMENGGU, userAgent: DESKTOP });
    await recorder.flush();

    const limited = await adminWithRole(t, superToken, ['adminOptLog'], { site_ids: [mine] });
    const res = await t.client(limited.token).get<DashboardData>('/dashboard/index');
    expect(res.code).toBe(0);
    const d = res.data;
    expect(d.traffic.today).toEqual({ visitors: 2, page_views: 3 });
    expect(d.traffic.yesterday).toEqual({ visitors: 2, page_views: 3 });
    expect(d.traffic.last7).toEqual({ visitors: 5, page_views: 7 });
    expect(d.traffic.last30).toEqual({ visitors: 6, page_views: 8 });
    expect(d.visitors).toBe(6);
    expect(d.trend).toHaveLength(30);
    expect(d.trend.at(-1)).toMatchObject({ visitors: 2, page_views: 3 });
    expect(d.trend.at(-2)).toMatchObject({ visitors: 2, page_views: 3 });
    expect(d.trend.at(-6)).toMatchObject({ visitors: 1, page_views: 1 });
    expect(d.trend.reduce((s, p) => s + p.page_views, 0)).toBe(8);
    expect(d.trend.at(-1)!.date < d.trend.at(-2)!.date).toBe(false);
    expect(d.regions).toEqual([
      { region: '广东省', visitors: 2, page_views: 4 },
      { region: '浙江省', visitors: 2, page_views: 2 },
      { region: '', visitors: 1, page_views: 1 },
      { region: '内蒙古', visitors: 1, page_views: 1 },
    ]);

    // The super-admin sees every site, including the other one's visitor.
    const all = (await t.client(superToken).get<DashboardData>('/dashboard/index')).data;
    expect(all.traffic.yesterday.page_views).toBeGreaterThanOrEqual(4);
    expect(all.regions.some((r) => r.region === '上海')).toBe(true);
  });
});

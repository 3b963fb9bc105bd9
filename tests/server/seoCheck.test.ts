import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { insertPublished, setSiteSettings } from '../helpers/publicFixtures';
import { adminWithRole } from '../helpers/fixtures';
import { categories, contents, jobs, seoReportEvents, seoReports } from '../../server/db/schema/index';
import { fixPath, type SeoComparison, type SeoFinding, type SeoReport, type SeoReportSummary } from '../../models/seoReport';

// SEO diagnosis (issue 11): a report is a job crawling the site through the public renderer; its state is
// replayed from its stored events through the report chart (409 for an event the chart refuses).

let t: TestApp;
let token: string;
const site = { id: 0, other: 0, news: 0, clean: 0, noDescription: 0, twins: [] as number[], broken: 0, noAlt: 0 };
const api = (siteId = site.id, lang = 'en') => t.client(token, { siteId, language: lang });

async function runDiagnosis(siteId = site.id): Promise<SeoReport> {
  const started = await api(siteId).post<{ id: number; job_id: number }>('/seoCheck/start');
  expect(started.code, started.msg).toBe(0);
  await t.app.ctx.jobs.whenIdle();
  const read = await api(siteId).get<SeoReport>('/seoCheck/read', { id: started.data.id });
  expect(read.code, read.msg).toBe(0);
  return read.data;
}

const pathOf = (id: number, alias: string) => `/${alias}/${id}.html`;
let newsAlias = '';
let first: SeoReport;

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
  token = await t.login();
  const modelId = await insertModel(t);
  site.id = await createSite(t, token, { name: 'Seo Co', domain: uniqueDomain('seo') });
  site.other = await createSite(t, token, { name: 'Other Co', domain: uniqueDomain('other') });
  await setSiteSettings(t, site.id, { language: 'en', seo_title: 'Seo Co', seo_keywords: 'seo, co', seo_description: '' });
  site.news = await insertColumn(t, site.id, modelId, { title: 'News' });
  await t.db.update(categories).set({ description: 'All the news of Seo Co', seoKeywords: 'news' }).where(eq(categories.id, site.news));
  newsAlias = (await t.db.select({ alias: categories.alias }).from(categories).where(eq(categories.id, site.news)))[0]!.alias;
  const withMeta = async (title: string, body: string, description = `About ${title}`) => {
    const { id } = await insertPublished(t, site.id, site.news, { title, description, body });
    await t.db.update(contents).set({ keywords: 'seo' }).where(eq(contents.id, id));
    return id;
  };
  site.clean = await withMeta('A clean article', `<p>See <a href="/${newsAlias}/">the news</a>.</p><img src="/uploads/ok.png" alt="A chart">`);
  site.noDescription = await withMeta('Missing description', '<p>No summary.</p>', '');
  site.twins = [await withMeta('Twin title', '<p>One.</p>', 'First twin'), await withMeta('Twin title', '<p>Two.</p>', 'Second twin')];
  site.broken = await withMeta('Broken link inside', '<p><a href="/no-such-page/">gone</a></p>');
  site.noAlt = await withMeta('Image without alt', '<p><img src="/uploads/photo.png"></p>');
  first = await runDiagnosis();
});

afterAll(async () => {
  await t?.close();
});

const findingsOf = (report: SeoReport, check: SeoFinding['check']) => report.findings.filter((f) => f.check === check);

describe('a diagnosis of a seeded site', () => {
  it('completes with a score, the pages it crawled and a score per check', () => {
    expect(first.state).toBe('completed');
    expect(first.score).toBeGreaterThan(0);
    expect(first.score).toBeLessThan(100);
    // Home, the column, the six articles (and the pages they link to).
    expect(first.pages).toBeGreaterThanOrEqual(8);
    expect(first.items.find((i) => i.check === 'brokenLink')!.failed).toBe(1);
    expect(first.can_cancel).toBe(false);
  });

  it('reports the missing description on its article, fixed in the content editor', () => {
    const path = pathOf(site.noDescription, newsAlias);
    const found = findingsOf(first, 'descriptionMissing').find((f) => f.url === path);
    expect(found).toMatchObject({ severity: 'warning', fix: { screen: 'content', id: site.noDescription } });
    expect(fixPath(found!.fix)).toBe(`/updateContent?id=${site.noDescription}`);
  });

  it('reports both articles sharing a title', () => {
    const dup = findingsOf(first, 'titleDuplicate');
    expect(dup.map((f) => f.fix).sort((a, b) => ('id' in a && 'id' in b ? a.id - b.id : 0))).toEqual(site.twins.map((id) => ({ screen: 'content', id })));
    expect(dup.every((f) => f.detail.startsWith('Twin title'))).toBe(true);
  });

  it('reports the broken internal link on the article holding it', () => {
    expect(findingsOf(first, 'brokenLink')).toEqual([
      expect.objectContaining({ url: pathOf(site.broken, newsAlias), detail: '/no-such-page/', severity: 'error', fix: { screen: 'content', id: site.broken } }),
    ]);
  });

  it('reports the image without alt text', () => {
    expect(findingsOf(first, 'imageAlt')).toEqual([expect.objectContaining({ url: pathOf(site.noAlt, newsAlias), detail: '/uploads/photo.png', fix: { screen: 'content', id: site.noAlt } })]);
  });

  it('a clean article raises no finding', () => {
    expect(first.findings.filter((f) => f.url === pathOf(site.clean, newsAlias))).toEqual([]);
  });

  it('site checks pass where the site is right: robots.txt, the sitemap, the 404 page, the host', () => {
    for (const check of ['robots', 'sitemap', 'notFound', 'https'] as const) expect(findingsOf(first, check), check).toEqual([]);
    // The home page falls back to the site's description, left empty here: fixed in the website settings.
    expect(findingsOf(first, 'descriptionMissing').find((f) => f.url === '/')).toMatchObject({ fix: { screen: 'site' } });
  });

  it('the report state is replayed from its stored events', async () => {
    const events = await t.db.select().from(seoReportEvents).where(eq(seoReportEvents.reportId, first.id));
    expect(events.at(-1)!.event).toMatchObject({ type: 'report.complete', score: first.score, pages: first.pages });
  });
});

describe('reports', () => {
  it('are listed newest first for the current site only', async () => {
    const list = await api().get<SeoReportSummary[]>('/seoCheck/index');
    expect(list.code).toBe(0);
    expect(list.data[0]).toMatchObject({ id: first.id, state: 'completed', score: first.score, pages: first.pages });
    expect(list.data[0]!.errors).toBeGreaterThan(0);
    const other = await api(site.other).get<SeoReportSummary[]>('/seoCheck/index');
    expect(other.data.map((r) => r.id)).not.toContain(first.id);
  });

  it('two reports compare: a fixed finding shows as fixed, a new one as new', async () => {
    await t.db.update(contents).set({ description: 'Now described' }).where(eq(contents.id, site.noDescription));
    await t.db.update(contents).set({ body: '<p><a href="/also-missing/">gone too</a></p>' }).where(eq(contents.id, site.noAlt));
    const second = await runDiagnosis();
    const res = await api().get<SeoComparison>('/seoCheck/compare', { base: first.id, id: second.id });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.fixed.map((f) => f.check)).toEqual(expect.arrayContaining(['descriptionMissing', 'imageAlt']));
    expect(res.data.fixed.find((f) => f.check === 'descriptionMissing')!.url).toBe(pathOf(site.noDescription, newsAlias));
    expect(res.data.added).toEqual([expect.objectContaining({ check: 'brokenLink', detail: '/also-missing/' })]);
  });

  it('a diagnosis is cancelled while testing, and a cancelled report refuses another event with 409', async () => {
    const started = await api().post<{ id: number; job_id: number }>('/seoCheck/start');
    expect(started.code, started.msg).toBe(0);
    const cancel = await api().post('/seoCheck/cancel', { id: started.data.id });
    expect(cancel.code, cancel.msg).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    const read = await api().get<SeoReport>('/seoCheck/read', { id: started.data.id });
    expect(read.data).toMatchObject({ state: 'cancelled', score: null, can_cancel: false });
    const again = await api().post('/seoCheck/cancel', { id: started.data.id });
    expect(again.status).toBe(409);
    expect(again.code).toBe(409);
    expect(again.msg).toContain('ended');
  });

  it('cancelling a completed report is refused with 409 and changes nothing', async () => {
    const res = await api(site.id, 'zh').post('/seoCheck/cancel', { id: first.id });
    expect(res.code).toBe(409);
    expect(res.msg).toBe('诊断报告已结束，不能再更改');
    const [row] = await t.db.select({ state: seoReports.state }).from(seoReports).where(eq(seoReports.id, first.id));
    expect(row!.state).toBe('completed');
  });

  it('the job chart cancel (POST /job/cancel) ends the report cancelled too', async () => {
    const started = await api().post<{ id: number; job_id: number }>('/seoCheck/start');
    const res = await api().post('/job/cancel', { id: started.data.job_id });
    expect(res.code, res.msg).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    const read = await api().get<SeoReport>('/seoCheck/read', { id: started.data.id });
    expect(read.data.state).toBe('cancelled');
  });

  it('a report whose job ended without it (cancelled while queued, or the server stopped) is settled when read', async () => {
    const orphan = async (status: string) => {
      const [job] = await t.db.insert(jobs).values({ kind: 'seo.check', payload: {}, siteId: site.other, status }).returning({ id: jobs.id });
      const [report] = await t.db.insert(seoReports).values({ siteId: site.other, createdBy: 1, jobId: job!.id }).returning({ id: seoReports.id });
      return report!.id;
    };
    const cancelled = await orphan('cancelled');
    const interrupted = await orphan('failed');
    expect((await api(site.other).get<SeoReport>('/seoCheck/read', { id: cancelled })).data.state).toBe('cancelled');
    const list = await api(site.other).get<SeoReportSummary[]>('/seoCheck/index');
    expect(list.data.find((r) => r.id === interrupted)).toMatchObject({ state: 'failed', error: 'interrupted' });
    // Settled reports no longer block a new diagnosis of the site.
    const started = await api(site.other).post<{ id: number }>('/seoCheck/start');
    expect(started.code, started.msg).toBe(0);
    await t.app.ctx.jobs.whenIdle();
  });

  it('only one diagnosis of a site runs at a time', async () => {
    const one = await api().post('/seoCheck/start');
    const two = await api().post('/seoCheck/start');
    expect(one.code).toBe(0);
    expect(two.code).toBe(409);
    await t.app.ctx.jobs.whenIdle();
  });

  it('another site\'s admin cannot read, cancel, compare or list this site\'s reports', async () => {
    const other = await adminWithRole(t, token, ['seoCheck'], { site_ids: [site.other] });
    const client = t.client(other.token, { siteId: site.other });
    expect((await client.get('/seoCheck/read', { id: first.id })).code).toBe(403);
    expect((await client.post('/seoCheck/cancel', { id: first.id })).code).toBe(403);
    expect((await client.get('/seoCheck/compare', { base: first.id, id: first.id })).code).toBe(403);
    expect((await t.client(other.token, { siteId: site.id }).get('/seoCheck/index')).code).toBe(403);
    expect((await t.client(other.token, { siteId: site.id }).post('/seoCheck/start')).code).toBe(403);
  });

  it('an admin without the SEO diagnosis screen cannot start one', async () => {
    const editor = await adminWithRole(t, token, ['content'], { site_ids: [site.id] });
    expect((await t.client(editor.token, { siteId: site.id }).post('/seoCheck/start')).code).toBe(403);
  });
});

import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { sites } from '../../server/db/schema/index';
import { ResourceScreen } from './pages/admin';
import { Toasts } from './pages/toasts';
import { createOwner, signIn } from './pages/owner';
import { containsText, eventually, pageSettled, settled, visible } from './pages/see';
import { seriousViolations } from './pages/accessibility';

// Keywords and their ranking, as a marketer: a search-results server on loopback plays the rank provider.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let search: http.Server;
let asked = 0;
const OWNER = { account: 'seo@example.com', password: 'Seo-pass-2026' };
const DOMAIN = 'banyan-demo.example.com';

beforeAll(async () => {
  // Ranks every keyword of the site third, behind two other sites.
  search = http.createServer((req, res) => {
    asked++;
    const u = new URL(req.url ?? '/', 'http://x');
    const q = u.searchParams.get('q') ?? '';
    const organic = [{ link: 'https://a.example.org/' }, { link: 'https://b.example.org/' }, { link: `https://www.${u.searchParams.get('site')}/p/${encodeURIComponent(q)}` }];
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ organic, total: 4321 }));
  });
  await new Promise<void>((resolve) => search.listen(0, '127.0.0.1', resolve));
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 }, allowPrivateFetchForTests: true }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'SEO' });
  const [site] = await t.db.select().from(sites);
  await t.db.update(sites).set({ domain: DOMAIN }).where(eq(sites.id, site!.id));
  const token = await t.login();
  const saved = await t.client(token, { siteId: site!.id }).post('/keyword/rankSettings', {
    enabled: false,
    engine: 'baidu',
    url_template: `http://127.0.0.1:${(search.address() as AddressInfo).port}/search?q={keyword}&site={domain}`,
    results_path: '/organic',
    result_url_path: '/link',
    indexed_path: '/total',
  });
  if (saved.code !== 0) throw new Error(saved.msg);
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  await new Promise((resolve) => search?.close(resolve));
});

const rowWith = (page: Page, text: string) => page.getByTestId('table-keyword').locator('tbody tr', { hasText: text });

describe('keywords and ranking, as a marketer', () => {
  it('a marketer adds a keyword, checks the ranking now and sees its trend', async () => {
    const { page } = await signIn(browser.browser, t, OWNER, { at: '/Keyword/index' });
    const keywords = new ResourceScreen(page, 'keyword');
    await visible(page.getByTestId('page-keyword'));

    // Name and link are required, each with its own prompt.
    await keywords.startCreating();
    await keywords.form().getByTestId('form-submit').click();
    await containsText(keywords.form().getByTestId('field-name-error'), '请输入关键词名称');
    await containsText(keywords.form().getByTestId('field-link-error'), '请输入关键词链接');
    await keywords.fill('name', '企业建站');
    await keywords.fill('link', `https://${DOMAIN}/site-building`);
    await keywords.fill('weight', '5');
    await keywords.save();
    await keywords.seeRow('企业建站');
    await containsText(rowWith(page, '企业建站'), '未查询');

    // An import reports the rows it could not take.
    await page.getByTestId('keyword-import-open').click();
    const importer = page.getByTestId('keyword-import');
    await visible(importer);
    await importer.getByTestId('keyword-import-file').setInputFiles({
      name: 'keywords.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('\uFEFF关键词,链接,权重\r\n网站模板,/templates,2\r\n,/no-name,1\r\n'),
    });
    await containsText(importer, 'keywords.csv');
    await importer.getByTestId('keyword-import-submit').click();
    await containsText(importer.getByTestId('keyword-import-report'), '共 2 行，已导入 1 个');
    await containsText(importer.getByTestId('keyword-import-errors'), '第 3 行');
    await containsText(importer.getByTestId('keyword-import-errors'), '请输入关键词名称');
    await importer.getByTestId('keyword-import-close').click();
    await importer.waitFor({ state: 'hidden' });
    await keywords.seeRow('网站模板');
    await page.getByTestId(String(await rowWith(page, '网站模板').locator('[data-testid^="keyword-status-"]').getAttribute('data-testid'))).locator('[data-part="control"]').click();
    await containsText(rowWith(page, '网站模板'), '暂停');

    // A paused keyword is not asked about.
    await keywords.startCreating();
    await keywords.fill('name', '暂停的词');
    await keywords.fill('link', '/paused');
    await keywords.save();
    await keywords.seeRow('暂停的词');
    const pausedId = await rowWith(page, '暂停的词').locator('[data-testid^="keyword-status-"]').getAttribute('data-testid');
    await page.getByTestId(pausedId!).locator('[data-part="control"]').click();
    await containsText(rowWith(page, '暂停的词'), '暂停');

    // Check now: the shared job chart follows the run; the list shows the new position. (The pause's notice covers
    // the toolbar for a moment.)
    const toasts = new Toasts(page);
    await toasts.allGone();
    await page.getByTestId('rank-check').click();
    await containsText(rowWith(page, '企业建站'), '第 3 名');
    expect(asked).toBe(1);
    await containsText(rowWith(page, '暂停的词'), '未查询');

    // The trend drawer: the chart and the check.
    await rowWith(page, '企业建站').locator('[data-testid^="keyword-trend-"]').click();
    const drawer = page.getByTestId('rank-trend');
    await visible(drawer);
    await containsText(drawer, '“企业建站”的排名趋势');
    await visible(drawer.getByTestId('rank-trend-chart').locator('svg circle'));
    await containsText(drawer.getByTestId('rank-trend-checks'), '第 3 名');
    await containsText(drawer.getByTestId('rank-trend-checks'), `https://www.${DOMAIN}/p/`);
    await settled(drawer);
    await saveScreenshot(page, 'keywords-trend-zh-1440.png');

    // A second check adds a point to the open trend.
    await page.getByTestId('rank-trend-close').click();
    await drawer.waitFor({ state: 'hidden' });
    await toasts.allGone();
    await page.getByTestId('rank-check').click();
    await eventually('the provider was asked again', async () => asked === 2);
    await rowWith(page, '企业建站').locator('[data-testid^="keyword-trend-"]').click();
    await eventually('two checks are listed', async () => (await drawer.getByTestId('rank-trend-checks').locator('tbody tr').count()) === 2);
    await page.getByTestId('rank-trend-close').click();
    await drawer.waitFor({ state: 'hidden' });
    await pageSettled(page);
    await saveScreenshot(page, 'keywords-list-zh-1440.png');
    await page.close();
  });

  it('the keyword screen reads well in English and on a phone', async () => {
    // Stands on its own: a ranked keyword, made and checked through the API when the test above did not get so far.
    const token = await t.login();
    const [site] = await t.db.select().from(sites);
    const api = t.client(token, { siteId: site!.id });
    const found = (await api.get<Array<{ name: string; checked_at: string | null }>>('/keyword/index', { name: '企业建站' })).data;
    if (!found.length) expect((await api.post('/keyword/save', { name: '企业建站', link: '/site-building' })).code).toBe(0);
    if (!found[0]?.checked_at) {
      expect((await api.post('/keyword/check', {})).code).toBe(0);
      await t.app.ctx.jobs.whenIdle();
    }
    for (const [lang, width] of [['en', 1440], ['en', 375], ['zh', 375]] as const) {
      const { page } = await signIn(browser.browser, t, OWNER, { at: '/Keyword/index', lang, width });
      await visible(page.getByTestId('table-keyword').locator('tbody tr'));
      await containsText(page.getByTestId('table-keyword'), lang === 'en' ? 'No. 3' : '第 3 名');
      await pageSettled(page);
      await saveScreenshot(page, `keywords-list-${lang}-${width}.png`, { fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await rowWith(page, '企业建站').locator('[data-testid^="keyword-trend-"]').click();
      const drawer = page.getByTestId('rank-trend');
      await visible(drawer.getByTestId('rank-trend-chart').locator('svg circle'));
      await settled(drawer);
      await saveScreenshot(page, `keywords-trend-${lang}-${width}.png`);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('rank-trend-close').click();
      await drawer.waitFor({ state: 'hidden' });
      await page.getByTestId('rank-settings-open').click();
      const settings = page.getByTestId('rank-settings');
      await visible(settings.getByTestId('rank-domain'));
      await containsText(settings.getByTestId('rank-domain'), DOMAIN);
      await settled(settings);
      await saveScreenshot(page, `keywords-settings-${lang}-${width}.png`);
      await page.close();
    }
  });
});

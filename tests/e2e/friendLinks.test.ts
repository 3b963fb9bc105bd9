import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, saveScreenshot } from '../helpers/browser';
import { serveOnLoopback } from '../helpers/contentFixtures';
import { createOwner, signIn } from './pages/owner';
import { containsText, eventually, pageSettled, visible } from './pages/see';
import { seriousViolations } from './pages/accessibility';

// Friendly links in the browser: add a link on /addLink, check its back-link from the list, and read the
// check record on /linkInfo. The partner site runs on 127.0.0.1 (config.allowPrivateFetchForTests) and
// links to the default site (domain "localhost").

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let partner: Awaited<ReturnType<typeof serveOnLoopback>>;
const OWNER = { account: 'linker@example.com', password: 'Link-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 }, allowPrivateFetchForTests: true }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'Linker' });
  partner = await serveOnLoopback({
    '/friends': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body><a href="http://localhost/" rel="nofollow">默认站点</a></body></html>'),
  });
});
afterAll(async () => {
  await partner?.close();
  await browser?.close();
  await t?.close();
});

const field = (page: Page, name: string) => page.getByTestId(`field-${name}`);

async function addLink(page: Page, name: string, url: string) {
  await page.getByTestId('page-link').getByTestId('create').click();
  const form = page.getByTestId('page-addLink');
  await visible(form);
  await field(page, 'name').fill(name);
  await field(page, 'url').fill('partner.example.org');
  await page.getByTestId('link-save').click();
  await containsText(page.getByTestId('field-url-error'), '链接地址必须以 http:// 或 https:// 开头');
  await field(page, 'url').fill(url);
  await field(page, 'platform').fill('链天下');
  await page.getByTestId('link-save').click();
  await form.waitFor({ state: 'hidden' });
}

describe('friendly links', () => {
  it('an admin adds a friendly link, checks its back-link and reads the record on its details page', async () => {
    const { page, shell } = await signIn(browser.browser, t, OWNER);
    await shell.openTopMenu('market');
    await shell.openMenu('link');
    await visible(page.getByTestId('page-link'));
    await addLink(page, '茶友网', partner.url('/friends'));

    const row = page.getByTestId('table-link').locator('tbody tr', { hasText: '茶友网' });
    await visible(row);
    await containsText(row, '未检查');
    const id = Number((await row.locator('[data-testid^="check-"]').first().getAttribute('data-testid'))!.replace('check-', ''));
    expect(id).toBeGreaterThan(0);
    await row.getByTestId(`check-${id}`).click();
    // The job ends and the list shows its outcome: the partner links back, but nofollow.
    await eventually('the last check shows nofollow', async () => (await row.getByTestId(`last-check-${id}`).getAttribute('data-status')) === 'nofollow');

    await row.getByTestId(`info-${id}`).click();
    const info = page.getByTestId('page-linkInfo');
    await visible(info);
    await containsText(info.getByTestId('link-name'), '茶友网');
    await containsText(info, '链天下');
    const records = info.getByTestId('link-checks').locator('[data-testid^="check-record-"]');
    await visible(records);
    await containsText(records.first(), 'nofollow');
    await containsText(records.first(), '默认站点');

    // Checking again from the details page adds a second record.
    await info.getByTestId('link-check').click();
    await eventually('two records', async () => (await records.count()) === 2);

    // The dashboard counts the link as exported (shown on our pages) and imported (the partner links back).
    await page.getByTestId('tab-/').click();
    await containsText(page.getByTestId('stat-exported_links'), '1');
    await containsText(page.getByTestId('stat-imported_links'), '1');
    await containsText(page.getByTestId('stat-hint-imported_links'), '上次检查时对方页面链回本站');
    await page.close();
  });

  it('the list, the form and the details page read well in Chinese and English, on a desktop and a phone, with no serious axe violation', async () => {
    const token = await t.login(OWNER.account, OWNER.password);
    const api = t.client(token, { siteId: 1 });
    const res = await api.post<{ id: number }>('/link/save', { name: 'Tea Friends', url: partner.url('/friends'), link_type: 2, deadline: '2001-01-01', phone: '021-5555 0101', adder: 'Wang' });
    expect(res.code, res.msg).toBe(0);
    expect((await api.post('/link/save', { name: 'Leaf Partner', url: 'https://leaf.example.org/' })).code).toBe(0);
    expect((await api.post('/link/check', { ids: [res.data.id] })).code).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    for (const lang of ['zh', 'en'] as const) {
      for (const width of [1440, 375]) {
        const { page } = await signIn(browser.browser, t, OWNER, { at: '/Link/index', width, height: width > 500 ? 900 : 812, lang });
        await visible(page.getByTestId('page-link'));
        await visible(page.getByTestId(`flag-expired-${res.data.id}`));
        await pageSettled(page);
        await saveScreenshot(page, `links-list-${lang}-${width}.png`, { fullPage: true });
        expect(await seriousViolations(page), 'list').toEqual([]);
        await page.getByTestId('page-link').getByTestId('create').click();
        await visible(page.getByTestId('page-addLink'));
        await pageSettled(page);
        await saveScreenshot(page, `links-add-${lang}-${width}.png`, { fullPage: true });
        expect(await seriousViolations(page), 'add').toEqual([]);
        await page.getByTestId('link-back').click();
        await visible(page.getByTestId('page-link'));
        await page.getByTestId(`info-${res.data.id}`).click();
        await visible(page.getByTestId('page-linkInfo').locator('[data-testid^="check-record-"]'));
        await pageSettled(page);
        await saveScreenshot(page, `links-info-${lang}-${width}.png`, { fullPage: true });
        expect(await seriousViolations(page), 'details').toEqual([]);
        // Nothing is wider than the window.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
        if (lang === 'zh') {
          // The public site (the default site answers on "localhost") lists the active link in its footer.
          await page.goto(t.url.replace('127.0.0.1', 'localhost') + '/');
          await visible(page.locator('[data-friend-links]'));
          await containsText(page.locator('[data-friend-links]'), 'Leaf Partner');
          await page.locator('footer').scrollIntoViewIfNeeded();
          await saveScreenshot(page, `links-public-footer-${width}.png`);
        }
        await page.close();
      }
    }
  });
});

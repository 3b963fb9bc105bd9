import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { recordVisit, visitRecorder } from '../../server/operations/visits/record';
import { ResourceScreen } from './pages/admin';
import { createOwner, signIn } from './pages/owner';
import { containsText, eventually, pageSettled, settled, visible } from './pages/see';
import type { NavCate, NavItemNode } from '../../models/navMenu';

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
const OWNER = { account: 'menus@example.com', password: 'Menus-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'Menus' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('front-end menus', () => {
  it('an editor builds a menu group with an item and a nested sub-item', async () => {
    const { page, shell } = await signIn(browser.browser, t, OWNER);
    await shell.openTopMenu('website');
    await shell.openMenu('navCate');
    await visible(page.getByTestId('nav-menus'));
    await containsText(page.getByTestId('nav-menus'), '选择左侧的菜单分组');

    const groups = new ResourceScreen(page, 'navCate');
    await groups.startCreating();
    await groups.fill('name', '主导航');
    await groups.fill('key', 'main');
    await groups.save();
    await groups.seeRow('主导航');
    await page.getByTestId('table-navCate').getByRole('button', { name: '主导航' }).click();
    const panel = page.getByTestId('nav-items');
    await containsText(panel, '菜单项：主导航');

    const items = new ResourceScreen(page, 'navItem');
    await items.startCreating();
    await items.fill('title', '关于我们');
    await items.fill('url', '/about');
    await items.save();
    await items.seeRow('关于我们');

    // A sub-item below it, opening in a new window.
    await panel.locator('tbody tr', { hasText: '关于我们' }).locator('[data-testid^="add-child-"]').click();
    await items.form().waitFor();
    await items.fill('title', '团队介绍');
    await items.fill('url', 'https://example.com/team');
    await items.form().getByTestId('field-new_window').click();
    await items.save();
    await items.seeRow('团队介绍');

    // Shown indented below its parent, and stored nested.
    await visible(panel.getByTestId('nav-item-团队介绍').getByText('└'));
    const token = await t.login(OWNER.account, OWNER.password);
    const sites = (await t.client(token).get('/website/siteList')).data as Array<{ id: number }>;
    const api = t.client(token, { siteId: sites[0]!.id });
    const main = (await api.get<NavCate[]>('/navCate/index')).data.find((c) => c.key === 'main')!;
    await eventually('the items are stored nested', async () => {
      const tree = (await api.get<NavItemNode[]>('/navItem/tree', { cate_id: main.id })).data;
      return tree.length === 1 && tree[0]!.title === '关于我们' && tree[0]!.children[0]?.title === '团队介绍' && tree[0]!.children[0]?.new_window === true;
    });
    expect(main.name).toBe('主导航');
  }, 240_000);

  it('the menus screen and the dashboard read well in Chinese and English, on a phone and a desktop', async () => {
    await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
    const ips = ['113.88.1.1', '1.180.1.1', '113.88.1.2', '61.135.1.1', '8.8.8.8'];
    for (let i = 0; i < 60; i++) recordVisit(t.app, { siteId: 1, path: `/p/${i % 4}`, ip: ips[i % ips.length]!, userAgent: i % 3 ? 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' : 'Mozilla/5.0 (Windows NT 10.0)' });
    await visitRecorder(t.app)!.flush();
    for (const width of [1440, 375]) {
      const { page, shell } = await signIn(browser.browser, t, OWNER, { width });
      await visible(page.getByTestId('trend-chart').locator('svg'));
      await visible(page.getByTestId('regions').getByText('广东省'));
      await pageSettled(page);
      await saveScreenshot(page, `dashboard-zh-${width}.png`, { fullPage: true });
      await shell.switchLanguage('en');
      await visible(page.getByText('Visit trend'));
      await pageSettled(page);
      await saveScreenshot(page, `dashboard-en-${width}.png`, { fullPage: true });
      await page.goto(`${t.url}/admin/NavCate/index`);
      await visible(page.getByTestId('table-navCate').getByRole('button', { name: '主导航' }));
      await page.getByTestId('table-navCate').getByRole('button', { name: '主导航' }).click();
      await visible(page.getByTestId('nav-item-团队介绍'));
      await saveScreenshot(page, `navMenus-en-${width}.png`, { fullPage: true });
      await page.getByTestId('page-navItem').getByTestId('create').click();
      await visible(page.getByTestId('form-navItem'));
      await settled(page.getByTestId('form-navItem'));
      await saveScreenshot(page, `navMenus-en-${width}-form.png`);
      await page.getByTestId('form-navItem').getByRole('button', { name: 'Cancel' }).click();
      await page.getByTestId('form-navItem').waitFor({ state: 'hidden' });
      await shell.switchLanguage('zh');
      await visible(page.getByText('菜单项：主导航'));
      await saveScreenshot(page, `navMenus-zh-${width}.png`, { fullPage: true });
      await page.close();
    }
  }, 240_000);
});

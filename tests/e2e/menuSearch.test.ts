import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { createAdmin, createRole } from '../helpers/fixtures';
import { createOwner, signIn } from './pages/owner';
import { containsText, visible } from './pages/see';

// Issue 16: the menu search in the top bar and the Ctrl/⌘-K command palette find a screen by its title, its
// pinyin or its initials (`nrgl` finds 内容管理), open it with the keyboard or the mouse, close with Esc, and offer
// only the screens the admin's role allows.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
const OWNER = { account: 'palette-owner@example.com', password: 'Owner-pass-2026' };
const LIMITED = { account: 'palette-limited@example.com', password: 'Limited-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  const superToken = await t.login();
  await createOwner(t, OWNER);
  // An admin whose role holds the login log only, with their own password (no change prompt).
  const admin = await createAdmin(t, superToken, { role_id: await createRole(t, superToken, ['adminLoginLog']), account: LIMITED.account });
  const token = await t.login(admin.account, admin.password);
  const res = await t.client(token).post('/admin/selfUpdate', { name: 'Limited', phone: '', code_auth: 2, old_password: admin.password, password: LIMITED.password });
  expect(res.code, res.msg).toBe(0);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('menu search and command palette', () => {
  it('Ctrl-K opens it, `nrgl` finds 内容管理, Enter opens its first page; the top-bar button and Esc work too', async () => {
    const { page, shell } = await signIn(browser.browser, t, OWNER);
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('command-palette');
    await visible(palette);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('command-palette-input');
    await page.keyboard.type('nrgl');
    const first = palette.getByTestId('command-palette-option').first();
    await containsText(first, '内容管理');
    await containsText(first, '网站');
    const target = (await first.getAttribute('data-path'))!;
    expect(target).toMatch(/^\//);
    await page.keyboard.press('Enter');
    await palette.waitFor({ state: 'hidden' });
    await expect.poll(() => shell.path()).toBe(target);

    // The top-bar button; arrows move the choice; the mouse chooses too.
    await page.getByTestId('menu-search').click();
    await visible(palette);
    await page.getByTestId('command-palette-input').fill('fjgl');
    await containsText(palette.getByTestId('command-palette-option').first(), '附件管理');
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'hidden' });

    await page.keyboard.press('Control+k');
    await page.getByTestId('command-palette-input').fill('dlrz');
    const option = palette.getByTestId('command-palette-option').first();
    await containsText(option, '登录日志');
    await option.click();
    await palette.waitFor({ state: 'hidden' });
    await expect.poll(() => shell.path()).toBe('/AdminLoginLog/index');
    await page.close();
  });

  it('in English on a phone the same initials find "Content", shown in English', async () => {
    const { page } = await signIn(browser.browser, t, OWNER, { lang: 'en', width: 375, height: 812 });
    await page.getByTestId('menu-search').click();
    const palette = page.getByTestId('command-palette');
    await page.getByTestId('command-palette-input').fill('nrgl');
    await containsText(palette.getByTestId('command-palette-option').first(), 'Content');
    const box = (await palette.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await page.close();
  });

  it('offers only what the role allows', async () => {
    const { page } = await signIn(browser.browser, t, LIMITED);
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('command-palette');
    await page.getByTestId('command-palette-input').fill('nrgl');
    await visible(palette.getByTestId('command-palette-empty'));
    await page.getByTestId('command-palette-input').fill('dlrz');
    await containsText(palette.getByTestId('command-palette-option').first(), '登录日志');
    await expect.poll(() => palette.getByTestId('command-palette-option').count()).toBe(1);
    await page.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { createOwner, signIn } from './pages/owner';
import { containsText, countIs, eventually, visible } from './pages/see';

// Plugins end to end (issue 13, /Plugin/index): a super-admin installs the built-in visit statistics plugin,
// finds its page in the menu at once and opens it, reads the plugin's history, disables it (the menu entry
// goes), and uninstalls it after the confirm that says what is deleted.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
const OWNER = { account: 'plugins@example.com', password: 'Plugin-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'Plugins' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('plugins', () => {
  it('install → menu page → disable (menu goes) → uninstall after a confirm', async () => {
    const { page, shell } = await signIn(browser.browser, t, OWNER, { at: '/Plugin/index' });
    const card = page.getByTestId('plugin-visitstats');
    await visible(card.locator('[data-state="notInstalled"]'));
    await containsText(card, '访问统计导出');
    await containsText(card, '读取访问统计');
    await shell.dontSeeMenu('plugin-visitstats-daily');

    await card.getByTestId('install-visitstats').click();
    await visible(card.locator('[data-state="enabled"]'));
    // The menu changes without a reload.
    await shell.seeMenu('plugin-visitstats-daily');
    await shell.openMenu('plugin-visitstats-daily');
    await eventually('the plugin page opens', async () => shell.path() === '/PluginPage/visitstats/daily');
    const view = page.getByTestId('plugin-page-view');
    await containsText(view, '每日访问');
    await countIs(page.getByTestId('plugin-page-table').locator('tbody tr'), 30);
    await visible(view.getByTestId('plugin-page-export'));

    await shell.openMenu('plugin');
    await visible(card.locator('[data-state="enabled"]'));
    await card.getByTestId('trail-visitstats').click();
    const trail = page.getByTestId('plugin-trail');
    await countIs(trail.getByTestId('plugin-trail-entry'), 2);
    await containsText(trail, '安装完成');
    await page.keyboard.press('Escape');
    await countIs(page.getByTestId('plugin-trail'), 0);

    await card.getByTestId('disable-visitstats').click();
    await visible(card.locator('[data-state="disabled"]'));
    await shell.dontSeeMenu('plugin-visitstats-daily');
    expect(await card.getByTestId('enable-visitstats').isVisible()).toBe(true);

    await card.getByTestId('uninstall-visitstats').click();
    const confirm = page.getByTestId('uninstall-confirm');
    await containsText(confirm, '访问统计导出');
    await confirm.getByTestId('uninstall-confirm-confirm').click();
    await visible(card.locator('[data-state="notInstalled"]'));
    await visible(card.getByTestId('install-visitstats'));
    const state = (await t.client(await t.login()).get<{ state: string }>('/plugin/read', { id: 'visitstats' })).data.state;
    expect(state).toBe('notInstalled');
  });
});

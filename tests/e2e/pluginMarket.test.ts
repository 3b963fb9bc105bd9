import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { getPage } from '../helpers/publicFixtures';
import { createOwner, signIn } from './pages/owner';
import { containsText, eventually, visible } from './pages/see';

// The plugin market end to end (issue 13): a super-admin installs the shipped `noticebar` package from the
// market tab (signed with Banyan's key), opens its menu page, sees the bar on the public home page, switches
// the plugin off (the bar goes at once) and uninstalls it after the confirm.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
const OWNER = { account: 'market@example.com', password: 'Market-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'Market' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('plugin market', () => {
  it('a super-admin installs the notice bar from the market, sees it on the site, switches it off and uninstalls it', async () => {
    const { page, shell } = await signIn(browser.browser, t, OWNER, { at: '/Plugin/index' });
    await page.getByTestId('tab-market').click();
    const card = page.getByTestId('market-package-noticebar');
    await visible(card);
    await containsText(card, '公告栏');
    await card.getByTestId('market-install-noticebar').click();
    await containsText(card, '已安装 1.0.0');

    // Installed means enabled: its page is in the menu at once, without a reload.
    await shell.seeMenu('plugin-noticebar-preview');
    await shell.openMenu('plugin-noticebar-preview');
    await eventually('the menu page is open', async () => shell.path() === '/PluginPage/noticebar/preview');
    await shell.go('/Plugin/index');
    const installed = page.getByTestId('plugin-noticebar');
    await visible(installed.locator('[data-state="enabled"]'));
    await installed.getByTestId('plugin-menu-noticebar-preview').click();
    await eventually('the menu page is open', async () => shell.path() === '/PluginPage/noticebar/preview');
    await containsText(shell.view(), '欢迎访问本站！');

    // The bar is on the public home page and can be dismissed there.
    const site = await browser.browser.newPage();
    await site.goto(`${t.url}/`);
    await containsText(site.locator('#banyan-noticebar'), '欢迎访问本站！');
    await site.locator('label[for="banyan-noticebar-close"]').click();
    await site.locator('#banyan-noticebar').waitFor({ state: 'hidden' });

    // Switched off: the bar is gone at once.
    await shell.go('/Plugin/index');
    await page.getByTestId('disable-noticebar').click();
    await eventually('the bar is gone from the site', async () => !(await getPage(t, '/')).body.includes('banyan-noticebar'));
    await site.reload();
    expect(await site.locator('#banyan-noticebar').count()).toBe(0);
    await shell.dontSeeMenu('plugin-noticebar-preview');
    await shell.go('/Plugin/index');
    await visible(installed.locator('[data-state="disabled"]'));

    // Uninstalled after the confirm; the market offers it again.
    await page.getByTestId('uninstall-noticebar').click();
    await page.getByTestId('uninstall-confirm-confirm').click();
    // A market plugin leaves the installed list with its files; the market offers it again.
    await eventually('the notice bar is uninstalled', async () => (await installed.count()) === 0);
    await shell.go('/Plugin/index');
    await page.getByTestId('tab-market').click();
    await visible(card.getByTestId('market-install-noticebar'));
    await site.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, saveScreenshot } from '../helpers/browser';
import { createOwner } from './pages/owner';
import { bodyLuminance, chooseInPersonalCenter, contrastFailures, openLogin, pageIn, seeMode, signInHere, type Scheme } from './pages/appearance';
import { visible } from './pages/see';

// Issue 16: dark mode follows the system, a switch in the personal center overrides it (and the choice
// survives a reload), and both modes keep every text readable on the login page and the dashboard.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
const OWNER = { account: 'night@example.com', password: 'Night-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, OWNER);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('the admin follows the system', () => {
  it('under a dark system the login page is dark from the start, and the dashboard too', async () => {
    const page = await pageIn(browser.browser, 'dark');
    await openLogin(page, t);
    await seeMode(page, 'dark');
    expect(await bodyLuminance(page)).toBeLessThan(0.05);
    await signInHere(page, t, OWNER);
    await visible(page.getByTestId('stat-sites'));
    await seeMode(page, 'dark');
    expect(await bodyLuminance(page)).toBeLessThan(0.05);
    await saveScreenshot(page, 'dark-dashboard.png');
    await page.close();
  });

  it('under a light system it is light', async () => {
    const page = await pageIn(browser.browser, 'light');
    await openLogin(page, t);
    await seeMode(page, 'light');
    expect(await bodyLuminance(page)).toBeGreaterThan(0.8);
    await page.close();
  });

  it('while the user leaves it to the system, it turns dark when the system does', async () => {
    const page = await pageIn(browser.browser, 'light');
    await openLogin(page, t);
    await seeMode(page, 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await seeMode(page, 'dark');
    await page.close();
  });
});

describe('the switch in the personal center', () => {
  it('forces light under a dark system, the choice survives a reload, and "system" gives the system back', async () => {
    const page = await pageIn(browser.browser, 'dark');
    await openLogin(page, t);
    const shell = await signInHere(page, t, OWNER);
    await seeMode(page, 'dark');
    await chooseInPersonalCenter(page, 'light');
    await seeMode(page, 'light');
    expect(await bodyLuminance(page)).toBeGreaterThan(0.8);
    // Applied before the first paint of the next visit, the system notwithstanding.
    await page.reload();
    await shell.waitReady();
    await seeMode(page, 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await seeMode(page, 'light');
    await chooseInPersonalCenter(page, 'system');
    await seeMode(page, 'dark');
    await page.close();
  });

  it('forces dark under a light system', async () => {
    const page = await pageIn(browser.browser, 'light');
    await openLogin(page, t);
    await signInHere(page, t, OWNER);
    await chooseInPersonalCenter(page, 'dark');
    await seeMode(page, 'dark');
    expect(await bodyLuminance(page)).toBeLessThan(0.05);
    await page.close();
  });
});

describe('every text stays readable (axe color-contrast)', () => {
  for (const scheme of ['light', 'dark'] as Scheme[]) {
    it(`in ${scheme} mode, on the login page and the dashboard`, async () => {
      const page = await pageIn(browser.browser, scheme);
      await openLogin(page, t);
      await seeMode(page, scheme);
      expect(await contrastFailures(page), 'login page').toEqual([]);
      await signInHere(page, t, OWNER);
      await visible(page.getByTestId('stat-sites'));
      expect(await contrastFailures(page), 'dashboard').toEqual([]);
      await page.close();
    });
  }
});

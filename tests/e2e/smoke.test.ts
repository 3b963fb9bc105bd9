import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';

let t: TestApp;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
beforeAll(async () => {
  t = await startTestApp({}, { withClient: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

it('the admin SPA is served under /admin/ and renders in Chromium', async () => {
  const page = await browser.browser.newPage();
  await page.goto(`${t.url}/admin/`);
  await expect(page.getByTestId('app-title').textContent()).resolves.toBe('Banyan');
  await page.close();
});

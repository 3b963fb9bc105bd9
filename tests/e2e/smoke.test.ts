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

it('a visitor without a session who opens the admin lands on the login page', async () => {
  const page = await browser.browser.newPage();
  await page.goto(`${t.url}/admin/`);
  await page.getByTestId('login-page').waitFor();
  expect(new URL(page.url()).pathname).toBe('/admin/login');
  await page.close();
});

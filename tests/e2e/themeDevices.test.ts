import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { installTheme, setSiteSettings } from '../helpers/publicFixtures';
import { createSite, uniqueDomain } from '../helpers/sites';
import { createOwner, signIn } from './pages/owner';
import { containsText, pageSettled, visible } from './pages/see';
import { inquiries } from '../../server/db/schema/index';
import { activeFolder } from '../../server/public/themes';

// The themes screen with a separate mobile theme and template sharing; the public contact form (issue 6).

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
const OWNER = { account: 'devices@example.com', password: 'Devices-pass-2026' };
const MAIN = 1;
let childId = 0;

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'Devices' });
  const token = await t.login();
  childId = await createSite(t, token, { name: '分站', domain: uniqueDomain('child'), parent_id: MAIN });
  await setSiteSettings(t, childId, { template_sharing: true });
  await installTheme(t, MAIN, { 'templates/index.liquid': 'phone home', 'templates/404.liquid': 'missing' }, 'phone');
  expect((await t.client(token, { siteId: MAIN }).post('/theme/activate', { folder: 'default' })).code).toBe(0);
  await setSiteSettings(t, MAIN, { pc_mobile_sharing: false });
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('themes screen: PC and mobile themes, template sharing', () => {
  it('activates a theme for mobile, and shows the parent notice on a sharing sub-site', async () => {
    for (const width of [1440, 375]) {
      const { page, shell } = await signIn(browser.browser, t, OWNER, { width, at: '/Theme/index' });
      await shell.go('/Theme/index');
      const screen = page.getByTestId('themes');
      await visible(screen.getByTestId('theme-phone'));
      await visible(page.getByTestId('themes-mobile-notice'));
      if (width === 1440) {
        await page.getByTestId('activate-mobile-phone').click();
        await visible(page.getByTestId('mobile-active-phone'));
        expect(await activeFolder(t.dataDir, MAIN, 'mobile')).toBe('phone');
      }
      await visible(page.getByTestId('mobile-active-phone'));
      await containsText(page.getByTestId('theme-phone'), '手机端使用中');
      await pageSettled(page);
      await saveScreenshot(page, `themeDevices-zh-${width}.png`, { fullPage: true });
      await shell.switchLanguage('en');
      await containsText(page.getByTestId('theme-phone'), 'Mobile active');
      await saveScreenshot(page, `themeDevices-en-${width}.png`, { fullPage: true });

      // The sub-site uses its parent's templates.
      await page.evaluate((id) => localStorage.setItem('banyan:siteId', String(id)), childId);
      await shell.go('/Theme/index');
      await containsText(page.getByTestId('themes-parent-notice'), 'This site uses the templates of its parent site');
      await saveScreenshot(page, `themeDevices-parent-en-${width}.png`, { fullPage: true });
      await shell.switchLanguage('zh');
      await containsText(page.getByTestId('themes-parent-notice'), '本站点使用上级站点「默认站点」的模板');
      await saveScreenshot(page, `themeDevices-parent-zh-${width}.png`, { fullPage: true });
      await page.evaluate((id) => localStorage.setItem('banyan:siteId', String(id)), MAIN);
      await page.close();
    }
  }, 240_000);
});

describe('the public contact form', () => {
  it('shows localized errors, keeps the values, and thanks after a valid post', async () => {
    for (const lang of ['zh', 'en'] as const) {
      await setSiteSettings(t, MAIN, { language: lang });
      for (const width of [1440, 375]) {
        const page = await browser.browser.newPage({ viewport: { width, height: 900 } });
        await page.goto(`${t.url}/contact/`);
        await visible(page.locator('form.contact-form'));
        await saveScreenshot(page, `contact-${lang}-${width}.png`, { fullPage: true });
        await page.locator('input[name="name"]').fill('Wang <b>');
        await page.locator('input[name="email"]').fill('not-an-email');
        await page.locator('form.contact-form button[type="submit"]').click();
        await visible(page.locator('.form-alert'));
        await containsText(page.locator('.field-error').first(), lang === 'zh' ? '邮箱格式不正确' : 'This email address is not valid');
        await expect.poll(() => page.locator('input[name="name"]').inputValue(), { timeout: 20_000 }).toBe('Wang <b>');
        await saveScreenshot(page, `contact-${lang}-${width}-errors.png`, { fullPage: true });
        await page.locator('input[name="email"]').fill('wang@example.com');
        await page.locator('textarea[name="content"]').fill(`Hello from ${lang} ${width}`);
        await page.locator('form.contact-form button[type="submit"]').click();
        await visible(page.locator('.contact-done'));
        expect(page.url()).toMatch(/\/contact\/\?sent=1$/);
        await saveScreenshot(page, `contact-${lang}-${width}-sent.png`, { fullPage: true });
        const rows = await t.db.select().from(inquiries).where(eq(inquiries.content, `Hello from ${lang} ${width}`));
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ name: 'Wang <b>', email: 'wang@example.com', siteId: MAIN });
        await page.close();
      }
    }
    // They reach the admin's inquiry list (read-only for now).
    for (const width of [1440, 375]) {
      const { page, shell } = await signIn(browser.browser, t, OWNER, { width });
      await shell.go('/Inquiry/index');
      await visible(page.getByText('Hello from en 375'));
      await saveScreenshot(page, `inquiries-zh-${width}.png`, { fullPage: true });
      await shell.switchLanguage('en');
      await visible(page.getByText('Sent at', { exact: true }).first());
      await saveScreenshot(page, `inquiries-en-${width}.png`, { fullPage: true });
      await shell.switchLanguage('zh');
      await page.close();
    }
  }, 240_000);
});

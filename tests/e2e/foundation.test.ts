import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { startTestApp, SUPER_ACCOUNT, SUPER_PASSWORD, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { LoginPage, ResourceScreen, ShellPage } from './pages/admin';
import { containsText, countIs, titleIs, visible } from './pages/see';
import { sessions, admins } from '../../server/db/schema/index';

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };

beforeAll(async () => {
  t = await startTestApp({}, { withClient: true });
  browser = await launchBrowser();
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function newPage(width = 1440, height = 900): Promise<Page> {
  const page = await browser.browser.newPage({ viewport: { width, height } });
  page.on('pageerror', (e) => {
    throw e;
  });
  return page;
}

describe('the admin shell, as a user', () => {
  it('an administrator logs in, switches language, builds a limited role and admin, and that admin sees only what the role allows', async () => {
    const page = await newPage();
    const login = new LoginPage(page, t.url);
    const shell = new ShellPage(page, t.url);

    await login.open();
    await login.logIn(SUPER_ACCOUNT, 'wrong-password-1');
    await login.seeError('账号或密码错误');
    await login.logIn(SUPER_ACCOUNT, SUPER_PASSWORD);
    await shell.waitReady();
    expect(shell.path()).toBe('/');
    // The initial password: the personal center opens and asks for a change.
    await visible(page.getByTestId('pass-tips'));
    await shell.closePersonalCenter();
    await shell.seeTab('/');
    await containsText(page.getByTestId('dashboard'), '欢迎回来');
    await titleIs(page, '控制台 - Banyan');

    await shell.switchLanguage('en');
    await containsText(page.getByTestId('dashboard'), 'Welcome back');
    await titleIs(page, 'Dashboard - Banyan');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await shell.switchLanguage('zh');
    await containsText(page.getByTestId('dashboard'), '欢迎回来');

    // Roles: one that may only read the two logs.
    await shell.openTopMenu('system');
    await shell.openMenu('role');
    const roles = new ResourceScreen(page, 'role');
    await roles.waitLoaded();
    await roles.startCreating();
    await roles.fill('name', '日志审计员');
    await roles.tick('perm-adminLoginLog');
    await roles.tick('perm-adminOptLog');
    await roles.save();
    await roles.seeRow('日志审计员');

    // Administrators: one with that role, bound to the default site.
    await shell.openMenu('admin');
    const adminsScreen = new ResourceScreen(page, 'admin');
    await adminsScreen.waitLoaded();
    await shell.seeTab('/Admin/index');
    await shell.seeTab('/Role/index');
    await adminsScreen.startCreating();
    await adminsScreen.fill('account', 'auditor@example.com');
    await adminsScreen.fill('password', 'Auditor-2026');
    await adminsScreen.fill('nickname', '审计员');
    await adminsScreen.choose('role_id', '日志审计员');
    await adminsScreen.tickLabel('site_ids', '默认站点');
    await adminsScreen.save();
    await adminsScreen.seeRow('auditor@example.com');

    await shell.logOut();
    expect(shell.path()).toBe('/login?redirect=%2FAdmin%2Findex');

    // The login keeps the page the previous admin was on; the auditor may not open it: 404.
    await login.logIn('auditor@example.com', 'Auditor-2026');
    await shell.waitReady();
    await page.getByTestId('not-found').waitFor();
    expect(shell.path()).toBe('/404');
    await shell.closePersonalCenter();
    // The previous admin's tabs are gone.
    await countIs(page.getByTestId('tab-/Admin/index'), 0);
    expect(await shell.topMenuKeys()).toEqual(['system']);
    await shell.openTopMenu('system');
    await shell.seeMenu('adminLoginLog');
    await shell.seeMenu('adminOptLog');
    await shell.dontSeeMenu('admin');
    await shell.dontSeeMenu('role');
    await visible(page.getByTestId('page-adminLoginLog'));

    // A page the role does not include lands on 404, even typed by hand.
    await shell.go('/Role/index');
    await page.getByTestId('not-found').waitFor();
    expect(shell.path()).toBe('/404');

    // The session expires (idle too long): the next call shows the confirm, which leads to the login.
    await shell.go('/AdminOptLog/index');
    await page.getByTestId('page-adminOptLog').waitFor();
    // Set up with a password chosen by another admin, the auditor is reminded on each fresh load.
    await visible(page.getByTestId('pass-tips'));
    await shell.closePersonalCenter();
    const [auditor] = await t.db.select().from(admins).where(eq(admins.account, 'auditor@example.com'));
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 24 * 3600_000) }).where(eq(sessions.adminId, auditor!.id));
    await page.getByTestId('page-adminOptLog').getByRole('button', { name: '刷新' }).click();
    await page.getByTestId('expired-confirm').waitFor();
    await page.getByTestId('expired-confirm-confirm').click();
    await page.getByTestId('login-page').waitFor();
    expect(shell.path()).toBe('/login?redirect=%2FAdminOptLog%2Findex');
    await page.close();
  });

  it('login, dashboard and the admin list look right at 1440 px and 375 px in both languages', async () => {
    for (const lang of ['zh', 'en'] as const) {
      for (const width of [1440, 375]) {
        const page = await newPage(width, width > 400 ? 900 : 812);
        await page.addInitScript((l) => localStorage.setItem('language', l), lang);
        const login = new LoginPage(page, t.url);
        const shell = new ShellPage(page, t.url);
        const shot = (name: string) => saveScreenshot(page, `${name}-${lang}-${width}.png`);
        await login.open();
        await shot('login');
        await login.logIn(SUPER_ACCOUNT, SUPER_PASSWORD);
        await shell.waitReady();
        await shell.closePersonalCenter();
        await page.getByTestId('stat-sites').getByText('1').waitFor();
        await shot('dashboard');
        // On a phone the side menu is a drawer and the top groups move into it.
        if (width < 992) await countIs(page.getByTestId('side-menu'), 0);
        else await visible(page.getByTestId('side-menu'));
        await shell.go('/Admin/index');
        await new ResourceScreen(page, 'admin').waitLoaded();
        await shell.closePersonalCenter();
        await shot('admin-list');
        // Nothing overflows the viewport horizontally.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await page.close();
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { createAdmin, createRole, GOOD_PASSWORD } from '../helpers/fixtures';
import { LoginPage, ResourceScreen, ShellPage } from './pages/admin';
import { createOwner, signIn } from './pages/owner';
import { containsText, countIs, eventually, settled, visible } from './pages/see';

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let superToken: string;
/** A second super-admin who already chose their own password (so no change prompt on each page load). */
const OWNER = { account: 'owner@example.com', password: 'Owner-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  superToken = await t.login();
  await createOwner(t, OWNER);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const signedIn = (account = OWNER.account, password = OWNER.password, at = '/') => signIn(browser.browser, t, { account, password }, { at });

describe('working in the shell', () => {
  it('visited pages become tabs; close others, close all and refresh work from the context menu, the dashboard stays', async () => {
    const { page, shell } = await signedIn();
    await shell.go('/Admin/index');
    await new ResourceScreen(page, 'admin').waitLoaded();
    await shell.openMenu('role');
    await new ResourceScreen(page, 'role').waitLoaded();
    await shell.openMenu('adminLoginLog');
    await visible(page.getByTestId('page-adminLoginLog'));
    for (const p of ['/', '/Admin/index', '/Role/index', '/AdminLoginLog/index']) await shell.seeTab(p);

    // A cached view keeps what the user typed while its tab is hidden.
    await page.getByTestId('tab-/Role/index').click();
    await page.getByTestId('page-role').getByTestId('filter-name').fill('kept');
    await page.getByTestId('tab-/Admin/index').click();
    await visible(page.getByTestId('page-admin'));
    await page.getByTestId('tab-/Role/index').click();
    await expect.poll(() => page.getByTestId('page-role').getByTestId('filter-name').inputValue(), { timeout: 20_000 }).toBe('kept');

    // Refresh remounts the view: the typed filter is gone.
    await page.getByTestId('tab-/Role/index').click({ button: 'right' });
    await page.getByTestId('tab-menu').getByText('刷新').click();
    await eventually('the refreshed view is empty', async () => (await page.getByTestId('page-role').getByTestId('filter-name').inputValue()) === '');

    await page.getByTestId('tab-/Role/index').click({ button: 'right' });
    await page.getByTestId('tab-close-others').click();
    await countIs(page.getByTestId('tab-/Admin/index'), 0);
    await countIs(page.getByTestId('tab-/AdminLoginLog/index'), 0);
    await shell.seeTab('/');
    await shell.seeTab('/Role/index');

    // The dashboard has no close button and survives close all.
    await countIs(page.getByTestId('tab-close-/'), 0);
    await page.getByTestId('tab-/Role/index').click({ button: 'right' });
    await page.getByTestId('tab-close-all').click();
    await countIs(page.getByTestId('tab-/Role/index'), 0);
    await shell.seeTab('/');
    await eventually('back on the dashboard', async () => shell.path() === '/');
    await page.close();
  });

  it('a guide sub-page highlights its list page in the menu and names it in the breadcrumb', async () => {
    const { page, shell } = await signedIn();
    await shell.go('/addColumn');
    await visible(page.getByTestId('page-addColumn'));
    await eventually('the column list is highlighted', async () => (await page.getByTestId('menu-category').getAttribute('data-active')) !== null);
    await containsText(page.getByTestId('breadcrumb'), '栏目管理');
    await containsText(page.getByTestId('breadcrumb'), '添加栏目');
    await page.close();
  });

  it('a dialog can be dragged by its header', async () => {
    const { page } = await signedIn(OWNER.account, OWNER.password, '/Role/index');
    const roles = new ResourceScreen(page, 'role');
    await roles.waitLoaded();
    await roles.startCreating();
    // Measure once the opening animation is over (whatever the browser's speed), then drag the header.
    await visible(roles.form().getByTestId('permission-tree').getByRole('checkbox'));
    await settled(roles.form());
    const before = (await roles.form().boundingBox())!;
    const handle = (await page.getByTestId('form-role-handle').boundingBox())!;
    const grab = { x: handle.x + 40, y: handle.y + handle.height / 2 };
    const drop = { x: grab.x - 100, y: grab.y - 40 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    await page.mouse.move(drop.x, drop.y, { steps: 5 });
    await page.mouse.up();
    // The dialog followed the pointer: it moved by the pointer's path (within a pixel of rounding) and the
    // header the user grabbed is still under the pointer.
    const after = (await roles.form().boundingBox())!;
    expect(Math.abs(after.x - before.x - (drop.x - grab.x))).toBeLessThanOrEqual(1);
    expect(Math.abs(after.y - before.y - (drop.y - grab.y))).toBeLessThanOrEqual(1);
    expect(after.width).toBe(before.width);
    const underPointer = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="form-role-handle"]') !== null,
      drop,
    );
    expect(underPointer).toBe(true);
    // It is resizable from its corner.
    expect(await roles.form().evaluate((el) => getComputedStyle(el).resize)).toBe('both');
    await page.close();
  });

  it('several rows can be deleted at once after confirming', async () => {
    const roleIds = [await createRole(t, superToken, []), await createRole(t, superToken, [])];
    const { page } = await signedIn(OWNER.account, OWNER.password, '/Role/index');
    const roles = new ResourceScreen(page, 'role');
    await roles.waitLoaded();
    for (const id of roleIds) await page.getByTestId(`row-${id}`).getByRole('checkbox').check({ force: true });
    await page.getByTestId('bulk-delete').click();
    await containsText(page.getByTestId('confirm-delete'), '2');
    await page.getByTestId('confirm-delete-cancel').click();
    await visible(page.getByTestId(`row-${roleIds[0]}`));
    await page.getByTestId('bulk-delete').click();
    await page.getByTestId('confirm-delete-confirm').click();
    for (const id of roleIds) await countIs(page.getByTestId(`row-${id}`), 0);
    expect((await t.client(superToken).get('/role/read', { id: roleIds[0] })).code).toBe(404);
    await page.close();
  });

  it('an admin changes the initial password in the personal center and is no longer asked to', async () => {
    const roleId = await createRole(t, superToken, ['adminLoginLog']);
    const admin = await createAdmin(t, superToken, { role_id: roleId });
    const page = await browser.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const login = new LoginPage(page, t.url);
    await login.open();
    await login.logIn(admin.account, GOOD_PASSWORD);
    const dialog = page.getByTestId('personal-dialog');
    await visible(page.getByTestId('pass-tips'));
    // The shell knows the dialog is open while it shows (its first render once told the layout it had closed).
    expect(await page.getByTestId('shell').getAttribute('data-personal')).toBe('open');
    await dialog.getByTestId('personal-old_password').fill(GOOD_PASSWORD);
    await dialog.getByTestId('personal-password').fill('Brand-new-2026');
    await dialog.getByTestId('personal-confirm').fill('Brand-new-2027');
    await page.getByTestId('personal-submit').click();
    await containsText(dialog, '两次输入的密码不一致');
    await dialog.getByTestId('personal-confirm').fill('Brand-new-2026');
    await page.getByTestId('personal-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('shell').getAttribute('data-personal')).toBe('closed');
    const res = await t.client().post('/account/login', { account: admin.account, password: 'Brand-new-2026' });
    expect(res.data.pass_tips).toBe(false);
    await page.close();
  });

  it('an admin with SMS verification signs in with the code sent to the phone', async () => {
    const roleId = await createRole(t, superToken, ['adminLoginLog']);
    const admin = await createAdmin(t, superToken, { role_id: roleId, phone: '13800138000', code_auth: 1 });
    const page = await browser.browser.newPage({ viewport: { width: 375, height: 812 } });
    const login = new LoginPage(page, t.url);
    await login.open();
    await login.logIn(admin.account, GOOD_PASSWORD);
    await visible(page.getByTestId('login-code'));
    await page.getByTestId('login-send-code').click();
    let code = '';
    await eventually('the code reached the outbox', async () => {
      const sent = (await t.sms.read()).filter((m) => m.phone === '13800138000');
      code = sent.at(-1)?.text.match(/\d{6}/)?.[0] ?? '';
      return code !== '';
    });
    // The resend button counts down.
    await eventually('the resend waits', async () => (await page.getByTestId('login-send-code').isDisabled()));
    await page.getByTestId('login-code').fill('000000' === code ? '111111' : '000000');
    await page.getByTestId('login-submit').click();
    await visible(page.getByTestId('login-error'));
    await page.getByTestId('login-code').fill(code);
    await page.getByTestId('login-submit').click();
    await new ShellPage(page, t.url).waitReady();
    await page.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { LoginPage, ResourceScreen } from './pages/admin';
import { createOwner, signIn } from './pages/owner';
import { eventually, settled, visible } from './pages/see';
import { seriousViolations } from './pages/accessibility';
import { saveScreenshot } from '../helpers/browser';

// Issue 16: an admin arranges a list table (hides and moves columns, resizes them, picks the density) and
// finds it arranged the same after a reload, because it is kept on the server for that admin; another admin
// signing in on the same browser sees the table as it comes.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
const ARRANGER = { account: 'arranger@example.com', password: 'Arrange-pass-2026' };
const OTHER = { account: 'plain@example.com', password: 'Plain-pass-2026' };
const DEFAULT_ORDER = ['id', 'account', 'nickname', 'role_name', 'status', 'last_login_at'];

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...ARRANGER, name: 'Arranger' });
  await createOwner(t, { ...OTHER, name: 'Plain' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** The admin list as the admin sees it: its columns in order, its density, and a column's width. */
class AdminTable {
  constructor(private readonly page: Page) {}
  table = () => this.page.getByTestId('table-admin');
  async columns(): Promise<string[]> {
    return this.table()
      .locator('thead th[data-testid^="column-"]')
      .evaluateAll((ths) => ths.map((th) => th.getAttribute('data-testid')!.replace('column-', '')));
  }
  density = () => this.table().getAttribute('data-density');
  async width(column: string): Promise<number> {
    return Math.round((await this.table().getByTestId(`column-${column}`).boundingBox())!.width);
  }
  handleValue = async (column: string) => Number(await this.table().getByTestId(`column-resize-${column}`).getAttribute('aria-valuenow'));
  async openSettings() {
    await this.table().getByTestId('column-settings-admin').click();
    await visible(this.page.getByTestId('column-settings'));
  }
  async closeSettings() {
    await this.page.keyboard.press('Escape');
    await this.page.getByTestId('column-settings').waitFor({ state: 'hidden' });
  }
  async seeColumns(expected: string[]) {
    await eventually(`the columns are ${expected.join(', ')}`, async () => JSON.stringify(await this.columns()) === JSON.stringify(expected));
  }
}

async function openAdmins(page: Page): Promise<AdminTable> {
  await new ResourceScreen(page, 'admin').waitLoaded();
  return new AdminTable(page);
}

describe('column settings', () => {
  it('an admin hides, moves and resizes columns and changes the density; a reload keeps it; another admin sees the defaults', async () => {
    const { page, shell } = await signIn(browser.browser, t, ARRANGER, { at: '/Admin/index' });
    const table = await openAdmins(page);
    await table.seeColumns(DEFAULT_ORDER);
    expect(await table.density()).toBe('compact');

    await table.openSettings();
    // Hide the nickname, move the role before it, switch to comfortable rows.
    await page.getByTestId('column-toggle-nickname').click();
    await table.seeColumns(['id', 'account', 'role_name', 'status', 'last_login_at']);
    await page.getByTestId('column-up-role_name').click();
    // The list holds the hidden nickname too: the status passes it, then the role.
    await page.getByTestId('column-up-status').click();
    await page.getByTestId('column-up-status').click();
    await table.seeColumns(['id', 'account', 'status', 'role_name', 'last_login_at']);
    await page.getByTestId('density-comfortable').click();
    await eventually('the rows are comfortable', async () => (await table.density()) === 'comfortable');
    await settled(page.getByTestId('column-settings'));
    await saveScreenshot(page, 'column-settings.png');
    // The settings and the resize handles are usable with a screen reader (named, with their values).
    expect(await seriousViolations(page)).toEqual([]);
    await table.closeSettings();

    // Resize "account" with the keyboard and "role_name" by dragging its handle.
    const accountHandle = table.table().getByTestId('column-resize-account');
    await accountHandle.focus();
    const accountBefore = await table.width('account');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await eventually('the account column is wider', async () => Math.abs((await table.width('account')) - (accountBefore + 64)) <= 1);
    const box = (await table.table().getByTestId('column-resize-role_name').boundingBox())!;
    const roleBefore = await table.width('role_name');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2 + 90, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await eventually('the role column is wider', async () => Math.abs((await table.width('role_name')) - (roleBefore + 90)) <= 2);
    const widths = { account: await table.handleValue('account'), role_name: await table.handleValue('role_name') };
    expect(widths.account).toBe(accountBefore + 64);

    // The server has it (saved a moment after the last change), for this admin.
    const token = await t.login(ARRANGER.account, ARRANGER.password);
    await eventually('the settings are saved', async () => {
      const saved = (await t.client(token).get('/admin/preferences')).data.tables.admin;
      return saved?.density === 'comfortable' && saved.widths.role_name === widths.role_name && saved.widths.account === widths.account;
    });

    await page.reload();
    const again = await openAdmins(page);
    await again.seeColumns(['id', 'account', 'status', 'role_name', 'last_login_at']);
    expect(await again.density()).toBe('comfortable');
    await eventually('the widths are back', async () => (await again.width('account')) === widths.account && (await again.width('role_name')) === widths.role_name);
    expect(await again.handleValue('account')).toBe(widths.account);
    await again.openSettings();
    expect(await page.getByTestId('column-toggle-nickname').locator('input').isChecked()).toBe(false);
    await again.closeSettings();

    // Another admin on the same browser, without a reload (sign-in returns to the admin list): the table as it comes.
    await shell.logOut();
    await new LoginPage(page, t.url).logIn(OTHER.account, OTHER.password);
    await shell.waitReady();
    await shell.closePersonalCenter();
    expect(shell.path()).toBe('/Admin/index');
    const theirs = await openAdmins(page);
    await theirs.seeColumns(DEFAULT_ORDER);
    expect(await theirs.density()).toBe('compact');
    await theirs.openSettings();
    expect(await page.getByTestId('columns-reset').isDisabled()).toBe(true);
    await theirs.closeSettings();
    // Back to the first admin's: reset puts the table back for them too.
    await shell.logOut();
    await new LoginPage(page, t.url).logIn(ARRANGER.account, ARRANGER.password);
    await shell.waitReady();
    const mine = await openAdmins(page);
    await mine.seeColumns(['id', 'account', 'status', 'role_name', 'last_login_at']);
    await mine.openSettings();
    await page.getByTestId('columns-reset').click();
    await mine.seeColumns(DEFAULT_ORDER);
    expect(await mine.density()).toBe('compact');
    await eventually('the reset is saved', async () => (await t.client(token).get('/admin/preferences')).data.tables.admin === undefined);
    await page.close();
  });

  it('the last shown column cannot be hidden', async () => {
    const { page } = await signIn(browser.browser, t, OTHER, { at: '/Admin/index' });
    const table = await openAdmins(page);
    await table.openSettings();
    for (const name of DEFAULT_ORDER.slice(1)) await page.getByTestId(`column-toggle-${name}`).click();
    await table.seeColumns(['id']);
    expect(await page.getByTestId('column-toggle-id').locator('input').isDisabled()).toBe(true);
    await page.close();
  });
});

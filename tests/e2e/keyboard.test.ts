import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { asc, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { insertColumn, insertModel, saveContent } from '../helpers/contentFixtures';
import { contents, sites } from '../../server/db/schema/index';
import { LoginPage, ShellPage } from './pages/admin';
import { createOwner, signIn } from './pages/owner';
import { checkTabReachability, focusedName, holdsFocus, tabTo } from './pages/keyboard';
import { containsText, countIs, eventually, pageSettled, visible } from './pages/see';

// Issue 16: every control reachable and usable by keyboard. A user without a mouse signs in, opens a menu
// group and a screen, the content list, closes a tab, opens an article's edit form, changes and saves it,
// opens and closes a dialog and switches the language with Tab, Shift-Tab, Enter, Space, Esc and the arrow keys only. On the
// login page, the dashboard, the content list and the settings, Tab reaches every control, and the focused
// one shows a ring.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let article: { id: number; title: string };
const OWNER = { account: 'keyboard@example.com', password: 'Keyboard-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 3000, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, OWNER);
  const [site] = await t.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
  const column = await insertColumn(t, site!.id, await insertModel(t), { title: '键盘栏目' });
  const api = t.client(await t.login(OWNER.account, OWNER.password), { siteId: site!.id });
  article = await saveContent(api, column, { title: '键盘编辑的文章' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function newPage(): Promise<Page> {
  const page = await browser.browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (e) => {
    throw e;
  });
  return page;
}

describe('a keyboard user', () => {
  it('signs in, opens a menu group, a screen and the content list, closes a tab, edits and saves an article, opens and closes a dialog, and switches the language', async () => {
    const page = await newPage();
    const login = new LoginPage(page, t.url);
    await login.open();
    await tabTo(page, page.getByTestId('login-account'));
    await page.keyboard.type(OWNER.account);
    await tabTo(page, page.getByTestId('login-password'));
    await page.keyboard.type(OWNER.password);
    await page.keyboard.press('Enter');
    const shell = new ShellPage(page, t.url);
    await shell.waitReady();

    // A menu group (system) and one of its screens.
    await tabTo(page, page.getByTestId('top-menu-system'));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByTestId('menu-admin'));
    await page.keyboard.press('Enter');
    await eventually('the admin list opens', async () => shell.path() === '/Admin/index');

    // The content list, from the website group.
    await tabTo(page, page.getByTestId('top-menu-website'), { back: true });
    await page.keyboard.press('Space');
    await tabTo(page, page.getByTestId('menu-content'));
    await page.keyboard.press('Enter');
    await eventually('the content list opens', async () => shell.path().startsWith('/Content/index'));
    const row = shell.view().getByTestId('table-content').locator('tbody tr', { hasText: article.title });
    await visible(row);

    // The admin list's tab, closed from the keyboard (Delete on the focused tab).
    await tabTo(page, page.getByTestId('tab-/Admin/index'), { back: true, max: 150 });
    await page.keyboard.press('Delete');
    await countIs(page.getByTestId('tab-/Admin/index'), 0);
    // A tab's menu opens from the keyboard too (Shift-F10), and Esc closes it.
    await tabTo(page, page.getByTestId('tab-/'), { back: true });
    await page.keyboard.press('Shift+F10');
    const tabMenu = page.getByTestId('tab-menu');
    await visible(tabMenu);
    await eventually('the menu has the focus', async () => holdsFocus(tabMenu));
    await page.keyboard.press('Escape');
    await countIs(tabMenu, 0);

    // An article's edit form: changed and saved.
    await tabTo(page, row.getByRole('button', { name: /^(编辑|Edit)$/ }), { max: 150 });
    await page.keyboard.press('Enter');
    const editor = page.getByTestId('content-editor');
    await visible(editor.getByTestId('content-title'));
    await tabTo(page, editor.getByTestId('content-title'), { max: 150 });
    await page.keyboard.press('End');
    await page.keyboard.type('（已改）');
    await tabTo(page, editor.getByTestId('content-save'), { max: 150 });
    await page.keyboard.press('Enter');
    await eventually(
      'the new title is stored',
      async () => (await t.db.select({ title: contents.title }).from(contents).where(eq(contents.id, article.id)))[0]?.title === `${article.title}（已改）`,
    );

    // A dialog: the personal center, from the user menu; Esc closes it and the focus returns to the page.
    await tabTo(page, page.getByTestId('user-menu'), { back: true, max: 150 });
    await page.keyboard.press('Enter');
    await eventually('the user menu has the focus', async () => (await focusedName(page)) !== 'user-menu');
    // Esc closes the menu and gives the focus back to its button; Enter opens it again.
    await page.keyboard.press('Escape');
    await eventually('the focus is back on the user menu button', async () => (await focusedName(page)) === 'user-menu');
    await page.keyboard.press('Enter');
    await eventually('the user menu has the focus again', async () => (await focusedName(page)) !== 'user-menu');
    while ((await focusedName(page)) !== 'open-personal') await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('personal-dialog');
    await visible(dialog);
    await eventually('the focus is in the dialog', async () => holdsFocus(dialog));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The language: the switch's menu, arrow down to English, Enter.
    await tabTo(page, page.getByTestId('language-switch').first(), { back: true, max: 150 });
    await page.keyboard.press('Enter');
    await eventually('the language menu has the focus', async () => (await focusedName(page)).startsWith('language-') && (await focusedName(page)) !== 'language-switch');
    for (let i = 0; i < 5 && (await focusedName(page)) !== 'language-en'; i += 1) await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('language-en');
    await page.keyboard.press('Enter');
    await containsText(page.getByTestId('top-menu-website'), 'Website');
    expect(await page.evaluate(() => document.documentElement.lang)).toMatch(/^en/);
    await page.close();
  });
});

describe('every control is reachable by Tab, with a visible focus ring', () => {
  const screens: Array<{ name: string; open: () => Promise<Page> }> = [
    {
      name: 'the login page',
      open: async () => {
        const page = await newPage();
        await new LoginPage(page, t.url).open();
        await pageSettled(page);
        return page;
      },
    },
    ...[
      { name: 'the dashboard', at: '/', ready: (page: Page) => visible(page.getByTestId('stat-sites')) },
      { name: 'the content list', at: '/Content/index', ready: (page: Page) => visible(page.getByTestId('page-content')) },
      { name: 'the settings', at: '/SysSetting/index', ready: (page: Page) => visible(page.getByTestId('page-sysSetting')) },
    ].map(({ name, at, ready }) => ({
      name,
      open: async () => {
        const { page } = await signIn(browser.browser, t, OWNER, { at });
        await ready(page);
        await pageSettled(page);
        return page;
      },
    })),
  ];

  for (const screen of screens) {
    it(`on ${screen.name}`, async () => {
      const page = await screen.open();
      const result = await checkTabReachability(page);
      expect(result.checked).toBeGreaterThan(1);
      expect(result.unreached, `not reached by Tab (${result.presses} presses)`).toEqual([]);
      expect(result.noRing, 'no visible focus ring').toEqual([]);
      await page.close();
    });
  }
});

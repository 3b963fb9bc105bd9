import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { startTestApp, SUPER_ACCOUNT, SUPER_PASSWORD, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { saveContent } from '../helpers/contentFixtures';
import { createOwner, signIn } from './pages/owner';
import { ContentListScreen } from './pages/content';
import { containsText, eventually, visible } from './pages/see';
import { EditorPage } from './harness/editorPage';
import { categories, contents } from '../../server/db/schema/index';
import type { ContentListItem } from '../../models/content';
import { DEFAULT_PAGE_SIZE } from '../../models/constants';

// Issue 16, the conventions editors expect: a fresh install publishes at once (the starter model and
// column), and a list's page, page size and filters live in its URL (reload, back, a shared link).

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let newsId: number;
let siteId: number;
const OWNER = { account: 'lists@example.com', password: 'Lists-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true, starter: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: '列表' });
  [{ id: newsId, siteId }] = (await t.db.select({ id: categories.id, siteId: categories.siteId }).from(categories).where(eq(categories.alias, 'news'))) as [
    { id: number; siteId: number },
  ];
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('a fresh install publishes at once', () => {
  it('the first admin writes an article in the starter news column and the public site shows it', async () => {
    // The install's only admin, once they chose their own password (so the prompt to change it stays shut).
    const first = { account: SUPER_ACCOUNT, password: 'First-pass-2026' };
    const changed = await t.client(await t.login()).post('/admin/selfUpdate', { name: '站长', phone: '', code_auth: 2, old_password: SUPER_PASSWORD, password: first.password });
    expect(changed.code, changed.msg).toBe(0);
    const { page, shell } = await signIn(browser.browser, t, first);
    await shell.openTopMenu('website');
    await shell.openMenu('content');
    await visible(page.getByTestId('page-content'));
    // The column is there already: no model or column to make first.
    await containsText(page.getByTestId(`column-${newsId}`), '新闻动态');
    await page.getByTestId(`column-${newsId}`).click();
    await page.getByTestId('content-add').click();
    await visible(page.getByTestId('content-editor'));
    await page.getByTestId('content-title').fill('榕树正式上线');
    const editor = new EditorPage(page);
    await editor.content().click();
    await editor.type('第一篇文章，开箱即发。');
    await page.getByTestId('content-publish').click();
    await eventually('the article is saved', async () => new URL(page.url()).pathname.startsWith('/admin/updateContent'));
    const [article] = await t.db.select().from(contents).where(eq(contents.title, '榕树正式上线'));
    expect(article).toMatchObject({ status: 1, categoryId: newsId });

    // A visitor finds it in the news column (the default site answers on "localhost") and opens it.
    await page.goto(t.url.replace('127.0.0.1', 'localhost') + '/news/');
    const link = page.getByRole('link', { name: '榕树正式上线' }).first();
    await visible(link);
    await link.click();
    await containsText(page.locator('body'), '第一篇文章，开箱即发。');
    await page.close();
  });
});

describe('list state lives in the URL', () => {
  beforeAll(async () => {
    const api = t.client(await t.login(OWNER.account, OWNER.password), { siteId });
    for (let i = 1; i <= 45; i++) await saveContent(api, newsId, { title: `新闻稿 ${String(i).padStart(2, '0')}`, status: 1 });
    for (let i = 1; i <= 5; i++) await saveContent(api, newsId, { title: `公告 ${i}`, status: 1 });
  });

  /** The titles the server lists for that query: what the screen must show. */
  const expectedTitles = async (query: Record<string, unknown>) => {
    const res = await t.client(await t.login(OWNER.account, OWNER.password), { siteId }).get<ContentListItem[]>('/content/index', query);
    return res.data.map((r) => r.title);
  };
  const shownRows = (page: Page) => page.locator('[data-testid="main"] > div:not([hidden])').getByTestId('table-content').locator('tbody tr').allTextContents();
  const seeList = async (page: Page, query: Record<string, unknown>, filter: string, pageNo: string) => {
    const want = await expectedTitles({ limit: DEFAULT_PAGE_SIZE, ...query });
    await eventually(`the list shows ${JSON.stringify(query)}`, async () => {
      const rows = await shownRows(page);
      return rows.length === want.length && want.every((title, i) => rows[i]!.includes(title));
    });
    const view = page.locator('[data-testid="main"] > div:not([hidden])');
    expect(await view.getByTestId('filter-keyword').inputValue()).toBe(filter);
    await containsText(view.getByTestId('pagination').locator('[aria-current="page"]'), pageNo);
  };
  const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

  it('filters, page size and page survive a reload, step back one by one, and a copied link opens the same list', async () => {
    const { page, shell } = await signIn(browser.browser, t, OWNER);
    const list = new ContentListScreen(page, shell);
    await list.open();
    const view = shell.view();
    await view.getByTestId('filter-keyword').fill('新闻稿');
    await view.getByTestId('filter-apply').click();
    await eventually('the filter is in the URL', async () => search(page).keyword === '新闻稿');
    await seeList(page, { keyword: '新闻稿' }, '新闻稿', '1');
    await view.getByTestId('pagination').locator('select').selectOption('10');
    await eventually('the page size is in the URL', async () => search(page).limit === '10');
    await seeList(page, { keyword: '新闻稿', limit: 10 }, '新闻稿', '1');
    await view.getByTestId('pagination').getByRole('button', { name: '2', exact: true }).click();
    await eventually('the page is in the URL', async () => search(page).page === '2');
    expect(search(page)).toEqual({ keyword: '新闻稿', limit: '10', page: '2' });
    await seeList(page, { keyword: '新闻稿', limit: 10, page: 2 }, '新闻稿', '2');
    const shared = page.url();

    // Reload: the same list.
    await page.reload();
    await shell.waitReady();
    await seeList(page, { keyword: '新闻稿', limit: 10, page: 2 }, '新闻稿', '2');

    // Back, step by step: page 1 at 10 a page, then 20 (the default), then no filter; forward again.
    await page.goBack();
    await eventually('back to page 1', async () => search(page).page === undefined && search(page).limit === '10');
    await seeList(page, { keyword: '新闻稿', limit: 10 }, '新闻稿', '1');
    await page.goBack();
    await eventually('back to 20 a page', async () => search(page).limit === undefined && search(page).keyword === '新闻稿');
    await seeList(page, { keyword: '新闻稿' }, '新闻稿', '1');
    await page.goBack();
    await eventually('back to no filter', async () => search(page).keyword === undefined);
    await seeList(page, {}, '', '1');
    for (let i = 0; i < 3; i++) await page.goForward();
    await eventually('forward to page 2', async () => search(page).page === '2');
    await seeList(page, { keyword: '新闻稿', limit: 10, page: 2 }, '新闻稿', '2');

    // Another tab and back to this one: the tab returns to the list as it was.
    await shell.openTopMenu('system');
    await shell.openMenu('admin');
    await visible(page.getByTestId('page-admin'));
    await page.getByTestId('tab-/Content/index').click();
    await eventually('the tab returns to its query', async () => search(page).page === '2' && search(page).keyword === '新闻稿');
    await seeList(page, { keyword: '新闻稿', limit: 10, page: 2 }, '新闻稿', '2');

    // The copied link, opened by a colleague who signs in first, shows the same list.
    const { page: other } = await signIn(browser.browser, t, OWNER, { at: new URL(shared).pathname.replace(/^\/admin/, '') + new URL(shared).search });
    await eventually('the link opens on its query', async () => search(other).page === '2');
    await seeList(other, { keyword: '新闻稿', limit: 10, page: 2 }, '新闻稿', '2');
    await other.close();
    await page.close();
  });
});

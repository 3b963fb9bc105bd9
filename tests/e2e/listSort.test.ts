import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq, inArray } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { saveContent } from '../helpers/contentFixtures';
import { createOwner, signIn } from './pages/owner';
import { ContentListScreen } from './pages/content';
import type { ShellPage } from './pages/admin';
import { eventually, visible } from './pages/see';
import { categories, contents } from '../../server/db/schema/index';
import type { ContentListItem } from '../../models/content';

// Issue 16: a list's sort lives in its URL like its filters. An editor sorts the content list by a column
// header (click, then Enter on the focused header for the other way), and the order and its arrow survive a
// reload, step back with the browser's back button, and come with a copied link.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let newsId: number;
let siteId: number;
const OWNER = { account: 'sorting@example.com', password: 'Sorting-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true, starter: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: '排序' });
  [{ id: newsId, siteId }] = (await t.db.select({ id: categories.id, siteId: categories.siteId }).from(categories).where(eq(categories.alias, 'news'))) as [
    { id: number; siteId: number },
  ];
  const api = t.client(await t.login(OWNER.account, OWNER.password), { siteId });
  const ids: number[] = [];
  for (let i = 1; i <= 8; i++) ids.push((await saveContent(api, newsId, { title: `排序稿 ${i}`, status: 1 })).id);
  // Views in an order of their own, neither the default order (newest first) nor its reverse.
  const views = [30, 10, 80, 50, 20, 70, 40, 60];
  for (const [i, id] of ids.entries()) await t.db.update(contents).set({ views: views[i]! }).where(inArray(contents.id, [id]));
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('the content list keeps its sort in the URL', () => {
  /** The titles the server lists for that query: what the screen must show. */
  const expectedTitles = async (query: Record<string, unknown>) => {
    const res = await t.client(await t.login(OWNER.account, OWNER.password), { siteId }).get<ContentListItem[]>('/content/index', query);
    return res.data.map((r) => r.title);
  };
  const search = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
  const header = (shell: ShellPage) => shell.view().getByTestId('column-views');

  /** The rows in the server's order for that sort, and the header's arrow and aria-sort saying so. */
  async function seeSorted(page: Page, shell: ShellPage, order: 'asc' | 'desc' | undefined) {
    const want = await expectedTitles(order ? { orderBy: 'views', order } : {});
    await eventually(`the list shows views ${order ?? 'unsorted'}`, async () => {
      const rows = await shell.view().getByTestId('table-content').locator('tbody tr').allTextContents();
      return rows.length === want.length && want.every((title, i) => rows[i]!.includes(title));
    });
    expect(await header(shell).getAttribute('aria-sort')).toBe(order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none');
    const arrow = shell.view().getByTestId('sort-arrow-views');
    expect(await arrow.getAttribute('data-order')).toBe(order ?? 'none');
    await visible(arrow.locator('svg'));
  }

  it('sorted by views: reload keeps the order and arrow, back returns to the sort before, a copied link opens sorted', async () => {
    const { page, shell } = await signIn(browser.browser, t, OWNER);
    const list = new ContentListScreen(page, shell);
    await list.open();
    await seeSorted(page, shell, undefined);

    // A click sorts up; Enter on the focused header sorts down.
    await shell.view().getByTestId('sort-views').click();
    await eventually('the sort is in the URL', async () => search(page).orderBy === 'views' && search(page).order === 'asc');
    await seeSorted(page, shell, 'asc');
    await shell.view().getByTestId('sort-views').focus();
    await page.keyboard.press('Enter');
    await eventually('the other way is in the URL', async () => search(page).order === 'desc');
    await seeSorted(page, shell, 'desc');
    expect(search(page)).toEqual({ orderBy: 'views', order: 'desc' });
    const shared = page.url();

    // Reload: the same order, the same arrow.
    await page.reload();
    await shell.waitReady();
    await seeSorted(page, shell, 'desc');

    // Back: the sort before, then no sort; forward again.
    await page.goBack();
    await eventually('back to ascending', async () => search(page).order === 'asc');
    await seeSorted(page, shell, 'asc');
    await page.goBack();
    await eventually('back to the default order', async () => search(page).orderBy === undefined);
    await seeSorted(page, shell, undefined);
    await page.goForward();
    await page.goForward();
    await eventually('forward to descending', async () => search(page).order === 'desc');
    await seeSorted(page, shell, 'desc');

    // The copied link, opened in a fresh page by a colleague who signs in first.
    const { page: other, shell: otherShell } = await signIn(browser.browser, t, OWNER, { at: new URL(shared).pathname.replace(/^\/admin/, '') + new URL(shared).search });
    await eventually('the link opens on its sort', async () => search(other).orderBy === 'views' && search(other).order === 'desc');
    await seeSorted(other, otherShell, 'desc');
    await other.close();
    await page.close();
  });
});

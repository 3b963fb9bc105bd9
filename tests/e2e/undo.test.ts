import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { asc, eq, inArray } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { insertColumn, insertModel, saveContent } from '../helpers/contentFixtures';
import { categories, contents, sites } from '../../server/db/schema/index';
import { createOwner, signIn } from './pages/owner';
import { ContentListScreen } from './pages/content';
import { Toasts } from './pages/toasts';
import { containsText, countIs, eventually, visible } from './pages/see';

// Issue 16: what goes to the recycle bin is deleted at once, and the toast's Undo brings it back; only a
// delete that cannot be undone (for good, from the recycle bin) still asks first.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let siteId: number;
let column: number;
const OWNER = { account: 'undo.owner@example.com', password: 'Owner-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 3000, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, OWNER);
  const [site] = await t.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
  siteId = site!.id;
  column = await insertColumn(t, siteId, await insertModel(t), { title: '公司新闻' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const ownerApi = async () => t.client(await t.login(OWNER.account, OWNER.password), { siteId });
const deletedAt = async (ids: number[]) => (await t.db.select({ id: contents.id, deletedAt: contents.deletedAt }).from(contents).where(inArray(contents.id, ids))).map((r) => r.deletedAt);

async function onContentList() {
  const { page, shell } = await signIn(browser.browser, t, OWNER);
  const list = new ContentListScreen(page, shell);
  await list.open();
  return { page, shell, list, toasts: new Toasts(page) };
}

describe('undo after a delete', () => {
  it('an article deleted from the list goes at once, without a confirm, and Undo in the toast brings it back', async () => {
    const article = await saveContent(await ownerApi(), column, { title: '撤销单条测试' });
    const { page, list, toasts } = await onContentList();
    await list.seeRow(article.title);
    await list.deleteAction(article.title).click();
    await toasts.seeUndoIn('已删除 1 项');
    await toasts.seeNoConfirm('confirm-delete');
    await countIs(list.row(article.title), 0);
    expect((await deletedAt([article.id]))[0]).not.toBeNull();

    await toasts.undo('已删除 1 项');
    await list.seeRow(article.title);
    await eventually('the article is live again', async () => (await deletedAt([article.id]))[0] === null);
    await page.close();
  });

  it('two selected articles deleted together come back together with one Undo', async () => {
    const api = await ownerApi();
    const a = await saveContent(api, column, { title: '批量撤销甲' });
    const b = await saveContent(api, column, { title: '批量撤销乙' });
    const { page, list, toasts } = await onContentList();
    for (const title of [a.title, b.title]) {
      await list.seeRow(title);
      await list.row(title).getByRole('checkbox').check({ force: true });
    }
    await page.getByTestId('content-bulk').click();
    await page.getByTestId('bulk-delete').click();
    await toasts.seeUndoIn('已删除 2 项');
    await toasts.seeNoConfirm('confirm-delete');
    await countIs(list.row(a.title), 0);
    await countIs(list.row(b.title), 0);
    expect(await deletedAt([a.id, b.id])).not.toContain(null);

    await toasts.undo('已删除 2 项');
    await list.seeRow(a.title);
    await list.seeRow(b.title);
    await eventually('both articles are live again', async () => (await deletedAt([a.id, b.id])).every((d) => d === null));
    await page.close();
  });

  it('in English, the toast says how many were deleted and offers Undo', async () => {
    const article = await saveContent(await ownerApi(), column, { title: 'Undo in English' });
    const { page, shell } = await signIn(browser.browser, t, OWNER, { lang: 'en' });
    const list = new ContentListScreen(page, shell);
    await list.open();
    await list.deleteAction(article.title).click();
    await new Toasts(page).seeUndoIn('1 deleted', 'Undo');
    await page.close();
  });
});

describe('undo after deleting a column', () => {
  it('a column deleted from the column list goes at once, and Undo brings it back', async () => {
    const doomed = await insertColumn(t, siteId, await insertModel(t), { title: '临时栏目' });
    const { page } = await signIn(browser.browser, t, OWNER, { at: '/Category/index' });
    const toasts = new Toasts(page);
    const row = page.getByTestId('page-category').getByTestId(`row-${doomed}`);
    await visible(row);
    await page.getByTestId('page-category').getByTestId(`delete-${doomed}`).click();
    await toasts.seeUndoIn('已删除 1 项');
    await toasts.seeNoConfirm('confirm-delete');
    await countIs(row, 0);
    expect((await t.db.select({ deletedAt: categories.deletedAt }).from(categories).where(eq(categories.id, doomed)))[0]!.deletedAt).not.toBeNull();

    await toasts.undo('已删除 1 项');
    await visible(row);
    await eventually('the column is live again', async () => (await t.db.select({ deletedAt: categories.deletedAt }).from(categories).where(eq(categories.id, doomed)))[0]!.deletedAt === null);
    await page.close();
  });
});

describe('undo after a bulk action', () => {
  it('unpublishing a published and a draft article together, Undo in the toast gives each its own status back', async () => {
    const api = await ownerApi();
    const live = await saveContent(api, column, { title: '批量状态撤销甲', status: 1 });
    const draft = await saveContent(api, column, { title: '批量状态撤销乙', status: 2 });
    const statusOf = async () =>
      Object.fromEntries((await t.db.select({ id: contents.id, status: contents.status }).from(contents).where(inArray(contents.id, [live.id, draft.id]))).map((r) => [r.id, r.status]));
    expect(await statusOf()).toEqual({ [live.id]: 1, [draft.id]: 2 });
    const { page, list, toasts } = await onContentList();
    for (const title of [live.title, draft.title]) {
      await list.seeRow(title);
      await list.row(title).getByRole('checkbox').check({ force: true });
    }
    await page.getByTestId('content-bulk').click();
    await page.getByTestId('bulk-unpublish').click();
    await toasts.seeUndoIn('操作成功');
    await eventually('both are drafts', async () => JSON.stringify(await statusOf()) === JSON.stringify({ [live.id]: 2, [draft.id]: 2 }));

    await toasts.undo('操作成功');
    // Each back to what it was: the published one published again, the draft still a draft.
    await eventually('each has its own status back', async () => JSON.stringify(await statusOf()) === JSON.stringify({ [live.id]: 1, [draft.id]: 2 }));
    await page.close();
  });
});

describe('a delete that cannot be undone', () => {
  it('deleting for good from the recycle bin still asks to confirm, and cancelling keeps the record', async () => {
    const article = await saveContent(await ownerApi(), column, { title: '永久删除测试' });
    const del = await (await ownerApi()).post('/content/delete', { ids: [article.id] });
    expect(del.code).toBe(0);
    const { page } = await signIn(browser.browser, t, OWNER, { at: '/RecycleBin/index' });
    const row = page.getByTestId(`bin-row-content:${article.id}`);
    await visible(row);
    await page.getByTestId(`purge-content:${article.id}`).click();
    await visible(page.getByTestId('confirm-bin'));
    await containsText(page.getByTestId('confirm-bin'), '无法恢复');
    await page.getByTestId('confirm-bin-cancel').click();
    await visible(row);
    expect(await t.db.select({ id: contents.id }).from(contents).where(eq(contents.id, article.id))).toHaveLength(1);
    await page.close();
  });
});

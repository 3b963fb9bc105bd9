import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { asc } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { createRole } from '../helpers/fixtures';
import { insertColumn, insertModel, saveContent } from '../helpers/contentFixtures';
import { createOwner, signIn } from './pages/owner';
import { createReviewer } from './pages/audit';
import { ContentEditorScreen, ContentListScreen } from './pages/content';
import { countIs, eventually, pageSettled, visible } from './pages/see';
import { sites } from '../../server/db/schema/index';

// Issue 18, as seen from outside: publishing in a column with an audit flow, buttons a role may not use,
// and the content list's row actions on a phone.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let siteId: number;
let plain: number;
let audited: number;
const OWNER = { account: 'owner.actions@example.com', password: 'Owner-pass-2026', name: '站长' };
const READER = { account: 'reader.actions@example.com', password: 'Reader-pass-2026', name: '只读编辑' };
const WRITER = { account: 'writer.actions@example.com', password: 'Writer-pass-2026', name: '写作编辑' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 3000, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, OWNER);
  const superToken = await t.login();
  const [site] = await t.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
  siteId = site!.id;
  const model = await insertModel(t);
  plain = await insertColumn(t, siteId, model, { title: '公司新闻' });
  audited = await insertColumn(t, siteId, model, { title: '审核公告' });
  const ownerApi = t.client(await t.login(OWNER.account, OWNER.password), { siteId });
  const ownerId = (await ownerApi.get<{ id: number }>('/admin/current')).data.id;
  const flow = await ownerApi.post('/auditFlow/save', { category_id: audited, steps: [{ mode: 'either', reviewers: [ownerId] }] });
  if (flow.code !== 0) throw new Error(`auditFlow/save failed: ${flow.msg}`);
  // A role that may read and delete content and list columns and models, but not add or edit them.
  await createReviewer(t, superToken, await createRole(t, superToken, ['content', 'category', 'module']), { ...READER, siteId });
  await createReviewer(t, superToken, await createRole(t, superToken, ['content', 'addContent', 'updateContent', 'category', 'addColumn', 'updateColumn']), { ...WRITER, siteId });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function shot(page: Page, name: string) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await pageSettled(page);
  await saveScreenshot(page, `${name}.png`);
}

const ownerApi = async () => t.client(await t.login(OWNER.account, OWNER.password), { siteId });

describe('publishing in a column with an audit flow', () => {
  it('an editor saves and submits for review where only the audit publishes; the status stays what the server stored', async () => {
    const article = await saveContent(await ownerApi(), audited, { title: '年度审核公告', status: 2 });
    const { page } = await signIn(browser.browser, t, OWNER, { at: `/updateContent?id=${article.id}` });
    const editor = new ContentEditorScreen(page);
    await editor.waitLoaded();
    await editor.seeStoredStatus('草稿');
    await editor.seePublishButtonSays('保存并提交审核');
    await editor.publish();
    await editor.seeAuditState('reviewing');
    await editor.seeStoredStatus('草稿');
    await shot(page, 'content-editor-audited-zh-1440');
    expect((await (await ownerApi()).get<{ status: number; check_status: string }>('/content/read', { id: article.id })).data).toMatchObject({ status: 2, check_status: 'reviewing' });
    await countIs(page.getByTestId('toast-error'), 0);
  });

  it('a new article there is saved and submitted for review in one click, then opens as in review', async () => {
    const { page, shell } = await signIn(browser.browser, t, OWNER, { at: `/addContent?category_id=${audited}` });
    const editor = new ContentEditorScreen(page);
    await editor.waitLoaded();
    await editor.fillTitle('新建即送审的公告');
    await editor.seePublishButtonSays('保存并提交审核');
    await editor.publish();
    await eventually('the article is saved', async () => shell.path().startsWith('/updateContent'));
    await editor.seeAuditState('reviewing');
    await editor.seeStoredStatus('草稿');

    // The same article on a phone, in English.
    const phone = await signIn(browser.browser, t, OWNER, { at: shell.path(), width: 375, height: 800, lang: 'en' });
    const small = new ContentEditorScreen(phone.page);
    await small.waitLoaded();
    await small.seePublishButtonSays('Save and submit for review');
    await small.seeAuditState('reviewing');
    await shot(phone.page, 'content-editor-audited-en-375');
  });

  it('choosing "published" by hand is refused there, and the badge keeps saying draft', async () => {
    const article = await saveContent(await ownerApi(), audited, { title: '手动发布的公告', status: 2 });
    const { page } = await signIn(browser.browser, t, OWNER, { at: `/updateContent?id=${article.id}` });
    const editor = new ContentEditorScreen(page);
    await editor.waitLoaded();
    await editor.chooseStatus('已发布');
    await editor.save();
    await editor.seeErrorToast('审核');
    await editor.seeStoredStatus('草稿');
    await countIs(page.getByTestId('content-stored-status').filter({ hasText: '已发布' }), 0);
  });

  it('in a column without a flow, save and publish publishes', async () => {
    const article = await saveContent(await ownerApi(), plain, { title: '直接发布的新闻', status: 2 });
    const { page } = await signIn(browser.browser, t, OWNER, { at: `/updateContent?id=${article.id}`, lang: 'en' });
    const editor = new ContentEditorScreen(page);
    await editor.waitLoaded();
    await editor.seePublishButtonSays('Save and publish');
    await editor.publish();
    await editor.seeStoredStatus('Published');
    await shot(page, 'content-editor-published-en-1440');
  });
});

describe('buttons follow the role', () => {
  it('a role without adding or editing content and columns sees no add or edit buttons, and still deletes', async () => {
    const article = await saveContent(await ownerApi(), plain, { title: '只读可见的新闻' });
    const { page, shell } = await signIn(browser.browser, t, READER, { at: '/Content/index' });
    const list = new ContentListScreen(page, shell);
    await list.seeRow(article.title);
    await visible(list.deleteAction(article.title));
    await list.dontSeeAddButton();
    await list.dontSeeEdit(article.title);
    await shot(page, 'content-list-reader-zh-1440');

    await shell.go('/Category/index');
    const columns = shell.view().getByTestId('table-category');
    await visible(columns.locator('tbody tr', { hasText: '公司新闻' }));
    await countIs(shell.view().getByTestId('page-category').getByTestId('create'), 0);
    await countIs(columns.locator(`[data-testid="edit-${plain}"], [data-testid="add-child-${plain}"]`), 0);
    await visible(columns.getByTestId(`delete-${plain}`));
    await shot(page, 'category-reader-zh-1440');

    await shell.go('/Module/index');
    await visible(shell.view().getByTestId('table-module').locator('tbody tr'));
    await countIs(shell.view().getByTestId('table-module').locator('[data-testid^="fields-"]'), 0);
  });

  it('a role that may add and edit sees those buttons, and they open their pages', async () => {
    const article = await saveContent(await ownerApi(), plain, { title: '可编辑的新闻' });
    const { page, shell } = await signIn(browser.browser, t, WRITER, { at: '/Content/index' });
    const list = new ContentListScreen(page, shell);
    await list.seeAddButton();
    await list.seeEditAndDelete(article.title);
    await shot(page, 'content-list-writer-zh-1440');
    await list.editAction(article.title).click();
    await eventually('the edit page opens', async () => shell.path().startsWith('/updateContent'));
    await new ContentEditorScreen(page).waitLoaded();

    await shell.go('/Category/index');
    const columns = shell.view().getByTestId('table-category');
    await visible(columns.getByTestId(`edit-${plain}`));
    await visible(columns.getByTestId(`add-child-${plain}`));
  });
});

describe('the content list on a phone', () => {
  it('at 375 px a row can still be edited and deleted without the page scrolling sideways', async () => {
    const article = await saveContent(await ownerApi(), plain, { title: '一条标题相当长的手机端新闻，用来把表格撑得比屏幕更宽一些' });
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const lang of ['zh', 'en'] as const) {
      const { page, shell } = await signIn(browser.browser, t, OWNER, { at: '/Content/index', width: 375, height: 800, lang });
      const list = new ContentListScreen(page, shell);
      await list.seeRow(article.title);
      expect(await list.withinReach(list.editAction(article.title))).toBe(true);
      expect(await list.withinReach(list.deleteAction(article.title))).toBe(true);
      await pageSettled(page);
      expect(await list.pageScrollsSideways()).toBe(false);
      await saveScreenshot(page, `content-list-${lang}-375.png`, { fullPage: true });
      await list.row(article.title).hover();
      await shot(page, `content-list-hover-${lang}-375`);
      await list.editAction(article.title).click();
      await eventually('the edit page opens', async () => shell.path().startsWith('/updateContent'));
      await new ContentEditorScreen(page).waitLoaded();
      await shot(page, `content-editor-${lang}-375`);
      await page.close();
    }
  });
});

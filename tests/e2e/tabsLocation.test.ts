import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { asc } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, saveScreenshot } from '../helpers/browser';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { insertContent } from '../helpers/sites';
import { createOwner, signIn } from './pages/owner';
import { containsText, eventually, pageSettled, visible } from './pages/see';
import { ColumnPrompt, ContentEditor, TabsBar } from './pages/leaving';
import { sites } from '../../server/db/schema/index';

// Issue 18, seen from outside: a tab keeps the whole address of its page (an edit page's ?id=), the add
// page without a column asks for one instead of failing, and /redirect/{path} reaches paths with slashes.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let column: number;
let article: number;
const OWNER = { account: 'tabs.owner@example.com', password: 'Tabs-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 3000, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, OWNER);
  const [site] = await t.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
  column = await insertColumn(t, site!.id, await insertModel(t), { title: '新闻中心' });
  article = await insertContent(t, site!.id, column, { title: '榕树开园' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const signedIn = (at = '/', width = 1440) => signIn(browser.browser, t, OWNER, { at, width });

describe('tabs keep where their page was', () => {
  it('an edit tab keeps its item: switching to another tab and back returns to the same article', async () => {
    const { page, shell } = await signedIn();
    const tabs = new TabsBar(page);
    const editor = new ContentEditor(page);
    await shell.go(`/updateContent?id=${article}`);
    await editor.waitLoaded();
    await eventually('the article is loaded', async () => (await editor.title().inputValue()) === '榕树开园');

    // Another page, opened from the menu (the article's tab stays).
    await shell.openMenu('content');
    await visible(page.getByTestId('page-content'));
    await eventually('the content list is shown', async () => shell.path() === '/Content/index');
    await tabs.switchTo('/updateContent');
    await eventually('the address is the article again', async () => shell.path() === `/updateContent?id=${article}`);
    await editor.waitLoaded();
    await editor.seeNoLoadError();
    await expect.poll(() => editor.title().inputValue(), { timeout: 20_000 }).toBe('榕树开园');

    // Through the dashboard tab and back, by clicking tabs only.
    await tabs.switchTo('/');
    await eventually('the dashboard is shown', async () => shell.path() === '/');
    await tabs.switchTo('/updateContent');
    await eventually('the address is the article again', async () => shell.path() === `/updateContent?id=${article}`);
    await expect.poll(() => editor.title().inputValue(), { timeout: 20_000 }).toBe('榕树开园');
    await editor.seeNoLoadError();
    await page.close();
  });

  it('adding content with no column chosen asks for a column, and choosing one opens its form', async () => {
    for (const [lang, width] of [['zh', 1440], ['en', 375], ['zh', 375], ['en', 1440]] as const) {
      const { page, shell } = await signedIn('/', width);
      if (lang === 'en') await shell.switchLanguage('en');
      await shell.go('/addContent');
      const prompt = new ColumnPrompt(page);
      await prompt.see(lang === 'zh' ? '请选择栏目' : 'Choose a column');
      expect(await page.getByTestId('load-error').count()).toBe(0);
      await pageSettled(page);
      await saveScreenshot(page, `content-choose-column-${lang}-${width}.png`, { fullPage: true });
      await prompt.choose('新闻中心');
      await eventually('the address names the column', async () => shell.path() === `/addContent?category_id=${column}`);
      await new ContentEditor(page).waitLoaded();
      await page.close();
    }
  });

  it('"all columns" in the content list, then Add, asks for a column rather than failing', async () => {
    const { page, shell } = await signedIn();
    await shell.go('/Content/index');
    await visible(page.getByTestId('page-content'));
    await page.getByTestId('content-add').click();
    await new ColumnPrompt(page).see('请选择栏目');
    expect(await page.getByTestId('load-error').count()).toBe(0);
    // Back to the list from the prompt.
    await new ColumnPrompt(page).root().getByTestId('content-column-list').click();
    await eventually('the content list is shown', async () => shell.path() === '/Content/index');
    await page.close();
  });
});

describe('the reload helper', () => {
  it('/redirect/{path} lands on a path with slashes, keeping its query', async () => {
    const { page, shell } = await signedIn();
    await shell.go('/redirect/Category/index');
    await visible(page.getByTestId('page-category'));
    expect(shell.path()).toBe('/Category/index');

    // (A page past the list's end would be corrected to its last page: the list's URL shows its state.)
    await shell.go('/redirect/Content/index?keyword=%E6%A6%95%E6%A0%91&limit=10');
    await visible(page.getByTestId('page-content'));
    await eventually('the query is kept', async () => new URLSearchParams(new URL(page.url()).search).get('keyword') === '榕树');
    expect(new URL(page.url()).pathname).toBe('/admin/Content/index');
    await containsText(page.getByTestId('tabs-bar'), '内容');
    await page.close();
  });
});

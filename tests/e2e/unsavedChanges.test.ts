import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { asc, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, saveScreenshot } from '../helpers/browser';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { insertContent } from '../helpers/sites';
import { createOwner, signIn } from './pages/owner';
import { eventually, pageSettled, settled, visible } from './pages/see';
import { ContentEditor, DiscardQuestion, TabsBar } from './pages/leaving';
import { contents, sites } from '../../server/db/schema/index';

// Issue 18: work typed into a full-page form (the content editor, the column form) is never lost
// silently. Leaving in the app — the menu, the browser's back, closing the page's tab — asks first;
// reloading or closing the browser tab asks through the browser; after saving nothing asks.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let column: number;
let article: number;
const OWNER = { account: 'unsaved.owner@example.com', password: 'Unsaved-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 3000, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, OWNER);
  const [site] = await t.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
  column = await insertColumn(t, site!.id, await insertModel(t), { title: '公告' });
  article = await insertContent(t, site!.id, column, { title: '原来的标题' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const signedIn = (width = 1440) => signIn(browser.browser, t, OWNER, { width });

/** Counts the browser's own "leave site?" questions, declining each (the page stays). */
function browserQuestions(page: Page) {
  const asked: string[] = [];
  page.on('dialog', (d) => {
    asked.push(d.type());
    void d.dismiss();
  });
  return asked;
}

describe('unsaved work on full-page forms', () => {
  it('the content editor asks before the menu, back or closing its tab drops a changed title; keep editing keeps it', async () => {
    const { page, shell } = await signedIn();
    const editor = new ContentEditor(page);
    const question = new DiscardQuestion(page);
    const tabs = new TabsBar(page);
    await shell.openMenu('content');
    await visible(page.getByTestId('page-content'));
    await page.getByTestId(`edit-content-${article}`).click();
    await editor.waitLoaded();
    await eventually('the article is loaded', async () => (await editor.title().inputValue()) === '原来的标题');
    await editor.typeTitle('改了一半的标题');

    // The menu: asked; keep editing stays on the article with the text.
    await shell.openMenu('content');
    await question.seeAsked();
    await settled(question.root());
    await saveScreenshot(page, 'unsaved-leave-zh-1440.png');
    await question.keepEditing();
    expect(shell.path()).toBe(`/updateContent?id=${article}`);
    await expect.poll(() => editor.title().inputValue(), { timeout: 20_000 }).toBe('改了一半的标题');

    // The browser's back: asked, and the address stays on the article.
    await page.goBack();
    await question.seeAsked();
    expect(shell.path()).toBe(`/updateContent?id=${article}`);
    await question.keepEditing();
    await expect.poll(() => editor.title().inputValue(), { timeout: 20_000 }).toBe('改了一半的标题');

    // Closing the article's tab: asked.
    await tabs.close('/updateContent');
    await question.seeAsked();
    await question.keepEditing();
    await tabs.seeTab('/updateContent');
    await expect.poll(() => editor.title().inputValue(), { timeout: 20_000 }).toBe('改了一半的标题');

    // Reload: the browser asks.
    const asked = browserQuestions(page);
    // The reload waits on the browser's question, which is declined: it never completes.
    void page.reload().catch(() => undefined);
    await eventually('the browser asked before reloading', async () => asked.includes('beforeunload'));
    await expect.poll(() => editor.title().inputValue(), { timeout: 20_000 }).toBe('改了一半的标题');

    // Back again, discarding this time: the list, and the article's tab holds the stored title again.
    await page.goBack();
    await question.seeAsked();
    await question.discard();
    await eventually('the list is shown', async () => shell.path() === '/Content/index');
    await tabs.switchTo('/updateContent');
    await eventually('the stored title is back', async () => (await editor.title().inputValue()) === '原来的标题');
    await page.close();
  });

  it('after saving, leaving asks nothing, and neither does closing the browser tab', async () => {
    const { page, shell } = await signedIn();
    const editor = new ContentEditor(page);
    const question = new DiscardQuestion(page);
    await shell.openMenu('content');
    await visible(page.getByTestId('page-content'));
    await page.getByTestId(`edit-content-${article}`).click();
    await editor.waitLoaded();
    await eventually('the article is loaded', async () => (await editor.title().inputValue()) !== '');
    await editor.typeTitle('保存后的标题');
    await editor.save();
    await eventually('it is saved', async () => (await t.db.select({ title: contents.title }).from(contents).where(eq(contents.id, article)))[0]?.title === '保存后的标题');
    await eventually('the editor is ready again', async () => editor.root().getByTestId('content-save').isEnabled());
    await shell.openMenu('content');
    await eventually('the list is shown', async () => shell.path() === '/Content/index');
    await question.dontSee();

    // A new article: its first save moves the page to the article's edit address, asking nothing.
    await shell.go(`/addContent?category_id=${column}`);
    await editor.waitLoaded();
    await editor.typeTitle('新的文章');
    await editor.save();
    await eventually('the page became the article’s edit page', async () => shell.path().startsWith('/updateContent?id='));
    await question.dontSee();
    await new TabsBar(page).dontSeeTab('/addContent');

    const asked = browserQuestions(page);
    await page.close({ runBeforeUnload: true });
    await eventually('the tab closed', async () => page.isClosed());
    expect(asked).toEqual([]);
  });

  it('the column form asks before closing its tab drops what was typed, in English too', async () => {
    const { page, shell } = await signedIn(375);
    await shell.switchLanguage('en');
    const question = new DiscardQuestion(page);
    await shell.go('/Category/index');
    await shell.closePersonalCenter();
    await visible(page.getByTestId('page-category'));
    await page.getByTestId('page-category').getByTestId('create').click();
    await visible(page.getByTestId('page-addColumn'));
    await page.getByTestId('field-title').fill('Half-typed column');

    // Back to the list with the form's own Back button: asked.
    await page.getByTestId('column-back').click();
    await question.seeAsked();
    await settled(question.root());
    await pageSettled(page);
    await saveScreenshot(page, 'unsaved-leave-en-375.png');
    await question.keepEditing();
    await expect.poll(() => page.getByTestId('field-title').inputValue(), { timeout: 20_000 }).toBe('Half-typed column');

    // Closing its tab, discarding: the tab and what was typed are gone.
    await new TabsBar(page).close('/addColumn');
    await question.discard();
    await new TabsBar(page).dontSeeTab('/addColumn');
    await eventually('the list is shown', async () => shell.path() === '/Category/index');

    // Typed again, then discarded through the form's Back button: back on the list, the add page's tab closed.
    await page.getByTestId('page-category').getByTestId('create').click();
    await visible(page.getByTestId('page-addColumn'));
    await expect.poll(() => page.getByTestId('field-title').inputValue(), { timeout: 20_000 }).toBe('');
    await page.getByTestId('field-title').fill('Typed again');
    await page.getByTestId('column-back').click();
    await question.discard();
    await eventually('the list is shown', async () => shell.path() === '/Category/index');
    await new TabsBar(page).dontSeeTab('/addColumn');
    await page.close();
  });
  it('settings pages guard their work too: leaving and closing the tab ask while any group of the page is unsaved', async () => {
    const { page, shell } = await signedIn();
    const question = new DiscardQuestion(page);
    const tabs = new TabsBar(page);
    /** Leaves through the menu search (Ctrl-K), for the login log. */
    const leave = async () => {
      await page.keyboard.press('Control+k');
      await page.getByTestId('command-palette-input').fill('dlrz');
      await visible(page.getByTestId('command-palette-option'));
      await page.keyboard.press('Enter');
    };
    await shell.go('/SysSetting/index');
    await visible(page.getByTestId('page-sysSetting'));
    await pageSettled(page);
    // Two groups changed, one of them saved: the page still holds the other's unsaved work.
    await page.getByTestId('sys-group-company').getByTestId('sys-name').fill('Guarded Co');
    await page.getByTestId('sys-chunk_size').fill('11');
    await page.getByTestId('sys-company-save').click();
    await expect.poll(() => page.getByTestId('sys-company-save').isDisabled(), { timeout: 20_000 }).toBe(true);
    await leave();
    await question.seeAsked();
    await question.keepEditing();
    await expect.poll(() => page.getByTestId('sys-chunk_size').inputValue(), { timeout: 20_000 }).toBe('11');
    await tabs.close('/SysSetting/index');
    await question.discard();
    await tabs.dontSeeTab('/SysSetting/index');

    // Website settings, left and discarded.
    await shell.go('/WebsiteSetting/index');
    await visible(page.getByTestId('page-websiteSetting'));
    await pageSettled(page);
    await page.getByTestId('page-websiteSetting').locator('input[data-testid^="setting-"]').first().fill('Not kept');
    await leave();
    await question.seeAsked();
    await question.discard();
    await eventually('the login log is shown', async () => shell.path() === '/AdminLoginLog/index');
    await page.close();
  });
});

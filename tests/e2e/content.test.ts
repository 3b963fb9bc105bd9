import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { PNG_1X1, serveOnLoopback } from '../helpers/contentFixtures';
import { ResourceScreen } from './pages/admin';
import { createOwner, signIn } from './pages/owner';
import { containsText, countIs, eventually, visible } from './pages/see';
import { EditorPage } from './harness/editorPage';
import { contents, sites } from '../../server/db/schema/index';

// Issue 3's walk-through: a sub-site, a model with three fields, a column on it, an article with an
// image and a table through the editor's four actions, published, found in its custom-content menu,
// deleted and restored from the recycle bin.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let images: Awaited<ReturnType<typeof serveOnLoopback>>;
const OWNER = { account: 'editor-in-chief@example.com', password: 'Chief-pass-2026' };

beforeAll(async () => {
  // The image to localise is served on loopback, which only a test app may fetch from.
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 }, allowPrivateFetchForTests: true }, { withClient: true });
  browser = await launchBrowser();
  images = await serveOnLoopback({ '/remote.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1) });
  await createOwner(t, { ...OWNER, name: '主编' });
});
afterAll(async () => {
  await images?.close();
  await browser?.close();
  await t?.close();
});

const signedIn = () => signIn(browser.browser, t, OWNER);

const rowWith = (page: Page, table: string, text: string) => page.getByTestId(table).locator('tbody tr', { hasText: text });

describe('sites, models, columns and content, as an editor', () => {
  it('an editor builds a sub-site with a model and a column, writes and publishes an article, deletes it and restores it', async () => {
    const { page, shell } = await signedIn();

    // A sub-site under the default site, then the switcher moves to it.
    await shell.openTopMenu('website');
    await shell.openMenu('websiteList');
    const websites = new ResourceScreen(page, 'website');
    await visible(page.getByTestId('page-website'));
    await websites.startCreating();
    await websites.fill('name', '上海分站');
    await websites.fill('domain', 'sh.example.com');
    await websites.choose('parent_id', '默认站点');
    await websites.save();
    await websites.seeRow('上海分站');
    await eventually('the switcher lists the sub-site', async () => (await page.getByTestId('site-switcher').locator('option').allTextContents()).includes('--上海分站'));
    await page.getByTestId('site-switcher').selectOption({ label: '--上海分站' });
    const [subSite] = await t.db.select().from(sites).where(eq(sites.name, '上海分站'));

    // A model with three fields of its own.
    await shell.openMenu('module');
    const models = new ResourceScreen(page, 'module');
    await visible(page.getByTestId('page-module'));
    await models.startCreating();
    await models.fill('name', '产品');
    await models.fill('key', 'product');
    await models.save();
    await rowWith(page, 'table-module', '产品').getByRole('button', { name: /字段/ }).click();
    await visible(page.getByTestId('page-modelField'));
    const fields = new ResourceScreen(page, 'modelField');
    const addField = async (title: string, name: string, type: string, options: Array<[string, string]> = []) => {
      await fields.startCreating();
      await fields.fill('title', title);
      await fields.fill('name', name);
      await fields.form().getByTestId('field-type').selectOption(type);
      for (const [i, [value, label]] of options.entries()) {
        await fields.form().getByTestId('option-add').click();
        await fields.form().getByTestId(`option-value-${i}`).fill(value);
        await fields.form().getByTestId(`option-label-${i}`).fill(label);
      }
      await fields.save();
      await fields.seeRow(title);
    };
    await addField('价格', 'price', 'number');
    await addField('产地', 'origin', 'select', [['sh', '上海'], ['bj', '北京']]);
    await addField('上市日期', 'launch_date', 'date');

    // A column on that model, in the sub-site.
    await shell.go('/Category/index');
    await shell.closePersonalCenter();
    await visible(page.getByTestId('page-category'));
    await page.getByTestId('page-category').getByTestId('create').click();
    await visible(page.getByTestId('page-addColumn'));
    await page.getByTestId('field-title').fill('产品中心');
    await page.getByTestId('field-model_id').selectOption({ label: '产品' });
    await page.getByTestId('column-save').click();
    await visible(page.getByTestId('page-category'));
    await containsText(page.getByTestId('table-category'), '产品中心');

    // The column appears in the custom-content menu; its add page opens from there.
    await shell.openTopMenu('website');
    const menuItem = page.getByTestId('side-menu').getByText('产品中心').first();
    await visible(menuItem);
    await menuItem.click();
    await visible(page.getByTestId('page-content'));
    await page.getByTestId('content-add').click();
    await visible(page.getByTestId('content-editor'));

    // The article: title, model fields, a body with an image and a table.
    await page.getByTestId('content-title').fill('新品发布：榕树 X1');
    await page.getByTestId('model-field-price').fill('199');
    await page.getByTestId('model-field-origin').selectOption({ label: '上海' });
    await page.getByTestId('model-field-launch_date').fill('2026-12-01');
    const editor = new EditorPage(page);
    await editor.content().click();
    await editor.type('榕树 X1 是一款适合人工智能开发的设备。');
    await editor.insertTable(2, 2);
    await editor.type('型号');
    await editor.click('image');
    await page.getByTestId('editor-image-url').fill(images.url('/remote.png'));
    await page.getByTestId('editor-image-confirm').click();

    // The four editor actions against the server.
    const api = t.client(await t.login(OWNER.account, OWNER.password), { siteId: subSite!.id });
    const link = await api.post('/innerChart/save', { keyword: '人工智能', url: 'https://ai.example.com/', weight: 1, new_window: true, status: 1 });
    expect(link.code, link.msg).toBe(0);
    const word = await api.post('/prohibitedWord/save', { word: '最好', level: 2, type: '广告法', paraphrase: '绝对化用语' });
    expect(word.code, word.msg).toBe(0);
    await editor.click('action-innerLink');
    await eventually('the keyword is linked', async () => (await editor.content().locator('a[href="https://ai.example.com/"]').count()) === 1);
    await editor.content().click();
    await editor.press('End');
    await editor.type('最好的选择。');
    await editor.click('action-wordSearch');
    await visible(page.getByTestId('editor-words-panel'));
    await containsText(page.getByTestId('editor-words-panel'), '最好');
    await page.getByTestId('editor-words-close').click();
    await editor.click('action-imgLocal');
    await visible(page.getByTestId('editor-localised-summary'));
    await eventually('the image now lives on the site', async () => ((await editor.content().locator('img').first().getAttribute('src')) ?? '').startsWith('/uploads/'));
    await page.getByTestId('editor-localised-close').click();
    await editor.click('action-descExtraction');
    await eventually('the description is filled', async () => (await page.getByTestId('content-description').inputValue()).includes('榕树 X1'));

    // Publish: saved, published, and the page becomes the item's edit page.
    await page.getByTestId('content-publish').click();
    await eventually('the article is saved', async () => new URL(page.url()).pathname.startsWith('/admin/updateCustomContent/'));
    // The add tab became the article's edit tab.
    await countIs(page.locator('[data-testid^="tab-/addCustomContent/"]'), 0);
    await visible(page.locator('[data-testid^="tab-/updateCustomContent/"]'));
    const [article] = await t.db.select().from(contents).where(eq(contents.title, '新品发布：榕树 X1'));
    expect(article).toMatchObject({ status: 1, siteId: subSite!.id, fields: { price: 199, origin: 'sh', launch_date: '2026-12-01' } });
    expect(article!.body).toContain('<table>');
    expect(article!.body).toContain('/uploads/');
    expect(article!.body).toContain('href="https://ai.example.com/"');
    expect(article!.body).not.toContain('<mark');

    // Found through its custom-content menu, deleted to the recycle bin...
    await page.getByTestId('side-menu').getByText('产品中心').first().click();
    const row = shell.view().getByTestId(`row-${article!.id}`);
    await visible(row);
    await containsText(row, '新品发布：榕树 X1');
    await shell.view().getByTestId(`delete-${article!.id}`).click();
    await visible(page.getByTestId('toast-action'));
    await countIs(row, 0);

    // ...and restored from there.
    await shell.openTopMenu('system');
    await shell.openMenu('recycleBin');
    await visible(page.getByTestId('page-recycleBin'));
    const binRow = page.getByTestId(`bin-row-content:${article!.id}`);
    await visible(binRow);
    await page.getByTestId(`restore-content:${article!.id}`).click();
    await page.getByTestId('confirm-bin-confirm').click();
    await countIs(binRow, 0);
    const [restored] = await t.db.select().from(contents).where(eq(contents.id, article!.id));
    expect(restored!.deletedAt).toBeNull();
    await shell.openTopMenu('website');
    // Back on its list (a cached tab, refreshed on return), the article is there again.
    await page.getByTestId('side-menu').getByText('产品中心').first().click();
    await visible(shell.view().getByTestId(`row-${article!.id}`));
    await page.close();
  });
});

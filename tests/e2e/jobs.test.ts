import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { asc } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { createColumn, createModel, insertContent } from '../helpers/sites';
import { sites } from '../../server/db/schema/index';
import { createOwner, signIn } from './pages/owner';
import { containsText, countIs, eventually, visible } from './pages/see';

// A job followed from the browser through the shared job chart and progress actor: copying a column.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let siteId: number;
let source: number;
const OWNER = { account: 'owner.jobs@example.com', password: 'Owner-pass-2026', name: '站长' };
const TITLE = `待复制栏目${Date.now()}`;

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  const superToken = await t.login();
  const [site] = await t.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
  siteId = site!.id;
  const model = await createModel(t, superToken);
  source = await createColumn(t, superToken, siteId, { model_id: model, title: TITLE });
  await insertContent(t, siteId, source, { title: '随栏目复制的文章' });
  await createOwner(t, OWNER);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('background jobs in the browser', () => {
  it('an owner copies a column and follows the copy until it is done', async () => {
    const { page, shell } = await signIn(browser.browser, t, OWNER, { at: '/Category/index' });
    const columns = shell.view().getByTestId('table-category');
    await countIs(columns.locator('tbody tr', { hasText: TITLE }), 1);
    await columns.getByTestId(`copy-${source}`).click();
    const dialog = page.getByTestId('copy-dialog');
    await visible(dialog);
    await dialog.getByTestId('copy-start').click();
    await containsText(dialog.getByTestId('copy-status'), '复制完成：1 个栏目，1 条内容');
    // The dialog offers no cancel once the job ended; closing it shows the copy in the list.
    await countIs(dialog.getByTestId('copy-cancel'), 0);
    await dialog.getByTestId('copy-close').click();
    await eventually('the dialog closes', async () => !(await dialog.isVisible()));
    await countIs(columns.locator('tbody tr', { hasText: TITLE }), 2);

    // Opened again, the dialog starts from a clean form, not the last outcome.
    await columns.getByTestId(`copy-${source}`).first().click();
    await visible(dialog.getByTestId('copy-start'));
    await countIs(dialog.getByTestId('copy-status'), 0);
    expect(await dialog.getByTestId('copy-start').isEnabled()).toBe(true);
    await page.close();
  });
});

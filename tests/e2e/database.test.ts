import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { createColumn, createModel, insertContent } from '../helpers/sites';
import { contents, sites } from '../../server/db/schema/index';
import { createOwner, signIn } from './pages/owner';
import { containsText, countIs, eventually, visible } from './pages/see';

// Database backup and restore in the browser: back up, lose an article, restore it with the password.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let superToken: string;
let articleId: number;
const OWNER = { account: 'owner.database@example.com', password: 'Owner-pass-2026', name: '站长' };
const TITLE = `要找回的文章${Date.now()}`;

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  superToken = await t.login();
  const [site] = await t.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
  const column = await createColumn(t, superToken, site!.id, { model_id: await createModel(t, superToken) });
  articleId = await insertContent(t, site!.id, column, { title: TITLE });
  await createOwner(t, OWNER);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('database backup in the browser', () => {
  it('an owner backs up, loses an article, restores the backup with the password and sees the article back', async () => {
    const { page, shell } = await signIn(browser.browser, t, OWNER, { at: '/Database/index' });
    const view = shell.view();
    await visible(view.getByTestId('database-page'));
    await view.getByTestId('database-backup').click();
    await containsText(view.getByTestId('database-backup-status'), '已备份');
    await countIs(view.getByTestId('database-file'), 1);

    // The article is deleted after the backup.
    expect((await t.client(superToken).post('/content/delete', { ids: [articleId] })).code).toBe(0);
    const live = async () => (await t.db.select({ id: contents.id }).from(contents).where(and(eq(contents.id, articleId), isNull(contents.deletedAt)))).length;
    expect(await live()).toBe(0);

    await view.getByTestId('database-restore').click();
    const dialog = page.getByTestId('database-restore-dialog');
    await visible(dialog);
    await dialog.getByTestId('database-restore-password').fill('wrong-password-1');
    await dialog.getByTestId('database-restore-confirm').click();
    await containsText(dialog.getByTestId('database-restore-error'), '密码不正确');
    await dialog.getByTestId('database-restore-password').fill(OWNER.password);
    await dialog.getByTestId('database-restore-confirm').click();
    await containsText(dialog.getByTestId('database-restore-status'), '重新生成静态文件');
    await dialog.getByTestId('database-restore-close').click();
    await eventually('the dialog closes', async () => !(await dialog.isVisible()));
    expect(await live()).toBe(1);

    await shell.go('/Content/index');
    await containsText(shell.view(), TITLE);
    await page.close();
  });
});

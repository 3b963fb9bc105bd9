import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { createOwner, signIn } from './pages/owner';
import { ResourceScreen } from './pages/admin';
import { LogsScreen } from './pages/logs';
import { ContentImportDialog } from './pages/contentImport';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { pageSettled } from './pages/see';

// Issue 18, read from outside: the logs speak the reader's language, and a refused form says which field
// is wrong in words.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
const OWNER = { account: 'logs@example.com', password: 'Logs-pass-2026' };
const TAG = '春季新品';
let columnId: number;

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  // Logged: admin.selfUpdate (the owner sets a password) and tag.save.
  await createOwner(t, { ...OWNER, name: 'Logs' });
  const token = await t.login(OWNER.account, OWNER.password);
  const siteId = ((await t.client(token).get('/website/siteList')).data as Array<{ id: number }>)[0]!.id;
  const saved = await t.client(token, { siteId }).post('/tag/save', { name: TAG, description: '<p>春天的新品</p>' });
  if (saved.code !== 0) throw new Error(saved.msg);
  const modelId = await insertModel(t, [{ name: 'rate', title: '费率', type: 'number', required: true }]);
  columnId = await insertColumn(t, siteId, modelId, { title: '手续费' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const shot = async (page: Page, name: string) => {
  await pageSettled(page);
  await saveScreenshot(page, `${name}.png`, { fullPage: true });
};

describe('logs and validation, in the reader’s language', () => {
  it('an administrator reads the operation log as named actions with readable details, in Chinese and English', async () => {
    const { page, shell } = await signIn(browser.browser, t, OWNER, { at: '/AdminOptLog/index' });
    const logs = new LogsScreen(page);
    await logs.seeOperationLog();
    await logs.seeAction('修改个人资料');
    await logs.seeAction('添加标签');
    await logs.seeDetails(`标签名称：${TAG}`);
    await logs.seeDetails('描述：春天的新品');
    await logs.seeDetails('密码：******');
    await logs.seeDetails('短信验证：关闭');
    await logs.dontSeeKeysOrJson(['admin.selfUpdate', 'tag.save']);
    await shot(page, 'optLog-zh');

    await shell.switchLanguage('en');
    await logs.seeAction('Update own profile');
    await logs.seeAction('Add tag');
    await logs.seeDetails(`Name: ${TAG}`);
    await logs.seeDetails('SMS verification: Off');
    await logs.dontSeeKeysOrJson(['admin.selfUpdate', 'tag.save']);
    await shot(page, 'optLog-en');
    await page.close();
  }, 120_000);

  it('the login log names a sign-in from the local network in the reader’s language', async () => {
    const { page, shell } = await signIn(browser.browser, t, OWNER, { at: '/AdminLoginLog/index' });
    const logs = new LogsScreen(page);
    await logs.seeLoginLog();
    await logs.seeLocation('内网IP');
    await shot(page, 'loginLog-zh');
    await shell.switchLanguage('en');
    await logs.seeLocation('Private network');
    await logs.dontSeeLocation('内网IP');
    await shot(page, 'loginLog-en');
    await page.close();
  }, 120_000);

  it('a form submitted without a required field says which field, in Chinese and English', async () => {
    for (const [lang, message] of [
      ['zh', '标签名称为必填项'],
      ['en', 'Name is required'],
    ] as const) {
      const { page } = await signIn(browser.browser, t, OWNER, { at: '/Tag/index', lang });
      const tags = new ResourceScreen(page, 'tag');
      await tags.startCreating();
      await tags.trySave();
      await tags.seeFieldError('name', message);
      await shot(page, `requiredField-${lang}`);
      await page.close();
    }
  }, 120_000);

  it('the import preview explains each bad row in the reader’s language, naming the field', async () => {
    const csv = ['标题,费率', `${'长'.repeat(201)},1`, '无费率,', '错费率,abc'].join('\r\n');
    for (const [lang, long, missing] of [
      ['zh', '标题不能超过 200 个字符', '费率为必填项'],
      ['en', 'Title must be at most 200 characters', '费率 is required'],
    ] as const) {
      const { page, shell } = await signIn(browser.browser, t, OWNER, { lang });
      await shell.go(`/customContent/${columnId}`);
      const dialog = new ContentImportDialog(page);
      await dialog.open();
      await dialog.choose('rows.csv', csv);
      await dialog.seeProblem(2, long);
      await dialog.seeProblem(3, missing);
      await dialog.seeProblem(4, lang === 'zh' ? '费率：须为数字' : '费率: must be a number');
      await shot(page, `importPreview-${lang}`);
      await page.close();
    }
  }, 120_000);
});

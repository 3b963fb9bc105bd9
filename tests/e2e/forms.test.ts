import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, saveScreenshot } from '../helpers/browser';
import { createOwner, signIn } from './pages/owner';
import { containsText, eventually, pageSettled, visible } from './pages/see';

// Forms in the browser: the list (/Form/index) with its publish switch and uninstall confirm, and a
// questionnaire's data (/form/detail): the submissions table, one submission in the drawer, the statistics.
// The designer's own end-to-end test (design → publish → submit → detail → export) lives in formDesigner.test.ts.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
const OWNER = { account: 'former@example.com', password: 'Form-pass-2026' };
let formId = 0;
let siteId = 0;

const DESIGN = {
  rules: [
    { field: 'name', title: '姓名', type: 'input', validate: [{ required: true }], attrs: { grid: { x: 0, y: 0, w: 12, h: 1 } } },
    { field: 'city', title: '城市', type: 'select', props: { options: [{ label: '杭州', value: 'hz' }, { label: '上海', value: 'sh' }] }, attrs: { grid: { x: 12, y: 0, w: 12, h: 1 } } },
    { field: 'taste', title: '口味', type: 'radio', props: { options: [{ label: '清淡', value: 'light' }, { label: '浓郁', value: 'strong' }] } },
    { field: 'stars', title: '满意度', type: 'rate', props: { count: 5 } },
  ],
  options: {},
};

function postForm(pathname: string, body: string) {
  const url = new URL(t.url);
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: pathname, method: 'POST', headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'Former' });
  const token = await t.login();
  siteId = (await t.client(token).get('/website/siteList')).data[0].id;
  const api = t.client(token, { siteId });
  formId = (await api.post<{ id: number }>('/form/save', { name: '茶饮问卷', type: 'questionnaire', code: 'tea-survey', description: '关于口味的小调查' })).data.id;
  await api.post('/form/saveDesign', { id: formId, design: DESIGN });
  await api.post('/form/status', { id: formId, status: 'published' });
  for (const [name, city, taste, stars] of [
    ['张三', 'hz', 'light', '5'],
    ['李四', 'sh', 'strong', '4'],
    ['王五', 'hz', 'light', '5'],
  ]) {
    expect(await postForm('/form/tea-survey/', new URLSearchParams({ name, city, taste, stars }).toString())).toBe(303);
  }
  await api.post('/form/save', { name: '联系表单', type: 'form', code: 'contact-us' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('forms', () => {
  it('an admin sees forms with their submissions, unpublishes one, and uninstalls after a confirm naming the count', async () => {
    const { page } = await signIn(browser.browser, t, OWNER, { at: '/Form/index' });
    const table = page.getByTestId('table-form');
    await visible(table.locator('tbody tr', { hasText: '茶饮问卷' }));
    const row = table.locator('tbody tr', { hasText: '茶饮问卷' });
    await containsText(row, 'tea-survey');
    await containsText(row, '已发布');
    await pageSettled(page);
    await saveScreenshot(page, 'forms-list-zh-1440.png', { fullPage: true });

    await page.getByTestId(`publish-${formId}`).click();
    await containsText(row, '未发布');
    await page.getByTestId(`uninstall-${formId}`).click();
    const confirm = page.getByTestId('uninstall-confirm');
    await containsText(confirm, '3 条数据');
    await page.getByTestId('uninstall-confirm-cancel').click();
    await confirm.waitFor({ state: 'hidden' });
    await page.getByTestId(`publish-${formId}`).click();
    await containsText(row, '已发布');
    await page.close();
  });

  it('an admin reads a questionnaire’s submissions, opens one, filters by keyword and sees per-option counts', async () => {
    for (const [lang, width] of [
      ['zh', 1440],
      ['en', 375],
    ] as const) {
      const { page } = await signIn(browser.browser, t, OWNER, { at: `/form/detail?id=${formId}`, lang, width });
      const detail = page.getByTestId('page-form-detail');
      await visible(detail);
      const rows = page.getByTestId('table-submissions').locator('tbody tr');
      await eventually('three submissions are listed', async () => (await rows.count()) === 3);
      await containsText(rows.first(), '王五');
      await containsText(rows.first(), '杭州');
      await pageSettled(page);
      await saveScreenshot(page, `forms-detail-${lang}-${width}.png`, { fullPage: true });

      await page.getByTestId('filter-keyword').fill('李四');
      await page.getByTestId('filter-search').click();
      await eventually('one submission matches', async () => (await rows.count()) === 1);
      await containsText(rows.first(), '李四');
      await rows.first().getByRole('button').click();
      const drawer = page.getByTestId('submission-drawer');
      await containsText(drawer, '浓郁');
      await pageSettled(page);
      await saveScreenshot(page, `forms-submission-${lang}-${width}.png`);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });

      await page.getByTestId('tab-statistics').click();
      const taste = page.getByTestId('stat-taste');
      await visible(taste.locator('svg'));
      await containsText(taste, lang === 'zh' ? '3 人作答' : '3 answered');
      await pageSettled(page);
      await saveScreenshot(page, `forms-stats-${lang}-${width}.png`, { fullPage: true });
      await page.close();
    }
  });

  it('a visitor sees the published form on the public site, is told which field is missing, and sends it', async () => {
    for (const width of [1440, 375]) {
      const page = await browser.browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${t.url}/form/tea-survey/`);
      const form = page.locator('form.bf-form');
      await visible(form);
      await pageSettled(page);
      await saveScreenshot(page, `forms-public-${width}.png`, { fullPage: true });
      await page.getByRole('button', { name: '提交' }).click();
      await containsText(page.locator('.field-error'), '姓名为必填项');
      await page.getByLabel('姓名').fill('赵六');
      await page.getByLabel('城市').selectOption('sh');
      await page.getByRole('button', { name: '提交' }).click();
      await containsText(page.locator('.bf-done'), '提交成功');
      await page.close();
    }
  });
});

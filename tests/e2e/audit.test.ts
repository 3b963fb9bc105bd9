import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { asc } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { insertColumn, insertModel, insertProhibitedWords, saveContent } from '../helpers/contentFixtures';
import { createOwner, signIn } from './pages/owner';
import { containsText, eventually, visible } from './pages/see';
import { AuditScreen, CheckListScreen, createReviewer, FlowDialog, reviewerRole } from './pages/audit';
import { sites } from '../../server/db/schema/index';
import type { AuditTrailEntry } from '../../models/audit';

// Issue 5's walk-through: three admins take one article through a two-step flow — step 1 countersigned by
// A and B, step 2 either-one by C. A approves, B sends it back to step 1 with a comment, the editor (A)
// resubmits, A and B approve, C approves from the check list in bulk; the article is published, the content
// list says so and the trail holds every event.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let siteId: number;
let column: number;
const A = { account: 'chief.a@example.com', password: 'Chief-pass-2026', name: '主编甲' };
const B = { account: 'reviewer.b@example.com', password: 'Review-pass-2026', name: '审核乙' };
const C = { account: 'final.c@example.com', password: 'Final-pass-2026', name: '终审丙' };
const ids = { a: 0, b: 0, c: 0 };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 3000, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, A);
  const superToken = await t.login();
  const [site] = await t.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
  siteId = site!.id;
  column = await insertColumn(t, siteId, await insertModel(t), { title: '审核专栏' });
  const role = await reviewerRole(t, superToken);
  ids.b = await createReviewer(t, superToken, role, { ...B, siteId });
  ids.c = await createReviewer(t, superToken, role, { ...C, siteId });
  const aToken = await t.login(A.account, A.password);
  ids.a = (await t.client(aToken).get<{ id: number }>('/admin/current')).data.id;
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const as = (who: { account: string; password: string }, at?: string, width?: number) => signIn(browser.browser, t, who, { at, width });
const contentRow = (page: Page, title: string) => page.getByTestId('table-content').locator('tbody tr', { hasText: title });
const badgeOf = (page: Page, title: string) => contentRow(page, title).getByTestId('check-status');

describe('content audit, as reviewers and an editor', () => {
  it('three admins take an article through countersign then either-one, with one rejection back to step 1', async () => {
    // A (who also edits) sets the column's flow in the column list.
    const { page: aPage, shell: aShell } = await as(A, '/Category/index');
    await aPage.getByTestId(`audit-flow-${column}`).click();
    const flow = new FlowDialog(aPage);
    await flow.waitOpen();
    await flow.stopInheriting();
    await flow.addStep('countersign', [A.name, B.name]);
    await flow.addStep('either', [C.name]);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await saveScreenshot(aPage, 'audit-flow-dialog-zh-1440.png');
    await flow.save();
    const aApi = t.client(await t.login(A.account, A.password), { siteId });
    expect((await aApi.get('/auditFlow/read', { category_id: column })).data).toEqual({
      category_id: column,
      steps: [
        { mode: 'countersign', reviewers: [ids.a, ids.b] },
        { mode: 'either', reviewers: [ids.c] },
      ],
      inherited: false,
    });

    // The article is written (through the API: the editor has its own walk-through) and submitted from the list.
    const article = await saveContent(aApi, column, { title: '年度质量报告', body: '<p>今年的质量指标全部达成。</p>' });
    await aShell.go(`/customContent/${column}`);
    await eventually('the article shows as a draft', async () => (await badgeOf(aPage, article.title).getAttribute('data-state')) === 'draft');
    await contentRow(aPage, article.title).getByTestId(`submit-audit-${article.id}`).click();
    await eventually('the article shows in review', async () => (await badgeOf(aPage, article.title).getAttribute('data-state')) === 'reviewing');

    // Step 1, countersign: A approves; the step waits for B.
    const aList = new CheckListScreen(aPage, aShell);
    await aList.open();
    await aList.seeWaiting(article.title, '1/2');
    await aList.openItem(article.title);
    const aAudit = new AuditScreen(aPage);
    await aAudit.seeCurrentStep(1);
    await aAudit.approve('数据核对无误');
    await aPage.getByTestId('page-checkList').waitFor();
    await aList.dontSee(article.title);
    await aList.showAll();
    await aList.seeWaiting(article.title, '1/2');

    // B rejects without a comment (refused on the page), then with one, back to step 1.
    const { page: bPage, shell: bShell } = await as(B);
    const bList = new CheckListScreen(bPage, bShell);
    await bList.open();
    await bList.openItem(article.title);
    const bAudit = new AuditScreen(bPage);
    await bAudit.seeDecision(1, ids.a, 'approved');
    await bAudit.tryRejectWithoutComment();
    await containsText(bPage.getByTestId('audit-page'), '驳回时请填写审核意见');
    await bAudit.reject('第三季度数据需要更新', 1);
    await bPage.getByTestId('page-checkList').waitFor();
    await bList.dontSee(article.title);

    // The editor sees the rejection and resubmits from the edit page; the history shows the trail so far.
    await aShell.go(`/customContent/${column}`);
    await eventually('the article shows as rejected', async () => (await badgeOf(aPage, article.title).getAttribute('data-state')) === 'rejected');
    await contentRow(aPage, article.title).getByTestId(`edit-content-${article.id}`).click();
    await visible(aPage.getByTestId('content-audit-trail').getByTestId('trail-entry'));
    await containsText(aPage.getByTestId('content-audit-trail'), '第三季度数据需要更新');
    await aPage.getByTestId('content-submit-audit').click();
    await eventually('the edit page shows the article in review', async () => (await aPage.getByTestId('content-editor').getByTestId('check-status').getAttribute('data-state')) === 'reviewing');

    // Step 1 again: A and B approve (B from the column's own audit list).
    await aList.open();
    await aList.openItem(article.title);
    await aAudit.seeDecision(1, ids.a, 'pending');
    await aAudit.approve();
    await aPage.getByTestId('page-checkList').waitFor();
    await bList.open(`/contentCheck/${column}`);
    await bList.openItem(article.title);
    expect(new URL(bPage.url()).pathname + new URL(bPage.url()).search).toBe(`/admin/auditingContent/${column}?id=${article.id}`);
    await bAudit.approve('同意');
    await eventually('B is back on the column audit list', async () => new URL(bPage.url()).pathname === `/admin/contentCheck/${column}`);

    // Step 2, either-one: C approves it from the check list in bulk.
    const { page: cPage, shell: cShell } = await as(C);
    const cList = new CheckListScreen(cPage, cShell);
    await cList.open();
    await cList.seeWaiting(article.title, '2/2');
    await cList.approveInBulk([article.title]);
    await containsText(cPage.locator('body'), '已通过 1 条');
    await cList.dontSee(article.title);

    // Published: the content list says so, and the trail holds every event in order.
    await aShell.go(`/customContent/${column}`);
    await eventually('the article shows as published', async () => (await badgeOf(aPage, article.title).getAttribute('data-state')) === 'published');
    const trail = (await aApi.get<AuditTrailEntry[]>('/content/auditTrail', { id: article.id })).data;
    expect(trail.map((e) => [e.type, e.by, e.step])).toEqual([
      ['audit.submit', ids.a, 1],
      ['audit.approve', ids.a, 1],
      ['audit.reject', ids.b, 1],
      ['audit.submit', ids.a, 1],
      ['audit.approve', ids.a, 1],
      ['audit.approve', ids.b, 1],
      ['audit.approve', ids.c, 2],
    ]);
    await contentRow(aPage, article.title).getByTestId(`edit-content-${article.id}`).click();
    await eventually('the history panel shows all seven events', async () => (await aPage.getByTestId('content-audit-trail').getByTestId('trail-entry').count()) === 7);
    await containsText(aPage.getByTestId('content-audit-trail'), '终审丙');
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await saveScreenshot(aPage, 'audit-content-edit-zh-1440.png');
    await aShell.go(`/customContent/${column}`);
    await visible(badgeOf(aPage, article.title));
    await saveScreenshot(aPage, 'audit-content-list-zh-1440.png');
    for (const p of [aPage, bPage, cPage]) await p.close();
  }, 300_000);

  it('an editor is shown the prohibited words that refuse a submission', async () => {
    await insertProhibitedWords(t, [{ word: '绝对第一', level: 2 }]);
    const aApi = t.client(await t.login(A.account, A.password), { siteId });
    const article = await saveContent(aApi, column, { title: '促销文案', body: '<p>我们的产品绝对第一。</p>' });
    const { page, shell } = await as(A, `/customContent/${column}`);
    await shell.go(`/customContent/${column}`);
    await contentRow(page, article.title).getByTestId(`submit-audit-${article.id}`).click();
    const dialog = page.getByTestId('submit-outcome');
    await visible(dialog);
    await containsText(dialog.getByTestId('submit-outcome-words'), '绝对第一');
    await dialog.getByTestId('submit-outcome-ok').click();
    expect(await badgeOf(page, article.title).getAttribute('data-state')).toBe('draft');
    await page.close();
  });

  it('screenshots of the check list and the audit page, zh and en, 375 and 1440 px', async () => {
    await insertProhibitedWords(t, [{ word: '内部资料', level: 1 }]);
    const aApi = t.client(await t.login(A.account, A.password), { siteId });
    // The walk-through's flow, set here too so this test stands alone.
    const steps = [{ mode: 'countersign', reviewers: [ids.a, ids.b] }, { mode: 'either', reviewers: [ids.c] }];
    expect((await aApi.post('/auditFlow/save', { category_id: column, steps })).code).toBe(0);
    const article = await saveContent(aApi, column, {
      title: '新产品发布会安排（含内部资料）',
      body: '<h2>发布会流程</h2><p>本次发布会的内部资料请勿外传。会议将在上海举行，邀请媒体和合作伙伴参加。</p><ul><li>签到</li><li>主题演讲</li><li>产品体验</li></ul>',
    });
    expect((await aApi.post('/content/submitAudit', { id: article.id })).code).toBe(0);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const lang of ['zh', 'en'] as const) {
      for (const width of [375, 1440]) {
        const { page, shell } = await as(A, '/Content/checkList', width);
        // The language is kept in local storage (spec §1); the next page load reads it.
        await page.evaluate((l) => localStorage.setItem('language', l), lang);
        const list = new CheckListScreen(page, shell);
        await list.open();
        await visible(list.row(article.title));
        await saveScreenshot(page, `audit-checklist-${lang}-${width}.png`, { fullPage: true });
        await list.openItem(article.title);
        await visible(page.getByTestId('audit-body').locator('mark'));
        await saveScreenshot(page, `audit-page-${lang}-${width}.png`, { fullPage: true });
        await page.close();
      }
    }
  }, 300_000);
});

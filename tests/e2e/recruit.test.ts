import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { setSiteSettings } from '../helpers/publicFixtures';
import { resumes } from '../../server/db/schema/index';
import { createOwner, signIn } from './pages/owner';
import { ResourceScreen } from './pages/admin';
import { PublicJobs, ResumeScreen } from './pages/recruit';
import { pageSettled, settled, visible } from './pages/see';

// Recruitment end to end: an admin adds a position, a visitor applies for it on the public site with a file, and
// the resume shows up in /resume/index with its file; the screens at phone and desktop widths in both languages.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let siteId: number;
const OWNER = { account: 'hr@example.com', password: 'Hiring-pass-2026' };
const RESUME_PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<<>>\n%%EOF\n');

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'HR' });
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  const token = await t.login();
  siteId = (await t.client(token).get('/website/siteList')).data[0].id as number;
  const api = t.client(token, { siteId });
  for (const name of ['研发类', '市场类']) await api.post('/positionCate/save', { name });
  for (const name of ['杭州', '上海']) await api.post('/positionCity/save', { name });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('recruitment', () => {
  it('an admin adds a position, a visitor applies with a file, and the resume arrives in /resume/index', async () => {
    const { page, shell } = await signIn(browser.browser, t, OWNER, { at: '/Job/index' });
    const jobs = new ResourceScreen(page, 'position');
    await visible(page.getByTestId('page-position'));
    await jobs.startCreating();
    // A position needs a title: the form says so before anything is sent.
    await jobs.trySave();
    await jobs.seeFieldError('title', '职位名称');
    await jobs.fill('title', '前端开发工程师');
    await jobs.choose('cate_id', '研发类');
    await jobs.choose('city_id', '杭州');
    await jobs.fill('headcount', '2');
    await jobs.choose('education', '本科');
    await jobs.form().getByTestId('field-description').getByTestId('editor-content').click();
    await page.keyboard.type('负责官网与后台的前端开发。');
    await jobs.save();
    await jobs.seeRow('前端开发工程师');
    await jobs.seeRow('面议');

    // The visitor's side: the job list, the position's page, one refused and one accepted application.
    const visitor = await browser.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const site = new PublicJobs(visitor, t.url);
    await site.openList();
    await site.openPosition('前端开发工程师');
    await visible(visitor.getByText('负责官网与后台的前端开发。'));
    await site.apply({ name: '', phone: '', email: '' });
    await site.seeFieldError('请填写您的姓名');
    await site.apply({ name: '林小雨', phone: '+86 135-0000-0000', email: 'xiaoyu@example.com', message: '五年 React 经验。' }, { name: '林小雨-简历.pdf', bytes: RESUME_PDF });
    await site.seeSent('申请已提交');
    await visitor.close();
    const [stored] = await t.db.select().from(resumes).where(eq(resumes.name, '林小雨'));
    expect(stored).toMatchObject({ siteId, positionTitle: '前端开发工程师', fileName: '林小雨-简历.pdf', source: 'site' });

    // Back in the admin: the resume is listed; its dialog shows the file; its status changes.
    await shell.go('/resume/index');
    const inbox = new ResumeScreen(page);
    await inbox.waitLoaded();
    await inbox.seeResume('林小雨', '前端开发工程师');
    await inbox.seeStatus('林小雨', '新简历');
    await inbox.open('林小雨');
    await inbox.seeInDialog('file_name', '林小雨-简历.pdf');
    await inbox.seeInDialog('message', '五年 React 经验。');
    const href = await inbox.dialog().getByTestId('resume-file').getAttribute('href');
    expect(Buffer.from(await (await fetch(new URL(href!, t.url))).arrayBuffer())).toEqual(RESUME_PDF);
    await inbox.setStatus('面试');
    await inbox.seeStatus('林小雨', '面试');
    await page.close();
  });

  it.each([
    ['zh', 375],
    ['zh', 1440],
    ['en', 375],
    ['en', 1440],
  ] as const)('the recruitment screens and the public job pages fit the screen (%s, %i px)', async (lang, width) => {
    const [position] = await t.db.select({ id: resumes.positionId }).from(resumes).where(eq(resumes.name, '林小雨'));
    await setSiteSettings(t, siteId, { language: lang });
    const { page, shell } = await signIn(browser.browser, t, OWNER, { at: '/Job/index', width, height: 900, lang });
    await visible(page.getByTestId('table-position').locator('tbody tr[data-testid^="row-"]'));
    await pageSettled(page);
    await saveScreenshot(page, `recruit-jobs-${lang}-${width}.png`, { fullPage: true });
    await page.getByTestId('table-position').locator('[data-testid^="edit-"]').first().click();
    await settled(page.getByTestId('form-position'));
    await saveScreenshot(page, `recruit-job-form-${lang}-${width}.png`);
    const box = await page.getByTestId('form-position').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width + 1);
    for (const [route, name] of [['/JobCate/index', 'cates'], ['/resume/index', 'resumes'], ['/resume/save', 'resume-save']] as const) {
      await shell.go(route);
      await visible(page.getByTestId(route === '/resume/save' ? 'page-addResume' : route === '/JobCate/index' ? 'page-positionCate' : 'page-resume'));
      await pageSettled(page);
      await saveScreenshot(page, `recruit-${name}-${lang}-${width}.png`, { fullPage: true });
    }
    await shell.go('/resume/index');
    const inbox = new ResumeScreen(page);
    await inbox.waitLoaded();
    await inbox.open('林小雨');
    await inbox.seeInDialog('file_name', '林小雨-简历.pdf');
    await saveScreenshot(page, `recruit-resume-dialog-${lang}-${width}.png`);
    const dialogBox = await inbox.dialog().boundingBox();
    expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(width + 1);
    await page.close();
    const visitor = await browser.browser.newPage({ viewport: { width, height: 900 } });
    await visitor.goto(`${t.url}/jobs/`);
    await visible(visitor.locator('[data-jobs]'));
    await saveScreenshot(visitor, `recruit-public-list-${lang}-${width}.png`, { fullPage: true });
    await visitor.goto(`${t.url}/jobs/${position!.id}.html`);
    await visible(visitor.locator('form.apply-form'));
    await saveScreenshot(visitor, `recruit-public-detail-${lang}-${width}.png`, { fullPage: true });
    const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await visitor.close();
  });
});

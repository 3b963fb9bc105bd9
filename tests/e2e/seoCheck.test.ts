import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { insertPublished, setSiteSettings } from '../helpers/publicFixtures';
import { contents, sites } from '../../server/db/schema/index';
import { createOwner, signIn } from './pages/owner';
import { containsText, eventually, pageSettled, visible } from './pages/see';

// SEO diagnosis in the browser (issue 11): run a diagnosis to completed, read the report, follow a finding to
// the screen that fixes it.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
const OWNER = { account: 'seo.owner@example.com', password: 'Seo-pass-2026', name: 'SEO' };
const seeded = { site: 0, noAlt: 0 };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, OWNER);
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  const [site] = await t.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
  seeded.site = site!.id;
  await setSiteSettings(t, seeded.site, { seo_title: '示例公司', seo_keywords: '示例', seo_description: '示例公司的网站' });
  const column = await insertColumn(t, seeded.site, await insertModel(t), { title: '新闻' });
  const clean = await insertPublished(t, seeded.site, column, { title: '一篇干净的文章', description: '摘要' });
  await t.db.update(contents).set({ keywords: '示例' }).where(eq(contents.id, clean.id));
  seeded.noAlt = (await insertPublished(t, seeded.site, column, { title: '图片没有替代文字', description: '摘要', body: '<p><img src="/uploads/no-alt.png"></p>' })).id;
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('SEO diagnosis', () => {
  it('an admin runs a diagnosis to completed and follows a finding to the content editor that fixes it', async () => {
    const { page, shell } = await signIn(browser.browser, t, OWNER, { at: '/seoCheck/index' });
    await visible(page.getByTestId('seo-check'));
    await containsText(page.getByTestId('seo-no-reports'), '还没有诊断报告');
    await page.getByTestId('seo-start').click();
    // The run is followed through the job progress until the report is written.
    await visible(page.getByTestId('seo-open-last'));
    await containsText(page.getByTestId('seo-status'), '已完成');
    await containsText(page.getByTestId('seo-reports').locator('tbody tr').first().getByTestId('seo-report-state'), '已完成');

    await page.getByTestId('seo-open-last').click();
    await eventually('the report page is shown', async () => shell.path().startsWith('/seoCheck/report?id='));
    const report = shell.view().getByTestId('seo-report');
    await visible(report);
    await containsText(report.getByTestId('seo-report-state'), '已完成');
    const score = Number(await report.getByTestId('seo-report-score').textContent());
    expect(score).toBeGreaterThan(0);
    expect(score).toBeLessThan(100);
    const finding = report.locator('[data-testid="seo-finding"][data-check="imageAlt"]');
    await containsText(finding, '图片缺少 alt 文字');
    await containsText(finding, '/uploads/no-alt.png');

    await pageSettled(page);
    await saveScreenshot(page, 'seo-report-zh-1440.png', { fullPage: true });

    await finding.getByTestId('seo-fix').click();
    await eventually('the content editor of the article is open', async () => shell.path() === `/updateContent?id=${seeded.noAlt}`);
    await visible(shell.view().getByTestId('content-editor'));

    // The image gets its alt text; a second diagnosis compared with the first shows the finding fixed.
    await t.db.update(contents).set({ body: '<p><img src="/uploads/no-alt.png" alt="A chart"></p>' }).where(eq(contents.id, seeded.noAlt));
    await shell.go('/seoCheck/index');
    await visible(page.getByTestId('seo-start'));
    await page.getByTestId('seo-start').click();
    await visible(page.getByTestId('seo-report-compare'));
    await page.getByTestId('seo-report-compare').first().click();
    const compared = shell.view().getByTestId('seo-report');
    await containsText(compared.getByTestId('seo-fixed'), '图片缺少 alt 文字');
    expect(await compared.getByTestId('seo-added').count()).toBe(0);
    await page.close();
  });

  for (const lang of ['zh', 'en'] as const) {
    for (const width of [1440, 375]) {
      it(`the reports and a report read well in ${lang} at ${width} px`, async () => {
        const { page, shell } = await signIn(browser.browser, t, OWNER, { at: '/seoCheck/index', width, height: 900, lang });
        await visible(page.getByTestId('seo-reports').locator('tbody tr[data-testid^="seo-report-"]'));
        await pageSettled(page);
        await saveScreenshot(page, `seo-index-${lang}-${width}.png`, { fullPage: true });
        await page.getByTestId('seo-report-open').first().click();
        const report = shell.view().getByTestId('seo-report');
        await visible(report.getByTestId('seo-finding'));
        await containsText(report, lang === 'zh' ? '发现的问题' : 'Findings');
        // Nothing wider than the screen but the tables, which scroll on their own.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await pageSettled(page);
        await saveScreenshot(page, `seo-report-${lang}-${width}.png`, { fullPage: true });
        await page.close();
      });
    }
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { asc } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { adminWithRole } from '../helpers/fixtures';
import { insertColumn, insertModel, saveContent } from '../helpers/contentFixtures';
import { sites } from '../../server/db/schema/index';
import { chartPaths, chartSummary, formatPathHead, formatStep } from '../qa/pathsCore';
import { createOwner, signIn } from './pages/owner';
import { containsText, countIs, eventually, visible } from './pages/see';

// Issue 16's statechart viewer in the browser: a super-admin opens it from the system menu, picks the upload
// chart and sees it drawn (a box per state) with its shortest paths in the CLI's words, then picks audit and
// an article in review and sees its live state and stored events. Another admin neither sees nor opens it.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let articleId: number;
const OWNER = { account: 'owner.viewer@example.com', password: 'Owner-pass-2026', name: '站长' };
const TITLE = `状态图审核文章${Date.now()}`;

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, OWNER);
  const ownerToken = await t.login(OWNER.account, OWNER.password);
  const [site] = await t.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
  const api = t.client(ownerToken, { siteId: site!.id });
  const column = await insertColumn(t, site!.id, await insertModel(t));
  const ownerId = (await api.get<{ id: number }>('/admin/current')).data.id;
  expect((await api.post('/auditFlow/save', { category_id: column, steps: [{ mode: 'either', reviewers: [ownerId] }] })).code).toBe(0);
  articleId = (await saveContent(api, column, { title: TITLE })).id;
  const submitted = await api.post('/content/submitAudit', { id: articleId });
  expect(submitted.code, submitted.msg).toBe(0);
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('the statechart viewer', () => {
  it('a super-admin opens it from the system menu, sees upload drawn with its paths, then an article in review with its events', async () => {
    const { page, shell } = await signIn(browser.browser, t, OWNER);
    await shell.openTopMenu('system');
    await shell.openMenu('chartViewer');
    const view = shell.view();
    await visible(view.getByTestId('chart-viewer'));
    expect(shell.path()).toBe('/ChartViewer/index');
    await containsText(page.getByTestId('menu-chartViewer'), '状态图查看器');

    // upload: a box per state, the transitions tabled, the shortest paths in the words of `npm run paths`.
    await view.getByTestId('chart-select').selectOption('upload');
    const { states, transitions } = chartSummary('upload');
    await countIs(view.getByTestId('chart-drawing').locator('[data-testid="chart-state"]'), states);
    expect(await view.getByTestId('chart-drawing').getAttribute('aria-label')).toContain('upload');
    await countIs(view.getByTestId('chart-transition-row'), transitions);
    const paths = chartPaths('upload');
    await countIs(view.getByTestId('chart-path'), paths.length);
    await containsText(view.getByTestId('chart-path').nth(1), formatPathHead(paths[1]!));
    const longest = paths.at(-1)!;
    await containsText(view.getByTestId('chart-paths'), formatStep(longest.steps.at(-1)!));

    // audit: the article in review, replayed by the server from its stored events.
    await view.getByTestId('chart-select').selectOption('audit');
    const records = view.getByTestId('chart-record-select');
    await eventually('the article in review is offered', async () => (await records.locator(`option[value="${articleId}"]`).count()) === 1);
    await records.selectOption(String(articleId));
    await containsText(view.getByTestId('chart-record-state'), 'reviewing');
    await countIs(view.getByTestId('chart-record-event'), 1);
    await containsText(view.getByTestId('chart-record-event'), 'audit.submit');
    // The drawing marks the live state.
    await visible(view.locator('[data-testid="chart-state"][data-live="true"][data-state="reviewing"]'));
    await page.close();
  });

  it('an admin who is not a super-admin does not see the viewer and is refused at its URL', async () => {
    const superToken = await t.login();
    const other = await adminWithRole(t, superToken, ['chartViewer', 'role', 'admin']);
    const { page, shell } = await signIn(browser.browser, t, other);
    await shell.openTopMenu('system');
    await shell.seeMenu('role');
    await shell.dontSeeMenu('chartViewer');
    await shell.go('/ChartViewer/index');
    await page.getByTestId('not-found').waitFor();
    expect(shell.path()).toBe('/404');
    await page.close();
  });
});

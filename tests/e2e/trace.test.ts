import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { asc } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { adminWithRole } from '../helpers/fixtures';
import { Trace } from '../../models/trace';
import { sites } from '../../server/db/schema/index';
import { formatReport, replayTrace } from '../qa/replay';
import { createOwner } from './pages/owner';
import { LoginPage, ResourceScreen, ShellPage } from './pages/admin';
import { AttachmentsScreen } from './pages/attachments';
import { countIs, eventually, visible } from './pages/see';

// Issue 16: event traces. A session opened with `?trace=1` records every event sent to the charts; the user
// downloads the trace from the floating control, no password typed is in it, and it replays through the same
// charts (tests/qa/replay.ts) with no divergence. A super-admin starts recording from the personal center;
// other admins have no such switch. The actors made outside a view (an upload runner, the plugin list's
// lifecycle charts) are recorded like the others.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
const OWNER = { account: 'tracer@example.com', password: 'Trace-pass-2026' };
const TYPED_SECRET = 'Typed-secret-4711';

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'Tracer' });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function newPage(): Promise<Page> {
  const page = await browser.browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  page.on('pageerror', (e) => {
    throw e;
  });
  return page;
}

/** Downloads the trace from the floating control and parses it. */
async function downloadTrace(page: Page): Promise<{ name: string; text: string; json: unknown }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('trace-download').click()]);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  return { name: download.suggestedFilename(), text, json: JSON.parse(text) };
}

function expectReplaysCleanly(json: unknown) {
  const report = replayTrace(json);
  expect(report.errors, formatReport(report)).toEqual([]);
  expect(report.divergences, formatReport(report)).toEqual([]);
  return report;
}

describe('event traces', () => {
  it('a session opened with ?trace=1 is recorded, downloads without the passwords typed, and replays with no divergence', async () => {
    const page = await newPage();
    const login = new LoginPage(page, t.url);
    await login.open('?trace=1');
    await visible(page.getByTestId('trace-control'));
    await login.logIn(OWNER.account, OWNER.password);
    const shell = new ShellPage(page, t.url);
    await shell.waitReady();
    await shell.closePersonalCenter();

    // A list, filtered.
    await shell.openTopMenu('system');
    await shell.openMenu('admin');
    const admins = new ResourceScreen(page, 'admin');
    await admins.waitLoaded();
    const adminPath = new URL(page.url()).pathname.replace(/^\/admin/, '');
    await shell.view().getByTestId('filter-account').fill('tracer');
    await shell.view().getByTestId('filter-apply').click();
    await countIs(page.getByTestId('table-admin').locator('tbody tr'), 1);

    // A form dialog: typed into (a password too), cancelled, the changes discarded.
    await admins.startCreating();
    await admins.fill('nickname', 'Temporary');
    await admins.fill('password', TYPED_SECRET);
    await admins.form().getByRole('button', { name: /取消|Cancel/ }).click();
    await visible(page.getByTestId('confirm-discard'));
    await page.getByTestId('confirm-discard-confirm').click();
    await admins.form().waitFor({ state: 'hidden' });

    // Tabs: to the dashboard and back.
    await page.getByTestId('tab-/').click();
    await visible(page.getByTestId('stat-sites'));
    await page.getByTestId(`tab-${adminPath}`).click();
    await eventually('the admin list is shown again', async () => new URL(page.url()).pathname.endsWith(adminPath));

    const { name, text, json } = await downloadTrace(page);
    // Kept for a closer look (`npm run replay -- tests/.artifacts/trace-session.json`).
    fs.mkdirSync(path.resolve('tests/.artifacts'), { recursive: true });
    fs.writeFileSync(path.resolve('tests/.artifacts/trace-session.json'), text);
    expect(name).toMatch(/^banyan-trace-.+\.json$/);
    const parsed = Trace.safeParse(json);
    expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
    const trace = parsed.data!;
    for (const secret of [OWNER.password, TYPED_SECRET]) expect(text).not.toContain(secret);
    // What the user did is in it: the sign-in, the list and its filter, the form, the tabs.
    const machines = new Set(trace.actors.map((a) => a.machine));
    for (const chart of ['session', 'routeGuard', 'tabs', 'resourceList', 'resourceForm']) expect(machines, chart).toContain(chart);
    const types = new Set(trace.events.map((e) => e.event.type));
    for (const type of ['login.submit', 'login.succeeded', 'form.openCreate', 'field.change', 'form.close', 'close.confirm']) expect(types, type).toContain(type);
    expect(trace.events.find((e) => e.event.type === 'login.submit')!.event).toMatchObject({ account: OWNER.account, password: '[redacted]' });

    const report = expectReplaysCleanly(json);
    expect(report.events).toBe(trace.events.length);
    await page.close();
  });

  it('an upload and a plugin action are in the trace too, and it replays with no divergence', async () => {
    const [site] = await t.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
    const api = t.client(await t.login(OWNER.account, OWNER.password), { siteId: site!.id });
    const cate = await api.post<{ id: number }>('/attachmentCate/save', { parent_id: 0, title: '追踪上传' });
    expect(cate.code, cate.msg).toBe(0);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'banyan-trace-')), 'trace-note.txt');
    fs.writeFileSync(file, `traced upload ${Date.now()}\n`);

    const page = await newPage();
    const login = new LoginPage(page, t.url);
    await login.open(`?trace=1&redirect=${encodeURIComponent('/AttachmentCate/index')}`);
    await login.logIn(OWNER.account, OWNER.password);
    const shell = new ShellPage(page, t.url);
    await shell.waitReady();
    await shell.closePersonalCenter();
    const attachments = new AttachmentsScreen(page);
    await attachments.waitLoaded();
    await attachments.selectCategory('追踪上传');
    await attachments.upload(file);
    await attachments.seeUploadDone('trace-note.txt');

    // The plugin list: install the built-in plugin, then disable it.
    await shell.openTopMenu('system');
    await shell.openMenu('plugin');
    const card = page.getByTestId('plugin-visitstats');
    await visible(card.locator('[data-state="notInstalled"]'));
    await card.getByTestId('install-visitstats').click();
    await visible(card.locator('[data-state="enabled"]'));
    await card.getByTestId('disable-visitstats').click();
    await visible(card.locator('[data-state="disabled"]'));

    const { text, json } = await downloadTrace(page);
    fs.mkdirSync(path.resolve('tests/.artifacts'), { recursive: true });
    fs.writeFileSync(path.resolve('tests/.artifacts/trace-upload-plugin.json'), text);
    const trace = Trace.parse(json);
    const machines = new Set(trace.actors.map((a) => a.machine));
    for (const chart of ['upload', 'plugin']) expect(machines, chart).toContain(chart);
    const types = trace.events.map((e) => e.event.type);
    for (const type of ['upload.start', 'prepare.done', 'upload.done', 'plugin.install', 'plugin.installed', 'plugin.disable']) expect(types, type).toContain(type);
    const upload = trace.actors.find((a) => a.machine === 'upload')!;
    expect(trace.events.findLast((e) => e.actor === upload.id)).toMatchObject({ state: 'done' });
    // The plugin actors the list restores after each action start where the server said (the replay starts there too).
    expect(trace.actors.filter((a) => a.machine === 'plugin').map((a) => a.start?.value)).toEqual(expect.arrayContaining(['notInstalled', 'enabled', 'disabled']));
    expect(text).not.toContain(OWNER.password);

    // `npm run replay -- trace.json` agrees.
    const cli = spawnSync(path.resolve('node_modules/.bin/tsx'), ['tests/qa/replay.ts', path.resolve('tests/.artifacts/trace-upload-plugin.json')], { encoding: 'utf8' });
    expect(cli.stdout).toBe(`no divergence (${trace.events.length} events, ${trace.actors.length} actors)\n`);
    expect(cli.status).toBe(0);
    await page.close();
  });

  it('recording stays on across a reload of the tab, and the stop button ends it', async () => {
    const page = await newPage();
    const login = new LoginPage(page, t.url);
    await login.open('?trace=1');
    await login.logIn(OWNER.account, OWNER.password);
    const shell = new ShellPage(page, t.url);
    await shell.waitReady();
    await shell.closePersonalCenter();
    await page.reload();
    await shell.waitReady();
    await visible(page.getByTestId('trace-control'));
    expectReplaysCleanly((await downloadTrace(page)).json);
    await page.getByTestId('trace-stop').click();
    await countIs(page.getByTestId('trace-control'), 0);
    await page.reload();
    await shell.waitReady();
    await countIs(page.getByTestId('trace-control'), 0);
    await page.close();
  });

  it('a super-admin starts recording from the personal center', async () => {
    const page = await newPage();
    const login = new LoginPage(page, t.url);
    await login.open();
    await login.logIn(OWNER.account, OWNER.password);
    const shell = new ShellPage(page, t.url);
    await shell.waitReady();
    await shell.closePersonalCenter();
    await countIs(page.getByTestId('trace-control'), 0);

    await page.getByTestId('user-menu').click();
    await page.getByTestId('open-personal').click();
    const dialog = page.getByTestId('personal-dialog');
    await visible(dialog.getByTestId('trace-switch'));
    await dialog.getByTestId('trace-switch').click();
    await visible(page.getByTestId('trace-control'));
    await dialog.getByRole('button', { name: /取消|Cancel/ }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The charts started from then on are recorded.
    await shell.openTopMenu('system');
    await shell.openMenu('admin');
    await new ResourceScreen(page, 'admin').waitLoaded();
    const { json } = await downloadTrace(page);
    const trace = Trace.parse(json);
    expect(trace.actors.map((a) => a.machine)).toContain('resourceList');
    expect(trace.events.length).toBeGreaterThan(0);
    expectReplaysCleanly(json);
    await page.close();
  });

  it('an admin who is not a super-admin has no trace switch', async () => {
    const editor = await adminWithRole(t, await t.login(), ['admin']);
    const page = await newPage();
    const login = new LoginPage(page, t.url);
    await login.open();
    await login.logIn(editor.account, editor.password);
    await new ShellPage(page, t.url).waitReady();
    // A first sign-in with an admin-set password opens the personal center by itself.
    const dialog = page.getByTestId('personal-dialog');
    await visible(dialog.getByTestId('personal-name'));
    await countIs(dialog.getByTestId('trace-switch'), 0);
    await page.close();
  });
});

describe('error reports', () => {
  it('after a page error the user downloads a report with the error and, while recording, the trace', async () => {
    const page = await browser.browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    const login = new LoginPage(page, t.url);
    await login.open('?trace=1');
    await login.logIn(OWNER.account, OWNER.password);
    await new ShellPage(page, t.url).waitReady();
    await page.evaluate(() => setTimeout(() => Promise.reject(new Error('handler broke')), 0));
    await visible(page.getByTestId('error-report-download'));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('error-report-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^banyan-error-.+\.json$/);
    const report = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { error: { message: string; stack: string }; url: string; time: string; trace?: unknown };
    expect(report.error.message).toBe('handler broke');
    expect(report.url).toContain('/admin');
    expect(Number.isNaN(Date.parse(report.time))).toBe(false);
    expect(Trace.safeParse(report.trace).success).toBe(true);
    expect(JSON.stringify(report)).not.toContain(OWNER.password);
    await page.close();
  });

  it('without recording the report has no trace', async () => {
    const page = await browser.browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    await new LoginPage(page, t.url).open();
    await page.evaluate(() => setTimeout(() => Promise.reject(new Error('login broke')), 0));
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('error-report-download').click()]);
    const report = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { error: { message: string }; trace?: unknown };
    expect(report.error.message).toBe('login broke');
    expect(report.trace).toBeUndefined();
    await page.close();
  });
});

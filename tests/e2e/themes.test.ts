import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { getPage } from '../helpers/publicFixtures';
import { createOwner, signIn } from './pages/owner';
import { containsText, eventually, pageSettled, visible } from './pages/see';

// The online theme file editor, end to end: edit a template, see the public page change, restore it from
// history, then generate the static site and read a generated page.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
const OWNER = { account: 'themes@example.com', password: 'Themes-pass-2026' };
const INDEX = 'templates/index.liquid';
let token: string;
let siteId: number;

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'Themes' });
  token = await t.login(OWNER.account, OWNER.password);
  siteId = ((await t.client(token).get('/website/siteList')).data as Array<{ id: number }>)[0]!.id;
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const api = () => t.client(token, { siteId });
const publicHome = async () => (await getPage(t, '/')).body;

/** Opens a file in the editor and waits for CodeMirror to show it. */
async function openFile(page: Page, file: string) {
  await page.locator(`[data-testid="theme-file"][data-path="${file}"]`).click();
  await containsText(page.getByTestId('theme-path'), file);
  await visible(page.getByTestId('theme-code').locator('.cm-content'));
}

describe('theme file editor', () => {
  it('a super-admin edits the home template, sees it live, restores it from history, and generates the static site', async () => {
    // An installed theme to edit (the shipped default is read-only).
    const themes = (await api().get('/theme/index')).data as Array<{ folder: string }>;
    if (!themes.some((th) => th.folder === 'ocean')) expect((await api().post('/templeteLibrary/install', { package: 'banyan-ocean.zip', folder: 'ocean' })).code).toBe(0);

    const { page, shell } = await signIn(browser.browser, t, OWNER, { at: '/Theme/index' });
    await visible(page.getByTestId('theme-ocean'));
    await page.getByTestId('theme-ocean').getByRole('button', { name: '启用' }).click();
    await eventually('ocean is active', async () => ((await api().get('/theme/index')).data as Array<{ folder: string; active: boolean }>).some((th) => th.folder === 'ocean' && th.active));
    await page.getByTestId('edit-files-ocean').click();
    await visible(page.getByTestId('theme-editor'));
    expect(shell.path()).toBe('/Theme/files?folder=ocean');
    await openFile(page, INDEX);

    // Type a marker at the end of the line `{% block content %}`.
    const marker = `E2EMARKER${Date.now()}`;
    const original = await fs.readFile(path.join(t.dataDir, 'themes', `site-${siteId}`, 'ocean', INDEX), 'utf8');
    await page.getByTestId('theme-code').locator('.cm-content').click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.type(` ${marker} `);
    await page.keyboard.press('Escape');
    await visible(page.getByTestId('theme-dirty'));
    await page.getByTestId('theme-save').click();
    await page.getByTestId('theme-dirty').waitFor({ state: 'hidden' });
    await eventually('the public home page shows the marker', async () => (await publicHome()).includes(marker));
    const live = await browser.browser.newPage();
    await live.goto(`${t.url}/`);
    await containsText(live.locator('body'), marker);

    // History: the version before the save, its diff shows the marker as added; restore it.
    await page.getByTestId('theme-history-open').click();
    await page.getByTestId('theme-version').first().click();
    await containsText(page.getByTestId('theme-diff').locator('[data-change="added"]'), marker);
    await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
    await saveScreenshot(page, 'themeEditor-diff-zh-1440.png', { fullPage: true });
    await page.getByTestId('theme-restore').click();
    await visible(page.getByTestId('theme-code'));
    await eventually('the editor shows the restored text', async () => !(await page.getByTestId('theme-code').innerText()).includes(marker));
    expect(await fs.readFile(path.join(t.dataDir, 'themes', `site-${siteId}`, 'ocean', INDEX), 'utf8')).toBe(original);
    await live.reload();
    await visible(live.locator('body'));
    expect(await live.locator('body').innerText()).not.toContain(marker);
    await live.close();

    // Switching files with unsaved changes asks first.
    await page.getByTestId('theme-code').locator('.cm-content').click();
    await page.keyboard.type('x');
    await page.locator('[data-testid="theme-file"][data-path="assets/style.css"]').click();
    await visible(page.getByTestId('confirm-discard'));
    await page.getByTestId('confirm-discard-cancel').click();
    await containsText(page.getByTestId('theme-path'), INDEX);
    await page.locator('[data-testid="theme-file"][data-path="assets/style.css"]').click();
    await page.getByTestId('confirm-discard-confirm').click();
    await containsText(page.getByTestId('theme-path'), 'assets/style.css');

    // The static site is generated with the edited theme.
    const staticMarker = `STATICMARKER${Date.now()}`;
    const current = (await api().get('/theme/fileRead', { folder: 'ocean', path: INDEX })).data.content as string;
    expect((await api().post('/theme/fileUpdate', { folder: 'ocean', path: INDEX, content: current.replace('{% block content %}', `{% block content %}<p id="static-marker">${staticMarker}</p>`) })).code).toBe(0);
    await shell.go('/StaticFile/index');
    await visible(page.getByTestId('static-start'));
    await visible(page.getByTestId('static-no-runs'));
    await eventually('the output folder is shown', async () => (await page.getByTestId('static-output').innerText()).trim().length > 0);
    const output = (await page.getByTestId('static-output').innerText()).trim();
    await page.getByTestId('static-start').click();
    await visible(page.getByTestId('static-again'), 120_000);
    await visible(page.getByTestId('static-status'));
    // The finish message is filled in, never "{pages}" (issue 18).
    await eventually('the finish message names the files, size and time', async () =>
      /已生成 \d+ 个文件，共 \d+ KB，用时 [\d.]+ 秒/.test(await page.getByTestId('static-status').innerText()),
    );
    expect(await page.getByTestId('static-status').innerText()).not.toContain('{');
    await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
    await pageSettled(page);
    await saveScreenshot(page, 'staticFiles-done-zh.png', { fullPage: true });
    await shell.switchLanguage('en');
    await eventually('the finish message reads in English', async () =>
      /\d+ files written, \d+ KB, in [\d.]+ s/.test(await page.getByTestId('static-status').innerText()),
    );
    await pageSettled(page);
    await saveScreenshot(page, 'staticFiles-done-en.png', { fullPage: true });
    await shell.switchLanguage('zh');
    const generated = path.join(output, 'index.html');
    expect(await fs.readFile(generated, 'utf8')).toContain(`<p id="static-marker">${staticMarker}</p>`);
    const file = await browser.browser.newPage();
    await file.goto(pathToFileURL(generated).href);
    await containsText(file.locator('#static-marker'), staticMarker);
    await file.close();
    await page.close();
  }, 240_000);

  it('the static files screen shows the last run in Chinese and English, on a phone and a desktop', async () => {
    await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
    for (const width of [1440, 375]) {
      const { page, shell } = await signIn(browser.browser, t, OWNER, { width, at: '/StaticFile/index' });
      await visible(page.getByTestId('static-runs'));
      await saveScreenshot(page, `staticFiles-zh-${width}.png`, { fullPage: true });
      await shell.switchLanguage('en');
      await visible(page.getByText('Static generation').first());
      await saveScreenshot(page, `staticFiles-en-${width}.png`, { fullPage: true });
      await shell.switchLanguage('zh');
      await page.close();
    }
  }, 240_000);

  it('the editor reads well in Chinese and English, on a phone and a desktop', async () => {
    await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
    for (const width of [1440, 375]) {
      const { page, shell } = await signIn(browser.browser, t, OWNER, { width, at: '/Theme/files?folder=ocean' });
      await visible(page.getByTestId('theme-editor'));
      await openFile(page, INDEX);
      await pageSettled(page);
      await saveScreenshot(page, `themeEditor-zh-${width}.png`, { fullPage: true });
      await shell.switchLanguage('en');
      await visible(page.getByText('Theme files').first());
      await page.getByTestId('theme-history-open').click();
      await page.getByTestId('theme-version').first().click();
      await visible(page.getByTestId('theme-diff'));
      await pageSettled(page);
      await saveScreenshot(page, `themeEditor-en-${width}-history.png`, { fullPage: true });
      await page.getByTestId('theme-history-close').click();
      await visible(page.getByTestId('theme-code'));
      await saveScreenshot(page, `themeEditor-en-${width}.png`, { fullPage: true });
      await shell.switchLanguage('zh');
      await page.close();
    }
  }, 240_000);

  it('the templates screen lists only templates; the shipped default is read-only', async () => {
    const { page } = await signIn(browser.browser, t, OWNER, { at: '/Theme/tempFiles?folder=default' });
    await visible(page.getByTestId('theme-editor'));
    await openFile(page, 'templates/partials/header.liquid');
    const paths = await page.getByTestId('theme-file').evaluateAll((els) => els.map((e) => e.getAttribute('data-path')!));
    expect(paths.length).toBeGreaterThan(5);
    expect(paths.every((p) => p.startsWith('templates/') && p.endsWith('.liquid'))).toBe(true);
    await visible(page.getByText('内置默认模板只读').first());
    expect(await page.getByTestId('theme-save').count()).toBe(0);
    await page.close();
  }, 120_000);
});

import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { buildAndServeHarness, TREE_PNG, type HarnessServer } from './harness/serve';
import { EditorPage } from './harness/editorPage';
import { containsText, countIs, eventually, settled, visible } from './pages/see';

// The rich-text editor on a page of its own (tests/e2e/harness), driven in Chromium like a writer would:
// formatting, a table, images by URL and by upload, a link, undo/redo, the source view and the four
// server actions (stubs with fixed answers). What the page receives through onChange is checked.

let harness: HarnessServer;
let browser: { browser: Browser; close(): Promise<void> };

beforeAll(async () => {
  harness = await buildAndServeHarness();
  browser = await launchBrowser();
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await harness?.close();
});

async function newPage(width: number, height = 900): Promise<Page> {
  const page = await browser.browser.newPage({ viewport: { width, height } });
  page.on('pageerror', (e) => {
    throw e;
  });
  // "Remote" images come from here: the test machine has no internet.
  await page.route('https://img.test/**', (route) => route.fulfill({ contentType: 'image/png', body: TREE_PNG }));
  return page;
}

const actionCalls = (page: Page) => page.evaluate(() => window.__actionCalls.map((c) => c.action));

describe('the rich-text editor, as a writer', () => {
  it('a writer formats text, builds a table, adds images and a link, undoes, edits the source and runs the four actions', async () => {
    const page = await newPage(1440);
    const editor = new EditorPage(page);
    await editor.open(harness.url);

    // Nothing to check yet: the server is never asked.
    await editor.click('action-wordSearch');
    await editor.seeToast('内容不能为空');
    expect(await actionCalls(page)).toEqual([]);

    // Text, then a line made bold, red and 18 px.
    await editor.content().click();
    await editor.type('Banyan roots grow down.');
    await editor.press('Enter');
    await editor.type('Bold red words');
    await editor.select('Shift+Home');
    await editor.press('Control+b');
    await editor.pickColour('#e03e2d');
    await editor.chooseFontSize(18);
    await editor.seeHtml('<p>Banyan roots grow down.</p>\n<p><span style="color: #e03e2d; font-size: 18px"><strong>Bold red words</strong></span></p>');
    expect(await editor.tool('bold').getAttribute('aria-pressed')).toBe('true');

    // A 2×2 table, typed into; a row and a column added and removed again.
    await editor.insertTable(2, 2);
    await editor.type('Cell A');
    await editor.seeHtml('<table><tbody><tr><td>Cell A</td><td></td></tr><tr><td></td><td></td></tr></tbody></table>');
    await editor.tableCommand('rowBelow');
    await countIs(editor.content().locator('tr'), 3);
    await editor.content().locator('tr').nth(1).locator('td').first().click();
    await editor.type('Row 2');
    await editor.seeHtml('<tr><td>Cell A</td><td></td></tr><tr><td>Row 2</td><td></td></tr><tr><td></td><td></td></tr>');
    await editor.tableCommand('colRight');
    const firstRowCells = editor.content().locator('tr').first().locator('td');
    await countIs(firstRowCells, 3);
    await firstRowCells.nth(1).click();
    await editor.tableCommand('removeCol');
    await countIs(firstRowCells, 2);
    await editor.content().locator('tr').nth(1).locator('td').first().click();
    await editor.tableCommand('removeRow');
    await countIs(editor.content().locator('tr'), 2);
    await editor.seeHtml('<table><tbody><tr><td>Cell A</td><td></td></tr><tr><td></td><td></td></tr></tbody></table>');

    // After the table: an image by URL.
    await editor.press('Control+End');
    await editor.type('Photo: ');
    await editor.click('image');
    await page.getByTestId('editor-image-url').fill('https://img.test/banyan.png');
    await page.getByTestId('editor-image-confirm').click();
    await editor.seeHtml('<p>Photo: <img src="https://img.test/banyan.png"></p>');

    // Two uploads: confirm waits for both; the failed one is removed, the other inserted.
    await editor.click('image');
    await page.getByTestId('editor-image-files').setInputFiles([
      { name: 'a.png', mimeType: 'image/png', buffer: Buffer.from('a') },
      { name: 'b.png', mimeType: 'image/png', buffer: Buffer.from('b') },
    ]);
    await countIs(page.getByTestId('editor-image-item'), 2);
    // Each upload shows its progress, as the attachment screen does.
    await countIs(page.locator('[data-testid="editor-image-progress"][data-value="50"]'), 2);
    await visible(page.getByTestId('editor-image-wait'));
    expect(await editor.confirmEnabled('editor-image-confirm')).toBe(false);
    await page.evaluate(() => window.__finishUploads(['b.png']));
    await countIs(page.locator('[data-testid="editor-image-item"][data-status="failed"]'), 1);
    await containsText(page.locator('[data-testid="editor-image-item"][data-status="failed"]').getByTestId('editor-image-error'), '文件过大');
    expect(await page.getByTestId('editor-image-progress').count()).toBe(0);
    expect(await page.getByTestId('editor-image-wait').count()).toBe(0);
    await page.locator('[data-testid="editor-image-item"][data-status="failed"]').getByTestId('editor-image-remove').click();
    await countIs(page.getByTestId('editor-image-item'), 1);
    await page.getByTestId('editor-image-confirm').click();
    await editor.seeHtml('<img src="/uploads/a.png" alt="a.png">');

    // A link on the last word; a javascript: URL cannot be confirmed.
    await editor.type(' Read more');
    await editor.select('Shift+ArrowLeft', 4);
    await editor.click('link');
    await expect.poll(() => page.getByTestId('editor-link-text').inputValue()).toBe('more');
    await page.getByTestId('editor-link-url').fill('javascript:alert(1)');
    expect(await editor.confirmEnabled('editor-link-confirm')).toBe(false);
    await page.getByTestId('editor-link-url').fill('/about');
    await page.getByTestId('editor-link-confirm').click();
    await editor.seeHtml('Read <a href="/about">more</a>');

    // Undo takes the link away, redo brings it back.
    await editor.click('undo');
    await editor.dontSeeHtml('<a href="/about">');
    await editor.click('redo');
    await editor.seeHtml('<a href="/about">more</a>');

    await saveScreenshot(page, 'editor-1440.png', { fullPage: true });

    // Source view: HTML edited by hand; what the editor cannot keep is dropped on the way back.
    await editor.click('source');
    const source = page.getByTestId('editor-source-text');
    await visible(source);
    expect(await source.inputValue()).toContain('<a href="/about">more</a>');
    await source.fill(`${await source.inputValue()}\n<p onclick="x()">From <script>alert(1)</script><em>source</em></p>`);
    await editor.click('source');
    await containsText(editor.content(), 'From source');
    await editor.seeHtml('<p>From <em>source</em></p>');
    expect(await editor.html()).not.toMatch(/script|onclick|alert/);

    // Inner links: the content becomes the server's answer.
    await editor.click('action-innerLink');
    await editor.seeHtml('<a href="/tags/banyan">Banyan</a> roots grow down.');

    // Word check: the panel shows the words and the marked copy; the saved content stays unmarked.
    const before = await editor.html();
    await editor.click('action-wordSearch');
    const panel = page.getByTestId('editor-words-panel');
    await visible(panel);
    await countIs(page.getByTestId('editor-word'), 2);
    await containsText(panel, '敏感');
    await containsText(panel, '违禁');
    expect(await page.getByTestId('editor-words-marked').innerHTML()).toContain('<mark>roots</mark>');
    expect(await editor.html()).toBe(before);
    expect(before).not.toContain('<mark>');
    await settled(panel);
    await saveScreenshot(page, 'editor-words-1440.png');
    await page.getByTestId('editor-words-close').click();
    await eventually('the word panel closed', async () => (await panel.count()) === 0);

    // Image localisation: remote images become local; the panel says what failed.
    await editor.click('action-imgLocal');
    await containsText(page.getByTestId('editor-localised-summary'), '已本地化 1 张图片');
    await containsText(page.getByTestId('editor-localised-failed'), 'http://10.0.0.1/private.png');
    await editor.seeHtml('<img src="/uploads/banyan.png">');
    await page.getByTestId('editor-localised-close').click();

    // Description extraction fills the page's description.
    await editor.click('action-descExtraction');
    await containsText(page.getByTestId('harness-description'), '榕树的气根。');
    expect(await actionCalls(page)).toEqual(['innerLink', 'wordSearch', 'imgLocal', 'descExtraction']);

    await page.close();
  });

  it('on a phone the toolbar wraps inside the screen and the editor still works', async () => {
    const page = await newPage(375, 800);
    const editor = new EditorPage(page);
    await editor.open(harness.url);
    // A record loaded from outside replaces the content without counting as an edit, and cannot be undone.
    await page.getByTestId('harness-load').click();
    await containsText(editor.content(), 'Loaded record');
    expect(await page.getByTestId('harness-changes').textContent()).toBe('0');
    expect(await editor.confirmEnabled('editor-undo')).toBe(false);
    await editor.content().click();
    await editor.select('Control+a');
    await editor.press('Backspace');
    await editor.dontSeeHtml('Loaded record');
    await eventually('the edit counts', async () => (await page.getByTestId('harness-changes').textContent()) !== '0');
    await editor.type('手机上写一段正文。');
    await editor.click('numbered-list');
    await editor.seeHtml('<ol><li>手机上写一段正文。</li></ol>');
    const toolbar = await page.getByTestId('editor-toolbar').boundingBox();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(toolbar!.x + toolbar!.width).toBeLessThanOrEqual(375);
    // Every tool is on screen, on some row.
    for (const tool of await page.getByTestId('editor-toolbar').locator('button, select').all()) {
      const box = await tool.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    await saveScreenshot(page, 'editor-375.png', { fullPage: true });
    await page.close();
  });
});

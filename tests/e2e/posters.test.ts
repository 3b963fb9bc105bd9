import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { createOwner, signIn } from './pages/owner';
import { PosterScreen } from './pages/posters';
import { eventually, pageSettled, settled, visible } from './pages/see';
import { seriousViolations } from './pages/accessibility';

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
const OWNER = { account: 'posters@example.com', password: 'Poster-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'Designer' });
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('posters, as an admin', () => {
  it('an admin makes a poster with a text and a QR code, generates it and downloads the image', async () => {
    const { page } = await signIn(browser.browser, t, OWNER, { at: '/poster/index' });
    const posters = new PosterScreen(page);
    await posters.waitLoaded();

    // The name and, on an image background, the material file are required.
    await posters.startCreating();
    await posters.fill('name', '');
    await posters.trySave();
    await posters.seeFieldError('name', '请输入海报名称');
    await posters.seeFieldError('background_image', '请上传素材文件');
    await posters.fill('name', '春季海报');
    await posters.choose('background_type', '纯色');
    await posters.fill('background_color', '#fff4e0');
    await posters.fill('width', '600');
    await posters.fill('height', '400');
    await posters.choose('format', 'WebP');
    await posters.save();
    await posters.seePoster('春季海报', '600 × 400');

    await posters.design('春季海报');
    await posters.addText('春季新品上市', 48);
    await posters.addQr('https://example.com/spring');
    // Dragged by the pointer, the QR code follows it.
    const { before, after } = await posters.drag('qr', 60, 30);
    expect(after.x).toBeGreaterThan(before.x + 20);
    expect(after.y).toBeGreaterThan(before.y + 10);
    // The arrow keys move the selected element too.
    const beforeKey = (await posters.element('qr').boundingBox())!;
    await posters.element('qr').press('Shift+ArrowLeft');
    await eventually('the QR code moved left', async () => (await posters.element('qr').boundingBox())!.x < beforeKey.x - 5);
    // Sent below the text: the text is drawn over it.
    await posters.lowerSelected();
    expect(await posters.layerOrder()).toEqual(['qr', 'text']);
    await posters.generate();
    await posters.editor().getByTestId('poster-result').scrollIntoViewIfNeeded();
    await settled(posters.editor());
    await saveScreenshot(page, 'posters-result-zh-1440.png');

    const download = await posters.download();
    expect(download.suggestedFilename()).toBe('春季海报.webp');
    const bytes = await fs.readFile((await download.path())!);
    await fs.writeFile(path.join(SCREENSHOT_DIR, 'posters-download.png'), await sharp(bytes).png().toBuffer());
    const meta = await sharp(bytes).metadata();
    expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({ width: 600, height: 400, format: 'webp' });

    // A changed layout is not dropped without asking.
    await posters.element('text').press('ArrowDown');
    await posters.tryClosing();
    await posters.answerDiscard(false);
    await visible(posters.editor());
    await posters.tryClosing();
    await posters.answerDiscard(true);
    await posters.editor().waitFor({ state: 'hidden' });
    await posters.seePoster('春季海报', '600 × 400');
    await page.close();
  });

  it('the list and the editor fit a phone and a desktop, in Chinese and English', async () => {
    for (const lang of ['zh', 'en'] as const) {
      for (const width of [375, 1440]) {
        const { page } = await signIn(browser.browser, t, OWNER, { at: '/poster/index', width, height: 900, lang });
        const posters = new PosterScreen(page);
        await posters.waitLoaded();
        await posters.seePoster('春季海报', '600 × 400');
        await pageSettled(page);
        await saveScreenshot(page, `posters-${lang}-${width}.png`, { fullPage: true });
        await posters.design('春季海报');
        await posters.element('qr').click();
        await settled(posters.editor());
        await saveScreenshot(page, `posters-editor-${lang}-${width}.png`);
        expect(await seriousViolations(page)).toEqual([]);
        const dialog = (await posters.editor().boundingBox())!;
        expect(dialog.x).toBeGreaterThanOrEqual(0);
        expect(dialog.x + dialog.width).toBeLessThanOrEqual(width);
        const canvas = (await posters.editor().getByTestId('poster-canvas').boundingBox())!;
        expect(canvas.x + canvas.width).toBeLessThanOrEqual(dialog.x + dialog.width);
        await page.close();
      }
    }
  });
});

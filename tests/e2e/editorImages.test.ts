import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser } from '../helpers/browser';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { createOwner, signIn } from './pages/owner';
import { countIs, eventually, visible } from './pages/see';
import { EditorPage } from './harness/editorPage';
import { attachments, sites } from '../../server/db/schema/index';

// An image uploaded from the rich-text editor takes the attachments' road: the upload chart in the
// browser, the chunked endpoint above the chunk threshold, and an attachment record of the site.

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let siteId: number;
let column: number;
let photo: Buffer;
const OWNER = { account: 'editor.images@example.com', password: 'Images-pass-2026' };
const CHUNK_KB = 64;

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 3000, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, OWNER);
  const [site] = await t.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id)).limit(1);
  siteId = site!.id;
  column = await insertColumn(t, siteId, await insertModel(t), { title: '图片新闻' });
  // The smallest chunks the settings allow, so that an ordinary photo goes in several.
  const res = await t.client(await t.login(OWNER.account, OWNER.password)).post('/sysSetting/update', { group: 'upload', values: { chunk_size: CHUNK_KB, chunk_condition: CHUNK_KB } });
  expect(res.code, res.msg).toBe(0);
  // Noise does not compress: about 190 KB of PNG.
  photo = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('images in the rich-text editor', () => {
  it('a writer uploads an image in the editor: it goes up in chunks, becomes an attachment of the site and lands in the body', async () => {
    const { page } = await signIn(browser.browser, t, OWNER, { at: `/addContent?category_id=${column}` });
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    const editor = new EditorPage(page);
    await visible(editor.content());
    await editor.content().click();
    await editor.click('image');
    await page.getByTestId('editor-image-files').setInputFiles({ name: 'banyan-photo.png', mimeType: 'image/png', buffer: photo });
    await countIs(page.locator('[data-testid="editor-image-item"][data-status="done"]'), 1);
    await page.getByTestId('editor-image-confirm').click();

    const [row] = await t.db.select().from(attachments).where(eq(attachments.name, 'banyan-photo.png'));
    expect(row).toMatchObject({ siteId, size: photo.length, type: 2 });
    await eventually('the image is in the body', async () => (await editor.content().locator(`img[src="${row!.url}"]`).count()) === 1);
    const chunks = requests.filter((p) => p === '/api/attachment/sliceUploadAndSave');
    expect(chunks).toHaveLength(Math.ceil(photo.length / (CHUNK_KB * 1024)));
    expect(requests).toContain('/api/attachment/checkHash');
    expect(requests).not.toContain('/api/content/articleUpload');
    await page.close();
  });
});

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../helpers/app';
import { launchBrowser, SCREENSHOT_DIR, saveScreenshot } from '../helpers/browser';
import { AttachmentsScreen } from './pages/attachments';
import { createOwner, signIn } from './pages/owner';
import { containsText, eventually, settled, visible } from './pages/see';

let t: TestApp;
let browser: { browser: Browser; close(): Promise<void> };
let dir: string;
const OWNER = { account: 'librarian@example.com', password: 'Library-pass-2026' };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } }, { withClient: true });
  browser = await launchBrowser();
  await createOwner(t, { ...OWNER, name: 'Librarian' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-attachments-'));
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

async function openScreen(opts: { width?: number } = {}) {
  const { page, shell } = await signIn(browser.browser, t, OWNER, { at: '/AttachmentCate/index', width: opts.width });
  const screen = new AttachmentsScreen(page);
  await screen.waitLoaded();
  return { page, shell, screen };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The bytes the server serves at an attachment's address. */
async function download(url: string): Promise<Buffer> {
  const res = await fetch(new URL(url, t.url));
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** 1-based chunk indexes of the chunk requests the page sends from now on. */
function recordChunks(page: Page): number[] {
  const sent: number[] = [];
  page.on('request', (req) => {
    if (!req.url().includes('/api/attachment/sliceUploadAndSave')) return;
    const body = req.postDataBuffer()?.toString('latin1') ?? '';
    const index = /name="chunk_index"\r\n\r\n(\d+)/.exec(body)?.[1];
    if (index) sent.push(Number(index));
  });
  return sent;
}

describe('attachments, as an editor', () => {
  it('an editor adds categories two levels deep, never edits or deletes the top level, and is told what is missing', async () => {
    const { page, screen } = await openScreen();
    // The root offers add only.
    expect(await screen.nodeActions()).toEqual(['add']);

    // An empty form is refused with the spec's words.
    await page.getByTestId('cate-add').click();
    const form = screen.categoryForm();
    await visible(form);
    await form.getByTestId('field-parent_id').selectOption({ value: '' });
    await form.getByTestId('form-submit').click();
    await containsText(form.getByTestId('form-error'), '请填写必要信息');
    await containsText(form.getByTestId('field-parent_id-error'), '请选择上级分类');
    await containsText(form.getByTestId('field-title-error'), '请输入分类名称');
    await form.getByTestId('field-parent_id').selectOption({ label: '顶级分类' });
    await form.getByTestId('field-title').fill('产品图片');
    await form.getByTestId('form-submit').click();
    await form.waitFor({ state: 'hidden' });
    await visible(screen.node('产品图片'));

    // A top-level category takes children; a child does not.
    await screen.selectCategory('产品图片');
    expect(await screen.nodeActions()).toEqual(['add', 'edit', 'delete']);
    await screen.addCategory('2024 新品');
    await screen.selectCategory('2024 新品');
    expect(await screen.nodeActions()).toEqual(['edit', 'delete']);
    expect(await screen.node('2024 新品').getAttribute('aria-level')).toBe('3');

    // Rename the child, then delete it: its parent is selected again.
    await screen.renameSelectedCategory('2025 新品');
    await screen.deleteSelectedCategory();
    await eventually('the child is gone', async () => (await screen.node('2025 新品').count()) === 0);
    expect(await screen.node('产品图片').getAttribute('aria-selected')).toBe('true');

    // The server agrees: one category, at the top level.
    const siteId = Number(await page.evaluate(() => localStorage.getItem('banyan:siteId')));
    const cates = await t.client(await t.login(OWNER.account, OWNER.password), { siteId }).get('/attachmentCate/index');
    expect(cates.data).toEqual([expect.objectContaining({ title: '产品图片', parent_id: 0 })]);
    await page.close();
  });

  it('an editor uploads an image and sees its thumbnail, adds a network file, filters by type and deletes', async () => {
    const { page, screen } = await openScreen();
    await screen.selectCategory('产品图片');
    const image = path.join(dir, 'red-square.png');
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#d33' } }).png().toFile(image);
    await screen.upload(image);
    await screen.seeUploadDone('red-square.png');
    await screen.seeAttachment('red-square.png');
    const thumb = screen.tile('red-square.png').getByTestId('attachment-image');
    await eventually('the thumbnail is drawn', () => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 64));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
    await screen.tile('red-square.png').getByTestId('attachment-copy').click();
    await visible(page.getByText('复制成功'));
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+\.png$/);
    expect((await fetch(copied)).status).toBe(200);

    // A network attachment needs a name and an address.
    await page.getByTestId('network-button').click();
    const network = page.getByTestId('form-network');
    await network.getByTestId('form-submit').click();
    await containsText(network.getByTestId('field-name-error'), '请输入附件名称');
    await containsText(network.getByTestId('field-url-error'), '请输入附件地址');
    await network.getByTestId('field-name').fill('产品手册');
    await network.getByTestId('field-url').fill('https://cdn.example.com/manual.pdf');
    await network.getByTestId('form-submit').click();
    await network.waitFor({ state: 'hidden' });
    await screen.seeAttachment('产品手册');
    expect(await screen.tile('产品手册').getByTestId('attachment-icon').count()).toBe(1);

    // The type filter and the name search narrow the grid.
    await screen.filterByType('图片');
    await screen.dontSeeAttachment('产品手册');
    await screen.seeAttachment('red-square.png');
    await screen.filterByType('全部类型');
    await screen.search('手册');
    await screen.dontSeeAttachment('red-square.png');
    await screen.seeAttachment('产品手册');
    await screen.search('');

    // Edit its name and description; an empty name is refused.
    await screen.tile('产品手册').getByTestId('attachment-edit').click();
    const edit = page.getByTestId('form-attachment');
    await eventually('the record is loaded', async () => (await edit.getByTestId('field-name').inputValue()) === '产品手册');
    await edit.getByTestId('field-name').fill(' ');
    await edit.getByTestId('form-submit').click();
    await containsText(edit.getByTestId('field-name-error'), '请输入附件名称');
    await edit.getByTestId('field-name').fill('产品手册 2026');
    await edit.getByTestId('field-description').fill('春季版');
    await edit.getByTestId('form-submit').click();
    await edit.waitFor({ state: 'hidden' });
    await screen.seeAttachment('产品手册 2026');

    // Delete goes to the recycle bin at once (the toast offers an undo).
    await screen.deleteAttachment('产品手册 2026');
    await screen.seeAttachment('red-square.png');
    await page.close();
  });

  it('a 30 MB file goes up in chunks with a progress bar, survives a page reload midway and arrives whole', async () => {
    const { page, screen } = await openScreen();
    // 30 MiB of text (the server sniffs contents: a .txt must be text), random so no instant upload.
    const big = path.join(dir, 'big-log.txt');
    const bytes = Buffer.from(randomBytes(15 * 1024 * 1024).toString('hex'));
    await fs.writeFile(big, bytes);
    // Slow each chunk down so the reload lands midway.
    await page.route('**/api/attachment/sliceUploadAndSave', async (route) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue().catch(() => undefined);
    });
    const before = recordChunks(page);
    await screen.upload(big);
    const row = screen.uploadRow('big-log.txt');
    await visible(row.getByTestId('upload-progress'));
    await containsText(row.getByTestId('upload-phase'), '分片上传');
    await eventually('a third of the chunks arrived', async () => (await screen.uploadPercent('big-log.txt')) >= 30, 60_000);
    const shown = await screen.uploadPercent('big-log.txt');
    expect(shown).toBeLessThan(100);
    await saveScreenshot(page, 'attachments-chunking-1440.png');
    expect(before.slice(0, 3)).toEqual([1, 2, 3]);

    await page.reload();
    await screen.waitLoaded();
    await containsText(page.getByTestId('upload-interrupted'), 'big-log.txt');
    const after = recordChunks(page);
    const status = page.waitForRequest((req) => req.url().includes('/api/attachment/sliceStatus'));
    await screen.upload(big);
    await status;
    await screen.seeUploadDone('big-log.txt', 90_000);
    // It went on from the first chunk the server lacked, not from the start.
    expect(after[0]).toBeGreaterThan(1);
    expect(after.length).toBeLessThan(15);
    await eventually('the interrupted notice is gone', async () => (await page.getByTestId('upload-interrupted').count()) === 0);

    // The server holds the whole file.
    await screen.seeAttachment('big-log.txt');
    const href = await screen.tile('big-log.txt').locator('a[href]').getAttribute('href');
    const served = await download(href!);
    expect(served.length).toBe(bytes.length);
    expect(sha256(served)).toBe(sha256(bytes));
    await page.close();
  });

  it('a refused file says Upload failed with the reason, a failed chunk is retried from where it stopped', async () => {
    const { page, screen } = await openScreen();
    const script = path.join(dir, 'page.html');
    await fs.writeFile(script, '<script>alert(1)</script>');
    await screen.upload(script);
    await screen.seeUploadFailed('page.html', '上传失败');

    // 5 MiB is above the default 4 MiB threshold: three chunks; the second one is refused once.
    const file = path.join(dir, 'notes.txt');
    const bytes = Buffer.from(randomBytes(5 * 512 * 1024).toString('hex'));
    await fs.writeFile(file, bytes);
    let refused = 0;
    await page.route('**/api/attachment/sliceUploadAndSave', async (route) => {
      const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
      if (/name="chunk_index"\r\n\r\n2\r\n/.test(body) && refused++ === 0) {
        return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 7, msg: '磁盘已满', data: null }) });
      }
      return route.continue();
    });
    const sent = recordChunks(page);
    await screen.upload(file);
    await screen.seeUploadFailed('notes.txt', '上传失败：磁盘已满');
    await screen.uploadRow('notes.txt').getByTestId('upload-retry').click();
    await screen.seeUploadDone('notes.txt');
    // Chunk 1 was not sent again: the retry asked the server what it holds.
    expect(sent).toEqual([1, 2, 2, 3]);
    const href = await screen.tile('notes.txt').locator('a[href]').getAttribute('href');
    expect(sha256(await download(href!))).toBe(sha256(bytes));
    await page.close();
  });

  it('compression keeps a re-encoded image only when it is smaller', async () => {
    const { page, screen } = await openScreen();
    await page.getByTestId('upload-compress').click();
    // An uncompressed PNG shrinks when the browser re-encodes it; a small JPEG would grow as PNG.
    const raw = path.join(dir, 'flat.png');
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a6' } }).png({ compressionLevel: 0 }).toFile(raw);
    const photo = path.join(dir, 'photo.jpg');
    await sharp({ create: { width: 120, height: 90, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).jpeg({ quality: 30 }).toFile(photo);
    await screen.upload([raw, photo]);
    await screen.seeUploadDone('flat.png');
    await screen.seeUploadDone('photo.jpg');
    const siteId = Number(await page.evaluate(() => localStorage.getItem('banyan:siteId')));
    const api = t.client(await t.login(OWNER.account, OWNER.password), { siteId });
    const list = (await api.get('/attachment/index', { page: 1, limit: 18 })).data as Array<{ name: string; size: number; mime: string }>;
    const flat = list.find((a) => a.name === 'flat.png')!;
    expect(flat.size).toBeLessThan((await fs.stat(raw)).size / 10);
    const kept = list.find((a) => a.name === 'photo.jpg')!;
    expect([kept.size, kept.mime]).toEqual([(await fs.stat(photo)).size, 'image/jpeg']);
    await page.close();
  });

  it('the screen reads well in Chinese and English, on a phone and a desktop', async () => {
    for (const width of [1440, 375]) {
      const { page, shell, screen } = await openScreen({ width });
      await screen.selectCategory('产品图片');
      await screen.seeAttachment('red-square.png');
      await saveScreenshot(page, `attachments-zh-${width}.png`, { fullPage: true });
      await shell.switchLanguage('en');
      await visible(page.getByTestId('cate-node-0').getByText('Top level'));
      await page.getByTestId('cate-add').click();
      await visible(screen.categoryForm());
      await settled(screen.categoryForm());
      await saveScreenshot(page, `attachments-en-${width}-form.png`);
      await screen.categoryForm().getByRole('button', { name: 'Cancel' }).click();
      await screen.categoryForm().waitFor({ state: 'hidden' });
      await saveScreenshot(page, `attachments-en-${width}.png`, { fullPage: true });
      await shell.switchLanguage('zh');
      await page.close();
    }
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { looksLikeStack } from '../helpers/fixtures';
import { createSite } from '../helpers/sites';
import { serveOnLoopback, uploadFile as editorUpload } from '../helpers/contentFixtures';
import type { ImageLocalResult } from '../../models/content';
import { setUploadSettings, uploadFile } from '../helpers/attachmentFixtures';
import { changedTables, dbFingerprint } from '../helpers/dbFingerprint';

// Issue 15, attack regressions: image bombs. Files that are a few hundred bytes on disk but declare billions
// of pixels (PNG, GIF, JPEG headers), SVGs with huge sizes or billion-laughs entities, sent to every place
// that decodes images: the attachment upload (size check, reduced copy), the editor's image upload, the
// watermark plugin and the poster renderer. Each is refused with a localized message or stored without
// being decoded; the server keeps answering and its memory (this process: the app runs in-process) does not
// jump by gigabytes.

const RSS_BOUND = 512 * 1024 * 1024;

let t: TestApp;
let token: string;
let siteId: number;

beforeAll(async () => {
  // Remote images come from a loopback server in the localisation row.
  t = await startTestApp({ rateLimit: { api: 100_000, login: 1000 }, allowPrivateFetchForTests: true });
  token = await t.login();
  siteId = await createSite(t, token, { name: 'Bombs' });
});
afterAll(() => t?.close());

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A PNG whose header says width × height (RGB, 8 bit) with only `idat` as its (compressed) pixel data. */
function pngOf(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

/** 100000 × 100000 declared, a few bytes of zeros as data: the classic decompression bomb. */
const PNG_BOMB = pngOf(100_000, 100_000, zlib.deflateSync(Buffer.alloc(1024)));

/** A real, valid PNG of width × height black pixels whose rows deflate to almost nothing (built row by row). */
async function validHugePng(width: number, height: number): Promise<Buffer> {
  const row = Buffer.alloc(1 + width * 3);
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  for (let y = 0; y < height; y++) if (!deflate.write(row)) await new Promise((r) => deflate.once('drain', r));
  deflate.end();
  await done;
  return pngOf(width, height, Buffer.concat(out));
}

/** A GIF whose logical screen is 65535 × 65535, with one 65535 × 65535 image of a few bytes of LZW data. */
function gifBomb(): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(65535, 0);
  screen.writeUInt16LE(65535, 2);
  screen.set([0x80, 0, 0], 4); // global colour table of 2 entries
  const descriptor = Buffer.alloc(10);
  descriptor[0] = 0x2c;
  descriptor.writeUInt16LE(65535, 5);
  descriptor.writeUInt16LE(65535, 7);
  return Buffer.concat([Buffer.from('GIF89a'), screen, Buffer.from([0, 0, 0, 255, 255, 255]), descriptor, Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00, 0x3b])]);
}

/** A real small JPEG with its frame header (SOF0) rewritten to say 65500 × 65500. */
async function jpegBomb(): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } }).jpeg({ mozjpeg: false }).toBuffer();
  for (let i = 2; i + 9 < jpeg.length; ) {
    if (jpeg[i] !== 0xff) break;
    const marker = jpeg[i + 1]!;
    const len = jpeg.readUInt16BE(i + 2);
    if (marker === 0xc0 || marker === 0xc2) {
      jpeg.writeUInt16BE(65500, i + 5);
      jpeg.writeUInt16BE(65500, i + 7);
      return jpeg;
    }
    i += 2 + len;
  }
  throw new Error('no SOF marker');
}

const SVG_HUGE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100000000" height="100000000" viewBox="0 0 10 10"><rect width="10" height="10" fill="red"/></svg>');
const LAUGHS = Buffer.from(
  '<?xml version="1.0"?>\n<!DOCTYPE svg [\n<!ENTITY a "lollollollollollollollollollol">\n' +
    Array.from({ length: 9 }, (_, i) => `<!ENTITY ${String.fromCharCode(98 + i)} "${`&${String.fromCharCode(97 + i)};`.repeat(10)}">`).join('\n') +
    '\n]>\n<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><text x="0" y="20">&j;</text></svg>',
);

/** Runs a call and answers how far the process's resident memory rose while it ran (sampled every 20 ms). */
async function withPeakRss<T>(fn: () => Promise<T>): Promise<{ value: T; rise: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const value = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { value, rise: peak - start };
  } finally {
    clearInterval(timer);
  }
}

const caller = (language = 'en') => ({ token, siteId, language });
const stillUp = async () => expect((await t.client(token).get('/admin/current')).code).toBe(0);
/** Files in the uploads folder (nothing may land there from a refused upload). */
const storedFiles = async () => (await fs.readdir(path.join(t.dataDir, 'uploads'), { recursive: true })).filter((f) => /\.\w+$/.test(f)).sort();

interface Bomb {
  name: string;
  file: string;
  mime: string;
  bytes: () => Promise<Buffer> | Buffer;
}

// prettier-ignore
const RASTER_BOMBS: Bomb[] = [
  { name: 'a PNG declaring 100000×100000', file: 'bomb.png', mime: 'image/png', bytes: () => PNG_BOMB },
  { name: 'a GIF with a 65535×65535 logical screen', file: 'bomb.gif', mime: 'image/gif', bytes: gifBomb },
  { name: 'a JPEG declaring 65500×65500', file: 'bomb.jpg', mime: 'image/jpeg', bytes: jpegBomb },
];

describe('image bombs: attachment upload', () => {
  for (const bomb of RASTER_BOMBS) {
    it(`${bomb.name} is refused with a localized message before it is decoded (memory bounded, nothing stored)`, async () => {
      const bytes = await bomb.bytes();
      expect(bytes.length).toBeLessThan(4096);
      const tables = await dbFingerprint(t);
      const files = await storedFiles();
      const { value: res, rise } = await withPeakRss(() => uploadFile(t, caller(), { name: bomb.file, bytes, mime: bomb.mime }, { reduce_img: 1 }));
      expect(looksLikeStack(JSON.stringify(res))).toBe(false);
      expect([413, 415], res.msg).toContain(res.code);
      expect(res.status).toBe(res.code);
      expect(res.msg).toMatch(/pixels|image/i);
      const zh = await uploadFile(t, caller('zh-CN'), { name: bomb.file, bytes, mime: bomb.mime });
      expect(zh.code).toBe(res.code);
      expect(zh.msg).toMatch(/[\u4e00-\u9fff]/);
      expect(rise).toBeLessThan(RSS_BOUND);
      expect(changedTables(tables, await dbFingerprint(t))).toEqual([]);
      expect(await storedFiles()).toEqual(files);
      await stillUp();
    });
  }

  it('a PNG bomb is refused by its pixel count, naming the size (the header check, not a decoder failure)', async () => {
    const res = await uploadFile(t, caller(), { name: 'bomb.png', bytes: PNG_BOMB, mime: 'image/png' });
    expect(res.code).toBe(413);
    expect(res.msg).toContain('100000');
  });

  it('the same bombs sent through the editor’s image upload are refused alike', async () => {
    for (const bomb of RASTER_BOMBS) {
      const tables = await dbFingerprint(t);
      const { value: res, rise } = await withPeakRss(async () => editorUpload(t, token, siteId, { name: bomb.file, bytes: await bomb.bytes(), type: bomb.mime }));
      expect([413, 415], `${bomb.name}: ${res.msg}`).toContain(res.code);
      expect(rise).toBeLessThan(RSS_BOUND);
      expect(changedTables(tables, await dbFingerprint(t))).toEqual([]);
    }
    await stillUp();
  });

  it('bombs among the remote images of an article stay remote when the editor brings images in', async () => {
    const server = await serveOnLoopback({
      '/bomb.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_BOMB),
      '/bomb.gif': (_req, res) => res.writeHead(200, { 'content-type': 'image/gif' }).end(gifBomb()),
    });
    try {
      const tables = await dbFingerprint(t);
      const content = `<p><img src="${server.url('/bomb.png')}"><img src="${server.url('/bomb.gif')}"></p>`;
      const { value: res, rise } = await withPeakRss(() => t.client(token, { siteId, language: 'en' }).post<ImageLocalResult>('/content/imgLocal', { content }));
      expect(res.code, res.msg).toBe(0);
      expect(res.data.localized).toBe(0);
      expect(res.data.failed.map((f) => f.code)).toEqual(['not_image', 'not_image']);
      expect(res.data.content).toBe(content);
      expect(rise).toBeLessThan(RSS_BOUND);
      // The call itself succeeded (and is in the operation log); no attachment was stored.
      expect(changedTables(tables, await dbFingerprint(t)).filter((n) => n !== 'opt_logs')).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('an SVG declaring 100000000×100000000 is stored as text, never rasterized (fast, memory bounded)', async () => {
    const started = Date.now();
    const { value: res, rise } = await withPeakRss(() => uploadFile(t, caller(), { name: 'huge.svg', bytes: SVG_HUGE, mime: 'image/svg+xml' }, { reduce_img: 1 }));
    expect(res.code, res.msg).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(rise).toBeLessThan(RSS_BOUND);
    const served = await fetch(t.url + res.data.url);
    expect(served.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect((await served.text()).length).toBeLessThan(1024);
  });

  it('an SVG with billion-laughs entities is refused or stored unexpanded (fast, memory bounded)', async () => {
    const tables = await dbFingerprint(t);
    const started = Date.now();
    const { value: res, rise } = await withPeakRss(() => uploadFile(t, caller(), { name: 'laughs.svg', bytes: LAUGHS, mime: 'image/svg+xml' }));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(rise).toBeLessThan(RSS_BOUND);
    if (res.code === 0) {
      const text = await (await fetch(t.url + res.data.url)).text();
      expect(text.length).toBeLessThan(LAUGHS.length * 2);
      expect(text).not.toContain('lollollollollollollollollollollollol');
    } else {
      expect(res.code).toBe(415);
      expect(res.msg).toMatch(/SVG/i);
      expect(changedTables(tables, await dbFingerprint(t))).toEqual([]);
    }
    await stillUp();
  });
});

describe('image bombs: where images are decoded', () => {
  it('a huge but allowed image (144 megapixels) is reduced and watermarked in bounded memory, or refused', async () => {
    await setUploadSettings(t, { image_max_pixels: 500_000_000 });
    expect((await t.client(token).post('/plugin/install', { id: 'watermark' })).code).toBe(0);
    try {
      const bytes = await validHugePng(12_000, 12_000);
      expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
      for (const reduce of [1, 0]) {
        const { value: res, rise } = await withPeakRss(() => uploadFile(t, caller(), { name: `big-${reduce}.png`, bytes, mime: 'image/png' }, { reduce_img: reduce }));
        expect(res.status, res.msg).toBeLessThan(500);
        expect(looksLikeStack(JSON.stringify(res))).toBe(false);
        expect(rise, `reduce_img=${reduce}`).toBeLessThan(RSS_BOUND);
        if (res.code !== 0) expect(res.msg).toMatch(/image|pixels/i);
      }
    } finally {
      await t.client(token).post('/plugin/uninstall', { id: 'watermark' });
      await setUploadSettings(t, {});
    }
    await stillUp();
  });

  it('a poster whose background is a bomb that reached storage is refused with a localized message, in bounded memory', async () => {
    // As if stored before the pixel check (or by object storage sync): the bytes sit behind an attachment row.
    const ok = await uploadFile(t, caller(), { name: 'material.png', bytes: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } }).png().toBuffer(), mime: 'image/png' });
    expect(ok.code, ok.msg).toBe(0);
    const onDisk = path.join(t.dataDir, 'uploads', ok.data.url.replace(/^\/uploads\//, ''));
    await fs.writeFile(onDisk, await validHugePng(20_000, 20_000).then((b) => b));
    const api = t.client(token, { siteId, language: 'en' });
    const poster = await api.post<{ id: number }>('/poster/save', {
      name: 'Bomb poster',
      width: 400,
      height: 300,
      format: 'png',
      quality: 80,
      background_type: 'image',
      background_color: '#ffffff',
      background_image: ok.data.url,
    });
    expect(poster.code, poster.msg).toBe(0);
    const tables = await dbFingerprint(t);
    const { value: res, rise } = await withPeakRss(() => api.post('/poster/render', { id: poster.data.id }));
    expect(res.status, res.msg).toBeLessThan(500);
    expect(res.code).not.toBe(0);
    expect(res.msg).toMatch(/image|pixels/i);
    expect(rise).toBeLessThan(RSS_BOUND);
    expect(changedTables(tables, await dbFingerprint(t))).toEqual([]);
    await stillUp();
  });
});

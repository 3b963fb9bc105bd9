import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, looksLikeStack } from '../helpers/fixtures';
import { bmp, elf, exe, fetchStored, html, image, mp4, pdf, setUploadSettings, sha256, storedUploads, uploadFile, type Caller } from '../helpers/attachmentFixtures';
import { attachments } from '../../server/db/schema/index';
import { ATTACHMENT_TYPE, STORAGE, type Attachment } from '../../models/attachment';
import { UploadSettings } from '../../models/uploadSettings';

// POST /attachment/uploadAndSave: one file per request, checked against the upload settings and its
// real contents (issue 4 "Uploads").

let t: TestApp;
let superToken: string;
let site: number;
let c: Caller;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  superToken = await t.login();
  site = await insertSite(t, 'Uploads');
  c = { token: superToken, siteId: site };
});
afterAll(() => t?.close());
afterEach(() => setUploadSettings(t));

const en = () => ({ ...c, language: 'en' });
const rowOf = async (id: number) => (await t.db.select().from(attachments).where(eq(attachments.id, id)))[0]!;
/** Every file under the data dir outside tmp/ (what an upload may have left behind). */
const storedFiles = () => storedUploads(t);
async function refused(file: { name: string; bytes: Uint8Array }, status: number, msg: RegExp, fields: Record<string, string | number> = {}) {
  const before = await storedFiles();
  const res = await uploadFile(t, en(), file, fields);
  expect([res.status, res.msg], file.name).toEqual([status, expect.stringMatching(msg)]);
  expect(res.code).toBe(status);
  expect(looksLikeStack(JSON.stringify(res))).toBe(false);
  expect(await storedFiles(), `${file.name} left a stored file`).toEqual(before);
  return res;
}

describe('uploading a file in one request', () => {
  it('stores the file, records the attachment and answers id, name and url', async () => {
    const bytes = await image('png', 20, 10, { seed: 1 });
    const cate = await t.client(superToken, { siteId: site }).post<{ id: number }>('/attachmentCate/save', { parent_id: 0, title: 'uploads' });
    const res = await uploadFile(t, c, { name: '产品 图.png', bytes, mime: 'image/png' }, { type: ATTACHMENT_TYPE.image, attachment_cate_id: cate.data.id, reduce_img: 0 });
    expect(res.code, res.msg).toBe(0);
    expect(Object.keys(res.data).sort()).toEqual(['id', 'name', 'url']);
    expect(res.data.name).toBe('产品 图.png');
    expect(res.data.url).toMatch(new RegExp(`^/uploads/${site}/\\d{4}/\\d{2}/${sha256(bytes)}\\.png$`));
    expect(await fetchStored(t, res.data.url)).toEqual(bytes);
    const row = await rowOf(res.data.id);
    expect(row).toMatchObject({ siteId: site, cateId: cate.data.id, type: ATTACHMENT_TYPE.image, storage: STORAGE.local, mime: 'image/png', size: bytes.length, hash: sha256(bytes) });
    const listed = await t.client(superToken, { siteId: site }).get<Attachment[]>('/attachment/index', { cate_id: cate.data.id });
    expect(listed.data.map((a) => a.id)).toEqual([res.data.id]);
  });

  it('accepts every image format of the spec and the video, audio, archive and document kinds', async () => {
    const files: Array<[string, Uint8Array | Promise<Uint8Array>, number]> = [
      ['a.jpg', image('jpeg', 4, 4), ATTACHMENT_TYPE.image],
      ['a.jpeg', image('jpeg', 5, 4), ATTACHMENT_TYPE.image],
      ['a.gif', image('gif', 4, 4), ATTACHMENT_TYPE.image],
      ['a.webp', image('webp', 4, 4), ATTACHMENT_TYPE.image],
      ['a.bmp', bmp(), ATTACHMENT_TYPE.image],
      ['a.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="red"/></svg>'), ATTACHMENT_TYPE.image],
      ['clip.mp4', mp4(), ATTACHMENT_TYPE.video],
      ['doc.pdf', pdf(), ATTACHMENT_TYPE.file],
      ['notes.txt', Buffer.from('plain words\n'), ATTACHMENT_TYPE.file],
    ];
    for (const [name, bytes, type] of files) {
      const res = await uploadFile(t, c, { name, bytes: await bytes });
      expect(res.code, `${name}: ${res.msg}`).toBe(0);
      expect((await rowOf(res.data.id)).type, name).toBe(type);
    }
  });

  it('without a file, or as anything but multipart, the upload is refused', async () => {
    const form = new FormData();
    form.append('type', '2');
    const res = await fetch(`${t.url}/api/attachment/uploadAndSave`, { method: 'POST', headers: { 'x-token': superToken, 'x-site-id': String(site), 'x-language': 'en' }, body: form });
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toMatch(/Choose a file/);
    const json = await t.client(superToken, { siteId: site }).post('/attachment/uploadAndSave', { file: 'x' });
    expect(json.status).toBe(415);
  });

  it('needs a screen that takes files and a category of the current site', async () => {
    const stranger = await adminWithRole(t, superToken, ['adminLoginLog'], { site_ids: [site] });
    const bytes = await image('png', 3, 3);
    expect((await uploadFile(t, { token: stranger.token, siteId: site }, { name: 'a.png', bytes })).status).toBe(403);
    // A content editor uploads through the picker without the attachment screen itself.
    const editor = await adminWithRole(t, superToken, ['content'], { site_ids: [site] });
    const ok = await uploadFile(t, { token: editor.token, siteId: site }, { name: 'a.png', bytes });
    expect(ok.code, ok.msg).toBe(0);
    const other = await insertSite(t, 'UploadsOther');
    const cate = await t.client(superToken, { siteId: other }).post<{ id: number }>('/attachmentCate/save', { parent_id: 0, title: 'other' });
    await refused({ name: 'a.png', bytes }, 400, /another site/, { attachment_cate_id: cate.data.id });
  });
});

describe('what the bytes really are', () => {
  it('an executable renamed .png is refused, and so is any file whose content does not match its name', async () => {
    await refused({ name: 'photo.png', bytes: exe() }, 415, /Web pages, scripts and executables/);
    await refused({ name: 'photo.jpg', bytes: elf() }, 415, /Web pages, scripts and executables/);
    await refused({ name: 'photo.png', bytes: await image('jpeg', 4, 4) }, 415, /does not match its \.png extension/);
    await refused({ name: 'movie.mp4', bytes: pdf() }, 415, /does not match/);
    await refused({ name: 'doc.pdf', bytes: Buffer.from('just text') }, 415, /does not match/);
    await refused({ name: 'notes.txt', bytes: await image('png', 4, 4) }, 415, /does not match/);
  });

  it('HTML pages and scripts are refused under their own names and disguised as text', async () => {
    for (const name of ['page.html', 'page.htm', 'run.js', 'x.php', 'setup.exe', 'a.sh', 'b.xhtml']) {
      await refused({ name, bytes: html() }, 415, /Web pages, scripts and executables/);
    }
    await refused({ name: 'page.txt', bytes: html() }, 415, /Web pages, scripts and executables/);
    await refused({ name: 'data.csv', bytes: Buffer.from('a,b\n<script>alert(1)</script>\n') }, 415, /Web pages, scripts and executables/);
    await refused({ name: 'noext', bytes: pdf() }, 415, /needs an extension/);
  });

  it('an SVG keeps its drawing but loses scripts, event handlers and outside references', async () => {
    const svg = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"/></body></foreignObject>
  <a href="javascript:alert(2)"><circle cx="5" cy="5" r="4" fill="url(#g)" onclick="alert(3)"/></a>
  <linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient>
  <use xlink:href="https://evil.example/x.svg#a"/>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <rect width="10" height="10" style="fill:url(https://evil.example/p)" fill="blue"/>
  <text>&x;</text>
</svg>`;
    const res = await uploadFile(t, c, { name: 'logo.svg', bytes: Buffer.from(svg) });
    expect(res.code, res.msg).toBe(0);
    const stored = (await fetchStored(t, res.data.url))!.toString('utf8');
    for (const bad of ['<script', 'alert', 'onload', 'onclick', 'foreignObject', 'iframe', 'evil.example', 'javascript:', 'ENTITY', '/etc/passwd']) {
      expect(stored, bad).not.toContain(bad);
    }
    expect(stored).toContain('<circle');
    expect(stored).toContain('fill="url(#g)"');
    expect(stored).toContain('viewBox="0 0 10 10"');
    const row = await rowOf(res.data.id);
    expect(row).toMatchObject({ mime: 'image/svg+xml', type: ATTACHMENT_TYPE.image, size: Buffer.byteLength(stored) });
    // The sanitised file is a valid image.
    expect((await sharp(Buffer.from(stored)).metadata()).format).toBe('svg');
    await refused({ name: 'empty.svg', bytes: Buffer.from('<html><script>alert(1)</script></html>') }, 415, /not a valid SVG/);
  });

  it('images over the pixel limit are refused before they are decoded', async () => {
    await setUploadSettings(t, { image_max_pixels: 1_000_000 });
    // 2000×1000 solid colour: a small PNG, but two million pixels.
    const big = await image('png', 2000, 1000, { solid: true });
    expect(big.length).toBeLessThan(64 * 1024);
    await refused({ name: 'big.png', bytes: big }, 413, /2000×1000/);
    // A BMP header claiming a huge canvas.
    const fake = bmp(2, 2);
    fake.writeInt32LE(40_000, 18);
    fake.writeInt32LE(40_000, 22);
    await refused({ name: 'bomb.bmp', bytes: fake }, 413, /limit is 1000000 pixels/);
    expect((await uploadFile(t, c, { name: 'ok.png', bytes: await image('png', 1000, 1000, { solid: true }) })).code).toBe(0);
  });

  it('reduce_img=1 narrows wide images and keeps small ones as they are', async () => {
    const wide = await image('jpeg', 2400, 600, { seed: 7 });
    const res = await uploadFile(t, c, { name: 'wide.jpg', bytes: wide }, { reduce_img: 1 });
    expect(res.code, res.msg).toBe(0);
    const stored = (await fetchStored(t, res.data.url))!;
    expect((await sharp(stored).metadata()).width).toBe(1920);
    const small = await image('jpeg', 100, 50, { seed: 8 });
    const same = await uploadFile(t, c, { name: 'small.jpg', bytes: small }, { reduce_img: 1 });
    expect(await fetchStored(t, same.data.url)).toEqual(small);
  });
});

describe('limits from the upload settings', () => {
  it('each kind has its own maximum size', async () => {
    await setUploadSettings(t, { image: { max_kb: 1 }, file: { max_kb: 2 } });
    const png = await image('png', 40, 40, { seed: 3 });
    expect(png.length).toBeGreaterThan(1024);
    await refused({ name: 'a.png', bytes: png }, 413, /1 KB at most/);
    const doc = pdf('x'.repeat(1500));
    expect(doc.length).toBeLessThan(2048);
    expect((await uploadFile(t, c, { name: 'small.pdf', bytes: doc })).code).toBe(0);
    await refused({ name: 'large.pdf', bytes: pdf('x'.repeat(3000)) }, 413, /2 KB at most/);
  });

  it('a request larger than every kind allows is cut off while it streams', async () => {
    await setUploadSettings(t, { image: { max_kb: 64 }, video: { max_kb: 64 }, audio: { max_kb: 64 }, archive: { max_kb: 64 }, file: { max_kb: 64 } });
    const res = await uploadFile(t, en(), { name: 'huge.mp4', bytes: mp4(1024 * 1024) });
    expect(res.status).toBe(413);
    expect(await fs.readdir(path.join(t.dataDir, 'tmp', 'incoming')).catch(() => [])).toEqual([]);
  });

  it('only the formats a kind allows are accepted, and the declared type must allow the format', async () => {
    await setUploadSettings(t, { image: { formats: ['png'] } });
    await refused({ name: 'a.gif', bytes: await image('gif', 4, 4) }, 415, /\.gif format may not be uploaded/);
    expect((await uploadFile(t, c, { name: 'a.png', bytes: await image('png', 4, 4, { seed: 11 }) })).code).toBe(0);
    await refused({ name: 'b.png', bytes: await image('png', 4, 4, { seed: 12 }) }, 415, /\.png format may not be uploaded/, { type: ATTACHMENT_TYPE.video });
    const defaults = UploadSettings.parse({});
    expect(defaults.image.formats).toEqual(['jpeg', 'jpg', 'png', 'svg', 'gif', 'bmp', 'webp']);
    expect(defaults.video.formats).toEqual(['mp4', 'avi', '3gp', 'rmvb', 'mov', 'mkv']);
  });

  it('any signed-in admin reads the upload settings the browser needs', async () => {
    await setUploadSettings(t, { chunk_size: 512, chunk_condition: 1024 });
    const stranger = await adminWithRole(t, superToken, ['content'], { site_ids: [site] });
    const res = await t.client(stranger.token).get<UploadSettings>('/attachment/uploadConfig');
    expect(res.data).toMatchObject({ chunk_size: 512, chunk_condition: 1024, image: { formats: expect.arrayContaining(['png']) } });
    expect((await t.client().get('/attachment/uploadConfig')).code).not.toBe(0);
  });
});

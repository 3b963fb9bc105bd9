import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp, { type Region, type Sharp } from 'sharp';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import { uploadFile } from '../helpers/attachmentFixtures';
import { attachments } from '../../server/db/schema/index';
import type { Poster, PosterElement, PosterRendered } from '../../models/poster';

// Posters (/poster/index): materials per site, their layout, and the image the server renders from them.

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
/** Holds the poster screen on site A only. */
let editorA: { token: string };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await insertSite(t, uniqueName('PosterA'));
  siteB = await insertSite(t, uniqueName('PosterB'));
  editorA = await adminWithRole(t, superToken, ['poster'], { site_ids: [siteA] });
});
afterAll(() => t?.close());

const as = (token: string, siteId: number, language = 'en') => t.client(token, { siteId, language });
const colourPoster = (fields: Record<string, unknown> = {}) => ({
  name: uniqueName('Poster'),
  width: 400,
  height: 300,
  format: 'png',
  quality: 80,
  background_type: 'color',
  background_color: '#ffffff',
  ...fields,
});
async function create(token: string, siteId: number, fields: Record<string, unknown> = {}) {
  const res = await as(token, siteId).post<{ id: number }>('/poster/save', colourPoster(fields));
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
}
/** Channel statistics of one region (sharp's stats() reads the whole input, so the region is cut out first). */
const statsOf = async (image: Sharp, region: Region) => sharp(await image.clone().extract(region).toBuffer()).stats();
async function download(url: string) {
  const res = await fetch(t.url + url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('poster materials', () => {
  it('an editor adds, lists, edits and deletes a poster of their site', async () => {
    const api = as(editorA.token, siteA);
    const id = await create(editorA.token, siteA, { name: '春季海报' });
    const list = await api.get<Poster[]>('/poster/index', { name: '春季' });
    expect(list.data.map((p) => p.id)).toEqual([id]);
    expect(list.data[0]).toMatchObject({ site_id: siteA, width: 400, height: 300, format: 'png', background_type: 'color', elements: [], image_url: '' });
    expect((await api.post('/poster/update', { id, ...colourPoster({ name: '夏季海报', format: 'webp', quality: 60 }) })).code).toBe(0);
    expect((await api.get<Poster>('/poster/read', { id })).data).toMatchObject({ name: '夏季海报', format: 'webp', quality: 60 });
    expect((await api.post('/poster/delete', { ids: [id] })).code).toBe(0);
    expect((await api.get('/poster/read', { id })).status).toBe(404);
  });

  it('a poster needs a name and, on an image background, the material file', async () => {
    const zh = as(editorA.token, siteA, 'zh');
    const noName = await zh.post('/poster/save', colourPoster({ name: '  ' }));
    expect(noName.status).toBe(400);
    expect(noName.msg).toContain('请输入海报名称');
    const noMaterial = await zh.post('/poster/save', colourPoster({ background_type: 'image', background_image: '' }));
    expect(noMaterial.status).toBe(400);
    expect(noMaterial.msg).toContain('请上传素材文件');
    const en = await as(editorA.token, siteA).post('/poster/save', colourPoster({ background_type: 'image' }));
    expect(en.msg).toContain('Please upload the material file');
    const neither = await zh.post<{ issues: { field: string; message: string }[] }>('/poster/save', { name: '' });
    expect(neither.data.issues).toEqual([
      { field: 'name', message: '请输入海报名称' },
      { field: 'background_image', message: '请上传素材文件' },
    ]);
    const badSize = await as(editorA.token, siteA).post('/poster/save', colourPoster({ width: 10 }));
    expect(badSize.status).toBe(400);
    const badFormat = await as(editorA.token, siteA).post('/poster/save', colourPoster({ format: 'gif' }));
    expect(badFormat.status).toBe(400);
  });

  it('an admin of another site can neither read, change, lay out nor render it', async () => {
    const id = await create(superToken, siteB);
    const api = as(editorA.token, siteA);
    expect((await api.get('/poster/read', { id })).status).toBe(403);
    expect((await api.post('/poster/update', { id, ...colourPoster() })).status).toBe(403);
    expect((await api.post('/poster/layout', { id, elements: [] })).status).toBe(403);
    expect((await api.post('/poster/render', { id })).status).toBe(403);
    expect((await api.post('/poster/delete', { ids: [id] })).status).toBe(403);
    expect((await as(editorA.token, siteB).get('/poster/index')).status).toBe(403);
    expect((await api.get<Poster[]>('/poster/index', { limit: 100 })).data.map((p) => p.id)).not.toContain(id);
  });
});

describe('rendering', () => {
  const text: PosterElement = { id: 't1', kind: 'text', x: 20, y: 20, w: 360, h: 80, text: '春季新品 Spring', font_size: 40, color: '#d00000' };
  const qr: PosterElement = { id: 'q1', kind: 'qr', x: 250, y: 150, w: 120, h: 120, text: 'https://example.com/spring', color: '#000000' };

  for (const format of ['png', 'jpg', 'webp'] as const) {
    it(`renders a ${format} poster of its size and stores it as an attachment`, async () => {
      const api = as(editorA.token, siteA);
      const id = await create(editorA.token, siteA, { format, width: 400, height: 300 });
      expect((await api.post('/poster/layout', { id, elements: [text, qr] })).code).toBe(0);
      const res = await api.post<PosterRendered>('/poster/render', { id });
      expect(res.code, res.msg).toBe(0);
      expect(res.data).toMatchObject({ id, width: 400, height: 300, format });
      expect(res.data.file_name.endsWith(`.${format}`)).toBe(true);
      const [stored] = await t.db.select().from(attachments).where(eq(attachments.id, res.data.attachment_id));
      expect(stored).toMatchObject({ siteId: siteA, url: res.data.url, type: 2 });
      const meta = await sharp(await download(res.data.url)).metadata();
      expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({ width: 400, height: 300, format: format === 'jpg' ? 'jpeg' : format });
      expect((await api.get<Poster>('/poster/read', { id })).data.image_url).toBe(res.data.url);
    });
  }

  it('draws the text in red and the QR code in black where the layout puts them', async () => {
    const api = as(editorA.token, siteA);
    const id = await create(editorA.token, siteA);
    await api.post('/poster/layout', { id, elements: [text, qr] });
    const res = await api.post<PosterRendered>('/poster/render', { id });
    const image = sharp(await download(res.data.url));
    const textBox = await statsOf(image, { left: 20, top: 20, width: 360, height: 80 });
    // Red strokes: the green channel dips where the glyphs are; the blank right side stays white.
    expect(textBox.channels[1]!.min).toBeLessThan(60);
    expect(textBox.channels[0]!.max).toBeGreaterThan(200);
    const qrBox = await statsOf(image, { left: 250, top: 150, width: 120, height: 120 });
    expect(qrBox.channels[0]!.min).toBeLessThan(20);
    expect(qrBox.channels[0]!.max).toBeGreaterThan(235);
    const blank = await statsOf(image, { left: 20, top: 150, width: 200, height: 120 });
    expect(blank.channels[0]!.min).toBeGreaterThan(250);
  });

  it('draws the material file as the background and an uploaded image element; a foreign address is refused', async () => {
    const api = as(editorA.token, siteA);
    const blue = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0000ff' } }).png().toBuffer();
    const green = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#00ff00' } }).png().toBuffer();
    const material = await uploadFile(t, { token: editorA.token, siteId: siteA }, { name: 'material.png', bytes: blue, mime: 'image/png' });
    const photo = await uploadFile(t, { token: editorA.token, siteId: siteA }, { name: 'photo.png', bytes: green, mime: 'image/png' });
    expect(material.code, material.msg).toBe(0);
    const id = await create(editorA.token, siteA, { background_type: 'image', background_image: material.data.url, format: 'jpg' });
    await api.post('/poster/layout', { id, elements: [{ id: 'i1', kind: 'image', x: 350, y: 250, w: 100, h: 100, url: photo.data.url }] });
    const res = await api.post<PosterRendered>('/poster/render', { id });
    expect(res.code, res.msg).toBe(0);
    const image = sharp(await download(res.data.url));
    const [bg, el] = await Promise.all([
      statsOf(image, { left: 10, top: 10, width: 50, height: 50 }),
      statsOf(image, { left: 355, top: 255, width: 40, height: 40 }),
    ]);
    expect(bg.channels[2]!.mean).toBeGreaterThan(200);
    expect(bg.channels[1]!.mean).toBeLessThan(40);
    // The image hangs over the corner and is cut off there.
    expect(el.channels[1]!.mean).toBeGreaterThan(200);
    expect(el.channels[2]!.mean).toBeLessThan(40);

    await api.post('/poster/layout', { id, elements: [{ id: 'i2', kind: 'image', x: 0, y: 0, w: 50, h: 50, url: 'https://elsewhere.example.com/a.png' }] });
    const refused = await api.post('/poster/render', { id });
    expect(refused.status).toBe(400);
    expect(refused.msg).toContain('is not an uploaded attachment of this site');
  });

  it('a layout element needs its content', async () => {
    const id = await create(editorA.token, siteA);
    const res = await as(editorA.token, siteA, 'zh').post('/poster/layout', { id, elements: [{ ...qr, text: '' }] });
    expect(res.status).toBe(400);
    expect(res.msg).toContain('请输入二维码内容');
  });
});

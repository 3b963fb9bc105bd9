import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel, saveContent } from '../helpers/contentFixtures';
import { getPage, insertPublished, runStaticJob } from '../helpers/publicFixtures';
import { fetchStored, image, sha256, uploadFile } from '../helpers/attachmentFixtures';
import { categories, visits } from '../../server/db/schema/index';
import { VISITSTATS_DAYS } from '../../server/pluginHost/builtin/visitstats';
import type { PluginPageView } from '../../models/plugin';

// The built-in plugins that prove the plugin API (issue 13): URL push to IndexNow and Baidu against a loopback
// receiver, the image watermark on upload, the daily visit statistics with their export.

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let t: TestApp;
let token: string;
let siteId: number;
let column: number;
let columnAlias: string;
const domain = uniqueDomain('builtins');
const received: Received[] = [];
let receiver: http.Server;
let receiverBase = '';

const api = () => t.client(token, { siteId });
/** Calls the plugin API and expects success. */
async function must(url: string, body: Record<string, unknown>) {
  const res = await api().post(url, body);
  expect(res.code, `${url}: ${res.msg}`).toBe(0);
  return res;
}
const setSettings = (id: string, values: Record<string, string | number | boolean>) => must('/plugin/saveSettings', { id, values });
const enable = (id: string, on: boolean) => must(on ? '/plugin/enable' : '/plugin/disable', { id });
async function pluginPage(id: string, page: string, query: Record<string, unknown> = {}): Promise<PluginPageView> {
  const res = await api().get<PluginPageView>('/plugin/page', { id, page, ...query });
  expect(res.code, res.msg).toBe(0);
  return res.data;
}
/** Waits for the fire-and-forget pushes of a request to settle (used where nothing must arrive). */
const settle = () => new Promise((r) => setTimeout(r, 100));

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 }, allowPrivateFetchForTests: true });
  token = await t.login();
  siteId = await createSite(t, token, { name: 'Builtins Co', domain });
  column = await insertColumn(t, siteId, await insertModel(t), { title: 'News' });
  columnAlias = (await t.db.select({ alias: categories.alias }).from(categories).where(eq(categories.id, column)))[0]!.alias;
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":1}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  for (const id of ['urlpush', 'watermark', 'visitstats']) await must('/plugin/install', { id });
});
afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  await t?.close();
});
afterEach(() => {
  received.length = 0;
});

describe('search-engine URL push', () => {
  const KEY = 'a1b2c3d4e5f60718';

  it('pushes a published article to IndexNow as JSON, logs it and serves the key file', async () => {
    await setSettings('urlpush', { engine: 'indexnow', endpoint: `${receiverBase}/indexnow`, key: KEY, host: 'www.builtins.example' });
    const saved = await saveContent(api(), column, { title: 'Pushed news', status: 1 });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    const [push] = received;
    const body = JSON.stringify({
      host: 'www.builtins.example',
      key: KEY,
      keyLocation: `http://www.builtins.example/${KEY}.txt`,
      urlList: [`http://www.builtins.example/${columnAlias}/${saved.id}.html`],
    });
    expect(push).toMatchObject({ method: 'POST', url: '/indexnow', body });
    expect(push!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(push!.headers['content-length']).toBe(String(Buffer.byteLength(body)));

    await vi.waitFor(async () => {
      const page = await pluginPage('urlpush', 'log');
      expect(page.rows).toHaveLength(1);
      expect(page.rows[0]).toMatchObject({ created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), engine: 'IndexNow', url_count: 1, first_url: `http://www.builtins.example/${columnAlias}/${saved.id}.html`, status: 200, result: '✓' });
    });

    const keyFile = await getPage(t, `/${KEY}.txt`, domain);
    expect([keyFile.status, keyFile.body]).toEqual([200, KEY]);
    expect((await getPage(t, '/0000000000000000.txt', domain)).status).toBe(404);
  });

  it('pushes the pages a static run wrote to Baidu as text, one URL a line', async () => {
    await setSettings('urlpush', { engine: 'baidu', endpoint: `${receiverBase}/urls`, key: 'tok-123', host: 'www.builtins.example' });
    const article = await insertPublished(t, siteId, column, { title: 'Static pushed' });
    const result = await runStaticJob(t, token, siteId, { scope: 'site' });
    await vi.waitFor(() => expect(received).toHaveLength(1));
    const [push] = received;
    expect(push!.method).toBe('POST');
    expect(push!.url).toBe('/urls?site=www.builtins.example&token=tok-123');
    expect(push!.headers['content-type']).toBe('text/plain');
    const lines = push!.body.split('\n');
    expect(lines).toContain('http://www.builtins.example/');
    expect(lines).toContain(`http://www.builtins.example/${columnAlias}/${article.id}.html`);
    expect(lines.every((l) => /^http:\/\/www\.builtins\.example\/\S*$/.test(l))).toBe(true);
    expect(lines.length).toBeLessThanOrEqual(result.pages);
    expect(push!.headers['content-length']).toBe(String(Buffer.byteLength(push!.body)));
    // The key file is IndexNow's only.
    expect((await getPage(t, `/tok-123.txt`, domain)).status).toBe(404);
  });

  it('pushes nothing and serves no key file while disabled', async () => {
    await setSettings('urlpush', { engine: 'indexnow', endpoint: `${receiverBase}/indexnow`, key: KEY, host: 'www.builtins.example' });
    await enable('urlpush', false);
    await saveContent(api(), column, { title: 'Not pushed', status: 1 });
    await settle();
    expect(received).toEqual([]);
    expect((await getPage(t, `/${KEY}.txt`, domain)).status).toBe(404);
    await enable('urlpush', true);
  });
});

describe('image watermark', () => {
  const c = () => ({ token, siteId });
  const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();

  it('draws the text on wide enough images, keeping their format and size', async () => {
    await setSettings('watermark', { text: 'BANYAN', position: 'center', opacity: 80, min_width: 200 });
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const bytes = await image(format, 400, 300, { solid: true, seed: format.length * 30 });
      const res = await uploadFile(t, c(), { name: `photo.${format === 'jpeg' ? 'jpg' : format}`, bytes, mime: `image/${format}` });
      expect(res.code, res.msg).toBe(0);
      const stored = (await fetchStored(t, res.data.url))!;
      expect(sha256(stored)).not.toBe(sha256(bytes));
      const meta = await sharp(stored).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 400, 300]);
      if (format === 'png') {
        // Lossless: the stored pixels differ where the text was drawn.
        const [a, b] = await Promise.all([pixels(bytes), pixels(stored)]);
        let changed = 0;
        for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) changed++;
        expect(changed).toBeGreaterThan(100);
      }
    }
  });

  it('leaves narrow images and other formats as they are', async () => {
    await setSettings('watermark', { text: 'BANYAN', position: 'bottom-right', opacity: 50, min_width: 200 });
    const narrow = await image('png', 120, 80, { seed: 3 });
    const gif = await image('gif', 400, 300, { solid: true });
    for (const [name, bytes] of [['narrow.png', narrow], ['anim.gif', gif]] as const) {
      const res = await uploadFile(t, c(), { name, bytes });
      expect(res.code, res.msg).toBe(0);
      expect(sha256((await fetchStored(t, res.data.url))!), name).toBe(sha256(bytes));
    }
  });

  it('stores the uploaded bytes unchanged while disabled', async () => {
    await setSettings('watermark', { text: 'BANYAN', position: 'center', opacity: 80, min_width: 10 });
    await enable('watermark', false);
    const bytes = await image('png', 400, 300, { solid: true, seed: 77 });
    const res = await uploadFile(t, c(), { name: 'plain.png', bytes });
    expect(res.code, res.msg).toBe(0);
    expect(sha256((await fetchStored(t, res.data.url))!)).toBe(sha256(bytes));
    await enable('watermark', true);
  });
});

describe('visit statistics export', () => {
  it('lists the current site’s page views and visitors per day over the last 30 days, exportable', async () => {
    const other = await createSite(t, token, { name: 'Other Co' });
    const now = new Date();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    await t.db.insert(visits).values([
      { siteId, path: '/', ip: '1.1.1.1', createdAt: now },
      { siteId, path: '/a', ip: '1.1.1.1', createdAt: now },
      { siteId, path: '/b', ip: '2.2.2.2', createdAt: now },
      { siteId, path: '/', ip: '3.3.3.3', createdAt: daysAgo(3) },
      { siteId, path: '/', ip: '4.4.4.4', createdAt: daysAgo(45) },
      { siteId: other, path: '/', ip: '9.9.9.9', createdAt: now },
    ]);
    const page = await pluginPage('visitstats', 'daily', { site_id: siteId });
    expect(page.exportable).toBe(true);
    expect(page.columns).toEqual([
      { name: 'day', title: '日期' },
      { name: 'pv', title: '浏览量（PV）' },
      { name: 'uv', title: '访客数（UV）' },
    ]);
    expect(page.rows).toHaveLength(VISITSTATS_DAYS);
    expect(page.rows[0]).toEqual({ day: day(now), pv: 3, uv: 2 });
    expect(page.rows.find((r) => r.day === day(daysAgo(3)))).toEqual({ day: day(daysAgo(3)), pv: 1, uv: 1 });
    expect(page.rows.reduce((n, r) => n + Number(r.pv), 0)).toBe(4);
    // Without a site there is nothing to list.
    expect((await pluginPage('visitstats', 'daily')).rows).toEqual([]);

    const csv = await fetch(`${t.url}/api/plugin/pageExport?id=visitstats&page=daily&site_id=${siteId}`, { headers: { 'x-token': token, 'x-language': 'en' } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Date,Page views (PV),Visitors (UV)');
    expect(lines[1]).toBe(`${day(now)},3,2`);
    expect(lines).toHaveLength(VISITSTATS_DAYS + 1);
    await t.db.execute(sql`delete from visits where site_id in (${siteId}, ${other})`);
  });
});

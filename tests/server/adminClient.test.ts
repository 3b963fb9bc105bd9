import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { precompress } from '../../server/clientBundle';

// The admin SPA as the build leaves it: hashed assets with their .br/.gz copies, index.html, a favicon.
const SCRIPT = `export const greeting = ${JSON.stringify('hello admin '.repeat(400))};\n`;
const ASSET = 'assets/index-Ab3dE_9x.js';

let dist: string;
let t: TestApp;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), `<!doctype html><script type="module" src="/admin/${ASSET}"></script>`);
  await fs.writeFile(path.join(dist, ASSET), SCRIPT);
  await fs.writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await precompress(dist, [ASSET]);
  t = await startTestApp({}, { distDir: dist });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const fetchRaw = (url: string, acceptEncoding?: string) =>
  fetch(t.url + url, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
/** fetch decodes content-encoding itself; read the bytes as sent through node's http instead. */
async function rawBody(url: string, acceptEncoding: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const http = await import('node:http');
  return new Promise((resolve, reject) => {
    http
      .get(t.url + url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the admin bundle', () => {
  it('a browser that accepts brotli gets the brotli copy, marked as varying by accept-encoding', async () => {
    const res = await rawBody(`/admin/${ASSET}`, 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['vary'])).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('a browser that accepts only gzip gets the gzip copy', async () => {
    const res = await rawBody(`/admin/${ASSET}`, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers['vary'])).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it('a client that accepts no encoding gets the plain file', async () => {
    const res = await rawBody(`/admin/${ASSET}`, 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(SCRIPT);
  });

  it('hashed assets are cached for a year as immutable, whatever the encoding', async () => {
    for (const enc of ['br', 'gzip', '']) {
      const res = await fetchRaw(`/admin/${ASSET}`, enc);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('index.html and unhashed files are revalidated on every use', async () => {
    for (const url of ['/admin/', '/admin/Admin/index', '/admin/index.html', '/admin/favicon.svg']) {
      const res = await fetchRaw(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toBe('no-cache');
    }
    expect(await (await fetchRaw('/admin/Admin/index')).text()).toContain(ASSET);
  });
});

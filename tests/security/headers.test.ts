import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { uploadFile } from '../helpers/attachmentFixtures';
import { getPage } from '../helpers/publicFixtures';

// Issue 15: the security headers a reviewer expects, asserted on what each part of the server really sends:
// the admin SPA (index.html, a hashed asset), the API, uploaded files (sandboxed; markup downloaded) and a
// public page (nosniff and a referrer policy, but no script policy: themes use inline scripts).

let t: TestApp;
let token: string;
let siteId: number;
const domain = uniqueDomain('headers');
const ASSET = 'assets/index-Ab12Cd34.js';

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string | null | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

function expectAdminHeaders(h: Headers) {
  const csp = directives(h.get('content-security-policy'));
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('frame-src')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  // No source list anywhere re-opens scripts.
  for (const values of csp.values()) expect(values).not.toContain("'unsafe-eval'");
  expect([...(csp.get('script-src') ?? []), ...(csp.get('default-src') ?? [])]).not.toContain("'unsafe-inline'");
  expect(h.get('x-frame-options')).toBe('DENY');
  expect(h.get('referrer-policy')).toMatch(/^(no-referrer|strict-origin-when-cross-origin)$/);
  const permissions = h.get('permissions-policy') ?? '';
  for (const feature of ['camera', 'microphone', 'geolocation']) expect(permissions).toContain(`${feature}=()`);
  expect(h.get('x-content-type-options')).toBe('nosniff');
}

function expectSandboxedUpload(h: Headers) {
  const csp = directives(h.get('content-security-policy'));
  expect(csp.has('sandbox')).toBe(true);
  expect(csp.get('sandbox')).toEqual([]);
  expect(csp.get('default-src')).toEqual(["'none'"]);
  expect(csp.get('script-src')).toBeUndefined();
  expect(h.get('x-content-type-options')).toBe('nosniff');
}

beforeAll(async () => {
  // A stand-in for the built admin client: the headers do not depend on what the bundle holds.
  const distDir = await fs.mkdtemp(path.join((await import('node:os')).tmpdir(), 'banyan-headers-dist-'));
  await fs.mkdir(path.join(distDir, 'assets'));
  await fs.writeFile(path.join(distDir, 'index.html'), `<!doctype html><html><head><script type="module" src="/admin/${ASSET}"></script></head><body><div id="root"></div></body></html>`);
  await fs.writeFile(path.join(distDir, ASSET), 'export {};\n');
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } }, { distDir });
  token = await t.login();
  siteId = await createSite(t, token, { name: 'Headers', domain });
});

afterAll(async () => {
  await t?.close();
});

describe('admin and API security headers', () => {
  it('the admin page carries a strict CSP, no framing, no referrer and no powerful features', async () => {
    for (const url of ['/admin/', '/admin/content/list']) {
      const res = await fetch(t.url + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expectAdminHeaders(res.headers);
    }
  });

  it('the admin client\'s assets carry the same headers', async () => {
    const res = await fetch(`${t.url}/admin/${ASSET}`);
    expect(res.status).toBe(200);
    expectAdminHeaders(res.headers);
  });

  it('API answers carry the headers, whether they succeed or fail', async () => {
    const ok = await fetch(`${t.url}/api/system/info`, { headers: { 'x-token': token } });
    expect(ok.status).toBe(200);
    expectAdminHeaders(ok.headers);
    const missing = await fetch(`${t.url}/api/no/such/route`);
    expect(missing.status).toBe(404);
    expectAdminHeaders(missing.headers);
    const refused = await fetch(`${t.url}/api/system/info`);
    expectAdminHeaders(refused.headers);
  });
});

describe('uploaded files are sandboxed', () => {
  it('an uploaded SVG is served with a sandboxing policy and as a download when opened', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>');
    const up = await uploadFile(t, { token, siteId }, { name: 'shape.svg', bytes: svg, mime: 'image/svg+xml' });
    expect(up.code).toBe(0);
    expect(up.data.url).toMatch(/^\/uploads\//);
    const res = await fetch(t.url + up.data.url);
    expect(res.status).toBe(200);
    expectSandboxedUpload(res.headers);
    // Still an image for <img> (disposition does not affect embedding), but never rendered as a document.
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('an HTML or XML file in the upload folder is sent as plain text to download, sandboxed', async () => {
    // The upload pipeline refuses markup; a file that reaches the folder another way (restore, migration,
    // an older version) must still never run as a page of the admin's origin.
    const dir = path.join(t.dataDir, 'uploads', 'legacy');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'page.html'), '<!doctype html><script>alert(document.cookie)</script>');
    await fs.writeFile(path.join(dir, 'feed.xml'), '<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>');
    for (const name of ['page.html', 'feed.xml']) {
      const res = await fetch(`${t.url}/uploads/legacy/${name}`);
      expect(res.status).toBe(200);
      expectSandboxedUpload(res.headers);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    }
  });

  it('an uploaded image keeps its type and is displayed inline, sandboxed', async () => {
    const dir = path.join(t.dataDir, 'uploads', 'legacy');
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(path.join(dir, 'pixel.gif'), Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
    const res = await fetch(`${t.url}/uploads/legacy/pixel.gif`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    expect(res.headers.get('content-disposition')).toBeNull();
    expectSandboxedUpload(res.headers);
  });
});

describe('public pages', () => {
  it('a public page gets nosniff and a referrer policy but no script policy or framing ban', async () => {
    const page = await getPage(t, '/', domain);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['content-security-policy']).toBeUndefined();
    expect(page.headers['x-frame-options']).toBeUndefined();
  });

  it('a public 404 also gets nosniff and a referrer policy', async () => {
    const page = await getPage(t, '/no-such-page-anywhere/', domain);
    expect(page.status).toBe(404);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

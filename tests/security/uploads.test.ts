import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { looksLikeStack } from '../helpers/fixtures';
import { html, image, storedUploads, uploadFile, type Caller } from '../helpers/attachmentFixtures';
import { uploadFile as editorUpload } from '../helpers/contentFixtures';
import { attachments } from '../../server/db/schema/index';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { S3_ACCESS_KEY_ID, S3_SECRET, startS3, type S3Peer } from '../helpers/s3';
import { objectHeaders } from '../../server/services/objectStorage';

// Issue 15, attack regressions: hostile uploads. SVGs carrying script, event handlers or foreignObject are
// sanitised; markup disguised as an image (content-type spoofing), double extensions and script extensions
// are refused with nothing stored; what is stored is served with the sandboxing headers (a CSP `sandbox`,
// `default-src 'none'`, nosniff), so even a polyglot image never runs as a page or a script.

let t: TestApp;
let c: Caller;
let token: string;
let siteId: number;

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
  token = await t.login();
  siteId = await createSite(t, token, { name: 'Uploads attack', domain: uniqueDomain('uploads-attack') });
  c = { token, siteId, language: 'en' };
});
afterAll(() => t?.close());

const storedFiles = () => storedUploads(t);
const rowCount = async () => (await t.db.select({ n: count() }).from(attachments))[0]!.n;

/** The upload is refused (4xx, no stack) and neither a file nor a row was left behind. */
async function expectRefused(file: { name: string; bytes: Uint8Array; mime?: string }) {
  const files = await storedFiles();
  const rows = await rowCount();
  const res = await uploadFile(t, c, file);
  expect(res.code, `${file.name} was accepted`).not.toBe(0);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(looksLikeStack(JSON.stringify(res))).toBe(false);
  expect(await storedFiles(), `${file.name} left a file`).toEqual(files);
  expect(await rowCount()).toBe(rows);
  await expectEditorUploadSafe(file);
}

/**
 * The editor's image upload keeps only real images, stored under a random name with the extension of what
 * the bytes are: the attacker's name is a label, never the served path. Anything else is refused, no file left.
 */
async function expectEditorUploadSafe(file: { name: string; bytes: Uint8Array; mime?: string }) {
  const files = await storedFiles();
  const res = await editorUpload(t, token, siteId, { name: file.name, bytes: file.bytes, type: file.mime });
  if (res.code !== 0) {
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await storedFiles()).toEqual(files);
    return;
  }
  expect(res.data.url).toMatch(/^\/uploads\/.*\/[0-9a-f-]{36}\.(png|jpg|gif|webp|bmp)$/);
  const served = await fetch(t.url + res.data.url);
  expect(served.headers.get('content-type')).toMatch(/^image\/(png|jpeg|gif|webp|bmp)/);
  expectSandboxed(served.headers);
}

function expectSandboxed(h: Headers) {
  const csp = h.get('content-security-policy') ?? '';
  expect(csp).toMatch(/(^|;)\s*sandbox\s*(;|$)/);
  expect(csp).toMatch(/default-src 'none'/);
  expect(csp).not.toMatch(/script-src/);
  expect(h.get('x-content-type-options')).toBe('nosniff');
}

const svgAttacks: Array<[string, string]> = [
  ['<script> element', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><script>alert(document.cookie)</script><rect width="4" height="4" fill="red"/></svg>'],
  ['onload handler', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4" onload="alert(1)"><rect width="4" height="4" fill="red"/></svg>'],
  ['foreignObject with HTML', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><foreignObject width="4" height="4"><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></body></foreignObject><rect width="4" height="4" fill="red"/></svg>'],
  ['javascript: link', '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 4 4"><a xlink:href="javascript:alert(1)"><rect width="4" height="4" fill="red"/></a></svg>'],
  ['animate setting href', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><a><animate attributeName="href" values="javascript:alert(1)"/><rect width="4" height="4" fill="red"/></a></svg>'],
  ['event handler on a shape', '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="red" onmouseover="alert(1)"/></svg>'],
];

describe('SVG uploads are sanitised and sandboxed', () => {
  it.each(svgAttacks)('SVG with %s: stored without the payload, the drawing kept, served sandboxed', async (_name, svg) => {
    const res = await uploadFile(t, c, { name: 'logo.svg', bytes: Buffer.from(svg), mime: 'image/svg+xml' });
    expect(res.code, res.msg).toBe(0);
    const served = await fetch(t.url + res.data.url);
    expect(served.status).toBe(200);
    const text = await served.text();
    for (const bad of ['<script', 'alert', 'onload', 'onerror', 'onmouseover', 'foreignObject', 'javascript:', '<animate']) expect(text, bad).not.toContain(bad);
    expect(text).toContain('<rect');
    expect(text).toContain('viewBox="0 0 4 4"');
    expect(served.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);
    expectSandboxed(served.headers);
  });

  it('markup that is not an SVG at all, named .svg, is refused', async () => {
    await expectRefused({ name: 'logo.svg', bytes: html(), mime: 'image/svg+xml' });
  });
});

describe('content-type spoofing, polyglots and double extensions', () => {
  it('HTML uploaded as .jpg with an image/jpeg content type is refused', async () => {
    await expectRefused({ name: 'photo.jpg', bytes: html(), mime: 'image/jpeg' });
  });

  it('HTML uploaded as .png behind a PNG-looking prefix is refused', async () => {
    await expectRefused({ name: 'photo.png', bytes: Buffer.concat([Buffer.from('\x89PNG\r\n'), html()]), mime: 'image/png' });
  });

  it('a GIF/JS polyglot named .js is refused', async () => {
    await expectRefused({ name: 'payload.js', bytes: Buffer.from('GIF89a=1;alert(document.domain);//'), mime: 'image/gif' });
  });

  it('a GIF/JS polyglot named .gif is refused or served as a sandboxed image, never as script or page', async () => {
    const bytes = Buffer.concat([Buffer.from('GIF89a/*'), (await image('gif', 2, 2)).subarray(8), Buffer.from('*/=alert(document.domain);')]);
    const files = await storedFiles();
    const res = await uploadFile(t, c, { name: 'poly.gif', bytes, mime: 'image/gif' });
    if (res.code !== 0) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await storedFiles()).toEqual(files);
      return;
    }
    const served = await fetch(t.url + res.data.url);
    expect(served.headers.get('content-type')).toMatch(/^image\/gif/);
    expectSandboxed(served.headers);
  });

  it.each([
    ['shell.php.jpg', 'HTML'],
    ['image.jpg.html', 'HTML'],
    ['image.jpg.htm', 'HTML'],
    ['image.png.php', 'PNG'],
    ['image.png.js', 'PNG'],
    ['image.png.svgz', 'PNG'],
    ['image.png.exe', 'PNG'],
    ['image.png.', 'PNG'],
    ['image.php%00.png', 'HTML'],
    ['image.png.Php', 'PNG'],
  ])('double extension %s (%s bytes) is refused', async (name, kind) => {
    const bytes = kind === 'HTML' ? html() : await image('png', 2, 2);
    await expectRefused({ name, bytes, mime: 'image/png' });
  });

  it('an honest image next to them is accepted and served inline, sandboxed (nothing else changed)', async () => {
    const res = await uploadFile(t, c, { name: 'ok.png', bytes: await image('png', 2, 2), mime: 'image/png' });
    expect(res.code, res.msg).toBe(0);
    const served = await fetch(t.url + res.data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/png/);
    expectSandboxed(served.headers);
  });
});

describe('SVG uploads kept in object storage download rather than render from the bucket', () => {
  let s3: S3Peer;
  let bucket: S3Client;
  const useStorage = async (values: Record<string, unknown>) => {
    const res = await t.client(token).post('/sysSetting/update', { group: 'storage', values });
    expect(res.code, res.msg).toBe(0);
  };
  /** The headers the bucket answers for the object behind a public URL (the test's own client, signed). */
  const bucketHeaders = async (url: string) => {
    const key = url.slice(`${s3.endpoint}/${s3.bucket}/`.length);
    const head = await bucket.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    return { key, type: head.ContentType ?? '', disposition: head.ContentDisposition ?? '' };
  };
  beforeAll(async () => {
    s3 = await startS3();
    bucket = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET } });
    await useStorage(s3.settings('aliyun') as never);
  });
  afterAll(async () => {
    await useStorage({ method: 'local' });
    bucket?.destroy();
    await s3?.stop();
  });

  it('an SVG with script uploaded to object storage is stored sanitised, as an image/svg+xml attachment', async () => {
    const res = await uploadFile(t, c, { name: 'logo.svg', bytes: Buffer.from(svgAttacks[0]![1]), mime: 'image/svg+xml' });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.url.startsWith(`${s3.endpoint}/${s3.bucket}/`), res.data.url).toBe(true);
    const { key, type, disposition } = await bucketHeaders(res.data.url);
    expect(type).toMatch(/^image\/svg\+xml/);
    expect(disposition).toMatch(/^attachment/);
    const stored = (await s3.object(key))!.toString('utf8');
    expect(stored).not.toContain('<script');
    expect(stored).toContain('<rect');
  });

  it('an honest PNG in object storage stays an inline image (no forced download)', async () => {
    const res = await uploadFile(t, c, { name: 'ok.png', bytes: await image('png', 2, 2), mime: 'image/png' });
    expect(res.code, res.msg).toBe(0);
    const { type, disposition } = await bucketHeaders(res.data.url);
    expect(type).toMatch(/^image\/png/);
    expect(disposition).toBe('');
  });

  it.each([
    ['image/svg+xml', 'image/svg+xml'],
    ['text/html', 'text/plain; charset=utf-8'],
    ['application/xhtml+xml', 'text/plain; charset=utf-8'],
    ['text/xml', 'text/plain; charset=utf-8'],
    ['application/rss+xml', 'application/rss+xml'],
  ])('a %s object is stored as a download typed %s', (mime, stored) => {
    expect(objectHeaders(mime)).toEqual({ ContentType: stored, ContentDisposition: 'attachment' });
  });
});


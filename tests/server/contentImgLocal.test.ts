import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertSite } from '../helpers/fixtures';
import { GIF_1X1, PNG_1X1, serveOnLoopback } from '../helpers/contentFixtures';
import { attachments } from '../../server/db/schema/index';
import { fetchRemote, isForbiddenAddress, RemoteFetchError } from '../../server/services/remoteFetch';
import type { ImageLocalResult } from '../../models/content';

// Image localisation that succeeds. The only image server a test can run is on 127.0.0.1, which the
// address guard refuses (tests/server/contentEditor.test.ts proves it), so this app is started with
// config.allowPrivateFetchForTests; the service tests below pass a guard that forbids 127.0.0.2 only,
// to prove redirects are checked hop by hop.

let t: TestApp;
let superToken: string;
let site: number;
let server: Awaited<ReturnType<typeof serveOnLoopback>>;
const hits: string[] = [];

beforeAll(async () => {
  t = await startTestApp({ allowPrivateFetchForTests: true });
  superToken = await t.login();
  site = await insertSite(t, 'Localise');
  const image = (bytes: Buffer, type = 'image/png') => (req: { url?: string }, res: import('node:http').ServerResponse) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': type }).end(bytes);
  };
  server = await serveOnLoopback({
    '/cat.png': image(PNG_1X1),
    '/dog.gif': image(GIF_1X1, 'application/octet-stream'),
    '/page.png': image(Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'),
    '/huge.png': (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(Buffer.concat([PNG_1X1, Buffer.alloc(10 * 1024 * 1024 + 1)]));
    },
    '/missing.png': (_req, res) => res.writeHead(404).end(),
    '/moved.png': (_req, res) => res.writeHead(302, { location: '/cat.png' }).end(),
    '/to-forbidden': (_req, res) => res.writeHead(302, { location: `http://127.0.0.2:${server.port}/cat.png` }).end(),
    '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
    '/slow.png': () => undefined,
  });
});
afterAll(async () => {
  await server?.close();
  await t?.close();
});

const localise = (content: string) => t.client(superToken, { siteId: site }).post<ImageLocalResult>('/content/imgLocal', { content });

describe('image localisation', () => {
  it('remote images are stored as attachments of the site and the content points at the copies', async () => {
    const cat = server.url('/cat.png');
    const dog = server.url('/dog.gif');
    const res = await localise(`<p><img src="${cat}" alt="cat"> and <img src="${dog}"> and again <img src="${cat}"></p>`);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.localized).toBe(2);
    expect(res.data.failed).toEqual([]);
    const srcs = [...res.data.content.matchAll(/src="([^"]+)"/g)].map((m) => m[1]!);
    expect(srcs).toHaveLength(3);
    expect(srcs[0]).toMatch(new RegExp(`^/uploads/${site}/.+\\.png$`));
    expect(srcs[1]).toMatch(/\.gif$/);
    expect(srcs[2]).toBe(srcs[0]);
    expect(res.data.content).toContain('alt="cat"');
    const served = await fetch(t.url + srcs[0]);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    const rows = await t.db.select().from(attachments).where(eq(attachments.siteId, site));
    expect(rows.map((r) => [r.name, r.type, r.mime]).sort()).toEqual([
      ['cat.png', 2, 'image/png'],
      ['dog.gif', 2, 'image/gif'],
    ]);
  });

  it('a redirect to an image is followed', async () => {
    const res = await localise(`<img src="${server.url('/moved.png')}">`);
    expect(res.data.localized).toBe(1);
    expect(res.data.content).toMatch(/src="\/uploads\//);
  });

  it('what is not a real image, too large, missing or looping is reported and left in place', async () => {
    const urls = ['/page.png', '/huge.png', '/missing.png', '/loop'].map((p) => server.url(p));
    const content = urls.map((u) => `<img src="${u}">`).join('');
    const res = await localise(content);
    expect(res.data.content).toBe(content);
    expect(res.data.localized).toBe(0);
    expect(res.data.failed.map((f) => f.code)).toEqual(['not_image', 'too_large', 'http_status', 'too_many_redirects']);
    expect(res.data.failed.map((f) => f.reason)).toEqual(['下载的文件不是支持的图片格式', '图片超过 10 MB', '图片服务器返回错误', '重定向次数过多']);
  });
});

describe('the remote fetch guard', () => {
  const only127002 = (address: string) => address === '127.0.0.2';
  const failure = async (url: string, opts: Parameters<typeof fetchRemote>[1]) => {
    const err = await fetchRemote(url, opts).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RemoteFetchError);
    return (err as RemoteFetchError).reason;
  };

  it('checks every redirect hop: a public-looking start cannot lead to a forbidden address', async () => {
    const before = hits.length;
    expect(await failure(server.url('/to-forbidden'), { isForbidden: only127002 })).toBe('private_address');
    expect(hits.length).toBe(before);
  });

  it('connects to the addresses it checked when the URL names a host', async () => {
    const fetched = await fetchRemote(server.url('/cat.png', 'localhost'), { isForbidden: only127002 });
    expect(fetched.bytes.equals(PNG_1X1)).toBe(true);
    expect(fetched.contentType).toBe('image/png');
  });

  it('the default guard refuses loopback before connecting', async () => {
    const before = hits.length;
    expect(await failure(server.url('/cat.png'), {})).toBe('private_address');
    expect(await failure(server.url('/cat.png', 'localhost'), {})).toBe('private_address');
    expect(hits.length).toBe(before);
  });

  it('gives up after the time limit', async () => {
    const started = Date.now();
    expect(await failure(server.url('/slow.png'), { isForbidden: only127002, timeoutMs: 300 })).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('stops reading past the size limit', async () => {
    expect(await failure(server.url('/cat.png'), { isForbidden: only127002, maxBytes: 10 })).toBe('too_large');
  });

  it('refuses schemes other than http and https, and host names that do not resolve', async () => {
    expect(await failure('file:///etc/passwd', {})).toBe('invalid_url');
    expect(await failure('ftp://example.com/a.png', {})).toBe('invalid_url');
    expect(await failure('not a url', {})).toBe('invalid_url');
    expect(await failure('http://no-such-host.invalid/a.png', {})).toBe('unresolvable');
  });

  it('classifies addresses: public ones pass, every non-public range is forbidden', () => {
    for (const a of ['8.8.8.8', '114.114.114.114', '2606:4700:4700::1111', '1.1.1.1']) expect(isForbiddenAddress(a), a).toBe(false);
    for (const a of [
      '127.0.0.1', '127.255.0.9', '10.1.2.3', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.100.100.200', '0.0.0.0',
      '224.0.0.1', '255.255.255.255', '198.18.0.1', '::1', '::', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'fd12:3456::1', 'fe80::1',
      'ff02::1', '64:ff9b::7f00:1', '2002:7f00:1::', 'not-an-ip',
    ]) {
      expect(isForbiddenAddress(a), a).toBe(true);
    }
  });
});

import dnsCallbacks from 'node:dns';
import dns from 'node:dns/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel, saveContent } from '../helpers/contentFixtures';
import { changedTables, dbFingerprint } from '../helpers/dbFingerprint';
import {
  fetchRemote,
  isForbiddenAddress,
  isForbiddenInfrastructureAddress,
  RemoteFetchError,
  requestRemote,
  resolveInfrastructureHost,
} from '../../server/services/remoteFetch';
import { HttpRankProvider, RankProviderError } from '../../server/services/rankProvider';
import type { ImageLocalResult } from '../../models/content';
import type { LinkCheck } from '../../models/friendLink';
import type { RankCheck } from '../../models/keyword';

// Issue 15, attack regressions: SSRF in every server-side fetch. The app runs with the production address
// guard (no config.allowPrivateFetchForTests). Each fetch site that takes a URL from an admin (image
// localisation, back-link checks, the rank provider, the plugin market, a plugin's http.fetch) is aimed at
// a "trap": a real HTTP server on 127.0.0.1 (and one on [::1]) that counts every request. Each row checks
// the refusal (the localized message or the recorded failure naming private_address) AND that the trap saw
// no request at all. Targets that nothing here listens on (10/8, 169.254.169.254) would only time out
// without the guard, so for them the refusal itself (private_address, not a timeout) is the proof.
//
// Redirects and DNS rebinding cannot be staged through the app: everything on this machine is loopback, so
// those rows call the client with a guard that allows exactly one "public" address (127.0.0.2, routed to lo
// like all of 127/8) and forbids the rest with the real isForbiddenAddress.
//
// Mail servers (SMTP, IMAP) are infrastructure the super-admin configures, like the database: a company's mail
// server often sits on its LAN or on the same machine (a local MTA on 127.0.0.1:25, as WordPress and the common
// Chinese CMSs allow), so private and loopback mail hosts stay allowed. What is never a mail server is refused:
// link-local addresses (the cloud metadata service 169.254.169.254), the AWS IPv6 metadata address, 0.0.0.0,
// multicast and reserved ranges, including names that resolve there; the connection goes to the checked address.

let t: TestApp;
let superToken: string;
let siteId: number;
let column: number;
const siteDomain = uniqueDomain('ssrf');

/** Every request the traps received (method and path). */
const trapHits: string[] = [];
let trap4: http.Server;
let trap6: http.Server | null = null;
/** Port of the 127.0.0.1 trap (the "public" server on 127.0.0.2 listens on the same port). */
let port = 0;
let port6 = 0;
/** The "public" server on 127.0.0.2 and what it received. */
let publicServer: http.Server;
const publicHits: string[] = [];

function listen(server: http.Server, host: string, wanted = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(wanted, host, () => resolve((server.address() as AddressInfo).port));
  });
}
const closeServer = (server: http.Server | null) =>
  new Promise<void>((resolve) => {
    if (!server) return resolve();
    server.closeAllConnections();
    server.close(() => resolve());
  });

const trapHandler = (req: http.IncomingMessage, res: http.ServerResponse) => {
  trapHits.push(`${req.method} ${req.url}`);
  res.writeHead(200, { 'content-type': 'image/png' }).end('secret');
};

beforeAll(async () => {
  // The trap and the public server share a port so that one URL (http://name:port/) can reach either: the
  // rebinding row then shows which address the connection really went to.
  for (let attempt = 0; ; attempt++) {
    trap4 = http.createServer(trapHandler);
    port = await listen(trap4, '127.0.0.1');
    publicServer = http.createServer((req, res) => {
      publicHits.push(`${req.method} ${req.url}`);
      const to = /^\/redirect\?to=(.*)$/.exec(req.url ?? '');
      if (to) return res.writeHead(302, { location: decodeURIComponent(to[1]!) }).end();
      res.writeHead(200, { 'content-type': 'image/png' }).end('public');
    });
    try {
      await listen(publicServer, '127.0.0.2', port);
      break;
    } catch (err) {
      await closeServer(trap4);
      if (attempt > 5) throw err;
    }
  }
  try {
    trap6 = http.createServer(trapHandler);
    port6 = await listen(trap6, '::1');
  } catch {
    trap6 = null;
  }
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 }, linkCheckTimeoutMs: 2000 });
  expect(t.config.allowPrivateFetchForTests).toBeFalsy();
  superToken = await t.login();
  siteId = await createSite(t, superToken, { name: 'SSRF Tea', domain: siteDomain });
  column = await insertColumn(t, siteId, await insertModel(t), { title: 'News' });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([closeServer(trap4), closeServer(trap6), closeServer(publicServer)]);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const api = (language = 'en') => t.client(superToken, { siteId, language });

interface Target {
  name: string;
  /** The base URL (scheme, host, port) the attack names. */
  base: () => string;
  /** Whether a trap listens there (so a missing guard would be seen as a hit). */
  trapped: boolean;
}

/** The targets every fetch site is aimed at. */
const TARGETS: Target[] = [
  { name: 'loopback 127.0.0.1', base: () => `http://127.0.0.1:${port}`, trapped: true },
  { name: 'localhost (a name that resolves to loopback)', base: () => `http://localhost:${port}`, trapped: true },
  { name: 'IPv6 loopback [::1]', base: () => `http://[::1]:${port6 || port}`, trapped: true },
  { name: 'decimal IPv4 2130706433', base: () => `http://2130706433:${port}`, trapped: true },
  { name: 'hex IPv4 0x7f.1', base: () => `http://0x7f.1:${port}`, trapped: true },
  { name: 'octal IPv4 0177.0.0.1', base: () => `http://0177.0.0.1:${port}`, trapped: true },
  { name: 'IPv4-mapped IPv6 [::ffff:127.0.0.1]', base: () => `http://[::ffff:127.0.0.1]:${port}`, trapped: true },
  { name: 'unspecified 0.0.0.0 (reaches the host itself)', base: () => `http://0.0.0.0:${port}`, trapped: true },
  { name: 'private 10.0.0.1', base: () => 'http://10.0.0.1', trapped: false },
  { name: 'private 192.168.1.1', base: () => 'http://192.168.1.1', trapped: false },
  { name: 'cloud metadata 169.254.169.254', base: () => 'http://169.254.169.254', trapped: false },
  { name: 'metadata as IPv4-mapped IPv6 [::ffff:169.254.169.254]', base: () => 'http://[::ffff:169.254.169.254]', trapped: false },
];

/** Runs an attack and checks that no trap (nor the public server) saw a request. */
async function untouched<T>(attack: () => Promise<T>): Promise<T> {
  const before = trapHits.length;
  const result = await attack();
  // A request in flight would have arrived by now: the refusals are decided before any connection.
  await new Promise((r) => setTimeout(r, 20));
  expect(trapHits.slice(before)).toEqual([]);
  return result;
}

describe('image localisation refuses non-public image URLs', () => {
  for (const target of TARGETS) {
    it(`an editor cannot make the server fetch an image from ${target.name}`, async () => {
      const url = `${target.base()}/latest/meta-data.png`;
      const content = `<p><img src="${url}" alt="x"></p>`;
      // The call's own operation-log line aside, nothing is written (no attachment, no stored file row).
      const before = await dbFingerprint(t, ['opt_logs']);
      const res = await untouched(() => api().post<ImageLocalResult>('/content/imgLocal', { content }));
      expect(res.code, res.msg).toBe(0);
      expect(res.data).toEqual({
        content,
        localized: 0,
        failed: [{ url, code: 'private_address', reason: 'Refused: private, loopback or reserved address' }],
      });
      expect(changedTables(before, await dbFingerprint(t, ['opt_logs']))).toEqual([]);
    });
  }

  it('the refusal is said in Chinese by default', async () => {
    const url = `http://127.0.0.1:${port}/a.png`;
    const res = await untouched(() => api('zh').post<ImageLocalResult>('/content/imgLocal', { content: `<img src="${url}">` }));
    expect(res.data.failed).toEqual([{ url, code: 'private_address', reason: '拒绝访问内网、本机或保留地址' }]);
  });
});

describe('back-link checks refuse non-public partner pages', () => {
  for (const target of TARGETS) {
    it(`a partner link at ${target.name} is recorded as a refused fetch, never requested`, async () => {
      const saved = await api().post<{ id: number }>('/link/save', { name: `Partner ${target.name}`, url: `${target.base()}/links` });
      expect(saved.code, saved.msg).toBe(0);
      const started = await untouched(async () => {
        const res = await api().post<{ job_id: number }>('/link/check', { ids: [saved.data.id] });
        await t.app.ctx.jobs.whenIdle();
        return res;
      });
      expect(started.code, started.msg).toBe(0);
      const checks = (await api().get<LinkCheck[]>('/link/checks', { id: saved.data.id })).data;
      expect(checks).toHaveLength(1);
      expect(checks[0]).toMatchObject({ status: 'fetch_error', detail: expect.stringMatching(/^private_address: /) });
      // A refused fetch says nothing about the partner: no miss is counted.
      expect((await api().get('/link/read', { id: saved.data.id })).data).toMatchObject({ last_check: 'fetch_error', missing_streak: 0 });
    });
  }
});

describe('the rank provider refuses a non-public API URL', () => {
  const providerUnreachable = 'The rank provider could not be reached (private_address)';
  let keywordId = 0;
  beforeAll(async () => {
    const res = await api().post<{ id: number }>('/keyword/save', { name: 'oolong tea', link: '/x', status: 1 });
    expect(res.code, res.msg).toBe(0);
    keywordId = res.data.id;
  });

  for (const target of TARGETS) {
    it(`an admin cannot point the rank provider at ${target.name}`, async () => {
      const saved = await api().post('/keyword/rankSettings', {
        enabled: true,
        engine: 'bing',
        url_template: `${target.base()}/search?q={keyword}&key={key}`,
        api_key: 'sekret',
        position_path: '/position',
      });
      expect(saved.code, saved.msg).toBe(0);
      await untouched(async () => {
        const res = await api().post<{ job_id: number }>('/keyword/check', { ids: [keywordId] });
        expect(res.code, res.msg).toBe(0);
        await t.app.ctx.jobs.whenIdle();
      });
      const history = (await api().get<RankCheck[]>('/keyword/history', { id: keywordId })).data;
      expect(history[0]).toMatchObject({ position: null, error: providerUnreachable });
    });
  }
});

describe('the plugin market refuses a non-public catalogue URL', () => {
  afterAll(async () => {
    await api().post('/plugin/marketUrl', { url: '' });
  });

  for (const target of TARGETS) {
    it(`the super-admin cannot make the server read a catalogue at ${target.name}`, async () => {
      const url = `${target.base()}/index.json`;
      expect((await api().post('/plugin/marketUrl', { url })).code).toBe(0);
      const refused = `Cannot read the plugin market at ${url}: private, loopback or reserved addresses are refused`;
      const before = await dbFingerprint(t, ['opt_logs']);
      // The market tab reports the unreadable catalogue; an install from it is refused.
      const view = await untouched(() => api().get('/plugin/market'));
      expect(view).toMatchObject({ code: 0, data: { url, packages: [], error: refused } });
      const install = await untouched(() => api().post('/plugin/marketInstall', { id: 'marketpkg' }));
      expect(install).toMatchObject({ code: 400, msg: refused });
      expect(changedTables(before, await dbFingerprint(t, ['opt_logs']))).toEqual([]);
    });
  }

  it('the refusal is said in Chinese by default', async () => {
    const url = `http://127.0.0.1:${port}/index.json`;
    await api().post('/plugin/marketUrl', { url });
    const res = await untouched(() => api('zh').post('/plugin/marketInstall', { id: 'marketpkg' }));
    expect(res).toMatchObject({ code: 400, msg: `无法读取插件市场 ${url}：拒绝访问内网、本机或保留地址` });
  });
});

describe("a plugin's http.fetch (URL push) refuses non-public endpoints", () => {
  type LogRow = { status: number; ok: boolean; answer: string };
  const logRows = async () =>
    ((await t.db.execute(sql`select status, ok, answer from plugin_urlpush_log order by id`)) as unknown as { rows: LogRow[] }).rows;
  beforeAll(async () => {
    const res = await api().post('/plugin/install', { id: 'urlpush' });
    expect(res.code, res.msg).toBe(0);
  });

  for (const target of TARGETS) {
    it(`a plugin's push to ${target.name} is refused and logged as failed`, async () => {
      const settings = await api().post('/plugin/saveSettings', {
        id: 'urlpush',
        values: { engine: 'indexnow', endpoint: `${target.base()}/indexnow`, key: 'a1b2c3d4e5f60718', host: 'www.ssrf.example' },
      });
      expect(settings.code, settings.msg).toBe(0);
      const before = (await logRows()).length;
      await untouched(async () => {
        await saveContent(api(), column, { title: `Pushed to ${target.name}`, status: 1 });
        await vi.waitFor(async () => expect((await logRows()).length).toBe(before + 1), { timeout: 5000 });
      });
      const row = (await logRows())[before]!;
      expect(row).toMatchObject({ status: 0, ok: false, answer: expect.stringMatching(/^private_address: /) });
    });
  }
});

describe('network attachments are links, never fetched by the server', () => {
  it('saving a network attachment at 127.0.0.1 stores the URL and makes no request', async () => {
    const url = `http://127.0.0.1:${port}/private.pdf`;
    const res = await untouched(() => api().post<Array<{ url: string }>>('/attachment/save', [{ name: 'Private', url, storage: 5 }]));
    expect(res.code, res.msg).toBe(0);
    expect(res.data[0]!.url).toBe(url);
  });
});

describe('redirects are checked hop by hop', () => {
  /** The real guard, except for the one "public" address. */
  const publicOnly = (address: string) => address !== '127.0.0.2' && isForbiddenAddress(address);
  const via = (to: string) => `http://127.0.0.2:${port}/redirect?to=${encodeURIComponent(to)}`;
  const REDIRECT_TARGETS = [
    { name: '127.0.0.1', to: () => `http://127.0.0.1:${port}/secret` },
    { name: 'localhost', to: () => `http://localhost:${port}/secret` },
    { name: '[::1]', to: () => `http://[::1]:${port6 || port}/secret` },
    { name: 'decimal 2130706433', to: () => `http://2130706433:${port}/secret` },
    { name: '[::ffff:127.0.0.1]', to: () => `http://[::ffff:127.0.0.1]:${port}/secret` },
    { name: '169.254.169.254', to: () => 'http://169.254.169.254/latest/meta-data/' },
    { name: '10.0.0.1', to: () => 'http://10.0.0.1/' },
  ];
  const refusal = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(RemoteFetchError);
    return (err as RemoteFetchError).reason;
  };

  it('the public server itself is reachable with this guard (the rows below are not refused for another reason)', async () => {
    const fetched = await fetchRemote(`http://127.0.0.2:${port}/ok.png`, { isForbidden: publicOnly });
    expect(fetched.bytes.toString()).toBe('public');
  });

  for (const target of REDIRECT_TARGETS) {
    it(`image localisation and the plugin market do not follow a 302 to ${target.name}`, async () => {
      const publicBefore = publicHits.length;
      expect(await untouched(() => refusal(fetchRemote(via(target.to()), { isForbidden: publicOnly })))).toBe('private_address');
      expect(publicHits.length).toBe(publicBefore + 1);
    });

    it(`a back-link check does not follow a 302 to ${target.name}`, async () => {
      // The link checker's own options (html accept, its user agent, its size cap) over the same client.
      const reason = await untouched(() =>
        refusal(fetchRemote(via(target.to()), { isForbidden: publicOnly, accept: 'text/html', userAgent: 'Banyan-LinkChecker/1.0', maxBytes: 1024 * 1024 })),
      );
      expect(reason).toBe('private_address');
    });

    it(`the rank provider does not follow a 302 to ${target.name}`, async () => {
      const provider = new HttpRankProvider({ urlTemplate: `${via(target.to())}&q={keyword}`, positionPath: '/position' }, { isForbidden: publicOnly });
      const err = await untouched(() =>
        provider.check({ engine: 'bing', keyword: 'tea', domain: 'example.com' }).then(
          () => null,
          (e: unknown) => e,
        ),
      );
      expect(err).toBeInstanceOf(RankProviderError);
      expect(err).toMatchObject({ key: 'keyword.providerUnreachable', params: { reason: 'private_address' } });
    });

    it(`a plugin's http.fetch answers a 302 to ${target.name} as it is, without following it`, async () => {
      const res = await untouched(() => requestRemote(via(target.to()), { method: 'POST', body: '{}', isForbidden: publicOnly }));
      expect(res.status).toBe(302);
    });
  }

  it('a redirect to another scheme (file:) is refused', async () => {
    expect(await untouched(() => refusal(fetchRemote(via('file:///etc/passwd'), { isForbidden: publicOnly })))).toBe('invalid_url');
  });
});

describe('DNS rebinding: the connection goes to the address that was checked', () => {
  const publicOnly = (address: string) => address !== '127.0.0.2' && isForbiddenAddress(address);

  /** A resolver whose first answer is the "public" 127.0.0.2 and every later one the private 127.0.0.1. */
  function rebindingDns() {
    let calls = 0;
    const answer = () => (++calls === 1 ? { address: '127.0.0.2', family: 4 } : { address: '127.0.0.1', family: 4 });
    vi.spyOn(dns, 'lookup').mockImplementation((async (_host: string, opts?: { all?: boolean }) =>
      opts?.all ? [answer()] : answer()) as unknown as typeof dns.lookup);
    // The socket's own resolution (used if the connection were not pinned) answers the private address too.
    vi.spyOn(dnsCallbacks, 'lookup').mockImplementation(((_host: string, opts: unknown, cb?: unknown) => {
      const callback = (typeof opts === 'function' ? opts : cb) as (...args: unknown[]) => void;
      const a = answer();
      if (typeof opts === 'object' && opts && (opts as { all?: boolean }).all) callback(null, [a]);
      else callback(null, a.address, a.family);
    }) as unknown as typeof dnsCallbacks.lookup);
    return () => calls;
  }

  it('a name that answers a public address, then a private one, is fetched from the public address only', async () => {
    const calls = rebindingDns();
    const publicBefore = publicHits.length;
    const fetched = await untouched(() => fetchRemote(`http://rebind.ssrf.test:${port}/image.png`, { isForbidden: publicOnly }));
    expect(fetched.bytes.toString()).toBe('public');
    expect(publicHits.length).toBe(publicBefore + 1);
    expect(calls()).toBe(1);
  });

  it("a plugin's request to a rebinding name goes to the checked address only", async () => {
    const calls = rebindingDns();
    const res = await untouched(() => requestRemote(`http://rebind.ssrf.test:${port}/api`, { method: 'POST', body: 'x', isForbidden: publicOnly }));
    expect(res.body.toString()).toBe('public');
    expect(calls()).toBe(1);
  });

  it('a name that answers a public and a private address at once is refused before connecting', async () => {
    vi.spyOn(dns, 'lookup').mockImplementation((async () => [
      { address: '127.0.0.2', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ]) as unknown as typeof dns.lookup);
    const publicBefore = publicHits.length;
    const err = await untouched(() =>
      fetchRemote(`http://mixed.ssrf.test:${port}/image.png`, { isForbidden: publicOnly }).then(
        () => null,
        (e: unknown) => e,
      ),
    );
    expect(err).toMatchObject({ reason: 'private_address' });
    expect(publicHits.length).toBe(publicBefore);
  });
});

describe('the address guard knows every spelling of a non-public address', () => {
  const FORBIDDEN = [
    '127.0.0.1', '127.255.255.254', '0.0.0.0', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.0.1', '169.254.169.254', '100.64.0.1',
    '224.0.0.1', '255.255.255.255', '::1', '::', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe', '::ffff:10.0.0.1', '::127.0.0.1',
    '::ffff:0:127.0.0.1', '64:ff9b::7f00:1', 'fe80::1', 'fc00::1', 'fd00:ec2::254', 'ff02::1', '2002:7f00:1::', 'localhost', '',
  ];
  for (const address of FORBIDDEN) {
    it(`refuses ${address || "''"}`, () => {
      expect(isForbiddenAddress(address)).toBe(true);
    });
  }
  for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
    it(`allows the public ${address}`, () => {
      expect(isForbiddenAddress(address)).toBe(false);
    });
  }
  it('the URL parser turns decimal, hex, octal and short IPv4 forms into the dotted address the guard checks', () => {
    for (const host of ['2130706433', '0x7f.1', '0177.0.0.1', '127.1', '0x7f000001']) expect(new URL(`http://${host}/`).hostname).toBe('127.0.0.1');
  });
});

describe('mail servers: never the metadata service or another link-local address', () => {
  /** A raw TCP trap for the mail protocols: counts connections and hangs up. */
  let mailTrap: net.Server;
  let mailPort = 0;
  let mailConnections = 0;
  beforeAll(async () => {
    mailTrap = net.createServer((socket) => {
      mailConnections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => mailTrap.listen(0, '127.0.0.1', resolve));
    mailPort = (mailTrap.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => mailTrap.close(() => resolve())));

  const imap = (host: string, p = 993) => ({ imap_host: host, imap_port: p, imap_security: 'none', imap_user: 'u@example.test', imap_password: 'pw', imap_mailbox: 'INBOX' });
  const smtp = (host: string, p = 465) => ({ smtp_host: host, smtp_port: p, smtp_security: 'none', smtp_user: 'u@example.test', smtp_password: 'pw' });

  const MAIL_TARGETS = ['169.254.169.254', '::ffff:169.254.169.254', 'fe80::1', 'fd00:ec2::254', '0.0.0.0', '224.0.0.1'];
  for (const host of MAIL_TARGETS) {
    it(`the IMAP "test connection" refuses ${host}`, async () => {
      const before = await dbFingerprint(t);
      const res = await api().post('/sysSetting/testImap', { values: imap(host) });
      expect(res).toMatchObject({ code: 400, msg: `The mail server "${host}" points at a link-local, cloud metadata or reserved address; the connection is refused` });
      expect(changedTables(before, await dbFingerprint(t))).toEqual([]);
    });

    it(`the SMTP "send a test message" refuses ${host}`, async () => {
      const res = await api().post('/sysSetting/testMail', { to: 'owner@example.test', values: smtp(host) });
      expect(res).toMatchObject({
        code: 400,
        msg: `The mail server ${host}:465 points at a link-local, cloud metadata or reserved address; the connection is refused`,
      });
    });
  }

  it('0.0.0.0 on the port of a listening trap is refused without a connection', async () => {
    const before = mailConnections;
    expect((await api().post('/sysSetting/testImap', { values: imap('0.0.0.0', mailPort) })).code).toBe(400);
    expect((await api().post('/sysSetting/testMail', { to: 'owner@example.test', values: smtp('0.0.0.0', mailPort) })).code).toBe(400);
    expect(mailConnections).toBe(before);
  });

  it('a mail host name that resolves to the metadata service is refused, in Chinese by default', async () => {
    vi.spyOn(dns, 'lookup').mockImplementation((async () => [{ address: '169.254.169.254', family: 4 }]) as unknown as typeof dns.lookup);
    const zh = await api('zh').post('/sysSetting/testImap', { values: imap('mail.metadata.test') });
    expect(zh).toMatchObject({ code: 400, msg: '收件服务器“mail.metadata.test”指向链路本地或云元数据等保留地址，已拒绝连接' });
    const out = await api('zh').post('/sysSetting/testMail', { to: 'owner@example.test', values: smtp('smtp.metadata.test') });
    expect(out).toMatchObject({ code: 400, msg: '邮件服务器 smtp.metadata.test:465 指向链路本地或云元数据等保留地址，已拒绝连接' });
  });

  it('a mail server on the same machine or the LAN is still allowed (a local MTA is a normal setup)', async () => {
    const before = mailConnections;
    const res = await api().post('/sysSetting/testImap', { values: imap('127.0.0.1', mailPort) });
    expect(res.code).toBe(400);
    expect(res.msg).not.toContain('link-local');
    expect(mailConnections).toBe(before + 1);
    expect(isForbiddenInfrastructureAddress('127.0.0.1')).toBe(false);
    expect(isForbiddenInfrastructureAddress('192.168.1.10')).toBe(false);
    expect(isForbiddenInfrastructureAddress('10.0.0.25')).toBe(false);
  });

  for (const [kind, send] of [
    ['IMAP', () => api().post('/sysSetting/testImap', { values: imap('mail.rebind.test', mailPort) })],
    ['SMTP', () => api().post('/sysSetting/testMail', { to: 'owner@example.test', values: smtp('mail.rebind.test', mailPort) })],
  ] as const) {
    it(`the ${kind} connection goes to the address checked, not to a second DNS answer`, async () => {
      // The checked answer is the (allowed) local trap; any later resolution would say the metadata service.
      let calls = 0;
      vi.spyOn(dns, 'lookup').mockImplementation((async () => [{ address: ++calls === 1 ? '127.0.0.1' : '169.254.169.254', family: 4 }]) as unknown as typeof dns.lookup);
      vi.spyOn(dnsCallbacks, 'lookup').mockImplementation(((_host: string, opts: unknown, cb?: unknown) => {
        const callback = (typeof opts === 'function' ? opts : cb) as (...args: unknown[]) => void;
        if (typeof opts === 'object' && opts && (opts as { all?: boolean }).all) callback(null, [{ address: '169.254.169.254', family: 4 }]);
        else callback(null, '169.254.169.254', 4);
      }) as unknown as typeof dnsCallbacks.lookup);
      const before = mailConnections;
      const res = await send();
      expect(res.code).toBe(400);
      expect(res.msg).not.toContain('link-local');
      expect(calls).toBe(1);
      expect(mailConnections).toBe(before + 1);
    });
  }

  it('resolveInfrastructureHost prefers an IPv4 answer and refuses any forbidden one', async () => {
    vi.spyOn(dns, 'lookup').mockImplementation((async () => [
      { address: '::1', family: 6 },
      { address: '127.0.0.1', family: 4 },
    ]) as unknown as typeof dns.lookup);
    expect(await resolveInfrastructureHost('mail.local.test')).toEqual({ address: '127.0.0.1', family: 4 });
    vi.spyOn(dns, 'lookup').mockImplementation((async () => [
      { address: '192.168.1.5', family: 4 },
      { address: '169.254.169.254', family: 4 },
    ]) as unknown as typeof dns.lookup);
    await expect(resolveInfrastructureHost('mail.mixed.test')).rejects.toMatchObject({ reason: 'private_address' });
  });
});

describe('object storage: never the metadata service or another link-local address', () => {
  // Like the mail servers, the object store is infrastructure the super-admin configures: a MinIO on the LAN or on
  // the same machine is a normal setup, so private and loopback endpoints stay allowed; what never is one is refused.
  const storage = (endpoint: string) => ({
    method: 'aliyun',
    access_key_id: 'KEYID',
    secret_access_key: 'storage-secret-1',
    region: '',
    endpoint,
    bucket: 'banyan',
    protocol: 'http',
    root_url: '',
  });

  for (const endpoint of ['http://169.254.169.254', 'http://[::ffff:169.254.169.254]', 'http://[fd00:ec2::254]', 'http://[fe80::1]', 'http://0.0.0.0:9000', 'http://224.0.0.1']) {
    it(`saving and testing an endpoint at ${endpoint} are refused with a localized message and change nothing`, async () => {
      const before = await dbFingerprint(t);
      const saved = await api().post('/sysSetting/update', { group: 'storage', values: storage(endpoint) });
      expect(saved).toMatchObject({ code: 400, msg: 'This endpoint cannot be used: it points to a link-local (cloud metadata), multicast or reserved address' });
      const tested = await api('zh').post('/sysSetting/testStorage', storage(endpoint));
      expect(tested).toMatchObject({ code: 400, msg: '接入地址不可用：不能指向链路本地（云元数据）、组播或保留地址' });
      expect(changedTables(before, await dbFingerprint(t))).toEqual([]);
    });
  }

  it('an endpoint name answering with the metadata address among others is refused before any connection', async () => {
    const asked: string[] = [];
    vi.spyOn(dnsCallbacks, 'lookup').mockImplementation(((host: string, opts: unknown, cb?: unknown) => {
      asked.push(host);
      const callback = (typeof opts === 'function' ? opts : cb) as (...args: unknown[]) => void;
      const answers = [{ address: '127.0.0.1', family: 4 }, { address: '169.254.169.254', family: 4 }];
      if (typeof opts === 'object' && opts && (opts as { all?: boolean }).all) callback(null, answers);
      else callback(null, '127.0.0.1', 4);
    }) as unknown as typeof dnsCallbacks.lookup);
    // Without the check the client would connect to the first answer: the trap on 127.0.0.1.
    const res = await untouched(() => api().post('/sysSetting/testStorage', storage(`http://store.metadata.test:${port}`)));
    expect(res.code).toBe(400);
    expect(res.msg).toMatch(/^Connection failed: .*forbidden address/);
    expect(asked.length).toBeGreaterThan(0);
  });

  it('an endpoint on the same machine or the LAN is still allowed', () => {
    for (const address of ['127.0.0.1', '10.0.0.5', '192.168.1.20', '::1']) expect(isForbiddenInfrastructureAddress(address)).toBe(false);
  });
});

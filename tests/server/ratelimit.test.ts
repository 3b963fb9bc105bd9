import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, SUPER_ACCOUNT, SUPER_PASSWORD, type TestApp } from '../helpers/app';

// An app whose login calls allow only a few requests per minute and address.
const LOGIN_PER_MINUTE = 3;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: LOGIN_PER_MINUTE } });
});
afterAll(() => t?.close());

describe('per-address rate limit', () => {
  it('an address that calls login too often within a minute gets 429, even with the right password', async () => {
    for (let i = 0; i < LOGIN_PER_MINUTE; i++) {
      const res = await t.client().post('/account/login', { account: SUPER_ACCOUNT, password: SUPER_PASSWORD });
      expect(res.code).toBe(0);
    }
    const zh = await t.client().post('/account/login', { account: SUPER_ACCOUNT, password: SUPER_PASSWORD });
    expect(zh.status).toBe(429);
    expect(zh.code).toBe(429);
    expect(zh.msg).toBe('请求过于频繁，请稍后再试');
    expect(zh.data).toBeNull();
    const en = await t.client(undefined, { language: 'en' }).post('/account/login', { account: SUPER_ACCOUNT, password: SUPER_PASSWORD });
    expect(en.code).toBe(429);
    expect(en.msg).toBe('Too many requests, please try again later');
  });

  it('an address that asks for SMS codes too often gets 429', async () => {
    const codes = [];
    for (let i = 0; i <= LOGIN_PER_MINUTE; i++) codes.push((await t.client().post('/account/authCode', { account: `nobody${i}@example.com` })).code);
    expect(codes).toEqual([...Array(LOGIN_PER_MINUTE).fill(0), 429]);
  });

  it('other calls are not held up by the login limit', async () => {
    const res = await t.client().get('/admin/current');
    expect(res.code).toBe(50008);
  });
});

describe('the limiter counts API calls, not pages or files', () => {
  const API_PER_MINUTE = 6;
  let small: TestApp;
  beforeAll(async () => {
    // A built client of two files is enough: the hashed files are what a page load fetches by the dozen.
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/admin/assets/index-abc123.js"></script>');
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'export {};');
    small = await startTestApp({ rateLimit: { api: API_PER_MINUTE, login: 1000 } }, { distDir: dist });
    await fs.writeFile(path.join(small.dataDir, 'uploads', 'logo.txt'), 'a public upload');
  });
  afterAll(() => small?.close());

  /** Statuses of `times` GETs of one URL from this one address (fetch keeps the connection alive). */
  const statusesOf = async (url: string, times: number) => {
    const seen = new Map<number, number>();
    for (let i = 0; i < times; i++) {
      const res = await fetch(small.url + url);
      await res.arrayBuffer();
      seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
    }
    return Object.fromEntries(seen);
  };

  it('a visitor loads a public page far more often than the API budget from one address without a 429', async () => {
    // 127.0.0.1 is the default site's home page, rendered for real. Twenty times the API budget shows the page is
    // outside the limiter; the 5,000-request figure at the default budget is `npm run bench`'s to print.
    const times = API_PER_MINUTE * 20;
    expect(await statusesOf('/', times)).toEqual({ 200: times });
  });

  it('an uploaded file is served to one address again and again', async () => {
    expect(await statusesOf('/uploads/logo.txt', API_PER_MINUTE * 5)).toEqual({ 200: API_PER_MINUTE * 5 });
  });

  it('the admin client (its index, its entry and its build files) is never refused', async () => {
    for (const url of ['/admin', '/admin/', '/admin/index.html', '/admin/content/list', '/admin/assets/index-abc123.js']) {
      const statuses = await statusesOf(url, API_PER_MINUTE * 3);
      expect(Object.keys(statuses), url).not.toContain('429');
    }
  });

  it('API calls are still counted after all that page traffic', async () => {
    const calls: number[] = [];
    for (let i = 0; i <= API_PER_MINUTE; i++) calls.push((await small.client().get('/admin/current')).status);
    expect(calls.at(-1)).toBe(429);
  });
});

describe('the admin API budget is per session, or per address without one', () => {
  const API_PER_MINUTE = 5;
  let api: TestApp;
  beforeAll(async () => {
    api = await startTestApp({ rateLimit: { api: API_PER_MINUTE, login: 1000 } });
  });
  afterAll(() => api?.close());

  const codesOf = async (token: string | undefined, times: number) => {
    const codes: number[] = [];
    for (let i = 0; i < times; i++) codes.push((await api.client(token).get('/admin/current')).code);
    return codes;
  };

  it('two admins behind one address each get their own budget, and so do calls without a session', async () => {
    const first = await api.login();
    const second = await api.login();
    expect(await codesOf(first, API_PER_MINUTE + 1)).toEqual([...Array(API_PER_MINUTE).fill(0), 429]);
    expect(await codesOf(second, API_PER_MINUTE + 1)).toEqual([...Array(API_PER_MINUTE).fill(0), 429]);
    // No token: the address's own budget, untouched by the sessions' calls.
    expect(await codesOf(undefined, API_PER_MINUTE + 1)).toEqual([...Array(API_PER_MINUTE).fill(50008), 429]);
  });

  it('a made-up token buys no fresh budget: it counts against the address', async () => {
    const res = await api.client('made-up-token').get('/admin/current');
    expect(res.status).toBe(429);
    expect(res.msg).toBe('请求过于频繁，请稍后再试');
  });
});

describe('a call is authenticated once', () => {
  it('the limiter and the handler share one session lookup, for a refused token too', async () => {
    const once = await startTestApp();
    try {
      const client = (once.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
      const original = client.query.bind(client);
      let lookups = 0;
      client.query = (...args: unknown[]) => {
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
        if (/from "sessions"/i.test(text) && /token_hash/i.test(text)) lookups++;
        return original(...args);
      };
      const refused = await once.client('made-up-token').get('/admin/current');
      expect(refused.code).not.toBe(0);
      expect(lookups).toBe(1);
      const token = await once.login();
      lookups = 0;
      expect((await once.client(token).get('/admin/current')).code).toBe(0);
      expect(lookups).toBe(1);
    } finally {
      await once.close();
    }
  });
});

describe.skipIf(process.env.BANYAN_TEST_DB !== 'postgres')('the admin API limit on PostgreSQL (issue 14)', () => {
  it('a busy admin’s calls are written to the shared counter together, not once per call, and every one is counted', async () => {
    const API_PER_MINUTE = 40;
    const busy = await startTestApp({ rateLimit: { api: API_PER_MINUTE, login: 1000 } });
    try {
      const token = await busy.login();
      const client = (busy.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
      const original = client.query.bind(client);
      let writes = 0;
      client.query = (...args: unknown[]) => {
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
        if (/^\s*insert into rate_counters\b/i.test(text)) writes++;
        return original(...args);
      };
      // The session's API calls, in its fresh database (login calls count under their own route's key).
      const counted = async () =>
        Number(
          ((await busy.db.execute(sql`select coalesce(sum(count), 0) as n from rate_counters where key like 'api:session:%'`)) as unknown as { rows: Array<{ n: string }> })
            .rows[0]!.n,
        );
      const calls = 24;
      const codes = await Promise.all(Array.from({ length: calls }, () => busy.client(token).get('/admin/current').then((r) => r.code)));
      expect(codes).toEqual(Array(calls).fill(0));
      const end = Date.now() + 2000;
      while ((await counted()) < calls && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(await counted()).toBe(calls);
      // The window's first call is written at once, the others together once API_FLUSH_MS has passed.
      expect(writes).toBeGreaterThan(0);
      expect(writes).toBeLessThanOrEqual(4);
      // One server alone still counts exactly: the rest of the budget, then 429.
      const rest = [];
      for (let i = calls; i <= API_PER_MINUTE; i++) rest.push((await busy.client(token).get('/admin/current')).code);
      expect(rest).toEqual([...Array(API_PER_MINUTE - calls).fill(0), 429]);
    } finally {
      await busy.close();
    }
  });
});

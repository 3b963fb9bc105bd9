import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_AVAILABLE, startCluster, type Cluster } from '../helpers/cluster';
import type { TestApp } from '../helpers/app';
import { SUPER_ACCOUNT, SUPER_PASSWORD } from '../helpers/app';
import { createAdmin, createRole } from '../helpers/fixtures';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { getPage, insertPublished, installTheme, setSiteSettings } from '../helpers/publicFixtures';
import { changedTables, dbFingerprint } from '../helpers/dbFingerprint';
import { contents, inquiries, loginThrottle, rateCounters, sessions } from '../../server/db/schema/index';
import { hashSecret } from '../../server/services/tokens';
import { API_STALE_MS } from '../../server/services/rateCounters';
import { pageCacheOf } from '../../server/public/pageCache';
import { urls } from '../../server/public/urls';
import { LOGIN_FREE_FAILURES } from '../../models/constants';
import { INQUIRY_RATE } from '../../models/inquiry';

// Issue 17, limits and caches across a cluster: two servers on one PostgreSQL count one budget per attacker
// (login lock, per-address login limit, per-session API limit within a second, contact form posts: table rate_counters and
// login_throttle), and a change made through one server is seen by the other's caches (public page cache,
// the site row behind settings, remembered sessions) within a second (LISTEN/NOTIFY on site_versions and
// sessions_changed). PostgreSQL only.

const LOGIN_PER_MINUTE = 6;
const API_PER_MINUTE = 30;
/** How long the other server may take to hear a change. */
const WITHIN_MS = 1000;

let c: Cluster;
let a: TestApp;
let b: TestApp;
let superToken: string;
let roleId: number;
const site = { id: 0, domain: uniqueDomain('cluster') };
let column = 0;
let ipSeq = 0;
/** A fresh public address for each row. */
const newIp = () => `198.51.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const from = (s: TestApp, ip: string, language?: string) => s.client(undefined, { language, headers: { 'x-forwarded-for': ip } });
/** Server A for even turns, B for odd ones. */
const serverOf = (i: number) => (i % 2 === 0 ? a : b);

const THEME = {
  'templates/index.liquid': '<html><head><title>{{ site.seo_title }}</title></head><body>{% for c in latest %}[{{ c.title }}]{% endfor %}</body></html>',
  'templates/list.liquid': '<html><head></head><body>{{ column.title }}</body></html>',
  'templates/detail.liquid': '<html><head></head><body>{{ content.title }}</body></html>',
  'templates/404.liquid': '<html><head></head><body>NOT FOUND</body></html>',
};

/** Polls until `check` holds or `ms` pass; answers whether it held (and the last value seen). */
async function within<T>(ms: number, read: () => Promise<T>, check: (v: T) => boolean): Promise<{ held: boolean; last: T }> {
  const end = Date.now() + ms;
  let last = await read();
  while (!check(last) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    last = await read();
  }
  return { held: check(last), last };
}

beforeAll(async () => {
  if (!CLUSTER_AVAILABLE) return;
  c = await startCluster(2, { trustProxy: true, rateLimit: { api: API_PER_MINUTE, login: LOGIN_PER_MINUTE } }, { sharedDataDir: true });
  [a, b] = c.servers as [TestApp, TestApp];
  const login = await from(a, newIp()).post<{ token: string }>('/account/login', { account: SUPER_ACCOUNT, password: SUPER_PASSWORD });
  superToken = login.data.token;
  roleId = await createRole(a, superToken, []);
  site.id = await createSite(a, superToken, { name: 'Cluster', domain: site.domain });
  column = await insertColumn(a, site.id, await insertModel(a), { title: 'News' });
  await installTheme(a, site.id, THEME, 'clustered');
}, 120_000);
afterAll(() => c?.close());

describe.skipIf(!CLUSTER_AVAILABLE)('cluster-wide limits', () => {
  it(`ten failed logins spread over both servers lock the account from try ${LOGIN_FREE_FAILURES + 1}, as on one server`, async () => {
    const admin = await createAdmin(a, superToken, { role_id: roleId });
    const tables = await dbFingerprint(a);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await from(serverOf(i), newIp(), 'en').post('/account/login', { account: admin.account, password: `Guess-${i}-pass` })).code);
    expect(answers).toEqual([...Array(LOGIN_FREE_FAILURES).fill(400), ...Array(10 - LOGIN_FREE_FAILURES).fill(429)]);
    // The right password is refused on either server while locked, with a localized message.
    const right = await from(b, newIp(), 'en').post('/account/login', { account: admin.account, password: admin.password });
    expect({ code: right.code, data: right.data }).toEqual({ code: 429, data: null });
    expect(right.msg).toMatch(/^Too many failed attempts, try again in \d+ s$/);
    expect((await from(a, newIp()).post('/account/login', { account: admin.account, password: admin.password })).msg).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
    expect(changedTables(tables, await dbFingerprint(a)).filter((n) => n !== 'login_logs')).toEqual([]);
  });

  it('failed logins sent at once to both servers are each counted: none is lost to a concurrent one', async () => {
    const admin = await createAdmin(a, superToken, { role_id: roleId });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => from(serverOf(i), newIp(), 'en').post('/account/login', { account: admin.account, password: `Guess-${i}-pass` })),
    );
    const failed = answers.filter((r) => r.code === 400).length;
    // Each guess is counted before it is checked, so exactly the free ones are tried (issue 15).
    expect(failed).toBe(LOGIN_FREE_FAILURES);
    const [row] = await a.db.select().from(loginThrottle).where(eq(loginThrottle.key, `account:${admin.account}`));
    expect(row?.failures).toBe(failed);
    // Locked on both servers now, the right password included.
    for (const s of [a, b]) expect((await from(s, newIp(), 'en').post('/account/login', { account: admin.account, password: admin.password })).code).toBe(429);
  });

  it(`one address calling login on both servers is refused after ${LOGIN_PER_MINUTE} calls in all, not ${LOGIN_PER_MINUTE} each`, async () => {
    const ip = newIp();
    const tables = await dbFingerprint(a);
    const codes = [];
    for (let i = 0; i < LOGIN_PER_MINUTE + 2; i++) codes.push((await from(serverOf(i), ip, 'en').post('/account/login', { account: `nobody-${ip}-${i}`, password: 'Wrong-pass-1' })).code);
    expect(codes).toEqual([...Array(LOGIN_PER_MINUTE).fill(400), 429, 429]);
    const zh = await from(a, ip).post('/account/login', { account: SUPER_ACCOUNT, password: SUPER_PASSWORD });
    expect({ code: zh.code, msg: zh.msg, data: zh.data }).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试', data: null });
    const en = await from(b, ip, 'en').post('/account/login', { account: SUPER_ACCOUNT, password: SUPER_PASSWORD });
    expect({ code: en.code, msg: en.msg }).toEqual({ code: 429, msg: 'Too many requests, please try again later' });
    // No session was handed out by the refused calls.
    expect(changedTables(tables, await dbFingerprint(a)).filter((n) => n !== 'login_logs')).toEqual([]);
  });

  it(`one session calling the API on both servers is refused after ${API_PER_MINUTE} calls in all, within a second`, async () => {
    const token = (await from(a, newIp()).post<{ token: string }>('/account/login', { account: SUPER_ACCOUNT, password: SUPER_PASSWORD })).data.token;
    const [session] = await a.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.tokenHash, hashSecret(token)));
    const counted = async () => {
      const [row] = await a.db.select({ n: sql<string>`coalesce(sum(${rateCounters.count}), 0)` }).from(rateCounters).where(eq(rateCounters.key, `api:session:${session!.id}`));
      return Number(row?.n);
    };
    const codes = [];
    for (let i = 0; i < API_PER_MINUTE; i++) codes.push((await serverOf(i).client(token, { language: 'en' }).get('/admin/current')).code);
    // Never refused early: each server counts its own calls at once and adds the other's as it learns them.
    expect(codes).toEqual(Array(API_PER_MINUTE).fill(0));
    // API calls are counted in memory and written together (no write per call): every call is in the shared
    // counter within a second (API_FLUSH_MS), and each server has read the other's by then (API_STALE_MS).
    expect((await within(WITHIN_MS, counted, (n) => n === API_PER_MINUTE)).last).toBe(API_PER_MINUTE);
    await new Promise((r) => setTimeout(r, API_STALE_MS + 100));
    const en = await b.client(token, { language: 'en' }).get('/admin/current');
    expect({ code: en.code, msg: en.msg }).toEqual({ code: 429, msg: 'Too many requests, please try again later' });
    const zh = await a.client(token).get('/admin/current');
    expect({ code: zh.code, msg: zh.msg }).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试' });
  });

  it(`one address posting the contact form on both servers is refused after ${INQUIRY_RATE.max} posts in all and stores no more`, async () => {
    const ip = newIp();
    const count = async () => (await a.db.select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.siteId, site.id))).length;
    const before = await count();
    const statuses = [];
    for (let i = 0; i < INQUIRY_RATE.max; i++) statuses.push((await contact(serverOf(i), { ...VALID, content: `cluster flood ${i}` }, ip)).status);
    expect(statuses).toEqual(Array(INQUIRY_RATE.max).fill(303));
    const tables = await dbFingerprint(a);
    for (let i = 0; i < 4; i++) {
      const over = await contact(serverOf(i), { ...VALID, content: `one too many ${i}` }, ip);
      expect(over.status).toBe(429);
      expect(over.body).toContain('提交过于频繁，请稍后再试');
    }
    expect(changedTables(tables, await dbFingerprint(a))).toEqual([]);
    expect(await count()).toBe(before + INQUIRY_RATE.max);
    // Someone else is still heard, on either server.
    expect((await contact(b, VALID, newIp())).status).toBe(303);
  });
});

describe.skipIf(!CLUSTER_AVAILABLE)('caches across the cluster', () => {
  const home = (s: TestApp) => getPage(s, urls.home(), site.domain);

  it('a published article edited on one server shows on the other server’s cached public page within a second', async () => {
    expect(pageCacheOf(b.app)!.enabled).toBe(true);
    const item = await insertPublished(a, site.id, column, { title: 'Cluster before' });
    // B renders and caches the page; a second visit is served from B's cache.
    expect((await home(b)).body).toContain('[Cluster before]');
    const cached = await home(b);
    expect(cached.headers['x-page-cache']).toBe('hit');
    expect(cached.body).toContain('[Cluster before]');
    await a.db.update(contents).set({ title: 'Cluster after' }).where(eq(contents.id, item.id));
    const seen = await within(WITHIN_MS, () => home(b), (p) => p.body.includes('[Cluster after]'));
    expect(seen.held).toBe(true);
    expect(seen.last.body).not.toContain('[Cluster before]');
  });

  it('a site setting changed on one server shows on the other server’s public page within a second', async () => {
    await setSiteSettings(a, site.id, { seo_title: 'Setting before' });
    await within(WITHIN_MS, () => home(b), (p) => p.body.includes('<title>Setting before</title>'));
    expect((await home(b)).headers['x-page-cache']).toBe('hit');
    await setSiteSettings(a, site.id, { seo_title: 'Setting after' });
    const seen = await within(WITHIN_MS, () => home(b), (p) => p.body.includes('<title>Setting after</title>'));
    expect(seen.held).toBe(true);
  });

  it('a logout on one server refuses the token on the other within a second, although the other remembered it', async () => {
    const token = (await from(a, newIp()).post<{ token: string }>('/account/login', { account: SUPER_ACCOUNT, password: SUPER_PASSWORD })).data.token;
    // A resolves the session and remembers it.
    expect((await a.client(token).get('/admin/current')).code).toBe(0);
    expect((await a.client(token).get('/admin/current')).code).toBe(0);
    expect((await b.client(token).post('/account/logout')).code).toBe(0);
    const seen = await within(WITHIN_MS, () => a.client(token, { language: 'en' }).get('/admin/current'), (r) => r.code === 50008);
    expect(seen.held).toBe(true);
    expect(seen.last.code).toBe(50008);
    expect(seen.last.data).toBeNull();
  });
});

const VALID = { name: 'Cluster Tester', phone: '+86 138-0000-0000', email: 'cluster@example.com', company: 'Acme', content: 'Hello there.' };

/** A raw form POST with a Host header (fetch cannot set Host). */
function contact(s: TestApp, fields: Record<string, string>, ip: string): Promise<{ status: number; body: string }> {
  const url = new URL(s.url);
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: '/contact/',
        method: 'POST',
        headers: { host: site.domain, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)), 'x-forwarded-for': ip },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, SUPER_ACCOUNT, SUPER_PASSWORD, type TestApp } from '../helpers/app';
import { createAdmin, createRole, looksLikeStack, uniqueAccount } from '../helpers/fixtures';
import { createSite, uniqueDomain } from '../helpers/sites';
import { getPage } from '../helpers/publicFixtures';
import { setUploadSettings } from '../helpers/attachmentFixtures';
import { changedTables, dbFingerprint } from '../helpers/dbFingerprint';
import { inquiries, loginLogs, loginThrottle } from '../../server/db/schema/index';
import { LOGIN_FREE_FAILURES } from '../../models/constants';
import { INQUIRY_BODY_LIMIT, INQUIRY_RATE } from '../../models/inquiry';

// Issue 15, attack regressions: floods. Password guessing, SMS-code requests, public form posts and
// oversized bodies are each cut off with a localized refusal that writes nothing it should not, and the
// server keeps answering; public pages and uploaded files are never counted against anyone.
//
// The app runs behind a trusted proxy so every row speaks from its own X-Forwarded-For address, with small
// budgets so the limits are reached in a few calls.

const LOGIN_PER_MINUTE = 6;
const API_PER_MINUTE = 40;

let t: TestApp;
let superToken: string;
let roleId: number;
let site = { id: 0, domain: uniqueDomain('floods') };
let ipSeq = 0;
/** A fresh public address for each row (and each attempt, where a row must not hit the per-address limit). */
const newIp = () => `203.0.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

beforeAll(async () => {
  t = await startTestApp({ trustProxy: true, rateLimit: { api: API_PER_MINUTE, login: LOGIN_PER_MINUTE } });
  superToken = await t.client(undefined, { headers: { 'x-forwarded-for': newIp() } }).post<{ token: string }>('/account/login', { account: SUPER_ACCOUNT, password: SUPER_PASSWORD }).then((r) => r.data.token);
  roleId = await createRole(t, superToken, []);
  site = { ...site, id: await createSite(t, superToken, { name: 'Floods', domain: site.domain }) };
});
afterAll(() => t?.close());

const from = (ip: string, language?: string) => t.client(undefined, { language, headers: { 'x-forwarded-for': ip } });
/** Tables a refused sign-in may write: the login log (every attempt is logged) and the throttle (left out of fingerprints). */
const LOGIN_TABLES = ['login_logs'];

describe('floods: login and codes', () => {
  it(`guessing passwords is refused from try ${LOGIN_FREE_FAILURES + 1} with a localized 429, and the right password is refused while locked`, async () => {
    const admin = await createAdmin(t, superToken, { role_id: roleId });
    const tables = await dbFingerprint(t);
    const answers = [];
    // Each guess from another address: the lock follows the account, not the address.
    for (let i = 0; i < LOGIN_FREE_FAILURES + 3; i++) answers.push((await from(newIp(), 'en').post('/account/login', { account: admin.account, password: `Guess-${i}-pass` })).code);
    expect(answers).toEqual([...Array(LOGIN_FREE_FAILURES).fill(400), 429, 429, 429]);
    const right = await from(newIp(), 'en').post('/account/login', { account: admin.account, password: admin.password });
    expect({ status: right.status, code: right.code, data: right.data }).toEqual({ status: 429, code: 429, data: null });
    expect(right.msg).toMatch(/^Too many failed attempts, try again in \d+ s$/);
    const zh = await from(newIp()).post('/account/login', { account: admin.account, password: admin.password });
    expect(zh.msg).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
    // No session was handed out, nothing but the login log moved.
    expect(changedTables(tables, await dbFingerprint(t)).filter((n) => !LOGIN_TABLES.includes(n))).toEqual([]);
  });

  it(`guesses sent all at once are counted before they are checked: ${LOGIN_FREE_FAILURES} are tried, the rest refused with 429`, async () => {
    const admin = await createAdmin(t, superToken, { role_id: roleId });
    const guesses = 3 * LOGIN_FREE_FAILURES;
    const answers = await Promise.all(
      Array.from({ length: guesses }, (_, i) => from(newIp(), 'en').post('/account/login', { account: admin.account, password: `Guess-${i}-pass` })),
    );
    const codes = answers.map((r) => r.code);
    expect(codes.filter((c) => c === 400)).toHaveLength(LOGIN_FREE_FAILURES);
    expect(codes.filter((c) => c === 429)).toHaveLength(guesses - LOGIN_FREE_FAILURES);
    // Only the tried ones are logged as bad credentials; the others never reached the password check.
    const reasons = (await t.db.select().from(loginLogs).where(eq(loginLogs.name, admin.account))).map((l) => l.reason);
    expect(reasons.filter((r) => r === 'bad_credentials')).toHaveLength(LOGIN_FREE_FAILURES);
  });

  it('a right password after a few wrong ones signs in and leaves the address its count (the attempt is taken back)', async () => {
    const admin = await createAdmin(t, superToken, { role_id: roleId });
    const ip = newIp();
    for (let i = 0; i < LOGIN_FREE_FAILURES - 1; i++) expect((await from(ip, 'en').post('/account/login', { account: admin.account, password: `Guess-${i}-pass` })).code).toBe(400);
    const right = await from(ip, 'en').post('/account/login', { account: admin.account, password: admin.password });
    expect(right.code, right.msg).toBe(0);
    const rows = await t.db.select().from(loginThrottle).where(inArray(loginThrottle.key, [`ip:${ip}`, `account:${admin.account}`]));
    expect(rows.map((r) => [r.key, r.failures, r.blockedUntil])).toEqual([[`ip:${ip}`, LOGIN_FREE_FAILURES - 1, null]]);
  });

  it(`one address calling login more than ${LOGIN_PER_MINUTE} times a minute is refused with 429, even with the right password`, async () => {
    const ip = newIp();
    const codes = [];
    for (let i = 0; i < LOGIN_PER_MINUTE; i++) codes.push((await from(ip).post('/account/login', { account: uniqueAccount('spray'), password: 'Guess-pass-1' })).code);
    expect(codes).toEqual(Array(LOGIN_PER_MINUTE).fill(400));
    const tables = await dbFingerprint(t);
    const over = await from(ip, 'en').post('/account/login', { account: SUPER_ACCOUNT, password: SUPER_PASSWORD });
    expect({ status: over.status, code: over.code, msg: over.msg, data: over.data }).toEqual({ status: 429, code: 429, msg: 'Too many requests, please try again later', data: null });
    expect((await from(ip).post('/account/login', { account: SUPER_ACCOUNT, password: SUPER_PASSWORD })).msg).toBe('请求过于频繁，请稍后再试');
    expect(changedTables(tables, await dbFingerprint(t))).toEqual([]);
  });

  it(`one address asking for SMS codes more than ${LOGIN_PER_MINUTE} times a minute is refused with 429 and sends nothing more`, async () => {
    const ip = newIp();
    const phone = '13900009999';
    const admin = await createAdmin(t, superToken, { role_id: roleId, code_auth: 1, phone });
    const sentBefore = (await t.sms.read()).length;
    const codes = [];
    // The first ask is for a real SMS account (one message), the rest for made-up ones (none).
    codes.push((await from(ip).post('/account/authCode', { account: admin.account })).code);
    for (let i = 1; i < LOGIN_PER_MINUTE + 4; i++) codes.push((await from(ip, 'en').post('/account/authCode', { account: uniqueAccount('flood') })).code);
    expect(codes).toEqual([...Array(LOGIN_PER_MINUTE).fill(0), 429, 429, 429, 429]);
    const tables = await dbFingerprint(t);
    const over = await from(ip, 'en').post('/account/authCode', { account: admin.account });
    expect({ status: over.status, code: over.code, msg: over.msg }).toEqual({ status: 429, code: 429, msg: 'Too many requests, please try again later' });
    expect(changedTables(tables, await dbFingerprint(t))).toEqual([]);
    expect((await t.sms.read()).length - sentBefore).toBe(1);
  });

  it('asking for the same account’s SMS code from many addresses sends one message a minute (localized 429)', async () => {
    const phone = '13900008888';
    const admin = await createAdmin(t, superToken, { role_id: roleId, code_auth: 1, phone });
    expect((await from(newIp()).post('/account/authCode', { account: admin.account })).code).toBe(0);
    const tables = await dbFingerprint(t);
    for (let i = 0; i < 5; i++) {
      const again = await from(newIp(), 'en').post('/account/authCode', { account: admin.account });
      expect({ status: again.status, code: again.code }).toEqual({ status: 429, code: 429 });
      expect(again.msg).toMatch(/^Codes are sent too often, try again in \d+ s$/);
    }
    const zh = await from(newIp()).post('/account/authCode', { account: admin.account });
    expect(zh.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(changedTables(tables, await dbFingerprint(t))).toEqual([]);
    expect((await t.sms.read()).filter((m) => m.phone === phone)).toHaveLength(1);
  });

  it(`one session calling the API more than ${API_PER_MINUTE} times a minute is refused with a localized 429`, async () => {
    const token = (await from(newIp()).post<{ token: string }>('/account/login', { account: SUPER_ACCOUNT, password: SUPER_PASSWORD })).data.token;
    const client = t.client(token, { language: 'en' });
    const codes = [];
    for (let i = 0; i < API_PER_MINUTE + 2; i++) codes.push((await client.get('/admin/current')).code);
    expect(codes.slice(0, API_PER_MINUTE)).toEqual(Array(API_PER_MINUTE).fill(0));
    expect(codes.slice(API_PER_MINUTE)).toEqual([429, 429]);
    expect((await t.client(token).get('/admin/current')).msg).toBe('请求过于频繁，请稍后再试');
  });
});

interface PageAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A raw POST with a Host header and a body of any size (fetch cannot set Host). */
function rawPost(pathname: string, body: Buffer | string, headers: Record<string, string>): Promise<PageAnswer> {
  const url = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: pathname, method: 'POST', headers: { 'content-length': String(Buffer.byteLength(body)), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    // The server may answer and close before a big body is sent: that is the refusal, not a failure.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err)));
    req.end(body);
  });
}

const contact = (fields: Record<string, string>, ip: string, language = 'en') =>
  rawPost('/contact/', new URLSearchParams(fields).toString(), {
    host: site.domain,
    'content-type': 'application/x-www-form-urlencoded',
    'x-forwarded-for': ip,
    'accept-language': language,
  });
const inquiryCount = async () => (await t.db.select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.siteId, site.id))).length;
const VALID = { name: 'Flood Tester', phone: '+86 138-0000-0000', email: 'flood@example.com', company: 'Acme', content: 'Hello there.' };

describe('floods: public forms', () => {
  it(`one address posting the contact form more than ${INQUIRY_RATE.max} times is refused with a localized 429 and stores no more`, async () => {
    const ip = newIp();
    const before = await inquiryCount();
    for (let i = 0; i < INQUIRY_RATE.max; i++) expect((await contact({ ...VALID, content: `flood ${i}` }, ip)).status).toBe(303);
    const tables = await dbFingerprint(t);
    for (let i = 0; i < 5; i++) {
      const over = await contact({ ...VALID, content: `one too many ${i}` }, ip);
      expect(over.status).toBe(429);
      // The public site speaks its own language (zh by default).
      expect(over.body).toContain('提交过于频繁，请稍后再试');
    }
    expect(changedTables(tables, await dbFingerprint(t))).toEqual([]);
    expect(await inquiryCount()).toBe(before + INQUIRY_RATE.max);
    // Someone else is still heard.
    expect((await contact(VALID, newIp())).status).toBe(303);
  });

  it('a contact post over the body limit is refused with 413 and stores nothing', async () => {
    const tables = await dbFingerprint(t);
    const res = await contact({ ...VALID, content: 'x'.repeat(INQUIRY_BODY_LIMIT * 4) }, newIp());
    expect(res.status).toBe(413);
    expect(changedTables(tables, await dbFingerprint(t))).toEqual([]);
  });
});

describe('floods: big bodies', () => {
  const TEN_MB = 10 * 1024 * 1024;
  /** The server still answers, and the same connection pool is usable. */
  const stillUp = async () => expect((await t.client(superToken).get('/admin/current')).code).toBe(0);

  for (const [what, url, token] of [
    ['sign-in (public)', '/api/account/login', undefined],
    ['a signed-in save', '/api/tag/save', 'super'],
  ] as const) {
    it(`a 10 MB JSON body to ${what} is refused with a localized 413 envelope and the server stays up`, async () => {
      const tables = await dbFingerprint(t);
      const body = JSON.stringify({ account: 'x', password: 'y', name: 'big', padding: 'x'.repeat(TEN_MB) });
      const headers: Record<string, string> = { 'content-type': 'application/json', 'x-language': 'en', 'x-forwarded-for': newIp(), host: '127.0.0.1' };
      if (token) headers['x-token'] = superToken;
      const res = await rawPost(url, body, headers);
      expect(looksLikeStack(res.body)).toBe(false);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ code: 413, msg: 'The submitted content is too large', data: null });
      expect(changedTables(tables, await dbFingerprint(t))).toEqual([]);
      await stillUp();
    });
  }

  it('a multipart upload over the configured file limit is refused with a localized 413 envelope and stores nothing', async () => {
    // Every kind limited to 1 MB (the largest kind's limit caps a request; video defaults to 1 GB).
    const kb = { max_kb: 1024 };
    await setUploadSettings(t, { image: kb, video: kb, audio: kb, archive: kb, file: kb });
    const tables = await dbFingerprint(t);
    const form = new FormData();
    const huge = new Uint8Array(3 * 1024 * 1024);
    huge.set(Buffer.from('%PDF-1.4\n'));
    form.append('file', new Blob([huge], { type: 'application/pdf' }), 'huge.pdf');
    const res = await fetch(`${t.url}/api/attachment/uploadAndSave`, { method: 'POST', headers: { 'x-token': superToken, 'x-site-id': String(site.id), 'x-language': 'en' }, body: form });
    const text = await res.text();
    expect(looksLikeStack(text)).toBe(false);
    expect(res.status, text).toBe(413);
    const json = JSON.parse(text) as { code: number; msg: string };
    expect(json.code).toBe(413);
    expect(json.msg).toMatch(/too large/i);
    expect(changedTables(tables, await dbFingerprint(t))).toEqual([]);
    const files = await fs.readdir(path.join(t.dataDir, 'uploads'), { recursive: true });
    expect(files.filter((f) => f.endsWith('.pdf'))).toEqual([]);
    await stillUp();
  });
});

describe('floods: what is never limited', () => {
  it(`one address loads a public page and an uploaded file 400 times each, far past the API budget of ${API_PER_MINUTE}, without a 429`, async () => {
    await fs.writeFile(path.join(t.dataDir, 'uploads', 'flood-logo.txt'), 'a public upload');
    const seen = new Map<string, number>();
    for (let i = 0; i < 400; i++) {
      const page = await getPage(t, '/', site.domain);
      seen.set(`page ${page.status}`, (seen.get(`page ${page.status}`) ?? 0) + 1);
      const file = await fetch(`${t.url}/uploads/flood-logo.txt`);
      await file.arrayBuffer();
      seen.set(`file ${file.status}`, (seen.get(`file ${file.status}`) ?? 0) + 1);
    }
    expect(Object.fromEntries(seen)).toEqual({ 'page 200': 400, 'file 200': 400 });
  });
});

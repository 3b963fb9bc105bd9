import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, SUPER_ACCOUNT, SUPER_PASSWORD, type TestApp } from '../helpers/app';
import { createAdmin, createRole, expireLoginBlocks, uniqueAccount } from '../helpers/fixtures';
import { loginThrottle } from '../../server/db/schema/index';
import { LOGIN_BASE_DELAY_MS, LOGIN_FREE_FAILURES, LOGIN_IP_FREE_FAILURES } from '../../models/constants';

// Every test signs in from its own address (X-Forwarded-For behind a trusted proxy), so the per-IP
// counters of one test do not leak into the next.
let t: TestApp;
let superToken: string;
let ipSeq = 10;
beforeAll(async () => {
  t = await startTestApp({ trustProxy: true, rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
});
afterAll(() => t?.close());

const newIp = () => `198.51.100.${++ipSeq}`;
const loginFrom = (ip: string, account: string, password: string, language?: string) =>
  t.client(undefined, { language, headers: { 'x-forwarded-for': ip } }).post('/account/login', { account, password });

async function newAdmin() {
  const roleId = await createRole(t, superToken, []);
  return createAdmin(t, superToken, { role_id: roleId });
}

async function failTimes(ip: string, account: string, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await loginFrom(ip, account, `Wrong-pass-${i}`);
    expect(res.code).toBe(400);
  }
}

const waitIn = (msg: string) => Number(/(\d+)/.exec(msg)?.[1]);

describe('progressive delay per account', () => {
  it(`after ${LOGIN_FREE_FAILURES} wrong passwords even the right password must wait (429, localised)`, async () => {
    const a = await newAdmin();
    const ip = newIp();
    await failTimes(ip, a.account, LOGIN_FREE_FAILURES);
    const zh = await loginFrom(ip, a.account, a.password);
    expect(zh.status).toBe(429);
    expect(zh.code).toBe(429);
    expect(zh.msg).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
    expect(waitIn(zh.msg)).toBeGreaterThan(0);
    expect(waitIn(zh.msg)).toBeLessThanOrEqual(LOGIN_BASE_DELAY_MS / 1000);
    const en = await loginFrom(ip, a.account, a.password, 'en');
    expect(en.code).toBe(429);
    expect(en.msg).toMatch(/^Too many failed attempts, try again in \d+ s$/);
    expect(en.data).toBeNull();
  });

  it('fewer failures than the free ones do not slow an admin down', async () => {
    const a = await newAdmin();
    const ip = newIp();
    await failTimes(ip, a.account, LOGIN_FREE_FAILURES - 1);
    expect((await loginFrom(ip, a.account, a.password)).code).toBe(0);
  });

  it('the wait follows the account to another address', async () => {
    const a = await newAdmin();
    await failTimes(newIp(), a.account, LOGIN_FREE_FAILURES);
    expect((await loginFrom(newIp(), a.account, a.password)).code).toBe(429);
  });

  it('an unknown account is slowed down exactly like a known one', async () => {
    const ip = newIp();
    const ghost = uniqueAccount('ghost');
    await failTimes(ip, ghost, LOGIN_FREE_FAILURES);
    const res = await loginFrom(ip, ghost, 'Whatever-1');
    expect(res.code).toBe(429);
  });

  it('another account from the same address is not held up by one account’s failures', async () => {
    const a = await newAdmin();
    const b = await newAdmin();
    const ip = newIp();
    await failTimes(ip, a.account, LOGIN_FREE_FAILURES);
    expect((await loginFrom(ip, b.account, b.password)).code).toBe(0);
  });

  it('once the wait has passed the right password works and clears the account’s failures', async () => {
    const a = await newAdmin();
    const ip = newIp();
    await failTimes(ip, a.account, LOGIN_FREE_FAILURES);
    expect((await loginFrom(ip, a.account, a.password)).code).toBe(429);
    await expireLoginBlocks(t, `account:${a.account}`);
    const ok = await loginFrom(ip, a.account, a.password);
    expect(ok.code).toBe(0);
    expect(await t.db.select().from(loginThrottle).where(eq(loginThrottle.key, `account:${a.account}`))).toEqual([]);
    // A fresh count: one more failure does not lock the account again.
    await failTimes(ip, a.account, 1);
    expect((await loginFrom(ip, a.account, a.password)).code).toBe(0);
  });

  it('each failure after the wait doubles the next wait', async () => {
    const a = await newAdmin();
    const ip = newIp();
    await failTimes(ip, a.account, LOGIN_FREE_FAILURES);
    await expireLoginBlocks(t, `account:${a.account}`);
    await failTimes(ip, a.account, 1);
    const res = await loginFrom(ip, a.account, a.password);
    expect(res.code).toBe(429);
    expect(waitIn(res.msg)).toBeGreaterThan(LOGIN_BASE_DELAY_MS / 1000);
    expect(waitIn(res.msg)).toBeLessThanOrEqual((2 * LOGIN_BASE_DELAY_MS) / 1000);
  });
});

describe('progressive delay per address', () => {
  it('an address that fails on many accounts must wait, whatever account it tries next', async () => {
    const ip = newIp();
    for (let i = 0; i < LOGIN_IP_FREE_FAILURES; i++) {
      const res = await loginFrom(ip, uniqueAccount('spray'), 'Guess-pass-1');
      expect(res.code).toBe(400);
    }
    const res = await loginFrom(ip, SUPER_ACCOUNT, SUPER_PASSWORD);
    expect(res.code).toBe(429);
    // Someone else, elsewhere, is not affected.
    expect((await loginFrom(newIp(), SUPER_ACCOUNT, SUPER_PASSWORD)).code).toBe(0);
  });
});

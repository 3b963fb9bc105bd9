import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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

describe('the per-address limit counts calls, not the admin client’s build files', () => {
  const API_PER_MINUTE = 6;
  let small: TestApp;
  let assetUrl: string;
  beforeAll(async () => {
    // A built client of two files is enough: the hashed files are what a page load fetches by the dozen.
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/admin/assets/index-abc123.js"></script>');
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'export {};');
    small = await startTestApp({ rateLimit: { api: API_PER_MINUTE, login: 1000 } }, { distDir: dist });
    assetUrl = `${small.url}/admin/assets/index-abc123.js`;
  });
  afterAll(() => small?.close());

  it('a page load fetching many build files is never refused, while the calls themselves are counted', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < API_PER_MINUTE * 3; i++) statuses.push((await fetch(assetUrl)).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const calls: number[] = [];
    for (let i = 0; i <= API_PER_MINUTE; i++) calls.push((await small.client().get('/admin/current')).status);
    expect(calls.at(-1)).toBe(429);
  });
});

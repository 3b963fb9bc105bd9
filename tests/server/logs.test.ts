import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerJob } from '../../server/jobs/runner';
import { sitesCalls } from './oplog/sites';
import { contentCalls, contentImportCalls } from './oplog/content';
import { marketingCalls } from './oplog/marketing';
import { attachmentsCalls } from './oplog/attachments';
import { settingsCalls } from './oplog/settings';
import { auditCalls } from './oplog/audit';
import { navMenuCalls } from './oplog/navMenus';
import { staticFileCalls } from './oplog/staticFiles';
import { themeCalls } from './oplog/themes';
import { inquiryCalls } from './oplog/inquiries';
import { keywordCalls } from './oplog/keywords';
import { linkCalls } from './oplog/links';
import { formCalls } from './oplog/forms';
import { seoCheckCalls } from './oplog/seoCheck';
import { posterCalls } from './oplog/posters';
import { recruitCalls } from './oplog/recruit';
import { inquiryEmailCalls } from './oplog/inquiryEmail';
import { pluginCalls } from './oplog/plugins';
import { pluginMarketCalls } from './oplog/pluginMarket';
import { databaseCalls } from './oplog/database';
import { startTestApp, SUPER_ACCOUNT, SUPER_PASSWORD, type TestApp } from '../helpers/app';
import { createAdmin, createRole, expireLoginBlocks, GOOD_PASSWORD, resetLoginThrottle, uniqueAccount, uniqueName } from '../helpers/fixtures';
import { optLogs } from '../../server/db/schema/index';
import { writeOptLog } from '../../server/operations/optLog';
import { LOGIN_FREE_FAILURES } from '../../models/constants';
import type { LoginLog, OptLog } from '../../models/logs';

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

// Behind a trusted proxy, so tests can sign in from addresses whose region is known.
let t: TestApp;
let superToken: string;
let superId: number;
let roleId: number;
beforeAll(async () => {
  t = await startTestApp({ trustProxy: true, rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  superId = (await t.client(superToken).get('/admin/current')).data.id;
  roleId = await createRole(t, superToken, []);
});
afterAll(() => t?.close());

const loginFrom = (ip: string, userAgent: string, body: Record<string, unknown>) =>
  t.client(undefined, { headers: { 'x-forwarded-for': ip, 'user-agent': userAgent } }).post('/account/login', body);
const loginLogs = async (query: Record<string, unknown>) => (await t.client(superToken).get<LoginLog[]>('/adminLoginLog/index', { limit: 200, ...query })).data;
const optLogList = async (query: Record<string, unknown> = {}) => {
  const res = await t.client(superToken).get<OptLog[]>('/adminOptLog/index', { limit: 200, ...query });
  expect(res.code).toBe(0);
  return res;
};

describe('login log', () => {
  it('a successful login is logged with the device from the user agent and the location from the address', async () => {
    const a = await createAdmin(t, superToken, { role_id: roleId });
    expect((await loginFrom('114.114.114.114', CHROME_ON_WINDOWS, { account: a.account, password: a.password })).code).toBe(0);
    const [entry] = await loginLogs({ name: a.account });
    expect(entry).toMatchObject({
      admin_id: a.id,
      name: a.account,
      device: 'Chrome 120 / Windows 10',
      location: '中国 江苏省 南京市',
      ip: '114.114.114.114',
      success: true,
      reason: '',
    });
    expect(Date.now() - new Date(entry!.created_at).getTime()).toBeLessThan(60_000);
  });

  it('the login location reads in the reader’s language, private and unknown addresses included', async () => {
    const a = await createAdmin(t, superToken, { role_id: roleId });
    for (const ip of ['114.114.114.114', '10.1.2.3', '8.8.8.8', 'fe80::1']) {
      expect((await loginFrom(ip, CHROME_ON_WINDOWS, { account: a.account, password: a.password })).code).toBe(0);
    }
    const read = async (language: string) => {
      const rows = (await t.client(superToken, { language }).get<LoginLog[]>('/adminLoginLog/index', { limit: 200, name: a.account })).data;
      return Object.fromEntries(rows.map((r) => [r.ip, r.location]));
    };
    expect(await read('zh')).toEqual({ '114.114.114.114': '中国 江苏省 南京市', '10.1.2.3': '内网IP', '8.8.8.8': '美国', 'fe80::1': '未知' });
    expect(await read('en')).toEqual({ '114.114.114.114': 'Nanjing, Jiangsu, China', '10.1.2.3': 'Private network', '8.8.8.8': 'United States', 'fe80::1': 'Unknown' });
  });

  it('failed logins are logged with their reason, known account or not', async () => {
    await resetLoginThrottle(t);
    const a = await createAdmin(t, superToken, { role_id: roleId });
    const disabled = await createAdmin(t, superToken, { role_id: roleId, status: 2 });
    const ghost = uniqueAccount('ghost');
    await loginFrom('1.2.4.8', SAFARI_ON_IPHONE, { account: a.account, password: 'Wrong-pass-1' });
    await loginFrom('1.2.4.8', SAFARI_ON_IPHONE, { account: ghost, password: 'Wrong-pass-1' });
    await loginFrom('1.2.4.8', SAFARI_ON_IPHONE, { account: disabled.account, password: disabled.password });
    const [wrong] = await loginLogs({ name: a.account });
    expect(wrong).toMatchObject({ admin_id: a.id, success: false, reason: 'bad_credentials', location: '中国 北京 北京市', device: 'Mobile Safari 17 / iOS 17.0 / Apple iPhone' });
    const [unknown] = await loginLogs({ name: ghost });
    expect(unknown).toMatchObject({ admin_id: null, name: ghost, success: false, reason: 'bad_credentials' });
    const [off] = await loginLogs({ name: disabled.account });
    expect(off).toMatchObject({ admin_id: disabled.id, success: false, reason: 'disabled' });
  });

  it('a login refused by the throttle is logged as throttled', async () => {
    const a = await createAdmin(t, superToken, { role_id: roleId });
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) await loginFrom('203.0.113.9', '', { account: a.account, password: 'Wrong-pass-1' });
    expect((await loginFrom('203.0.113.9', '', { account: a.account, password: a.password })).code).toBe(429);
    const entries = await loginLogs({ name: a.account });
    expect(entries.map((e) => e.reason)).toEqual(['throttled', ...Array(LOGIN_FREE_FAILURES).fill('bad_credentials')]);
    await expireLoginBlocks(t, `account:${a.account}`);
  });

  it('a wrong SMS code is logged', async () => {
    const a = await createAdmin(t, superToken, { role_id: roleId, code_auth: 1, phone: '13700000001' });
    await t.client().post('/account/authCode', { account: a.account });
    const sent = (await t.sms.read()).filter((m) => m.phone === '13700000001').at(-1)!;
    const code = /\d{6}/.exec(sent.text)![0];
    await loginFrom('1.2.4.8', '', { account: a.account, password: a.password, code: code === '000000' ? '111111' : '000000' });
    expect((await loginFrom('1.2.4.8', '', { account: a.account, password: a.password, code })).code).toBe(0);
    expect((await loginLogs({ name: a.account })).map((e) => e.reason)).toEqual(['', 'bad_code']);
  });

  it('the login log filters by name, address and outcome, and pages', async () => {
    const a = await createAdmin(t, superToken, { role_id: roleId });
    await loginFrom('8.8.8.8', '', { account: a.account, password: a.password });
    await loginFrom('8.8.4.4', '', { account: a.account, password: 'Wrong-pass-1' });
    await loginFrom('8.8.4.4', '', { account: a.account, password: a.password });
    expect((await loginLogs({ name: a.account })).length).toBe(3);
    const ok = await loginLogs({ name: a.account, success: 1 });
    expect(ok.map((e) => e.success)).toEqual([true, true]);
    const failed = await loginLogs({ name: a.account, success: 0 });
    expect(failed.map((e) => e.ip)).toEqual(['8.8.4.4']);
    const fromIp = await loginLogs({ ip: '8.8.8.8' });
    expect(fromIp.every((e) => e.ip === '8.8.8.8')).toBe(true);
    expect(fromIp.some((e) => e.name === a.account && e.location === '美国')).toBe(true);
    const page = await t.client(superToken).get<LoginLog[]>('/adminLoginLog/index', { name: a.account, page: 2, limit: 2 });
    expect(page.count).toBe(3);
    expect(page.data).toHaveLength(1);
  });

  it('a login log entry can be read on its own', async () => {
    const [latest] = await loginLogs({});
    const res = await t.client(superToken).get('/adminLoginLog/read', { id: latest!.id });
    expect(res.data).toEqual(latest);
  });
});

describe('operation log', () => {
  /** A successful call for every mutating route, returning the record name it should log. */
  const foundationCalls: Record<string, () => Promise<string>> = {
    '/api/account/logout': async () => {
      const a = await createAdmin(t, superToken, { role_id: roleId });
      const token = await t.login(a.account, a.password);
      expect((await t.client(token).post('/account/logout')).code).toBe(0);
      return a.account;
    },
    '/api/admin/selfUpdate': async () => {
      const a = await createAdmin(t, superToken, { role_id: roleId });
      const token = await t.login(a.account, a.password);
      const res = await t.client(token).post('/admin/selfUpdate', { name: 'Self', phone: '', old_password: a.password, password: 'Self-secret-77' });
      expect(res.code).toBe(0);
      return a.account;
    },
    '/api/admin/save': async () => {
      const account = uniqueAccount('logged');
      const res = await t.client(superToken).post('/admin/save', { account, password: 'Plain-secret-42', nickname: 'Logged', role_id: roleId });
      expect(res.code).toBe(0);
      return account;
    },
    '/api/admin/update': async () => {
      const a = await createAdmin(t, superToken, { role_id: roleId });
      const read = await t.client(superToken).get('/admin/read', { id: a.id });
      expect((await t.client(superToken).post('/admin/update', { ...read.data, password: 'Update-secret-43' })).code).toBe(0);
      return a.account;
    },
    '/api/admin/delete': async () => {
      const a = await createAdmin(t, superToken, { role_id: roleId });
      expect((await t.client(superToken).post('/admin/delete', { ids: [a.id] })).code).toBe(0);
      return a.account;
    },
    '/api/role/save': async () => {
      const name = uniqueName('logged-role');
      expect((await t.client(superToken).post('/role/save', { name, permissions: [] })).code).toBe(0);
      return name;
    },
    '/api/role/update': async () => {
      const id = await createRole(t, superToken, []);
      const name = uniqueName('renamed-role');
      expect((await t.client(superToken).post('/role/update', { id, name, permissions: ['admin'] })).code).toBe(0);
      return name;
    },
    '/api/role/delete': async () => {
      const name = uniqueName('doomed-role');
      const id = await createRole(t, superToken, [], { name });
      expect((await t.client(superToken).post('/role/delete', { ids: [id] })).code).toBe(0);
      return name;
    },
    '/api/menu/save': async () => {
      const key = uniqueName('loggedMenu');
      expect((await t.client(superToken).post('/menu/save', { parent_id: 0, key, title: 'x' })).code).toBe(0);
      return key;
    },
    '/api/menu/update': async () => {
      const key = uniqueName('updatedMenu');
      const res = await t.client(superToken).post('/menu/save', { parent_id: 0, key, title: 'x' });
      expect((await t.client(superToken).post('/menu/update', { id: res.data.id, parent_id: 0, key, title: 'y' })).code).toBe(0);
      return key;
    },
    '/api/menu/delete': async () => {
      const key = uniqueName('doomedMenu');
      const res = await t.client(superToken).post('/menu/save', { parent_id: 0, key, title: 'x' });
      expect((await t.client(superToken).post('/menu/delete', { ids: [res.data.id] })).code).toBe(0);
      return key;
    },
    '/api/system/clearCache': async () => {
      expect((await t.client(superToken).post('/system/clearCache')).code).toBe(0);
      return '';
    },
    '/api/job/cancel': async () => {
      // A job that waits until it is cancelled.
      registerJob('test.wait', async (ctx) => {
        while (!ctx.cancelled()) await ctx.progress(0, 1);
        return {};
      });
      const superId = (await t.client(superToken).get('/admin/current')).data.id;
      const id = await t.app.ctx.jobs.enqueue('test.wait', {}, { createdBy: superId });
      expect((await t.client(superToken).post('/job/cancel', { id })).code).toBe(0);
      await t.app.ctx.jobs.whenIdle();
      return `test.wait #${id}`;
    },
    '/api/system/changeLanguage': async () => {
      expect((await t.client(superToken).post('/system/changeLanguage', { language: 'zh' })).code).toBe(0);
      return 'zh';
    },
  };
  // Each domain lists its own calls in tests/server/oplog/<domain>.ts.
  const domainCalls = { ...recruitCalls, ...sitesCalls, ...contentCalls, ...contentImportCalls, ...marketingCalls, ...attachmentsCalls, ...settingsCalls, ...auditCalls, ...navMenuCalls, ...staticFileCalls, ...themeCalls, ...inquiryCalls, ...keywordCalls, ...linkCalls, ...formCalls, ...seoCheckCalls, ...posterCalls, ...inquiryEmailCalls, ...databaseCalls, ...pluginMarketCalls, ...pluginCalls };
  const calls: Record<string, () => Promise<string>> = {
    ...foundationCalls,
    ...Object.fromEntries(
      Object.entries(domainCalls).map(([url, call]) => [
        url,
        async () => call({ t, superToken, siteId: (await t.client(superToken).get('/website/siteList')).data[0].id }),
      ]),
    ),
  };
  /** Sign-in calls are recorded in the login log instead. */
  // Sign-in has its own log; an admin's column settings (issue 16) change no record.
  const notLogged = new Set(['/api/account/login', '/api/account/authCode', '/api/admin/preferences']);

  it('every mutating call appears in the operation log with who did what to which record', async () => {
    const mutating = t.app.apiRoutes.filter((r) => r.method === 'POST' && !notLogged.has(r.url)).map((r) => r.url);
    const untested = mutating.filter((url) => !calls[url]);
    expect(untested, 'add a call for each new mutating route to this test').toEqual([]);

    for (const url of mutating) {
      const before = (await optLogList()).count!;
      const name = await calls[url]!();
      const { data, count } = await optLogList();
      const operation = url.replace(/^\/api\//, '').replace(/\//g, '.');
      const entry = data.find((e) => e.operation === operation && e.content_name === name);
      expect(entry, `${url} was not logged as ${operation} "${name}"`).toBeDefined();
      expect(count, url).toBeGreaterThan(before);
      expect(entry!.content_type, url).toBe(operation.split('.')[0]);
      expect(entry!.admin_id, url).toEqual(expect.any(Number));
      expect(entry!.admin_name, url).toMatch(/\(.+@.+\)$/);
      expect(entry!.ip, url).toBeTruthy();
    }
    // One successful call per mutating route of every domain: the list grows with each issue.
  }, 120_000);

  it('an entry names the operator and holds the submitted content', async () => {
    const account = uniqueAccount('content');
    await t.client(superToken).post('/admin/save', { account, password: GOOD_PASSWORD, nickname: 'Content', role_id: roleId });
    const { data } = await optLogList({ operation: 'admin.save' });
    const entry = data.find((e) => e.content_name === account)!;
    expect(entry).toMatchObject({ admin_id: superId, admin_name: `超级管理员 (${SUPER_ACCOUNT})`, operation: 'admin.save', content_type: 'admin' });
    expect(JSON.parse(entry.content)).toMatchObject({ account, nickname: 'Content', role_id: roleId, password: '******' });
  });

  it('passwords never reach the operation log', async () => {
    const a = await createAdmin(t, superToken, { role_id: roleId, password: 'First-secret-11' });
    const token = await t.login(a.account, 'First-secret-11');
    await t.client(token).post('/admin/selfUpdate', { name: 'n', phone: '', old_password: 'First-secret-11', password: 'Second-secret-22' });
    const read = await t.client(superToken).get('/admin/read', { id: a.id });
    await t.client(superToken).post('/admin/update', { ...read.data, password: 'Third-secret-33' });
    const { data } = await optLogList({ operation: 'selfUpdate' });
    const self = data.find((e) => e.content_name === a.account)!;
    expect(JSON.parse(self.content)).toMatchObject({ old_password: '******', password: '******' });

    const rows = JSON.stringify(await t.db.select().from(optLogs));
    for (const secret of ['First-secret-11', 'Second-secret-22', 'Third-secret-33', GOOD_PASSWORD, 'Plain-secret-42', SUPER_PASSWORD]) {
      expect(rows).not.toContain(secret);
    }
  });

  it('tokens and codes are masked wherever they sit in the content', async () => {
    await writeOptLog(t.db, null, {
      operation: 'test.masking',
      contentType: 'test',
      content: { token: 'tok-abc', code: '123456', auth_code: '654321', nested: [{ password: 'pw-xyz', keep: 'visible' }] },
      ip: '127.0.0.1',
    });
    const { data } = await optLogList({ operation: 'test.masking' });
    expect(JSON.parse(data[0]!.content)).toEqual({ token: '******', code: '******', auth_code: '******', nested: [{ password: '******', keep: 'visible' }] });
  });

  it('the operation log filters by admin name, operation and content type, and pages', async () => {
    const byType = await optLogList({ content_type: 'role' });
    expect(byType.count).toBeGreaterThan(0);
    expect(byType.data.every((e) => e.content_type === 'role')).toBe(true);
    const byOperation = await optLogList({ operation: 'menu.delete' });
    expect(byOperation.data.length).toBeGreaterThan(0);
    expect(byOperation.data.every((e) => e.operation === 'menu.delete')).toBe(true);
    const byAdmin = await optLogList({ admin_name: SUPER_ACCOUNT });
    expect(byAdmin.data.length).toBeGreaterThan(0);
    expect(byAdmin.data.every((e) => e.admin_name.includes(SUPER_ACCOUNT))).toBe(true);
    expect((await optLogList({ admin_name: 'nobody-at-all' })).count).toBe(0);
    const page = await t.client(superToken).get<OptLog[]>('/adminOptLog/index', { page: 1, limit: 3 });
    expect(page.data).toHaveLength(3);
    expect(page.count).toBeGreaterThan(3);
  });

  it('a failed call changes nothing and is not logged as done', async () => {
    const before = (await optLogList()).count!;
    const res = await t.client(superToken).post('/admin/save', { account: 'bad', password: 'x', nickname: '', role_id: roleId });
    expect(res.code).toBe(400);
    expect((await optLogList()).count).toBe(before);
  });
});

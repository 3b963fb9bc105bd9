import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, createRole, GOOD_PASSWORD } from '../helpers/fixtures';
import { sessions } from '../../server/db/schema/index';
import { setSetting } from '../../server/operations/settings';
import { CODE_TOKEN_EXPIRED, CODE_TOKEN_INVALID, CODE_TOKEN_REVOKED } from '../../models/envelope';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
});
afterAll(() => t?.close());

const current = (token: string, headers?: Record<string, string>) => t.client(token, { headers }).get('/admin/current');

async function expectCode(token: string, code: number) {
  const res = await current(token);
  expect(res.status).toBe(401);
  expect(res.code).toBe(code);
  expect(res.data).toBeNull();
}

/** A fresh admin with no permissions and one signed-in session. */
const someone = () => adminWithRole(t, superToken, []);

describe('tokens', () => {
  it('a call without a token is refused with 50008 and HTTP 401', async () => {
    const res = await t.client(undefined, { language: 'en' }).get('/admin/current');
    expect(res.status).toBe(401);
    expect(res.code).toBe(CODE_TOKEN_INVALID);
    expect(res.msg).toBe('Please log in first');
  });

  it('a made-up token is refused with 50008', async () => {
    await expectCode('this-is-not-a-token-0123456789abcdef', CODE_TOKEN_INVALID);
    await expectCode('x'.repeat(500), CODE_TOKEN_INVALID);
  });

  it('a token sent only as a cookie does not authenticate', async () => {
    const a = await someone();
    const res = await t.client(undefined, { headers: { cookie: `X-Token=${a.token}; x-token=${a.token}` } }).get('/admin/current');
    expect(res.status).toBe(401);
    expect(res.code).toBe(CODE_TOKEN_INVALID);
    expect((await current(a.token)).code).toBe(0);
  });

  it('tokens are stored hashed, never as the token text', async () => {
    const a = await someone();
    const rows = await t.db.select().from(sessions).where(eq(sessions.adminId, a.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(a.token);
    expect(rows[0]!.tokenHash).not.toBe(a.token);
  });

  it('each login gets its own token', async () => {
    const a = await someone();
    const second = await t.login(a.account, a.password);
    expect(second).not.toBe(a.token);
    expect((await current(a.token)).code).toBe(0);
    expect((await current(second)).code).toBe(0);
  });
});

describe('expiry', () => {
  it('a session left idle longer than the idle timeout expires with 50014', async () => {
    const a = await someone();
    const idle = new Date(Date.now() - (t.config.sessionIdleMinutes + 1) * 60_000);
    await t.db.update(sessions).set({ lastSeenAt: idle }).where(eq(sessions.adminId, a.id));
    await expectCode(a.token, CODE_TOKEN_EXPIRED);
  });

  it('a session in use slides its idle timeout forward', async () => {
    const a = await someone();
    const earlier = new Date(Date.now() - (t.config.sessionIdleMinutes - 1) * 60_000);
    await t.db.update(sessions).set({ lastSeenAt: earlier }).where(eq(sessions.adminId, a.id));
    expect((await current(a.token)).code).toBe(0);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.adminId, a.id));
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await current(a.token)).code).toBe(0);
  });

  it('a session past its absolute lifetime expires with 50014 even when in use', async () => {
    const a = await someone();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
      .where(eq(sessions.adminId, a.id));
    await expectCode(a.token, CODE_TOKEN_EXPIRED);
  });

  it('a new session lives for the configured lifetime', async () => {
    const a = await someone();
    const [row] = await t.db.select().from(sessions).where(eq(sessions.adminId, a.id));
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - t.config.sessionMaxHours * 3600_000)).toBeLessThan(5000);
  });
});

describe('revocation', () => {
  it('logging out revokes the token (50008 afterwards) but not the admin’s other sessions', async () => {
    const a = await someone();
    const other = await t.login(a.account, a.password);
    const res = await t.client(a.token, { language: 'en' }).post('/account/logout');
    expect(res.code).toBe(0);
    expect(res.msg).toBe('Logged out');
    await expectCode(a.token, CODE_TOKEN_INVALID);
    expect((await current(other)).code).toBe(0);
  });

  it('changing the password signs out the admin’s other sessions (50012) but keeps the current one', async () => {
    const a = await someone();
    const other = await t.login(a.account, a.password);
    const res = await t
      .client(a.token)
      .post('/admin/selfUpdate', { name: 'Renamed', phone: '', old_password: a.password, password: 'Brand-new-pass-7' });
    expect(res.code).toBe(0);
    await expectCode(other, CODE_TOKEN_REVOKED);
    expect((await current(a.token)).code).toBe(0);
    expect((await t.client().post('/account/login', { account: a.account, password: 'Brand-new-pass-7' })).code).toBe(0);
  });

  it('a password change with a wrong current password is refused and changes nothing', async () => {
    const a = await someone();
    const other = await t.login(a.account, a.password);
    const res = await t
      .client(a.token, { language: 'en' })
      .post('/admin/selfUpdate', { name: 'Should not stick', phone: '13900000000', old_password: 'Wrong-pass-1', password: 'Brand-new-pass-7' });
    expect(res.code).toBe(400);
    expect(res.msg).toBe('The current password is incorrect');
    expect((await current(other)).code).toBe(0);
    const self = await t.client(a.token).get('/admin/self');
    expect(self.data.user.name).not.toBe('Should not stick');
    expect(self.data.user.phone).toBe('');
    expect((await t.client().post('/account/login', { account: a.account, password: 'Brand-new-pass-7' })).code).toBe(400);
    expect((await t.client().post('/account/login', { account: a.account, password: a.password })).code).toBe(0);
  });

  it('an admin disabled by another admin is signed out with 50012', async () => {
    const a = await someone();
    const read = await t.client(superToken).get('/admin/read', { id: a.id });
    const res = await t.client(superToken).post('/admin/update', { ...read.data, status: 2, password: '' });
    expect(res.code).toBe(0);
    await expectCode(a.token, CODE_TOKEN_REVOKED);
  });

  it('a password set by another admin signs the admin out with 50012', async () => {
    const a = await someone();
    const read = await t.client(superToken).get('/admin/read', { id: a.id });
    const res = await t.client(superToken).post('/admin/update', { ...read.data, password: 'Reset-by-admin-1' });
    expect(res.code).toBe(0);
    await expectCode(a.token, CODE_TOKEN_REVOKED);
  });

  it('an admin moved to another role is signed out with 50012', async () => {
    const a = await someone();
    const otherRole = await createRole(t, superToken, ['adminLoginLog']);
    const read = await t.client(superToken).get('/admin/read', { id: a.id });
    const res = await t.client(superToken).post('/admin/update', { ...read.data, role_id: otherRole, password: '' });
    expect(res.code).toBe(0);
    await expectCode(a.token, CODE_TOKEN_REVOKED);
  });

  it('an admin edited without a role, status or password change stays signed in', async () => {
    const a = await someone();
    const read = await t.client(superToken).get('/admin/read', { id: a.id });
    const res = await t.client(superToken).post('/admin/update', { ...read.data, nickname: 'Just renamed', password: '' });
    expect(res.code).toBe(0);
    expect((await current(a.token)).code).toBe(0);
  });

  it('changing a role’s permissions signs out everyone holding it with 50012', async () => {
    const a = await someone();
    const b = await t.login(a.account, a.password);
    const role = await t.client(superToken).get('/role/read', { id: a.roleId });
    const res = await t.client(superToken).post('/role/update', { ...role.data, permissions: ['adminOptLog'] });
    expect(res.code).toBe(0);
    await expectCode(a.token, CODE_TOKEN_REVOKED);
    await expectCode(b, CODE_TOKEN_REVOKED);
  });

  it('renaming a role keeps its holders signed in', async () => {
    const a = await someone();
    const role = await t.client(superToken).get('/role/read', { id: a.roleId });
    const res = await t.client(superToken).post('/role/update', { ...role.data, name: 'Renamed role', description: 'new' });
    expect(res.code).toBe(0);
    expect((await current(a.token)).code).toBe(0);
  });

  it('disabling a role signs out everyone holding it with 50012', async () => {
    const a = await someone();
    const role = await t.client(superToken).get('/role/read', { id: a.roleId });
    expect((await t.client(superToken).post('/role/update', { ...role.data, status: 2 })).code).toBe(0);
    await expectCode(a.token, CODE_TOKEN_REVOKED);
  });

  it('with single login on, signing in again revokes the earlier session (50012)', async () => {
    const a = await someone();
    await setSetting(t.db, 'session.single_login', true);
    try {
      const second = await t.login(a.account, GOOD_PASSWORD);
      await expectCode(a.token, CODE_TOKEN_REVOKED);
      expect((await current(second)).code).toBe(0);
    } finally {
      await setSetting(t.db, 'session.single_login', false);
    }
  });

  it('with single login off, an admin may be signed in twice', async () => {
    const a = await someone();
    const second = await t.login(a.account, GOOD_PASSWORD);
    expect((await current(a.token)).code).toBe(0);
    expect((await current(second)).code).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, createRole } from '../helpers/fixtures';
import { admins } from '../../server/db/schema/index';
import { CODE_TOKEN_INVALID, CODE_TOKEN_REVOKED } from '../../models/envelope';

// Issue 15, attack regressions: a stolen or left-behind token must die the moment its session is revoked —
// on logout, a password change, the admin being disabled or moved to another role. Each row replays the old
// token against a mutating call on the very next request, expects the refusal, and checks nothing changed
// (the admin's profile is as it was, the other sessions that should survive still work).

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
});
afterAll(() => t?.close());

const someone = () => adminWithRole(t, superToken, []);

async function profile(adminId: number) {
  const [row] = await t.db.select({ nickname: admins.nickname, phone: admins.phone, passwordHash: admins.passwordHash, roleId: admins.roleId, status: admins.status }).from(admins).where(eq(admins.id, adminId));
  return row!;
}

/** The old token tries to rename its admin: refused with the code given, and the row is untouched. */
async function expectReplayRefused(adminId: number, oldToken: string, code: number) {
  const before = await profile(adminId);
  const res = await t.client(oldToken).post('/admin/selfUpdate', { name: 'Hijacked', phone: '13900000000' });
  expect(res.status).toBe(401);
  expect(res.code).toBe(code);
  expect(res.data).toBeNull();
  const read = await t.client(oldToken).get('/admin/current');
  expect(read.status).toBe(401);
  expect(await profile(adminId)).toEqual(before);
  expect(before.nickname).not.toBe('Hijacked');
}

describe('session revocation (the old token is refused on the very next call)', () => {
  it('logout: the logged-out token cannot act again; the admin’s other session is unaffected', async () => {
    const a = await someone();
    const other = await t.login(a.account, a.password);
    expect((await t.client(a.token).post('/account/logout')).code).toBe(0);
    await expectReplayRefused(a.id, a.token, CODE_TOKEN_INVALID);
    expect((await t.client(other).get('/admin/current')).code).toBe(0);
  });

  it('password change: a session opened with the old password is refused; the changing session lives on', async () => {
    const a = await someone();
    const stolen = await t.login(a.account, a.password);
    const res = await t.client(a.token).post('/admin/selfUpdate', { name: 'Owner', phone: '', old_password: a.password, password: 'Brand-new-pass-7' });
    expect(res.code).toBe(0);
    await expectReplayRefused(a.id, stolen, CODE_TOKEN_REVOKED);
    expect((await t.client(a.token).get('/admin/current')).data.name).toBe('Owner');
    expect((await t.client().post('/account/login', { account: a.account, password: a.password })).code).not.toBe(0);
  });

  it('disable: a disabled admin’s token is refused and cannot sign in again', async () => {
    const a = await someone();
    const read = await t.client(superToken).get('/admin/read', { id: a.id });
    expect((await t.client(superToken).post('/admin/update', { ...read.data, status: 2, password: '' })).code).toBe(0);
    await expectReplayRefused(a.id, a.token, CODE_TOKEN_REVOKED);
    expect((await t.client().post('/account/login', { account: a.account, password: a.password })).code).not.toBe(0);
  });

  it('role change: a token minted under the old role is refused; the new login carries the new role', async () => {
    const a = await adminWithRole(t, superToken, ['adminLoginLog']);
    const otherRole = await createRole(t, superToken, ['adminOptLog']);
    const read = await t.client(superToken).get('/admin/read', { id: a.id });
    expect((await t.client(superToken).post('/admin/update', { ...read.data, role_id: otherRole, password: '' })).code).toBe(0);
    await expectReplayRefused(a.id, a.token, CODE_TOKEN_REVOKED);
    const fresh = await t.login(a.account, a.password);
    expect((await t.client(fresh).get('/admin/current')).data.role_id).toBe(otherRole);
  });

  it('role permissions change: every holder’s token is refused', async () => {
    const a = await someone();
    const role = await t.client(superToken).get('/role/read', { id: a.roleId });
    expect((await t.client(superToken).post('/role/update', { ...role.data, permissions: ['adminOptLog'] })).code).toBe(0);
    await expectReplayRefused(a.id, a.token, CODE_TOKEN_REVOKED);
  });

});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, SUPER_ACCOUNT, SUPER_PASSWORD, type TestApp } from '../helpers/app';
import { adminWithRole, createAdmin, createRole, GOOD_PASSWORD, resetLoginThrottle } from '../helpers/fixtures';
import { CODE_TOKEN_INVALID } from '../../models/envelope';
import { sites } from '../../server/db/schema/index';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
});
afterAll(() => t?.close());
// Failed logins here must not trip the throttle, which throttle.test.ts covers.
beforeEach(() => resetLoginThrottle(t));

const login = (body: Record<string, unknown>, language?: string) => t.client(undefined, { language }).post('/account/login', body);

describe('login', () => {
  it('a super-admin can log in and gets its name, pass_tips, a token and the menu', async () => {
    const res = await login({ account: SUPER_ACCOUNT, password: SUPER_PASSWORD });
    expect(res.code).toBe(0);
    expect(Object.keys(res.data).sort()).toEqual(['menu', 'name', 'pass_tips', 'token']);
    expect(res.data.name).toBe('超级管理员');
    // ≥128 random bits, opaque: base64url of at least 16 bytes.
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(res.data.pass_tips).toBe(true);
    expect(res.data.menu.map((m: { key: string }) => m.key)).toEqual(['website', 'market', 'system']);
    const me = await t.client(res.data.token).get('/admin/current');
    expect(me.code).toBe(0);
    expect(me.data.account).toBe(SUPER_ACCOUNT);
  });

  it('an account is matched whatever its letter case and surrounding spaces', async () => {
    const res = await login({ account: `  ${SUPER_ACCOUNT.toUpperCase()} `, password: SUPER_PASSWORD });
    expect(res.code).toBe(0);
  });

  it('a wrong password is refused exactly like an unknown account', async () => {
    const wrong = await login({ account: SUPER_ACCOUNT, password: 'nope-123456' });
    const unknown = await login({ account: 'ghost@example.com', password: 'nope-123456' });
    expect(wrong.status).toBe(400);
    expect(wrong.code).toBe(400);
    expect(wrong.msg).toBe('账号或密码错误');
    expect(unknown).toEqual(wrong);
  });

  it('answers in Chinese by default and in English when the client asks for English', async () => {
    const zh = await login({ account: SUPER_ACCOUNT, password: 'nope' });
    const en = await login({ account: SUPER_ACCOUNT, password: 'nope' }, 'en');
    expect(zh.msg).toBe('账号或密码错误');
    expect(en.msg).toBe('Incorrect account or password');
  });

  it('a missing field is a 400 that names the field', async () => {
    const noPassword = await login({ account: SUPER_ACCOUNT });
    expect(noPassword.status).toBe(400);
    expect(noPassword.code).toBe(400);
    expect(noPassword.msg).toBe('密码为必填项');
    const noAccount = await login({ password: SUPER_PASSWORD }, 'en');
    expect(noAccount.code).toBe(400);
    expect(noAccount.msg).toBe('Account is required');
    expect(noAccount.data.issues[0].field).toBe('account');
  });

  it('a disabled admin cannot log in', async () => {
    const roleId = await createRole(t, superToken, []);
    const admin = await createAdmin(t, superToken, { role_id: roleId, status: 2 });
    const res = await login({ account: admin.account, password: admin.password }, 'en');
    expect(res.code).toBe(403);
    expect(res.msg).toBe('This account is disabled, please contact an administrator');
    expect(res.data?.token).toBeUndefined();
  });

  it('an admin whose role is disabled cannot log in', async () => {
    const roleId = await createRole(t, superToken, [], { status: 2 });
    const admin = await createAdmin(t, superToken, { role_id: roleId });
    const res = await login({ account: admin.account, password: admin.password });
    expect(res.code).toBe(403);
  });

  it('a new admin, whose password another admin chose, is asked to change it', async () => {
    const roleId = await createRole(t, superToken, []);
    const admin = await createAdmin(t, superToken, { role_id: roleId });
    const res = await login({ account: admin.account, password: admin.password });
    expect(res.code).toBe(0);
    expect(res.data.pass_tips).toBe(true);
  });
});

describe('profile', () => {
  it('an admin can read its own profile', async () => {
    const res = await t.client(superToken).get('/admin/self');
    expect(res.code).toBe(0);
    expect(res.data).toEqual({ user: { name: '超级管理员', phone: '', code_auth: 2, account: SUPER_ACCOUNT } });
  });

  it('an admin can read who it is signed in as', async () => {
    const res = await t.client(superToken).get('/admin/current');
    expect(res.code).toBe(0);
    expect(res.data).toEqual({
      id: expect.any(Number),
      account: SUPER_ACCOUNT,
      name: '超级管理员',
      role_id: expect.any(Number),
      role_name: '超级管理员',
      is_super: true,
      language: 'zh',
      site_ids: [],
      pass_tips: true,
    });
  });

  it('a limited admin sees its role and bound sites in current', async () => {
    const [site] = await t.db.select({ id: sites.id }).from(sites);
    const a = await adminWithRole(t, superToken, ['adminLoginLog'], { site_ids: [site!.id] });
    const res = await t.client(a.token).get('/admin/current');
    expect(res.data).toMatchObject({ id: a.id, account: a.account, role_id: a.roleId, is_super: false, site_ids: [site!.id], pass_tips: true });
  });

  it('an admin can change its name and phone', async () => {
    const a = await adminWithRole(t, superToken, []);
    const res = await t.client(a.token).post('/admin/selfUpdate', { name: 'New Name', phone: '13800138000', code_auth: 2 });
    expect(res.code).toBe(0);
    const self = await t.client(a.token).get('/admin/self');
    expect(self.data.user).toMatchObject({ name: 'New Name', phone: '13800138000', code_auth: 2 });
  });

  it('an admin cannot save an invalid profile', async () => {
    const a = await adminWithRole(t, superToken, []);
    const c = t.client(a.token, { language: 'en' });
    const noName = await c.post('/admin/selfUpdate', { name: '', phone: '' });
    expect(noName.code).toBe(400);
    expect(noName.msg).toBe('Name is required');
    const badPhone = await c.post('/admin/selfUpdate', { name: 'x', phone: 'call me' });
    expect(badPhone.code).toBe(400);
    expect(badPhone.msg).toBe('Invalid phone number');
    const smsWithoutPhone = await c.post('/admin/selfUpdate', { name: 'x', phone: '', code_auth: 1 });
    expect(smsWithoutPhone.code).toBe(400);
    expect(smsWithoutPhone.msg).toBe('SMS verification needs a phone number');
    const noOld = await c.post('/admin/selfUpdate', { name: 'x', phone: '', password: 'Another-pass-1' });
    expect(noOld.code).toBe(400);
    expect(noOld.msg).toBe('Enter the current password to change it');
    const weak = await c.post('/admin/selfUpdate', { name: 'x', phone: '', old_password: GOOD_PASSWORD, password: 'short1' });
    expect(weak.code).toBe(400);
    expect(weak.msg).toBe('The password must be 8-64 characters');
    const self = await t.client(a.token).get('/admin/self');
    expect(self.data.user.name).not.toBe('x');
  });
});

describe('system calls', () => {
  it('any signed-in admin can clear the cache', async () => {
    const a = await adminWithRole(t, superToken, []);
    let cleared = 0;
    t.app.ctx.caches.set('test-cache', { clear: () => void cleared++ });
    try {
      const res = await t.client(a.token, { language: 'en' }).post('/system/clearCache');
      expect(res.code).toBe(0);
      expect(res.msg).toBe('Cache cleared');
      expect(cleared).toBe(1);
    } finally {
      t.app.ctx.caches.delete('test-cache');
    }
  });

  it('nobody can clear the cache without signing in', async () => {
    const res = await t.client().post('/system/clearCache');
    expect(res.status).toBe(401);
    expect(res.code).toBe(CODE_TOKEN_INVALID);
  });

  it('any signed-in admin can switch its language', async () => {
    const a = await adminWithRole(t, superToken, []);
    const res = await t.client(a.token).post('/system/changeLanguage', { language: 'en' });
    expect(res.code).toBe(0);
    expect(res.msg).toBe('Language changed');
    expect((await t.client(a.token).get('/admin/current')).data.language).toBe('en');
    const back = await t.client(a.token).post('/system/changeLanguage', { language: 'zh' });
    expect(back.msg).toBe('语言已切换');
    expect((await t.client(a.token).get('/admin/current')).data.language).toBe('zh');
  });

  it('an admin cannot switch to a language the product does not have', async () => {
    const res = await t.client(superToken).post('/system/changeLanguage', { language: 'fr' });
    expect(res.code).toBe(400);
    expect((await t.client(superToken).get('/admin/current')).data.language).toBe('zh');
  });
});

// Last: it changes the seeded super-admin's password.
describe('initial password', () => {
  it('the seeded super-admin is asked to change its password until it does', async () => {
    const first = await login({ account: SUPER_ACCOUNT, password: SUPER_PASSWORD });
    expect(first.data.pass_tips).toBe(true);
    const token = first.data.token as string;
    // Saving the profile without a new password keeps the reminder.
    await t.client(token).post('/admin/selfUpdate', { name: '超级管理员', phone: '' });
    expect((await login({ account: SUPER_ACCOUNT, password: SUPER_PASSWORD })).data.pass_tips).toBe(true);

    const newPassword = 'Changed-pass-99';
    const changed = await t
      .client(token)
      .post('/admin/selfUpdate', { name: '超级管理员', phone: '', old_password: SUPER_PASSWORD, password: newPassword });
    expect(changed.code).toBe(0);
    expect((await login({ account: SUPER_ACCOUNT, password: SUPER_PASSWORD })).code).toBe(400);
    const after = await login({ account: SUPER_ACCOUNT, password: newPassword });
    expect(after.code).toBe(0);
    expect(after.data.pass_tips).toBe(false);
    expect((await t.client(after.data.token).get('/admin/current')).data.pass_tips).toBe(false);
  });
});

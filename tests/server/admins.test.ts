import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, SUPER_ACCOUNT, SUPER_PASSWORD, type TestApp } from '../helpers/app';
import { createAdmin, createRole, GOOD_PASSWORD, superRoleId, uniqueAccount } from '../helpers/fixtures';
import { admins } from '../../server/db/schema/index';
import type { Admin } from '../../models/admin';

let t: TestApp;
let superToken: string;
let superId: number;
let roleId: number;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  superId = (await t.client(superToken).get('/admin/current')).data.id;
  roleId = await createRole(t, superToken, ['adminLoginLog']);
});
afterAll(() => t?.close());

const api = () => t.client(superToken, { language: 'en' });
const save = (body: Record<string, unknown>) =>
  api().post('/admin/save', { account: uniqueAccount(), password: GOOD_PASSWORD, nickname: 'Nick', role_id: roleId, ...body });
const read = async (id: number) => (await api().get<Admin>('/admin/read', { id })).data;
const canLogin = async (account: string, password: string) => (await t.client().post('/account/login', { account, password })).code === 0;

describe('creating admins', () => {
  it('an admin can create another admin who can then log in', async () => {
    const account = uniqueAccount('new');
    const res = await save({ account, nickname: 'Newbie', phone: '13800138000' });
    expect(res.code).toBe(0);
    expect(res.msg).toBe('Saved successfully');
    const created = await read(res.data.id);
    expect(created).toMatchObject({ id: res.data.id, account, nickname: 'Newbie', role_id: roleId, status: 1, phone: '13800138000', code_auth: 2, site_ids: [], is_super: false, last_login_at: null });
    expect(await canLogin(account, GOOD_PASSWORD)).toBe(true);
    expect((await read(res.data.id)).last_login_at).not.toBeNull();
  });

  it('the password is stored as an argon2id hash', async () => {
    const res = await save({});
    const [row] = await t.db.select().from(admins).where(eq(admins.id, res.data.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(GOOD_PASSWORD);
  });

  it('the account must be an e-mail address', async () => {
    const res = await save({ account: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.msg).toBe('The account must be an e-mail address');
  });

  it('an account cannot be taken twice, whatever its letter case', async () => {
    const account = uniqueAccount('dup');
    expect((await save({ account })).code).toBe(0);
    const again = await save({ account: account.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.code).toBe(409);
    expect(again.msg).toBe('This account already exists');
  });

  it.each([
    ['shorter than 8 characters', 'abc1234', 'The password must be 8-64 characters'],
    ['longer than 64 characters', 'a1'.repeat(33), 'The password must be 8-64 characters'],
    ['without digits', 'onlyletters', 'The password must contain letters and digits'],
    ['without letters', '1234567890', 'The password must contain letters and digits'],
  ])('a password %s is refused', async (_label, password, msg) => {
    const res = await save({ password });
    expect(res.code).toBe(400);
    expect(res.msg).toBe(msg);
  });

  it('a password of exactly 8 and of 64 characters is accepted', async () => {
    expect((await save({ password: 'abcdefg1' })).code).toBe(0);
    expect((await save({ password: 'a1'.repeat(32) })).code).toBe(0);
  });

  it('SMS verification cannot be switched on without a phone', async () => {
    const res = await save({ code_auth: 1, phone: '' });
    expect(res.code).toBe(400);
    expect(res.msg).toBe('SMS verification needs a phone number');
  });

  it('an admin needs a role that exists', async () => {
    expect((await save({ role_id: 999_999 })).code).toBe(400);
    expect((await save({ role_id: undefined })).code).toBe(400);
  });
});

describe('listing admins', () => {
  it('the list pages through admins with a total count', async () => {
    const listRole = await createRole(t, superToken, []);
    for (let i = 0; i < 3; i++) await save({ role_id: listRole });
    const page1 = await api().get<Admin[]>('/admin/index', { page: 1, limit: 2, role_id: listRole });
    const page2 = await api().get<Admin[]>('/admin/index', { page: 2, limit: 2, role_id: listRole });
    expect(page1.count).toBe(3);
    expect(page1.data).toHaveLength(2);
    expect(page2.count).toBe(3);
    expect(page2.data).toHaveLength(1);
    const ids = [...page1.data, ...page2.data].map((a) => a.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('the list filters by account, role and status', async () => {
    const filterRole = await createRole(t, superToken, []);
    const account = uniqueAccount('findme');
    await save({ account, role_id: filterRole });
    await save({ role_id: filterRole, status: 2 });
    const byAccount = await api().get<Admin[]>('/admin/index', { account: 'findme' });
    expect(byAccount.data.map((a) => a.account)).toEqual([account]);
    const byRole = await api().get<Admin[]>('/admin/index', { role_id: filterRole });
    expect(byRole.count).toBe(2);
    expect(byRole.data.every((a) => a.role_id === filterRole)).toBe(true);
    const disabled = await api().get<Admin[]>('/admin/index', { role_id: filterRole, status: 2 });
    expect(disabled.count).toBe(1);
    expect(disabled.data[0]!.status).toBe(2);
    const active = await api().get<Admin[]>('/admin/index', { status: 1 });
    expect(active.data.every((a) => a.status === 1)).toBe(true);
    expect(active.data.some((a) => a.account === SUPER_ACCOUNT)).toBe(true);
  });

  it('a filter with LIKE wildcards matches them literally', async () => {
    const res = await api().get<Admin[]>('/admin/index', { account: '%' });
    expect(res.count).toBe(0);
  });

  it('a page size above the maximum is refused', async () => {
    expect((await api().get('/admin/index', { limit: 100_000 })).code).toBe(400);
  });

  it('an admin that does not exist cannot be read', async () => {
    const res = await api().get('/admin/read', { id: 999_999 });
    expect(res.status).toBe(404);
    expect(res.code).toBe(404);
  });
});

describe('editing admins', () => {
  it('an edit with an empty password keeps the old password', async () => {
    const a = await createAdmin(t, superToken, { role_id: roleId });
    const res = await api().post('/admin/update', { ...(await read(a.id)), nickname: 'Changed', password: '' });
    expect(res.code).toBe(0);
    expect((await read(a.id)).nickname).toBe('Changed');
    expect(await canLogin(a.account, a.password)).toBe(true);
  });

  it('an admin created by another admin, or given a new password by one, is asked to change it at sign-in', async () => {
    const created = await createAdmin(t, superToken, { role_id: roleId });
    const first = await t.client().post('/account/login', { account: created.account, password: created.password });
    expect(first.data.pass_tips).toBe(true);
    const ownToken = first.data.token;
    expect((await t.client(ownToken).post('/admin/selfUpdate', { name: 'Me', phone: '', code_auth: 2, old_password: created.password, password: 'Mine-2026-x' })).code).toBe(0);
    expect((await t.client().post('/account/login', { account: created.account, password: 'Mine-2026-x' })).data.pass_tips).toBe(false);
    const read = await t.client(superToken).get("/admin/read", { id: created.id });
    expect((await t.client(superToken).post("/admin/update", { ...read.data, password: "Reset-2026-x" })).code).toBe(0);
    expect((await t.client().post('/account/login', { account: created.account, password: 'Reset-2026-x' })).data.pass_tips).toBe(true);
  });

  it('an edit with a new password replaces the old one', async () => {
    const a = await createAdmin(t, superToken, { role_id: roleId });
    await api().post('/admin/update', { ...(await read(a.id)), password: 'Replaced-pass-5' });
    expect(await canLogin(a.account, a.password)).toBe(false);
    expect(await canLogin(a.account, 'Replaced-pass-5')).toBe(true);
  });

  it('an edit cannot take another admin’s account', async () => {
    const a = await createAdmin(t, superToken, { role_id: roleId });
    const b = await createAdmin(t, superToken, { role_id: roleId });
    const res = await api().post('/admin/update', { ...(await read(b.id)), account: a.account, password: '' });
    expect(res.code).toBe(409);
  });

  it('an admin cannot disable itself', async () => {
    const res = await api().post('/admin/update', { ...(await read(superId)), status: 2, password: '' });
    expect(res.code).toBe(400);
    expect(res.msg).toBe('You cannot disable the account you are signed in with');
    expect((await read(superId)).status).toBe(1);
  });

  it('the last active super-admin cannot be demoted', async () => {
    const res = await api().post('/admin/update', { ...(await read(superId)), role_id: roleId, password: '' });
    expect(res.code).toBe(409);
    expect(res.msg).toBe('At least one active super administrator must remain');
    expect((await read(superId)).is_super).toBe(true);
  });

  it('a super-admin can be demoted or disabled while another active one remains', async () => {
    const other = await createAdmin(t, superToken, { role_id: await superRoleId(t) });
    const demote = await api().post('/admin/update', { ...(await read(other.id)), role_id: roleId, password: '' });
    expect(demote.code).toBe(0);
    expect((await read(other.id)).is_super).toBe(false);
    const back = await api().post('/admin/update', { ...(await read(other.id)), role_id: await superRoleId(t), password: '' });
    expect(back.code).toBe(0);
    const disable = await api().post('/admin/update', { ...(await read(other.id)), status: 2, password: '' });
    expect(disable.code).toBe(0);
  });

  it('a disabled super-admin does not count as the one that must remain', async () => {
    const other = await createAdmin(t, superToken, { role_id: await superRoleId(t), status: 2 });
    expect((await read(other.id)).is_super).toBe(true);
    const res = await api().post('/admin/update', { ...(await read(superId)), role_id: roleId, password: '' });
    expect(res.code).toBe(409);
    expect((await read(superId)).is_super).toBe(true);
  });

  it('SMS verification cannot be switched on without a phone when editing', async () => {
    const a = await createAdmin(t, superToken, { role_id: roleId });
    const res = await api().post('/admin/update', { ...(await read(a.id)), code_auth: 1, phone: '', password: '' });
    expect(res.code).toBe(400);
    expect((await read(a.id)).code_auth).toBe(2);
  });

  it('an admin that does not exist cannot be edited', async () => {
    const a = await createAdmin(t, superToken, { role_id: roleId });
    const res = await api().post('/admin/update', { ...(await read(a.id)), id: 999_999, password: '' });
    expect(res.code).toBe(404);
  });
});

describe('deleting admins', () => {
  it('an admin can delete other admins, who then cannot log in', async () => {
    const a = await createAdmin(t, superToken, { role_id: roleId });
    const b = await createAdmin(t, superToken, { role_id: roleId });
    const token = await t.login(a.account, a.password);
    const res = await api().post('/admin/delete', { ids: [a.id, b.id] });
    expect(res.code).toBe(0);
    expect(res.msg).toBe('Deleted successfully');
    expect((await api().get('/admin/read', { id: a.id })).code).toBe(404);
    expect(await canLogin(a.account, a.password)).toBe(false);
    expect((await t.client(token).get('/admin/current')).code).toBe(50008);
  });

  it('an admin cannot delete itself', async () => {
    const other = await createAdmin(t, superToken, { role_id: roleId });
    const res = await api().post('/admin/delete', { ids: [other.id, superId] });
    expect(res.code).toBe(400);
    expect(res.msg).toBe('You cannot delete the account you are signed in with');
    expect((await api().get('/admin/read', { id: other.id })).code).toBe(0);
  });

  it('deleting an admin that does not exist deletes nothing', async () => {
    const a = await createAdmin(t, superToken, { role_id: roleId });
    const res = await api().post('/admin/delete', { ids: [a.id, 999_999] });
    expect(res.code).toBe(404);
    expect((await api().get('/admin/read', { id: a.id })).code).toBe(0);
  });

  it('a delete needs at least one id', async () => {
    expect((await api().post('/admin/delete', { ids: [] })).code).toBe(400);
  });

  it('the super-admin can still log in after all this', async () => {
    expect(await canLogin(SUPER_ACCOUNT, SUPER_PASSWORD)).toBe(true);
  });
});

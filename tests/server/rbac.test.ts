import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, createAdmin, createRole, GOOD_PASSWORD, insertSite, superRoleId, uniqueAccount } from '../helpers/fixtures';
import { admins, roles } from '../../server/db/schema/index';
import { TYPELESS_PATHS } from '../../models/menuTree';
import type { MenuItem } from '../../models/menu';

let t: TestApp;
let superToken: string;
/** An admin whose role allows only the login log. */
let logReader: Awaited<ReturnType<typeof adminWithRole>>;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  logReader = await adminWithRole(t, superToken, ['adminLoginLog']);
});
afterAll(() => t?.close());

const adminCount = async () => Number((await t.db.select({ n: count() }).from(admins))[0]!.n);
const roleCount = async () => Number((await t.db.select({ n: count() }).from(roles))[0]!.n);

/** The tree as nested keys: { system: { logGroup: { adminLoginLog: {} } } }. */
function keyTree(items: MenuItem[]): Record<string, unknown> {
  return Object.fromEntries(items.map((m) => [m.key, keyTree(m.children)]));
}

describe('a role limited to some menus', () => {
  it('gets 403 from the APIs of menus it lacks, even when calling them directly', async () => {
    const c = t.client(logReader.token, { language: 'en' });
    for (const url of ['/admin/index', '/role/index', '/menu/index', '/adminOptLog/index']) {
      const res = await c.get(url);
      expect(res.status, url).toBe(403);
      expect(res.code, url).toBe(403);
      expect(res.msg, url).toBe('You do not have permission to do this');
    }
    expect((await c.get('/admin/read', { id: logReader.id })).code).toBe(403);
  });

  it('cannot create, edit or delete admins without the admin menu', async () => {
    const before = await adminCount();
    const c = t.client(logReader.token);
    const save = await c.post('/admin/save', { account: uniqueAccount(), password: GOOD_PASSWORD, nickname: 'x', role_id: logReader.roleId });
    expect(save.code).toBe(403);
    // Refused before the body is even looked at.
    expect((await c.post('/admin/save', { nonsense: true })).code).toBe(403);
    expect((await c.post('/admin/delete', { ids: [logReader.id] })).code).toBe(403);
    expect((await c.post('/role/save', { name: 'sneaky', permissions: ['admin'] })).code).toBe(403);
    expect(await adminCount()).toBe(before);
  });

  it('can use the API its role allows', async () => {
    const res = await t.client(logReader.token).get('/adminLoginLog/index');
    expect(res.status).toBe(200);
    expect(res.code).toBe(0);
    expect(res.count).toBeGreaterThan(0);
  });

  it('gets only its permitted paths (plus the typeless ones) in the authority list', async () => {
    const res = await t.client(logReader.token).get('/adminmenu/getUserMenuList');
    expect(res.code).toBe(0);
    expect([...res.data.authority].sort()).toEqual([...TYPELESS_PATHS, '/AdminLoginLog/index'].sort());
  });

  it('sees only its permitted menu items and the groups above them', async () => {
    const res = await t.client(logReader.token).get('/adminmenu/getUserMenuList');
    expect(keyTree(res.data.menu)).toEqual({ system: { logGroup: { adminLoginLog: {} } } });
    const page = res.data.menu[0].children[0].children[0] as MenuItem;
    expect(page).toMatchObject({ path: '/AdminLoginLog/index', title: 'menu.adminLoginLog', hidden: false, is_dynamic: false });
  });

  it('gets the same menu at login as from getUserMenuList', async () => {
    const login = await t.client().post('/account/login', { account: logReader.account, password: GOOD_PASSWORD });
    const list = await t.client(login.data.token).get('/adminmenu/getUserMenuList');
    expect(login.data.menu).toEqual(list.data.menu);
  });

  it('a role with no menus sees no menu and only the typeless paths', async () => {
    const nobody = await adminWithRole(t, superToken, []);
    const res = await t.client(nobody.token).get('/adminmenu/getUserMenuList');
    expect(res.data.menu).toEqual([]);
    expect([...res.data.authority].sort()).toEqual([...TYPELESS_PATHS].sort());
  });

  it('the super-admin may open every page', async () => {
    const res = await t.client(superToken).get('/adminmenu/getUserMenuList');
    for (const path of ['/Admin/index', '/Role/index', '/Nav/index', '/AdminLoginLog/index', '/AdminOptLog/index', '/Content/index']) {
      expect(res.data.authority).toContain(path);
    }
    // Group headings are menus, not pages.
    expect(res.data.authority).not.toContain('/system');
  });

  it('the dynamic menu is empty until columns exist', async () => {
    const res = await t.client(logReader.token).get('/adminmenu/getDynamicMenu');
    expect(res.code).toBe(0);
    expect(res.data).toEqual([]);
  });
});

describe('no privilege escalation', () => {
  /** Can manage admins and roles and read the login log, nothing else. */
  let manager: Awaited<ReturnType<typeof adminWithRole>>;
  beforeAll(async () => {
    manager = await adminWithRole(t, superToken, ['admin', 'role', 'adminLoginLog']);
  });

  it('a non-super admin cannot hand out the super role', async () => {
    const before = await adminCount();
    const res = await t
      .client(manager.token)
      .post('/admin/save', { account: uniqueAccount(), password: GOOD_PASSWORD, nickname: 'x', role_id: await superRoleId(t) });
    expect(res.code).toBe(403);
    expect(await adminCount()).toBe(before);
  });

  it('a non-super admin cannot give itself the super role', async () => {
    const read = await t.client(manager.token).get('/admin/read', { id: manager.id });
    const res = await t.client(manager.token).post('/admin/update', { ...read.data, role_id: await superRoleId(t), password: '' });
    expect(res.code).toBe(403);
  });

  it('a non-super admin cannot create a role with permissions it does not hold', async () => {
    const before = await roleCount();
    const res = await t.client(manager.token).post('/role/save', { name: 'too much', permissions: ['adminLoginLog', 'database'] });
    expect(res.code).toBe(403);
    expect(await roleCount()).toBe(before);
  });

  it('a non-super admin can create a role within its own permissions and give it to a new admin', async () => {
    const role = await t.client(manager.token).post('/role/save', { name: 'log reader', permissions: ['adminLoginLog'] });
    expect(role.code).toBe(0);
    const admin = await t
      .client(manager.token)
      .post('/admin/save', { account: uniqueAccount(), password: GOOD_PASSWORD, nickname: 'x', role_id: role.data.id });
    expect(admin.code).toBe(0);
  });

  it('a non-super admin cannot give an admin a role with more permissions than its own', async () => {
    const bigRole = await createRole(t, superToken, ['admin', 'database']);
    const res = await t
      .client(manager.token)
      .post('/admin/save', { account: uniqueAccount(), password: GOOD_PASSWORD, nickname: 'x', role_id: bigRole });
    expect(res.code).toBe(403);
  });

  it('a non-super admin cannot widen its own role', async () => {
    const role = await t.client(manager.token).get('/role/read', { id: manager.roleId });
    const res = await t.client(manager.token).post('/role/update', { ...role.data, name: 'renamed' });
    expect(res.code).toBe(403);
  });

  it('a non-super admin cannot edit or delete a super-admin', async () => {
    const superAdmin = await createAdmin(t, superToken, { role_id: await superRoleId(t) });
    const read = await t.client(manager.token).get('/admin/read', { id: superAdmin.id });
    const edit = await t.client(manager.token).post('/admin/update', { ...read.data, password: 'Taken-over-123' });
    expect(edit.code).toBe(403);
    const del = await t.client(manager.token).post('/admin/delete', { ids: [superAdmin.id] });
    expect(del.code).toBe(403);
    expect((await t.client().post('/account/login', { account: superAdmin.account, password: GOOD_PASSWORD })).code).toBe(0);
  });

  it('a non-super admin cannot edit or delete an admin whose role holds permissions it lacks', async () => {
    const roleId = await createRole(t, superToken, ['admin', 'role', 'adminLoginLog', 'adminOptLog']);
    const senior = await createAdmin(t, superToken, { role_id: roleId });
    const read = await t.client(manager.token).get('/admin/read', { id: senior.id });
    expect(read.code).toBe(0);
    const edit = await t.client(manager.token).post('/admin/update', { ...read.data, password: 'Taken-over-123' });
    expect(edit.code).toBe(403);
    const del = await t.client(manager.token).post('/admin/delete', { ids: [senior.id] });
    expect(del.code).toBe(403);
    expect((await t.client().post('/account/login', { account: senior.account, password: GOOD_PASSWORD })).code).toBe(0);
  });

  it('a non-super admin can still edit and delete an admin whose role is within its own', async () => {
    const roleId = await createRole(t, manager.token, ['adminLoginLog']);
    const junior = await createAdmin(t, manager.token, { role_id: roleId });
    const read = await t.client(manager.token).get('/admin/read', { id: junior.id });
    expect((await t.client(manager.token).post('/admin/update', { ...read.data, nickname: 'renamed' })).code).toBe(0);
    expect((await t.client(manager.token).post('/admin/delete', { ids: [junior.id] })).code).toBe(0);
  });

  it('a non-super admin cannot bind an admin to a site it does not manage', async () => {
    const site = await insertSite(t, 'Forbidden');
    const roleId = await createRole(t, manager.token, ['adminLoginLog']);
    const res = await t
      .client(manager.token, { language: 'en' })
      .post('/admin/save', { account: uniqueAccount(), password: GOOD_PASSWORD, nickname: 'x', role_id: roleId, site_ids: [site] });
    expect(res.code).toBe(403);
    expect(res.msg).toBe('You may not manage this site');
  });
});

describe('role permissions', () => {
  it('a role naming a permission that is not a menu is refused', async () => {
    const res = await t.client(superToken, { language: 'en' }).post('/role/save', { name: 'bad', permissions: ['admin', 'noSuchMenu'] });
    expect(res.code).toBe(400);
    expect(res.msg).toBe('Unknown permission: noSuchMenu');
  });
});

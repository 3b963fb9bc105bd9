import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { createAdmin, createRole, superRoleId, uniqueName } from '../helpers/fixtures';
import type { Role } from '../../models/role';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
});
afterAll(() => t?.close());

const api = () => t.client(superToken, { language: 'en' });
const read = async (id: number) => (await api().get<Role>('/role/read', { id })).data;

describe('roles', () => {
  it('an admin can create a role and read it back', async () => {
    const name = uniqueName('Editors');
    const res = await api().post('/role/save', { name, description: 'edit things', permissions: ['admin', 'adminLoginLog', 'admin'] });
    expect(res.code).toBe(0);
    expect(await read(res.data.id)).toMatchObject({
      id: res.data.id,
      name,
      description: 'edit things',
      permissions: ['admin', 'adminLoginLog'],
      is_super: false,
      status: 1,
      admin_count: 0,
    });
  });

  it('a role needs a name', async () => {
    const res = await api().post('/role/save', { name: '  ', permissions: [] });
    expect(res.code).toBe(400);
    expect(res.msg).toBe('Please enter the role name');
  });

  it('an admin can edit a role', async () => {
    const id = await createRole(t, superToken, ['admin']);
    const res = await api().post('/role/update', { id, name: 'Renamed', description: 'd', permissions: ['role'], status: 2 });
    expect(res.code).toBe(0);
    expect(await read(id)).toMatchObject({ name: 'Renamed', description: 'd', permissions: ['role'], status: 2 });
  });

  it('an edited role gives its holders the new permissions', async () => {
    const id = await createRole(t, superToken, ['adminLoginLog']);
    const admin = await createAdmin(t, superToken, { role_id: id });
    await api().post('/role/update', { ...(await read(id)), permissions: ['adminOptLog'] });
    const token = await t.login(admin.account, admin.password);
    expect((await t.client(token).get('/adminOptLog/index')).code).toBe(0);
    expect((await t.client(token).get('/adminLoginLog/index')).code).toBe(403);
  });

  it('the list filters by name, pages, and counts each role’s admins', async () => {
    const tag = uniqueName('Filterable');
    const id = await createRole(t, superToken, [], { name: `${tag} one` });
    await createRole(t, superToken, [], { name: `${tag} two` });
    await createAdmin(t, superToken, { role_id: id });
    const res = await api().get<Role[]>('/role/index', { name: tag, limit: 1 });
    expect(res.count).toBe(2);
    expect(res.data).toHaveLength(1);
    expect(res.data[0]).toMatchObject({ id, admin_count: 1 });
  });

  it('an admin can delete roles nobody holds', async () => {
    const a = await createRole(t, superToken, []);
    const b = await createRole(t, superToken, []);
    const res = await api().post('/role/delete', { ids: [a, b] });
    expect(res.code).toBe(0);
    expect((await api().get('/role/read', { id: a })).code).toBe(404);
    expect((await api().get('/role/read', { id: b })).code).toBe(404);
  });

  it('a role in use cannot be deleted', async () => {
    const id = await createRole(t, superToken, []);
    await createAdmin(t, superToken, { role_id: id });
    const res = await api().post('/role/delete', { ids: [id] });
    expect(res.status).toBe(409);
    expect(res.code).toBe(409);
    expect(res.msg).toBe('Administrators still have this role; it cannot be deleted');
    expect((await api().get('/role/read', { id })).code).toBe(0);
  });

  it('the super role cannot be edited', async () => {
    const id = await superRoleId(t);
    const res = await api().post('/role/update', { ...(await read(id)), name: 'Not so super', permissions: ['admin'] });
    expect(res.code).toBe(403);
    expect(res.msg).toBe('The super administrator role cannot be changed or deleted');
    expect(await read(id)).toMatchObject({ name: '超级管理员', is_super: true });
  });

  it('the super role cannot be deleted', async () => {
    const spare = await createRole(t, superToken, []);
    const res = await api().post('/role/delete', { ids: [spare, await superRoleId(t)] });
    expect(res.code).toBe(403);
    expect((await api().get('/role/read', { id: spare })).code).toBe(0);
  });

  it('a new role is never a super role, whatever the request says', async () => {
    const res = await api().post('/role/save', { name: uniqueName('sneaky'), permissions: [], is_super: true });
    expect((await read(res.data.id)).is_super).toBe(false);
  });

  it('a role that does not exist cannot be edited', async () => {
    const res = await api().post('/role/update', { id: 999_999, name: 'x', permissions: [] });
    expect(res.code).toBe(404);
  });
});

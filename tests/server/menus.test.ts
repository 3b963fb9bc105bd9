import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { uniqueName } from '../helpers/fixtures';
import type { Menu, MenuItem } from '../../models/menu';
import { walkTree } from '../../models/menu';

let t: TestApp;
let superToken: string;
let systemGroupId: number;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  const list = await t.client(superToken).get<Menu[]>('/menu/index');
  systemGroupId = list.data.find((m) => m.key === 'system')!.id;
});
afterAll(() => t?.close());

const api = () => t.client(superToken, { language: 'en' });
const read = async (id: number) => (await api().get<Menu>('/menu/read', { id })).data;
async function create(fields: Record<string, unknown> = {}): Promise<number> {
  const key = uniqueName('menuKey');
  const res = await api().post('/menu/save', { parent_id: systemGroupId, key, title: `menu.${key}`, path: `/${key}/index`, ...fields });
  if (res.code !== 0) throw new Error(`menu/save failed: ${res.code} ${res.msg}`);
  return res.data.id;
}

describe('menus', () => {
  it('the menu list holds the whole seeded tree', async () => {
    const res = await api().get<Menu[]>('/menu/index');
    expect(res.code).toBe(0);
    expect(res.count).toBe(res.data.length);
    const keys = res.data.map((m) => m.key);
    for (const key of ['website', 'system', 'admin', 'role', 'nav', 'adminLoginLog', 'adminOptLog']) expect(keys).toContain(key);
    const admin = res.data.find((m) => m.key === 'admin')!;
    expect(admin).toMatchObject({ path: '/Admin/index', controller: 'Admin', action: 'index', type: 1, is_menu: true, level: 3 });
  });

  it('an admin can create a menu with every field and read it back', async () => {
    const key = uniqueName('fullMenu');
    const fields = {
      parent_id: systemGroupId,
      key,
      title: 'menu.full',
      path: '/Full/index',
      icon: 'star',
      is_menu: false,
      type: 1,
      controller: 'Full',
      action: 'index',
      params: 'a=1',
      hidden: true,
      guide: '/Admin/index',
      typeless: false,
      pinned: false,
      redirect: '',
      sort: 5,
    };
    const res = await api().post('/menu/save', fields);
    expect(res.code).toBe(0);
    expect(await read(res.data.id)).toEqual({ id: res.data.id, ...fields, level: 2 });
  });

  it('an admin can edit and then delete a menu', async () => {
    const id = await create();
    const menu = await read(id);
    const res = await api().post('/menu/update', { ...menu, title: 'menu.renamed', icon: 'bolt', sort: 99 });
    expect(res.code).toBe(0);
    expect(await read(id)).toMatchObject({ title: 'menu.renamed', icon: 'bolt', sort: 99 });
    expect((await api().post('/menu/delete', { ids: [id] })).code).toBe(0);
    expect((await api().get('/menu/read', { id })).code).toBe(404);
  });

  it('a menu key cannot be used twice', async () => {
    const id = await create();
    const { key } = await read(id);
    const dup = await api().post('/menu/save', { parent_id: 0, key, title: 'x' });
    expect(dup.code).toBe(409);
    expect(dup.msg).toBe('This menu key already exists');
    expect(await api().post('/menu/save', { parent_id: 0, key: 'admin', title: 'x' })).toMatchObject({ code: 409 });
  });

  it('a menu key cannot be renamed once created: roles and routes depend on it', async () => {
    const id = await create();
    const menu = await read(id);
    const rename = await api().post('/menu/update', { ...menu, key: `${menu.key}-renamed` });
    expect(rename.code).toBe(400);
    expect(rename.msg).toBe('A menu key cannot be changed once created');
    expect((await read(id)).key).toBe(menu.key);
  });

  it('deleting a menu takes its permission away from every role', async () => {
    const id = await create();
    const { key } = await read(id);
    const role = await api().post<{ id: number }>('/role/save', { name: `holder-${key}`, permissions: [key, 'adminLoginLog'] });
    expect(role.code).toBe(0);
    expect((await api().post('/menu/delete', { ids: [id] })).code).toBe(0);
    expect((await api().get('/role/read', { id: role.data.id })).data.permissions).toEqual(['adminLoginLog']);
  });

  it('a menu cannot be its own parent or sit under one of its descendants', async () => {
    const parent = await create();
    const child = await create({ parent_id: parent });
    const grandchild = await create({ parent_id: child });
    const self = await api().post('/menu/update', { ...(await read(parent)), parent_id: parent });
    expect(self.code).toBe(400);
    expect(self.msg).toBe('Invalid parent menu');
    const loop = await api().post('/menu/update', { ...(await read(parent)), parent_id: grandchild });
    expect(loop.code).toBe(400);
    expect((await read(parent)).parent_id).toBe(systemGroupId);
  });

  it('a menu cannot be put under a parent that does not exist', async () => {
    const res = await api().post('/menu/save', { parent_id: 999_999, key: uniqueName('orphan'), title: 'x' });
    expect(res.code).toBe(400);
  });

  it('a menu moved elsewhere takes its children along, levels included', async () => {
    const parent = await create();
    const child = await create({ parent_id: parent });
    expect((await read(child)).level).toBe(3);
    const res = await api().post('/menu/update', { ...(await read(parent)), parent_id: 0 });
    expect(res.code).toBe(0);
    expect((await read(parent)).level).toBe(1);
    expect((await read(child)).level).toBe(2);
  });

  it('a menu with children cannot be deleted on its own', async () => {
    const parent = await create();
    const child = await create({ parent_id: parent });
    const res = await api().post('/menu/delete', { ids: [parent] });
    expect(res.code).toBe(409);
    expect(res.msg).toBe('Delete the child menus first');
    expect((await api().get('/menu/read', { id: parent })).code).toBe(0);
    // Together with its children it can go.
    expect((await api().post('/menu/delete', { ids: [parent, child] })).code).toBe(0);
  });

  it('a menu key must be a plain identifier', async () => {
    const res = await api().post('/menu/save', { parent_id: 0, key: 'has space', title: 'x' });
    expect(res.code).toBe(400);
  });

  it('a new menu shows up in the super-admin’s menu and can be granted to a role', async () => {
    const id = await create();
    const { key, path } = await read(id);
    const list = await t.client(superToken).get('/adminmenu/getUserMenuList');
    expect([...walkTree(list.data.menu as MenuItem[])].map((m) => m.key)).toContain(key);
    expect(list.data.authority).toContain(path);
    expect((await api().post('/role/save', { name: uniqueName('r'), permissions: [key] })).code).toBe(0);
  });
});

import type { OpLogCalls, OpLogContext } from './types';
import { uniqueName } from '../../helpers/fixtures';

// One logged call per mutating route of front-end menus (issue 6).

const ok = async (res: Promise<{ code: number; msg: string; data: any }>) => {
  const r = await res;
  if (r.code !== 0) throw new Error(`call failed: ${r.code} ${r.msg}`);
  return r.data;
};
const client = ({ t, superToken, siteId }: OpLogContext) => t.client(superToken, { siteId });
const newCate = async (ctx: OpLogContext, name = uniqueName('logged-menu')) => ({ id: (await ok(client(ctx).post('/navCate/save', { name, key: 'main' }))).id as number, name });
const newItem = async (ctx: OpLogContext, title = uniqueName('logged-item')) => {
  const cate = await newCate(ctx);
  const body = { cate_id: cate.id, title, link_type: 'url', url: '/about' };
  return { id: (await ok(client(ctx).post('/navItem/save', body))).id as number, title, body, cate };
};

export const navMenuCalls: OpLogCalls = {
  '/api/navCate/save': async (ctx) => (await newCate(ctx)).name,
  '/api/navCate/update': async (ctx) => {
    const cate = await newCate(ctx);
    const name = uniqueName('renamed-menu');
    await ok(client(ctx).post('/navCate/update', { id: cate.id, name }));
    return name;
  },
  '/api/navCate/delete': async (ctx) => {
    const cate = await newCate(ctx);
    await ok(client(ctx).post('/navCate/delete', { ids: [cate.id] }));
    return cate.name;
  },
  '/api/navItem/save': async (ctx) => (await newItem(ctx)).title,
  '/api/navItem/update': async (ctx) => {
    const item = await newItem(ctx);
    const title = uniqueName('renamed-item');
    await ok(client(ctx).post('/navItem/update', { ...item.body, id: item.id, title }));
    return title;
  },
  '/api/navItem/delete': async (ctx) => {
    const item = await newItem(ctx);
    await ok(client(ctx).post('/navItem/delete', { ids: [item.id] }));
    return item.title;
  },
  '/api/navItem/sort': async (ctx) => {
    const item = await newItem(ctx);
    await ok(client(ctx).post('/navItem/sort', { cate_id: item.cate.id, items: [{ id: item.id, parent_id: 0, sort: 3 }] }));
    return item.cate.name;
  },
};

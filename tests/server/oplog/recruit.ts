import type { OpLogCalls, OpLogContext } from './types';
import { uniqueName } from '../../helpers/fixtures';

/** One call per mutating route of recruitment (/Job/index, /JobCate/index, /JobCity/index, /resume/*). */

const ok = async <T = any>(res: Promise<{ code: number; msg: string; data: T }>) => {
  const r = await res;
  if (r.code !== 0) throw new Error(`call failed: ${r.code} ${r.msg}`);
  return r.data;
};
const client = ({ t, superToken, siteId }: OpLogContext) => t.client(superToken, { siteId });

const newGroup = async (ctx: OpLogContext, kind: 'positionCate' | 'positionCity', name = uniqueName(`logged-${kind}`)) =>
  ({ id: (await ok<{ id: number }>(client(ctx).post(`/${kind}/save`, { name }))).id, name });
const newPosition = async (ctx: OpLogContext, title = uniqueName('logged-position')) => {
  const cate = await newGroup(ctx, 'positionCate');
  const city = await newGroup(ctx, 'positionCity');
  const body = { title, cate_id: cate.id, city_id: city.id, negotiable: true };
  return { id: (await ok<{ id: number }>(client(ctx).post('/position/save', body))).id, title, body };
};
/** POST /resume/save is multipart. */
const newResume = async (ctx: OpLogContext, name = uniqueName('logged-resume')) => {
  const position = await newPosition(ctx);
  const form = new FormData();
  form.append('position_id', String(position.id));
  form.append('name', name);
  form.append('email', 'logged@example.com');
  const res = await fetch(`${ctx.t.url}/api/resume/save`, { method: 'POST', headers: { 'x-token': ctx.superToken, 'x-site-id': String(ctx.siteId) }, body: form });
  return { id: (await ok<{ id: number }>(res.json() as never)).id, name };
};

const groupCalls = (kind: 'positionCate' | 'positionCity'): OpLogCalls => ({
  [`/api/${kind}/save`]: async (ctx) => (await newGroup(ctx, kind)).name,
  [`/api/${kind}/update`]: async (ctx) => {
    const g = await newGroup(ctx, kind);
    const name = uniqueName(`renamed-${kind}`);
    await ok(client(ctx).post(`/${kind}/update`, { id: g.id, name }));
    return name;
  },
  [`/api/${kind}/delete`]: async (ctx) => {
    const g = await newGroup(ctx, kind);
    await ok(client(ctx).post(`/${kind}/delete`, { ids: [g.id] }));
    return g.name;
  },
});

export const recruitCalls: OpLogCalls = {
  ...groupCalls('positionCate'),
  ...groupCalls('positionCity'),
  '/api/position/save': async (ctx) => (await newPosition(ctx)).title,
  '/api/position/update': async (ctx) => {
    const p = await newPosition(ctx);
    const title = uniqueName('renamed-position');
    await ok(client(ctx).post('/position/update', { ...p.body, id: p.id, title }));
    return title;
  },
  '/api/position/delete': async (ctx) => {
    const p = await newPosition(ctx);
    await ok(client(ctx).post('/position/delete', { ids: [p.id] }));
    return p.title;
  },
  '/api/resume/save': async (ctx) => (await newResume(ctx)).name,
  '/api/resume/status': async (ctx) => {
    const r = await newResume(ctx);
    await ok(client(ctx).post('/resume/status', { ids: [r.id], status: 2 }));
    return r.name;
  },
  '/api/resume/delete': async (ctx) => {
    const r = await newResume(ctx);
    await ok(client(ctx).post('/resume/delete', { ids: [r.id] }));
    return r.name;
  },
};

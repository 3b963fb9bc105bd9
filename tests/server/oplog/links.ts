import type { OpLogCalls, OpLogContext } from './types';
import { uniqueName } from '../../helpers/fixtures';

/** One call per mutating route of the friendly-link screen, for the "every mutating call is logged" test. */

const ok = async <T = any>(res: Promise<{ code: number; msg: string; data: T }>) => {
  const r = await res;
  if (r.code !== 0) throw new Error(`call failed: ${r.code} ${r.msg}`);
  return r.data;
};
const client = ({ t, superToken, siteId }: OpLogContext) => t.client(superToken, { siteId });

/** The partner address is on loopback, which the check may not fetch outside tests that allow it: the job ends quickly. */
const LINK = { url: 'http://127.0.0.1:9/links' };
const newLink = async (ctx: OpLogContext, name = uniqueName('logged-link')) =>
  ({ id: (await ok<{ id: number }>(client(ctx).post('/link/save', { ...LINK, name }))).id, name });

export const linkCalls: OpLogCalls = {
  '/api/link/save': async (ctx) => (await newLink(ctx)).name,
  '/api/link/update': async (ctx) => {
    const link = await newLink(ctx);
    const name = uniqueName('renamed-link');
    await ok(client(ctx).post('/link/update', { ...LINK, id: link.id, name }));
    return name;
  },
  '/api/link/delete': async (ctx) => {
    const link = await newLink(ctx);
    await ok(client(ctx).post('/link/delete', { ids: [link.id] }));
    return link.name;
  },
  '/api/link/check': async (ctx) => {
    const link = await newLink(ctx);
    await ok(client(ctx).post('/link/check', { ids: [link.id] }));
    await ctx.t.app.ctx.jobs.whenIdle();
    return link.name;
  },
};

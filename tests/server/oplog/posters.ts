import type { OpLogCalls, OpLogContext } from './types';
import { uniqueName } from '../../helpers/fixtures';

/** One call per mutating route of the poster screen, for the "every mutating call is logged" test. */

const ok = async <T = any>(res: Promise<{ code: number; msg: string; data: T }>) => {
  const r = await res;
  if (r.code !== 0) throw new Error(`call failed: ${r.code} ${r.msg}`);
  return r.data;
};
const client = ({ t, superToken, siteId }: OpLogContext) => t.client(superToken, { siteId });

const POSTER = { width: 400, height: 300, format: 'png', quality: 80, background_type: 'color', background_color: '#ffffff' };
const newPoster = async (ctx: OpLogContext, name = uniqueName('logged-poster')) =>
  ({ id: (await ok<{ id: number }>(client(ctx).post('/poster/save', { ...POSTER, name }))).id, name });

export const posterCalls: OpLogCalls = {
  '/api/poster/save': async (ctx) => (await newPoster(ctx)).name,
  '/api/poster/update': async (ctx) => {
    const poster = await newPoster(ctx);
    const name = uniqueName('renamed-poster');
    await ok(client(ctx).post('/poster/update', { ...POSTER, id: poster.id, name }));
    return name;
  },
  '/api/poster/delete': async (ctx) => {
    const poster = await newPoster(ctx);
    await ok(client(ctx).post('/poster/delete', { ids: [poster.id] }));
    return poster.name;
  },
  '/api/poster/layout': async (ctx) => {
    const poster = await newPoster(ctx);
    const elements = [{ id: 't1', kind: 'text', x: 20, y: 20, w: 360, h: 80, text: 'Logged', font_size: 40, color: '#d00000' }];
    await ok(client(ctx).post('/poster/layout', { id: poster.id, elements }));
    return poster.name;
  },
  '/api/poster/render': async (ctx) => {
    const poster = await newPoster(ctx);
    await ok(client(ctx).post('/poster/render', { id: poster.id }));
    return poster.name;
  },
};

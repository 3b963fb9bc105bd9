import type { OpLogCalls, OpLogContext } from './types';
import { insertSite, uniqueName } from '../../helpers/fixtures';

/**
 * One call per mutating route of the keyword screen and its rank monitor, for the "every mutating call is
 * logged" test: each performs the call successfully and returns the content name the log must show.
 */

const ok = async <T = any>(res: Promise<{ code: number; msg: string; data: T }>) => {
  const r = await res;
  if (r.code !== 0) throw new Error(`call failed: ${r.code} ${r.msg}`);
  return r.data;
};
const client = ({ t, superToken }: OpLogContext, siteId: number) => t.client(superToken, { siteId });

const newKeyword = async (ctx: OpLogContext, siteId = ctx.siteId, name = uniqueName('logged-keyword')) =>
  ({ id: (await ok<{ id: number }>(client(ctx, siteId).post('/keyword/save', { name, link: '/logged' }))).id, name });

/** Rank settings of a site of its own, switched off so no scheduled check runs; the template points at a closed loopback port. */
const RANK_SETTINGS = { enabled: false, engine: 'bing', url_template: 'http://127.0.0.1:9/search?q={keyword}&site={domain}', api_key: '' };

export const keywordCalls: OpLogCalls = {
  '/api/keyword/save': async (ctx) => (await newKeyword(ctx)).name,
  '/api/keyword/update': async (ctx) => {
    const keyword = await newKeyword(ctx);
    const name = uniqueName('renamed-keyword');
    await ok(client(ctx, ctx.siteId).post('/keyword/update', { id: keyword.id, name, link: '/renamed' }));
    return name;
  },
  '/api/keyword/delete': async (ctx) => {
    const keyword = await newKeyword(ctx);
    await ok(client(ctx, ctx.siteId).post('/keyword/delete', { ids: [keyword.id] }));
    return keyword.name;
  },
  '/api/keyword/status': async (ctx) => {
    const keyword = await newKeyword(ctx);
    await ok(client(ctx, ctx.siteId).post('/keyword/status', { ids: [keyword.id], status: 2 }));
    return keyword.name;
  },
  '/api/keyword/innerLink': async (ctx) => {
    const keyword = await newKeyword(ctx);
    await ok(client(ctx, ctx.siteId).post('/keyword/innerLink', { ids: [keyword.id], inner_link: true }));
    return keyword.name;
  },
  '/api/keyword/import': async (ctx) => {
    const file = `${uniqueName('logged-keywords')}.csv`;
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(`name,link\r\n${uniqueName('imported-keyword')},/imported`)]), file);
    const res = await fetch(`${ctx.t.url}/api/keyword/import`, {
      method: 'POST',
      headers: { 'x-token': ctx.superToken, 'x-site-id': String(ctx.siteId) },
      body: form,
    });
    await ok(res.json() as Promise<{ code: number; msg: string; data: unknown }>);
    return `${file} (1/1)`;
  },
  '/api/keyword/rankSettings': async (ctx) => {
    const site = await insertSite(ctx.t, uniqueName('LoggedRankSite'));
    await ok(client(ctx, site).post('/keyword/rankSettings', RANK_SETTINGS));
    return RANK_SETTINGS.engine;
  },
  '/api/keyword/check': async (ctx) => {
    // A site of its own with a domain and a provider nobody answers at: the job's checks end in errors.
    const site = await insertSite(ctx.t, uniqueName('LoggedRankCheck'));
    await ok(client(ctx, site).post('/keyword/rankSettings', RANK_SETTINGS));
    const keyword = await newKeyword(ctx, site);
    const started = await ok<{ job_id: number }>(client(ctx, site).post('/keyword/check', { ids: [keyword.id] }));
    await ctx.t.app.ctx.jobs.whenIdle();
    return `#${started.job_id}`;
  },
};

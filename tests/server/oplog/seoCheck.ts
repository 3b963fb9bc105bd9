import type { OpLogCalls, OpLogContext } from './types';
import { insertSite, uniqueName } from '../../helpers/fixtures';

/** One call per mutating route of the SEO diagnosis screen, for the "every mutating call is logged" test. */

const ok = async <T = any>(res: Promise<{ code: number; msg: string; data: T }>) => {
  const r = await res;
  if (r.code !== 0) throw new Error(`call failed: ${r.code} ${r.msg}`);
  return r.data;
};

/** Each diagnosis runs on an empty site of its own, so none is already testing and the crawl is short. */
const newSite = async ({ t }: OpLogContext) => {
  const name = uniqueName('LoggedSeoSite');
  return { id: await insertSite(t, name), name };
};
const start = (ctx: OpLogContext, siteId: number) => ok<{ id: number; job_id: number }>(ctx.t.client(ctx.superToken, { siteId }).post('/seoCheck/start'));

export const seoCheckCalls: OpLogCalls = {
  '/api/seoCheck/start': async (ctx) => {
    const site = await newSite(ctx);
    await start(ctx, site.id);
    await ctx.t.app.ctx.jobs.whenIdle();
    return site.name;
  },
  '/api/seoCheck/cancel': async (ctx) => {
    const site = await newSite(ctx);
    const report = await start(ctx, site.id);
    await ok(ctx.t.client(ctx.superToken, { siteId: site.id }).post('/seoCheck/cancel', { id: report.id }));
    await ctx.t.app.ctx.jobs.whenIdle();
    return `#${report.id}`;
  },
};

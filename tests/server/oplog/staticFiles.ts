import { eq } from 'drizzle-orm';
import type { OpLogCalls } from './types';
import { sites } from '../../../server/db/schema/index';

// One logged call per mutating route of static generation (issue 6).

export const staticFileCalls: OpLogCalls = {
  '/api/staticFile/generate': async ({ t, superToken, siteId }) => {
    const res = await t.client(superToken, { siteId }).post('/staticFile/generate', { scope: 'site' });
    if (res.code !== 0) throw new Error(`call failed: ${res.code} ${res.msg}`);
    await t.app.ctx.jobs.whenIdle();
    const [site] = await t.db.select({ name: sites.name }).from(sites).where(eq(sites.id, siteId));
    return site!.name;
  },
};

import { expect } from 'vitest';
import type { OpLogCalls, OpLogContext } from './types';
import { uniqueName } from '../../helpers/fixtures';
import { insertColumn, insertModel, saveContent } from '../../helpers/contentFixtures';

/**
 * One call per mutating route of the content audit, for the "every mutating call is logged" test: each
 * performs the call successfully and returns the name the log must show.
 */
const client = ({ t, superToken, siteId }: OpLogContext) => t.client(superToken, { siteId });
const ok = async (res: Promise<{ code: number; msg: string }>) => {
  const r = await res;
  expect(r.code, r.msg).toBe(0);
};
/** A column whose flow is one either-one step reviewed by the super-admin, and a draft in it. */
async function inReviewByMe(ctx: OpLogContext) {
  const column = await insertColumn(ctx.t, ctx.siteId, await insertModel(ctx.t));
  const me = (await client(ctx).get('/admin/current')).data.id as number;
  await ok(client(ctx).post('/auditFlow/save', { category_id: column, steps: [{ mode: 'either', reviewers: [me] }] }));
  const { id, title } = await saveContent(client(ctx), column, { title: uniqueName('Audited article') });
  await ok(client(ctx).post('/content/submitAudit', { id }));
  return { id, title };
}

export const auditCalls: OpLogCalls = {
  '/api/auditFlow/save': async (ctx) => {
    const title = uniqueName('Audited column');
    const column = await insertColumn(ctx.t, ctx.siteId, await insertModel(ctx.t), { title });
    await ok(client(ctx).post('/auditFlow/save', { category_id: column, steps: [] }));
    return title;
  },
  '/api/content/submitAudit': async (ctx) => (await inReviewByMe(ctx)).title,
  '/api/content/audit': async (ctx) => {
    const { id, title } = await inReviewByMe(ctx);
    await ok(client(ctx).post('/content/audit', { id, action: 'approve' }));
    return title;
  },
  '/api/content/checkAll': async (ctx) => {
    const { id, title } = await inReviewByMe(ctx);
    await ok(client(ctx).post('/content/checkAll', { ids: [id] }));
    return title;
  },
};

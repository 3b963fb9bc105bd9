import type { OpLogCalls, OpLogContext } from './types';
import { uniqueName } from '../../helpers/fixtures';
import { storeInquiry } from '../../../server/operations/inquiries';

/** One call per mutating route of the inquiry screen, for the "every mutating call is logged" test. */

const ok = async (res: Promise<{ code: number; msg: string }>) => {
  const r = await res;
  if (r.code !== 0) throw new Error(`call failed: ${r.code} ${r.msg}`);
};
const newInquiry = async ({ t, siteId }: OpLogContext) => {
  const name = uniqueName('logged-inquiry');
  const id = await storeInquiry(t.db, { name, phone: '', email: 'a@example.com', company: '', content: 'hello' }, { siteId, page: '/contact/', ip: '127.0.0.1', userAgent: '' });
  return { id, name };
};

export const inquiryCalls: OpLogCalls = {
  '/api/inquiry/status': async (ctx) => {
    const inquiry = await newInquiry(ctx);
    await ok(ctx.t.client(ctx.superToken, { siteId: ctx.siteId }).post('/inquiry/status', { ids: [inquiry.id], status: 2 }));
    return inquiry.name;
  },
  '/api/inquiry/delete': async (ctx) => {
    const inquiry = await newInquiry(ctx);
    await ok(ctx.t.client(ctx.superToken, { siteId: ctx.siteId }).post('/inquiry/delete', { ids: [inquiry.id] }));
    return inquiry.name;
  },
};

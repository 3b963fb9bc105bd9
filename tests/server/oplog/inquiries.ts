import type { OpLogCalls, OpLogContext } from './types';
import { uniqueName } from '../../helpers/fixtures';
import { storeInquiry } from '../../../server/operations/inquiries';
import { startSmtpPeer } from '../../helpers/smtpPeer';

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

/** Outgoing mail through a loopback SMTP server for the length of one call. */
export async function withSmtpPeer<T>({ t, superToken }: OpLogContext, run: () => Promise<T>): Promise<T> {
  const peer = await startSmtpPeer();
  try {
    const values = { smtp_host: '127.0.0.1', smtp_port: peer.port, smtp_security: 'none', smtp_user: peer.user, smtp_password: peer.password };
    await ok(t.client(superToken).post('/sysSetting/update', { group: 'mail', values }));
    return await run();
  } finally {
    await peer.close();
  }
}
const newCategory = async ({ t, superToken, siteId }: OpLogContext) => {
  const name = uniqueName('logged-inquiry-cate');
  const res = await t.client(superToken, { siteId }).post<{ id: number }>('/inquiryCate/save', { name });
  if (res.code !== 0) throw new Error(`call failed: ${res.code} ${res.msg}`);
  return { id: res.data.id, name };
};

export const inquiryCalls: OpLogCalls = {
  '/api/inquiry/handle': async (ctx) => {
    const inquiry = await newInquiry(ctx);
    await ok(ctx.t.client(ctx.superToken, { siteId: ctx.siteId }).post('/inquiry/handle', { id: inquiry.id, cate_id: null, status: 1, assignee_id: null, notes: 'logged' }));
    return inquiry.name;
  },
  '/api/inquiry/reply': async (ctx) => {
    const inquiry = await newInquiry(ctx);
    await withSmtpPeer(ctx, () => ok(ctx.t.client(ctx.superToken, { siteId: ctx.siteId }).post('/inquiry/reply', { id: inquiry.id, subject: 'Re', body: 'Thanks' })));
    return inquiry.name;
  },
  '/api/inquiryCate/save': async (ctx) => (await newCategory(ctx)).name,
  '/api/inquiryCate/update': async (ctx) => {
    const cate = await newCategory(ctx);
    await ok(ctx.t.client(ctx.superToken, { siteId: ctx.siteId }).post('/inquiryCate/update', { id: cate.id, name: cate.name, sort: 1, description: '' }));
    return cate.name;
  },
  '/api/inquiryCate/delete': async (ctx) => {
    const cate = await newCategory(ctx);
    await ok(ctx.t.client(ctx.superToken, { siteId: ctx.siteId }).post('/inquiryCate/delete', { ids: [cate.id] }));
    return cate.name;
  },
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

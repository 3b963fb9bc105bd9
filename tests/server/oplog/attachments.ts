import type { OpLogCalls, OpLogContext } from './types';
import { uniqueName } from '../../helpers/fixtures';
import { mp4, pdf, sendChunk, sha256, uploadFile } from '../../helpers/attachmentFixtures';

/** One call per mutating route: Attachments, their categories and uploads (issue 4). */
const client = ({ t, superToken, siteId }: OpLogContext) => t.client(superToken, { siteId });
const ok = async <T = any>(res: Promise<{ code: number; msg: string; data: T }>) => {
  const r = await res;
  if (r.code !== 0) throw new Error(`call failed: ${r.code} ${r.msg}`);
  return r.data;
};
const newCate = async (ctx: OpLogContext, title = uniqueName('logged-cate')) =>
  ({ id: (await ok(client(ctx).post('/attachmentCate/save', { parent_id: 0, title }))).id as number, title });
const newLink = async (ctx: OpLogContext, name = uniqueName('logged-link')) => {
  const [row] = await ok(client(ctx).post('/attachment/save', [{ name, url: `https://cdn.example.com/${name}.pdf` }]));
  return { id: row.id as number, name };
};

export const attachmentsCalls: OpLogCalls = {
  '/api/attachmentCate/save': async (ctx) => (await newCate(ctx)).title,
  '/api/attachmentCate/update': async (ctx) => {
    const cate = await newCate(ctx);
    const title = uniqueName('renamed-cate');
    await ok(client(ctx).post('/attachmentCate/update', { id: cate.id, parent_id: 0, title }));
    return title;
  },
  '/api/attachmentCate/delete': async (ctx) => {
    const cate = await newCate(ctx);
    await ok(client(ctx).post('/attachmentCate/delete', { ids: [cate.id] }));
    return cate.title;
  },
  '/api/attachment/save': async (ctx) => (await newLink(ctx)).name,
  '/api/attachment/update': async (ctx) => {
    const link = await newLink(ctx);
    const name = uniqueName('renamed-link');
    await ok(client(ctx).post('/attachment/update', { id: link.id, name }));
    return name;
  },
  '/api/attachment/delete': async (ctx) => {
    const link = await newLink(ctx);
    await ok(client(ctx).post('/attachment/delete', { ids: [link.id] }));
    return link.name;
  },
  '/api/attachment/uploadAndSave': async (ctx) => {
    const name = `${uniqueName('logged')}.pdf`;
    await ok(uploadFile(ctx.t, { token: ctx.superToken, siteId: ctx.siteId }, { name, bytes: pdf(name) }));
    return name;
  },
  '/api/attachment/sliceUploadAndSave': async (ctx) => {
    // A file of one chunk: its only chunk completes it (chunks that do not are left out of the log).
    const name = `${uniqueName('logged')}.mp4`;
    const fields = { chunk_total: 1, chunk_index: 1, resource_temp_basename: '', resource_temp_path: '', resource_name: name };
    await ok(sendChunk(ctx.t, { token: ctx.superToken, siteId: ctx.siteId }, fields, mp4(4096, name.length)));
    return name;
  },
  '/api/attachment/checkHash': async (ctx) => {
    const name = `${uniqueName('logged')}.pdf`;
    await ok(client(ctx).post('/attachment/checkHash', { hash: sha256(Buffer.from(name)), name, size: 10 }));
    return name;
  },
};

import { expect } from 'vitest';
import type { OpLogCalls, OpLogContext } from './types';
import { uniqueName } from '../../helpers/fixtures';
import { insertColumn, insertModel, PNG_1X1, saveContent, uploadFile } from '../../helpers/contentFixtures';

/**
 * One call per mutating route of the content domain, for the "every mutating call is logged" test:
 * each performs the call successfully and returns the content name the log must show.
 */
const client = ({ t, superToken, siteId }: OpLogContext) => t.client(superToken, { siteId });
const article = async (ctx: OpLogContext, fields: Record<string, unknown> = {}) => {
  const column = await insertColumn(ctx.t, ctx.siteId, await insertModel(ctx.t));
  return saveContent(client(ctx), column, { title: uniqueName('Logged article'), ...fields });
};
const ok = async (res: Promise<{ code: number; msg: string }>) => {
  const r = await res;
  expect(r.code, r.msg).toBe(0);
};
const bulk = (url: string, extra: Record<string, unknown> = {}) => async (ctx: OpLogContext) => {
  const { id, title } = await article(ctx);
  await ok(client(ctx).post(url, { ids: [id], ...extra }));
  return title;
};

export const contentCalls: OpLogCalls = {
  '/api/content/save': async (ctx) => (await article(ctx)).title,
  '/api/content/update': async (ctx) => {
    const { id } = await article(ctx);
    const title = uniqueName('Renamed article');
    const current = (await client(ctx).get('/content/read', { id })).data;
    await ok(client(ctx).post('/content/update', { ...current, title }));
    return title;
  },
  '/api/content/restoreRevision': async (ctx) => {
    const { id, title } = await article(ctx);
    const current = (await client(ctx).get('/content/read', { id })).data;
    await ok(client(ctx).post('/content/update', { ...current, title: 'changed' }));
    const revisions = (await client(ctx).get('/content/revisions', { id })).data as Array<{ id: number; version: number }>;
    await ok(client(ctx).post('/content/restoreRevision', { id, revision_id: revisions.find((r) => r.version === 1)!.id, version: 2 }));
    return title;
  },
  '/api/content/delete': bulk('/content/delete'),
  '/api/content/delAll': bulk('/content/delAll'),
  '/api/content/recoverAll': async (ctx) => {
    const { id, title } = await article(ctx);
    await ok(client(ctx).post('/content/delAll', { ids: [id] }));
    await ok(client(ctx).post('/content/recoverAll', { ids: [id] }));
    return title;
  },
  '/api/content/topOpt': bulk('/content/topOpt', { is_top: true }),
  '/api/content/recommendAndStatus': bulk('/content/recommendAndStatus', { is_recommend: true, status: 1 }),
  '/api/content/editStatus': bulk('/content/editStatus', { status: 1 }),
  '/api/content/articleUpload': async (ctx) => {
    const name = `${uniqueName('logged')}.png`;
    const res = await uploadFile(ctx.t, ctx.superToken, ctx.siteId, { name, bytes: PNG_1X1 });
    expect(res.code, res.msg).toBe(0);
    return name;
  },
  '/api/content/addInnerChat': async (ctx) => {
    await ok(client(ctx).post('/content/addInnerChat', { website_id: ctx.siteId, content: '<p>text</p>', sub_id: 0 }));
    return '';
  },
  '/api/content/wordSearch': async (ctx) => {
    await ok(client(ctx).post('/content/wordSearch', { content: '<p>text</p>' }));
    return '';
  },
  '/api/content/imgLocal': async (ctx) => {
    await ok(client(ctx).post('/content/imgLocal', { content: '<p>text</p>' }));
    return '';
  },
  '/api/content/descExtraction': async (ctx) => {
    await ok(client(ctx).post('/content/descExtraction', { content: '<p>text</p>' }));
    return '';
  },
};

/** POST /ContentImport/{kind}: a one-row CSV previewed into a fresh column; the log names the file and counts. */
const importCall = (kind: string) => async (ctx: OpLogContext) => {
  const column = await insertColumn(ctx.t, ctx.siteId, await insertModel(ctx.t));
  const form = new FormData();
  form.append('file', new Blob([Buffer.from('title\r\nImported row')]), `${kind}.csv`);
  const res = await fetch(`${ctx.t.url}/api/ContentImport/${kind}?category_id=${column}`, {
    method: 'POST',
    headers: { 'x-token': ctx.superToken, 'x-site-id': String(ctx.siteId) },
    body: form,
  });
  await ok(res.json() as Promise<{ code: number; msg: string }>);
  return `${kind}.csv (1/1)`;
};

export const contentImportCalls: OpLogCalls = Object.fromEntries(
  ['commission', 'margin', 'variety', 'rule', 'calendar', 'intermediary'].map((kind) => [`/api/ContentImport/${kind}`, importCall(kind)]),
);

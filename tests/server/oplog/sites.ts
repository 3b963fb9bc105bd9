import { expect } from 'vitest';
import type { OpLogCalls, OpLogContext } from './types';
import { uniqueName } from '../../helpers/fixtures';
import { createColumn, createField, createModel, createSite, uniqueDomain } from '../../helpers/sites';

/**
 * One call per mutating route of the sites domain, for the "every mutating call is logged" test:
 * each performs the call successfully and returns the content name the log must show.
 */
const ok = (res: { code: number; msg: string }, what: string) => expect(res.code, `${what}: ${res.msg}`).toBe(0);
const identifier = (prefix: string) => uniqueName(prefix).replace(/-/g, '_');

async function columnIn({ t, superToken, siteId }: OpLogContext, title: string) {
  return createColumn(t, superToken, siteId, { model_id: await createModel(t, superToken), title });
}

export const sitesCalls: OpLogCalls = {
  '/api/website/save': async ({ t, superToken }) => {
    const name = uniqueName('logged-site');
    ok(await t.client(superToken).post('/website/save', { name, domain: uniqueDomain() }), 'website/save');
    return name;
  },
  '/api/website/update': async ({ t, superToken }) => {
    const id = await createSite(t, superToken);
    const name = uniqueName('renamed-site');
    const read = await t.client(superToken).get('/website/read', { id });
    ok(await t.client(superToken).post('/website/update', { ...read.data, name }), 'website/update');
    return name;
  },
  '/api/website/delete': async ({ t, superToken }) => {
    const name = uniqueName('doomed-site');
    const id = await createSite(t, superToken, { name });
    ok(await t.client(superToken).post('/website/delete', { ids: [id] }), 'website/delete');
    return name;
  },
  '/api/websiteSetting/update': async ({ t, superToken }) => {
    const name = uniqueName('configured-site');
    const id = await createSite(t, superToken, { name });
    ok(await t.client(superToken).post('/websiteSetting/update', { site_id: id, author: 'Logged' }), 'websiteSetting/update');
    return name;
  },
  '/api/module/save': async ({ t, superToken }) => {
    const name = identifier('logged_model');
    ok(await t.client(superToken).post('/module/save', { name, key: name }), 'module/save');
    return name;
  },
  '/api/module/update': async ({ t, superToken }) => {
    const id = await createModel(t, superToken);
    const name = uniqueName('renamed-model');
    const read = await t.client(superToken).get('/module/read', { id });
    ok(await t.client(superToken).post('/module/update', { ...read.data, name }), 'module/update');
    return name;
  },
  '/api/module/delete': async ({ t, superToken }) => {
    const name = uniqueName('doomed-model');
    const id = await createModel(t, superToken, { name });
    ok(await t.client(superToken).post('/module/delete', { ids: [id] }), 'module/delete');
    return name;
  },
  '/api/modelField/save': async ({ t, superToken }) => {
    const name = identifier('logged_field');
    const model = await createModel(t, superToken);
    ok(await t.client(superToken).post('/modelField/save', { model_id: model, name, title: 'Logged', type: 'text' }), 'modelField/save');
    return name;
  },
  '/api/modelField/update': async ({ t, superToken }) => {
    const name = identifier('updated_field');
    const id = await createField(t, superToken, await createModel(t, superToken), { name });
    const read = await t.client(superToken).get('/modelField/read', { id });
    ok(await t.client(superToken).post('/modelField/update', { ...read.data, title: 'Changed' }), 'modelField/update');
    return name;
  },
  '/api/modelField/delete': async ({ t, superToken }) => {
    const name = identifier('doomed_field');
    const id = await createField(t, superToken, await createModel(t, superToken), { name });
    ok(await t.client(superToken).post('/modelField/delete', { ids: [id] }), 'modelField/delete');
    return name;
  },
  '/api/modelField/sort': async ({ t, superToken }) => {
    const name = uniqueName('sorted-model');
    const model = await createModel(t, superToken, { name });
    const a = await createField(t, superToken, model);
    const b = await createField(t, superToken, model);
    ok(await t.client(superToken).post('/modelField/sort', { model_id: model, ids: [b, a] }), 'modelField/sort');
    return name;
  },
  '/api/category/save': async ({ t, superToken, siteId }) => {
    const title = uniqueName('logged-column');
    const model = await createModel(t, superToken);
    ok(await t.client(superToken, { siteId }).post('/category/save', { model_id: model, title }), 'category/save');
    return title;
  },
  '/api/category/update': async (ctx) => {
    const id = await columnIn(ctx, uniqueName('column'));
    const title = uniqueName('renamed-column');
    const client = ctx.t.client(ctx.superToken, { siteId: ctx.siteId });
    const read = await client.get('/category/read', { id });
    ok(await client.post('/category/update', { ...read.data, title }), 'category/update');
    return title;
  },
  '/api/category/delete': async (ctx) => {
    const title = uniqueName('doomed-column');
    const id = await columnIn(ctx, title);
    ok(await ctx.t.client(ctx.superToken, { siteId: ctx.siteId }).post('/category/delete', { ids: [id] }), 'category/delete');
    return title;
  },
  '/api/category/updateStatus': async (ctx) => {
    const title = uniqueName('hidden-column');
    const id = await columnIn(ctx, title);
    ok(await ctx.t.client(ctx.superToken, { siteId: ctx.siteId }).post('/category/updateStatus', { id, status: 2 }), 'category/updateStatus');
    return title;
  },
  '/api/category/copy': async (ctx) => {
    const title = uniqueName('copied-column');
    const id = await columnIn(ctx, title);
    const res = await ctx.t.client(ctx.superToken, { siteId: ctx.siteId }).post('/category/copy', { id, target_site_id: ctx.siteId, with_content: false });
    ok(res, 'category/copy');
    await ctx.t.app.ctx.jobs.whenIdle();
    return title;
  },
};

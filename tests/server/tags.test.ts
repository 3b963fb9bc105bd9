import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import { insertColumnFor, insertContent } from '../helpers/marketingFixtures';
import { contentTags } from '../../server/db/schema/index';
import type { Tag } from '../../models/tag';

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
/** An editor holding the tag screen, bound to site A only. */
let editor: { token: string };
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await insertSite(t, 'TagsA');
  siteB = await insertSite(t, 'TagsB');
  editor = await adminWithRole(t, superToken, ['tag'], { site_ids: [siteA] });
});
afterAll(() => t?.close());

const as = (token: string, siteId: number, language?: string) => t.client(token, { siteId, language });
async function createTag(siteId: number, fields: Record<string, unknown> = {}) {
  const name = (fields.name as string) ?? uniqueName('标签');
  const res = await as(superToken, siteId).post<{ id: number }>('/tag/save', { name, ...fields });
  expect(res.code, res.msg).toBe(0);
  return { id: res.data.id, name };
}
const listNames = async (token: string, siteId: number, query: Record<string, unknown> = {}) =>
  (await as(token, siteId).get<Tag[]>('/tag/index', { limit: 200, ...query })).data.map((r) => r.name);

describe('tags', () => {
  it('an editor creates, finds, edits and deletes the tags of the current site', async () => {
    const c = as(editor.token, siteA);
    const saved = await c.post<{ id: number }>('/tag/save', { name: '人工智能', description: 'AI', sort: 5 });
    expect(saved.code, saved.msg).toBe(0);
    const read = await c.get<Tag>('/tag/read', { id: saved.data.id });
    expect(read.data).toMatchObject({ id: saved.data.id, site_id: siteA, name: '人工智能', alias: 'ren-gong-zhi-neng', description: 'AI', sort: 5, content_count: 0 });

    expect((await c.post('/tag/update', { id: saved.data.id, name: '人工智能AI', alias: 'ai', sort: 1 })).code).toBe(0);
    expect((await c.get<Tag>('/tag/read', { id: saved.data.id })).data).toMatchObject({ name: '人工智能AI', alias: 'ai', description: '', sort: 1 });
    expect(await listNames(editor.token, siteA, { name: '智能' })).toEqual(['人工智能AI']);

    expect((await c.post('/tag/delete', { ids: [saved.data.id] })).code).toBe(0);
    expect(await listNames(editor.token, siteA)).not.toContain('人工智能AI');
    expect((await c.get('/tag/read', { id: saved.data.id })).status).toBe(404);
  });

  it('a tag name is taken once among a site’s live tags, and free again once deleted', async () => {
    const name = uniqueName('唯一');
    const first = await createTag(siteA, { name });
    const again = await as(superToken, siteA, 'en').post('/tag/save', { name });
    expect(again.status).toBe(409);
    expect(again.msg).toBe(`This site already has a tag named "${name}"`);
    // Another site may use the same name.
    expect((await as(superToken, siteB).post('/tag/save', { name })).code).toBe(0);
    // Renaming onto a taken name is refused too.
    const other = await createTag(siteA);
    expect((await as(superToken, siteA).post('/tag/update', { id: other.id, name })).status).toBe(409);
    // Keeping its own name is fine.
    expect((await as(superToken, siteA).post('/tag/update', { id: first.id, name, description: 'same' })).code).toBe(0);

    await as(superToken, siteA).post('/tag/delete', { ids: [first.id] });
    expect((await as(superToken, siteA).post('/tag/save', { name })).code).toBe(0);
  });

  it('the list shows how many live content items use each tag', async () => {
    const used = await createTag(siteA);
    const unused = await createTag(siteA);
    const column = await insertColumnFor(t, siteA);
    const live1 = await insertContent(t, siteA, { title: 'one', categoryId: column });
    const live2 = await insertContent(t, siteA, { title: 'two', categoryId: column });
    const gone = await insertContent(t, siteA, { title: 'gone', categoryId: column, deletedAt: new Date() });
    await t.db.insert(contentTags).values([live1, live2, gone].map((contentId) => ({ contentId, tagId: used.id })));
    const rows = (await as(superToken, siteA).get<Tag[]>('/tag/index', { limit: 200 })).data;
    expect(rows.find((r) => r.id === used.id)!.content_count).toBe(2);
    expect(rows.find((r) => r.id === unused.id)!.content_count).toBe(0);
    expect((await as(superToken, siteA).get<Tag>('/tag/read', { id: used.id })).data.content_count).toBe(2);
  });

  it('a tag needs a name, and its alias must be URL-safe', async () => {
    const blank = await as(superToken, siteA, 'en').post('/tag/save', { name: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.msg).toBe('Name is required');
    const badAlias = await as(superToken, siteA).post('/tag/save', { name: uniqueName('t'), alias: 'not ok!' });
    expect(badAlias.status).toBe(400);
  });

  it('pages through the tags', async () => {
    const site = await insertSite(t, 'TagsPaged');
    for (let i = 0; i < 5; i++) await createTag(site, { name: `p${i}`, sort: i });
    const page = await as(superToken, site).get<Tag[]>('/tag/index', { page: 2, limit: 2 });
    expect(page.count).toBe(5);
    expect(page.data.map((r) => r.name)).toEqual(['p2', 'p3']);
  });
});

describe('tags across sites', () => {
  it('an editor bound to site A cannot list, read, change or delete site B’s tags', async () => {
    const theirs = await createTag(siteB);
    const c = as(editor.token, siteA);
    expect(await listNames(editor.token, siteA)).not.toContain(theirs.name);
    expect((await as(editor.token, siteB).get('/tag/index')).status).toBe(403);
    expect((await as(editor.token, siteB).post('/tag/save', { name: uniqueName('x') })).status).toBe(403);
    expect((await c.get('/tag/read', { id: theirs.id })).status).toBe(403);
    expect((await c.post('/tag/update', { id: theirs.id, name: 'hijacked' })).status).toBe(403);
    const del = await as(editor.token, siteA, 'en').post('/tag/delete', { ids: [theirs.id] });
    expect(del.status).toBe(403);
    expect(del.msg).toBe('You may not manage this site');
    expect((await as(superToken, siteB).get<Tag>('/tag/read', { id: theirs.id })).data.name).toBe(theirs.name);
  });

  it('an admin without the tag screen cannot use the tag API', async () => {
    const outsider = await adminWithRole(t, superToken, ['slideCate'], { site_ids: [siteA] });
    expect((await as(outsider.token, siteA).get('/tag/index')).status).toBe(403);
    expect((await as(outsider.token, siteA).post('/tag/save', { name: 'x' })).status).toBe(403);
  });
});

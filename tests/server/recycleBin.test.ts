import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import { insertContent } from '../helpers/marketingFixtures';
import { contentTags, models, sites, slides, tags } from '../../server/db/schema/index';
import { registerRecycleType } from '../../server/operations/recycle';
import type { RecycledRecord } from '../../models/recycleBin';

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
/** Manages site A, holds the recycle bin and the screens whose records it deletes. */
let keeper: { id: number; token: string };
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await insertSite(t, 'BinA');
  siteB = await insertSite(t, 'BinB');
  keeper = await adminWithRole(t, superToken, ['recycleBin', 'tag', 'slideCate', 'advertisement', 'innerChart'], { site_ids: [siteA], nickname: '回收员' });
});
afterAll(() => t?.close());

const as = (token: string, siteId?: number, language?: string) => t.client(token, { siteId, language });
async function created(token: string, siteId: number, url: string, body: Record<string, unknown>) {
  const res = await as(token, siteId).post<{ id: number }>(url, body);
  expect(res.code, res.msg).toBe(0);
  return res.data.id;
}
async function deleted(token: string, siteId: number, resource: string, id: number) {
  const res = await as(token, siteId).post(`/${resource}/delete`, { ids: [id] });
  expect(res.code, res.msg).toBe(0);
}
const bin = async (token: string, query: Record<string, unknown> = {}) => {
  const res = await as(token).get<RecycledRecord[]>('/recycleBin/index', { limit: 200, ...query });
  expect(res.code, res.msg).toBe(0);
  return res;
};
const inBin = async (token: string, type: string, id: number) => (await bin(token, { type })).data.find((r) => r.id === id);

describe('the recycle bin', () => {
  it('lists what was deleted, of every type, with its site, who deleted it and when', async () => {
    const before = Date.now();
    const tag = await created(keeper.token, siteA, '/tag/save', { name: '待删标签' });
    const cate = await created(keeper.token, siteA, '/slideCate/save', { name: '待删分组' });
    const slide = await created(keeper.token, siteA, '/slide/save', { cate_id: cate, title: '待删幻灯片', image: '/a.png' });
    const ad = await created(keeper.token, siteA, '/ad/save', { position: 'top', title: '待删广告', image: '/ad.png' });
    const link = await created(keeper.token, siteA, '/innerChart/save', { keyword: '待删关键词', url: '/k' });
    await deleted(keeper.token, siteA, 'tag', tag);
    await deleted(keeper.token, siteA, 'slide', slide);
    await deleted(keeper.token, siteA, 'slideCate', cate);
    await deleted(keeper.token, siteA, 'ad', ad);
    await deleted(keeper.token, siteA, 'innerChart', link);

    const rows = (await bin(keeper.token)).data;
    const expected = [
      ['innerChart', link, '待删关键词'],
      ['ad', ad, '待删广告'],
      ['slideCate', cate, '待删分组'],
      ['slide', slide, '待删幻灯片'],
      ['tag', tag, '待删标签'],
    ];
    expect(rows.slice(0, 5).map((r) => [r.type, r.id, r.title])).toEqual(expected);
    for (const r of rows.slice(0, 5)) {
      expect(r).toMatchObject({ site_id: siteA, site_name: 'BinA', deleted_by: keeper.id, deleted_by_name: '回收员' });
      expect(new Date(r.deleted_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
    expect((await as(keeper.token).get('/recycleBin/types')).data).toEqual(expect.arrayContaining(['tag', 'slideCate', 'slide', 'ad', 'innerChart']));
  });

  it('filters by type, site and title, and pages', async () => {
    const site = await insertSite(t, 'BinFilter');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await created(superToken, site, '/tag/save', { name: `filter-tag-${i}` });
      await deleted(superToken, site, 'tag', id);
      ids.push(id);
    }
    const ad = await created(superToken, site, '/ad/save', { position: 'p', title: 'filter-ad', image: '/a.png' });
    await deleted(superToken, site, 'ad', ad);
    expect((await bin(superToken, { site_id: site })).count).toBe(4);
    expect((await bin(superToken, { site_id: site, type: 'ad' })).data.map((r) => r.id)).toEqual([ad]);
    expect((await bin(superToken, { site_id: site, keyword: 'tag-1' })).data.map((r) => r.id)).toEqual([ids[1]]);
    const page = await bin(superToken, { site_id: site, type: 'tag', page: 2, limit: 2 });
    expect(page.count).toBe(3);
    expect(page.data.map((r) => r.id)).toEqual([ids[0]]);
  });

  it('restores one or many records, which then leave the bin and are back in their lists', async () => {
    const tag = await created(keeper.token, siteA, '/tag/save', { name: uniqueName('复活') });
    const ad = await created(keeper.token, siteA, '/ad/save', { position: 'top', title: uniqueName('复活广告'), image: '/ad.png' });
    await deleted(keeper.token, siteA, 'tag', tag);
    await deleted(keeper.token, siteA, 'ad', ad);
    const res = await as(keeper.token, undefined, 'en').post('/recycleBin/restore', { items: [{ type: 'tag', id: tag }, { type: 'ad', id: ad }] });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toEqual({ count: 2 });
    expect(await inBin(keeper.token, 'tag', tag)).toBeUndefined();
    expect((await as(keeper.token, siteA).get('/tag/read', { id: tag })).code).toBe(0);
    expect((await as(keeper.token, siteA).get('/ad/read', { id: ad })).code).toBe(0);
    const [row] = await t.db.select().from(tags).where(eq(tags.id, tag));
    expect([row!.deletedAt, row!.deletedBy]).toEqual([null, null]);
  });

  it('a restored tag comes back on the content it was on', async () => {
    const tag = await created(superToken, siteA, '/tag/save', { name: uniqueName('关联') });
    const content = await insertContent(t, siteA, { title: 'tagged' });
    await t.db.insert(contentTags).values({ contentId: content, tagId: tag });
    await deleted(superToken, siteA, 'tag', tag);
    await as(superToken).post('/recycleBin/restore', { items: [{ type: 'tag', id: tag }] });
    const row = (await as(superToken, siteA).get('/tag/read', { id: tag })).data;
    expect(row.content_count).toBe(1);
  });

  it('deletes for good: the record and what hangs on it are gone', async () => {
    const tag = await created(superToken, siteA, '/tag/save', { name: uniqueName('永久') });
    const content = await insertContent(t, siteA, { title: 'tagged' });
    await t.db.insert(contentTags).values({ contentId: content, tagId: tag });
    const cate = await created(superToken, siteA, '/slideCate/save', { name: uniqueName('永久分组') });
    await created(superToken, siteA, '/slide/save', { cate_id: cate, title: 'still in the group', image: '/a.png' });
    const binnedSlide = await created(superToken, siteA, '/slide/save', { cate_id: cate, title: 'binned', image: '/a.png' });
    await deleted(superToken, siteA, 'slide', binnedSlide);
    await deleted(superToken, siteA, 'tag', tag);
    await deleted(superToken, siteA, 'slideCate', cate);

    const res = await as(superToken).post('/recycleBin/delete', { items: [{ type: 'tag', id: tag }, { type: 'slideCate', id: cate }] });
    expect(res.code, res.msg).toBe(0);
    expect(await t.db.select().from(tags).where(eq(tags.id, tag))).toEqual([]);
    expect(await t.db.select().from(contentTags).where(eq(contentTags.tagId, tag))).toEqual([]);
    // The group takes its slides along, the live one and the one already in the bin.
    expect(await t.db.select().from(slides).where(eq(slides.cateId, cate))).toEqual([]);
    expect(await inBin(superToken, 'slide', binnedSlide)).toBeUndefined();
  });

  it('records that are not in the bin cannot be restored or purged', async () => {
    const live = await created(superToken, siteA, '/tag/save', { name: uniqueName('在用') });
    const res = await as(superToken, undefined, 'en').post('/recycleBin/delete', { items: [{ type: 'tag', id: live }] });
    expect(res.status).toBe(404);
    expect(res.msg).toMatch(/not in the recycle bin/);
    expect((await as(superToken).post('/recycleBin/restore', { items: [{ type: 'tag', id: 99_999_999 }] })).status).toBe(404);
    expect((await as(superToken).post('/recycleBin/restore', { items: [{ type: 'nonsense', id: 1 }] })).status).toBe(400);
    expect((await t.db.select().from(tags).where(eq(tags.id, live))).length).toBe(1);
  });
});

describe('restoring respects parents', () => {
  it('a slide whose group is still in the bin cannot come back until the group does', async () => {
    const cate = await created(keeper.token, siteA, '/slideCate/save', { name: '父分组' });
    const slide = await created(keeper.token, siteA, '/slide/save', { cate_id: cate, title: '子幻灯片', image: '/a.png' });
    await deleted(keeper.token, siteA, 'slide', slide);
    await deleted(keeper.token, siteA, 'slideCate', cate);

    const refused = await as(keeper.token, undefined, 'en').post('/recycleBin/restore', { items: [{ type: 'slide', id: slide }] });
    expect(refused.status).toBe(409);
    expect(refused.msg).toBe('The parent "父分组" of "子幻灯片" is still in the recycle bin; restore the parent first');
    expect(await inBin(keeper.token, 'slide', slide)).toBeDefined();
    const zh = await as(keeper.token, undefined, 'zh').post('/recycleBin/restore', { items: [{ type: 'slide', id: slide }] });
    expect(zh.msg).toBe('“子幻灯片”的上级“父分组”仍在回收站中，请先恢复上级');

    expect((await as(keeper.token).post('/recycleBin/restore', { items: [{ type: 'slideCate', id: cate }] })).code).toBe(0);
    expect((await as(keeper.token).post('/recycleBin/restore', { items: [{ type: 'slide', id: slide }] })).code).toBe(0);
    expect((await as(keeper.token, siteA).get('/slide/index', { cate_id: cate })).data.map((s: { id: number }) => s.id)).toEqual([slide]);
  });

  it('a slide and its group restored together both come back', async () => {
    const cate = await created(keeper.token, siteA, '/slideCate/save', { name: uniqueName('组') });
    const slide = await created(keeper.token, siteA, '/slide/save', { cate_id: cate, title: 'together', image: '/a.png' });
    await deleted(keeper.token, siteA, 'slide', slide);
    await deleted(keeper.token, siteA, 'slideCate', cate);
    const res = await as(keeper.token).post('/recycleBin/restore', { items: [{ type: 'slide', id: slide }, { type: 'slideCate', id: cate }] });
    expect(res.code, res.msg).toBe(0);
  });

  it('a refused restore restores nothing of the batch', async () => {
    const tag = await created(keeper.token, siteA, '/tag/save', { name: uniqueName('同批') });
    const cate = await created(keeper.token, siteA, '/slideCate/save', { name: uniqueName('组') });
    const slide = await created(keeper.token, siteA, '/slide/save', { cate_id: cate, title: 'orphan', image: '/a.png' });
    await deleted(keeper.token, siteA, 'tag', tag);
    await deleted(keeper.token, siteA, 'slide', slide);
    await deleted(keeper.token, siteA, 'slideCate', cate);
    const res = await as(keeper.token).post('/recycleBin/restore', { items: [{ type: 'tag', id: tag }, { type: 'slide', id: slide }] });
    expect(res.status).toBe(409);
    expect(await inBin(keeper.token, 'tag', tag)).toBeDefined();
  });

  it('a record of a deleted site cannot come back before its site', async () => {
    const site = await insertSite(t, 'BinDoomed');
    const tag = await created(superToken, site, '/tag/save', { name: '孤儿标签' });
    await deleted(superToken, site, 'tag', tag);
    await t.db.update(sites).set({ deletedAt: new Date() }).where(eq(sites.id, site));
    const res = await as(superToken, undefined, 'en').post('/recycleBin/restore', { items: [{ type: 'tag', id: tag }] });
    expect(res.status).toBe(409);
    expect(res.msg).toBe('The site "BinDoomed" of "孤儿标签" was deleted; restore the site first');
  });

  it('a tag cannot come back under a name a live tag took meanwhile', async () => {
    const name = uniqueName('重名');
    const old = await created(superToken, siteA, '/tag/save', { name });
    await deleted(superToken, siteA, 'tag', old);
    await created(superToken, siteA, '/tag/save', { name });
    const res = await as(superToken, undefined, 'en').post('/recycleBin/restore', { items: [{ type: 'tag', id: old }] });
    expect(res.status).toBe(409);
    expect(res.msg).toMatch(/clashes with an existing one/);
    expect(await inBin(superToken, 'tag', old)).toBeDefined();
  });
});

describe('who sees what in the bin', () => {
  it('an admin sees and handles only the records of the sites they manage', async () => {
    const theirs = await created(superToken, siteB, '/tag/save', { name: uniqueName('B站') });
    await deleted(superToken, siteB, 'tag', theirs);
    expect(await inBin(keeper.token, 'tag', theirs)).toBeUndefined();
    expect(await inBin(superToken, 'tag', theirs)).toBeDefined();
    expect((await as(keeper.token).get('/recycleBin/index', { site_id: siteB })).status).toBe(403);
    expect((await as(keeper.token).post('/recycleBin/restore', { items: [{ type: 'tag', id: theirs }] })).status).toBe(403);
    expect((await as(keeper.token).post('/recycleBin/delete', { items: [{ type: 'tag', id: theirs }] })).status).toBe(403);
    expect(await inBin(superToken, 'tag', theirs)).toBeDefined();
  });

  it('records of global types are the super-admin’s alone', async () => {
    // A global soft-deletable type (as content models are), registered the way any type is.
    registerRecycleType({ type: 'testGlobal', table: models, id: models.id, title: models.name, deletedAt: models.deletedAt, deletedBy: models.deletedBy });
    const [model] = await t.db.insert(models).values({ name: '全局模型', key: uniqueName('g').replace(/-/g, '_'), deletedAt: new Date() }).returning();
    expect(await inBin(superToken, 'testGlobal', model!.id)).toMatchObject({ title: '全局模型', site_id: null, site_name: null });
    expect(await inBin(keeper.token, 'testGlobal', model!.id)).toBeUndefined();
    expect((await as(keeper.token).get('/recycleBin/types')).data).not.toContain('testGlobal');
    expect((await as(keeper.token).post('/recycleBin/restore', { items: [{ type: 'testGlobal', id: model!.id }] })).status).toBe(403);
    expect((await as(superToken).post('/recycleBin/restore', { items: [{ type: 'testGlobal', id: model!.id }] })).code).toBe(0);
  });

  it('an admin without the recycle bin screen cannot use it', async () => {
    const other = await adminWithRole(t, superToken, ['tag'], { site_ids: [siteA] });
    expect((await as(other.token).get('/recycleBin/index')).status).toBe(403);
    expect((await as(other.token).post('/recycleBin/restore', { items: [{ type: 'tag', id: 1 }] })).status).toBe(403);
  });
});

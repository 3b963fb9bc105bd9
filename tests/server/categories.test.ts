import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole } from '../helpers/fixtures';
import { createColumn, createModel, createSite, insertContent } from '../helpers/sites';
import { categories } from '../../server/db/schema/index';
import { recycleType } from '../../server/operations/recycle';
import type { Category } from '../../models/category';

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
let model: number;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await createSite(t, superToken, { name: 'A' });
  siteB = await createSite(t, superToken, { name: 'B' });
  model = await createModel(t, superToken, { name: 'Article' });
});
afterAll(() => t?.close());

const as = (siteId: number, token = superToken) => t.client(token, { siteId });
const tree = async (siteId: number, token = superToken) => {
  const res = await as(siteId, token).get<Array<Category & { depth: number }>>('/category/index');
  expect(res.code).toBe(0);
  return res.data;
};
const read = async (id: number, siteId = siteA) => (await as(siteId).get<Category>('/category/read', { id })).data;

describe('column aliases', () => {
  it('an empty alias is the full pinyin of the title, made unique with -2, -3', async () => {
    const site = await createSite(t, superToken);
    const first = await createColumn(t, superToken, site, { model_id: model, title: '新闻中心' });
    const second = await createColumn(t, superToken, site, { model_id: model, title: '新闻中心' });
    const third = await createColumn(t, superToken, site, { model_id: model, title: '新闻 中心!' });
    expect([(await read(first, site)).alias, (await read(second, site)).alias, (await read(third, site)).alias]).toEqual([
      'xin-wen-zhong-xin',
      'xin-wen-zhong-xin-2',
      'xin-wen-zhong-xin-3',
    ]);
  });

  it("a site whose alias rule is 'initial' gets initial letters", async () => {
    const site = await createSite(t, superToken);
    await t.client(superToken).post('/websiteSetting/update', { site_id: site, alias_rule: 'initial' });
    const id = await createColumn(t, superToken, site, { model_id: model, title: '新闻中心' });
    expect((await read(id, site)).alias).toBe('xwzx');
  });

  it("a typed alias is kept, must be free within the site, and may repeat in another site", async () => {
    const id = await createColumn(t, superToken, siteA, { model_id: model, title: 'About', alias: 'about-us' });
    expect((await read(id)).alias).toBe('about-us');
    const clash = await as(siteA).post('/category/save', { model_id: model, title: 'Other', alias: 'about-us' });
    expect(clash.status).toBe(409);
    expect((await as(siteB).post('/category/save', { model_id: model, title: 'About', alias: 'about-us' })).code).toBe(0);
    const bad = await as(siteA).post('/category/save', { model_id: model, title: 'Bad', alias: 'no spaces/please' });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ issues: [{ field: 'alias' }] });
  });

  it('a deleted column frees its alias', async () => {
    const id = await createColumn(t, superToken, siteA, { model_id: model, title: 'Temp', alias: 'temp-alias' });
    await as(siteA).post('/category/delete', { ids: [id] });
    const again = await createColumn(t, superToken, siteA, { model_id: model, title: 'Temp' , alias: 'temp-alias' });
    expect((await read(again)).alias).toBe('temp-alias');
  });
});

describe('the column tree', () => {
  it("the list is the current site's whole tree, parents before children, with content counts", async () => {
    const site = await createSite(t, superToken);
    const news = await createColumn(t, superToken, site, { model_id: model, title: 'News', sort: 2 });
    const about = await createColumn(t, superToken, site, { model_id: model, title: 'About', sort: 1, type: 2 });
    const local = await createColumn(t, superToken, site, { model_id: model, title: 'Local', parent_id: news });
    const city = await createColumn(t, superToken, site, { model_id: model, title: 'City', parent_id: local });
    await insertContent(t, site, local);
    await insertContent(t, site, local);
    await insertContent(t, site, local, { deleted: true });
    const rows = await tree(site);
    expect(rows.map((r) => [r.title, r.depth])).toEqual([
      ['About', 0],
      ['News', 0],
      ['Local', 1],
      ['City', 2],
    ]);
    expect(rows.find((r) => r.id === local)).toMatchObject({ content_count: 2, parent_id: news, model_name: 'Article', site_id: site });
    expect(rows.find((r) => r.id === about)).toMatchObject({ type: 2, content_count: 0 });
    expect(rows.find((r) => r.id === city)!.content_count).toBe(0);
    expect((await tree(siteB)).some((r) => r.site_id !== siteB)).toBe(false);
  });

  it('a column reads back every field it was saved with, and an update changes them', async () => {
    const fields = {
      model_id: model,
      title: 'Products',
      alias: 'products',
      type: 1,
      link_url: '',
      image: '/uploads/p.png',
      description: 'All products',
      content: '<p>intro</p>',
      seo_title: 'Our products',
      seo_keywords: 'a,b',
      seo_description: 'Products we sell',
      list_template: 'list_product.html',
      detail_template: 'show_product.html',
      page_size: 12,
      sort: 7,
      status: 2,
    };
    const id = await createColumn(t, superToken, siteA, fields);
    expect(await read(id)).toMatchObject({ ...fields, id, site_id: siteA, parent_id: 0, model_name: 'Article', content_count: 0 });
    expect((await as(siteA).post('/category/update', { ...fields, id, title: 'Goods', alias: '' })).code).toBe(0);
    expect(await read(id)).toMatchObject({ title: 'Goods', alias: 'goods' });
  });

  it('a column status can be switched on its own', async () => {
    const id = await createColumn(t, superToken, siteA, { model_id: model });
    expect((await as(siteA).post('/category/updateStatus', { id, status: 2 })).code).toBe(0);
    expect((await read(id)).status).toBe(2);
    expect((await as(siteA).post('/category/updateStatus', { id, status: 3 })).status).toBe(400);
  });

  it('a parent must be a column of the same site, and not the column itself or one below it', async () => {
    const top = await createColumn(t, superToken, siteA, { model_id: model });
    const mid = await createColumn(t, superToken, siteA, { model_id: model, parent_id: top });
    const inB = await createColumn(t, superToken, siteB, { model_id: model });
    expect((await as(siteA).post('/category/save', { model_id: model, title: 'x', parent_id: inB })).status).toBe(400);
    expect((await as(siteA).post('/category/save', { model_id: model, title: 'x', parent_id: 999_999 })).status).toBe(400);
    const current = await read(top);
    expect((await as(siteA).post('/category/update', { ...current, parent_id: top })).status).toBe(400);
    expect((await as(siteA).post('/category/update', { ...current, parent_id: mid })).status).toBe(400);
  });

  it('a column needs a model that exists', async () => {
    const res = await as(siteA).post('/category/save', { model_id: 999_999, title: 'x' });
    expect(res.status).toBe(400);
    const gone = await createModel(t, superToken);
    await t.client(superToken).post('/module/delete', { ids: [gone] });
    expect((await as(siteA).post('/category/save', { model_id: gone, title: 'x' })).status).toBe(400);
  });

  it('a column with live sub-columns or content cannot be deleted; a leaf goes to the recycle bin', async () => {
    const parent = await createColumn(t, superToken, siteA, { model_id: model });
    const child = await createColumn(t, superToken, siteA, { model_id: model, parent_id: parent });
    const full = await createColumn(t, superToken, siteA, { model_id: model });
    await insertContent(t, siteA, full);
    const withChild = await as(siteA).post('/category/delete', { ids: [parent] });
    expect(withChild.status).toBe(409);
    const withContent = await t.client(superToken, { siteId: siteA, language: 'en' }).post('/category/delete', { ids: [full] });
    expect(withContent.status).toBe(409);
    expect(withContent.msg).toMatch(/content/);
    expect((await as(siteA).post('/category/delete', { ids: [child] })).code).toBe(0);
    expect((await as(siteA).post('/category/delete', { ids: [parent] })).code).toBe(0);
    const rows = await t.db.select().from(categories).where(inArray(categories.id, [parent, child]));
    expect(rows.every((r) => r.deletedAt instanceof Date && r.deletedBy !== null)).toBe(true);
    expect((await tree(siteA)).some((r) => r.id === parent || r.id === child)).toBe(false);
    expect((await as(siteA).get('/category/read', { id: child })).status).toBe(404);
  });

  it('a column restored from the recycle bin brings back its deleted parent and model', async () => {
    const ownModel = await createModel(t, superToken);
    const parent = await createColumn(t, superToken, siteA, { model_id: model });
    const child = await createColumn(t, superToken, siteA, { model_id: ownModel, parent_id: parent });
    await as(siteA).post('/category/delete', { ids: [child] });
    await as(siteA).post('/category/delete', { ids: [parent] });
    await t.client(superToken).post('/module/delete', { ids: [ownModel] });
    const type = recycleType('category')!;
    await t.db.transaction(async (tx) => {
      await tx.update(categories).set({ deletedAt: null, deletedBy: null }).where(eq(categories.id, child));
      await type.afterRestore!(tx, [child]);
    });
    const ids = (await tree(siteA)).map((r) => r.id);
    expect(ids.indexOf(child)).toBe(ids.indexOf(parent) + 1);
    expect((await t.client(superToken).get('/module/read', { id: ownModel })).code).toBe(0);
  });
});

describe('columns of another site', () => {
  it("an admin bound to site A gets 403 reading, updating or deleting site B's columns", async () => {
    const admin = await adminWithRole(t, superToken, ['category'], { site_ids: [siteA] });
    const inB = await createColumn(t, superToken, siteB, { model_id: model, title: 'B only' });
    const column = await read(inB, siteB);
    const client = as(siteA, admin.token);
    expect((await client.get('/category/read', { id: inB })).status).toBe(403);
    expect((await client.post('/category/update', { ...column, title: 'Hijacked' })).status).toBe(403);
    expect((await client.post('/category/updateStatus', { id: inB, status: 2 })).status).toBe(403);
    expect((await client.post('/category/delete', { ids: [inB] })).status).toBe(403);
    expect((await as(siteB, admin.token).get('/category/index')).status).toBe(403);
    expect((await read(inB, siteB)).title).toBe('B only');
    expect((await tree(siteA, admin.token)).some((r) => r.id === inB)).toBe(false);
  });

  it("an admin bound to site A cannot create a column under a parent of site B", async () => {
    const admin = await adminWithRole(t, superToken, ['category'], { site_ids: [siteA] });
    const parentB = await createColumn(t, superToken, siteB, { model_id: model });
    const res = await as(siteA, admin.token).post('/category/save', { model_id: model, title: 'Sneaky', parent_id: parentB });
    expect(res.status).toBe(403);
    expect((await as(siteB, admin.token).post('/category/save', { model_id: model, title: 'Sneaky' })).status).toBe(403);
    const [sneaky] = await t.db.select().from(categories).where(and(eq(categories.title, 'Sneaky'), isNull(categories.deletedAt)));
    expect(sneaky).toBeUndefined();
  });
});

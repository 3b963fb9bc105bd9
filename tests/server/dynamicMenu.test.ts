import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole } from '../helpers/fixtures';
import { createColumn, createModel, createSite } from '../helpers/sites';
import { categoryIdFromParam, type DynamicMenuItem } from '../../models/account';

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
let news: number;
let sports: number;
let about: number;
let inB: number;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  const model = await createModel(t, superToken);
  siteA = await createSite(t, superToken, { name: 'A', sort: 0 });
  siteB = await createSite(t, superToken, { name: 'B' });
  news = await createColumn(t, superToken, siteA, { model_id: model, title: 'News', sort: 1 });
  sports = await createColumn(t, superToken, siteA, { model_id: model, title: 'Sports', parent_id: news });
  about = await createColumn(t, superToken, siteA, { model_id: model, title: 'About', type: 2, sort: 2 });
  const gone = await createColumn(t, superToken, siteA, { model_id: model, title: 'Gone' });
  await t.client(superToken, { siteId: siteA }).post('/category/delete', { ids: [gone] });
  inB = await createColumn(t, superToken, siteB, { model_id: model, title: 'B news' });
});
afterAll(() => t?.close());

const menu = async (token: string, siteId?: number) => {
  const res = await t.client(token, { siteId }).get<DynamicMenuItem[]>('/adminmenu/getDynamicMenu');
  expect(res.code).toBe(0);
  return res.data;
};

describe('dynamic menu', () => {
  it('gives each item the pinyin of its title for the menu search', async () => {
    const column = await createColumn(t, superToken, siteA, { model_id: await createModel(t, superToken), title: '公司新闻 2026' });
    const items = await menu(superToken, siteA);
    expect(items.find((i) => i.id === column)?.pinyin).toEqual({ full: 'gongsixinwen2026', initials: 'gsxw2026' });
    await t.client(superToken, { siteId: siteA }).post('/category/delete', { ids: [column] });
  });

  it('lists each live list column of the current site under custom content and under content audit', async () => {
    const items = await menu(superToken, siteA);
    expect(items).toEqual([
      { id: news, title: 'News', param: `category_id=${news}`, parent: 'customContent', pinyin: { full: 'news', initials: 'news' } },
      { id: sports, title: 'Sports', param: `category_id=${sports}`, parent: 'customContent', pinyin: { full: 'sports', initials: 'sports' } },
      { id: news, title: 'News', param: `category_id=${news}`, parent: 'contentCheck', pinyin: { full: 'news', initials: 'news' } },
      { id: sports, title: 'Sports', param: `category_id=${sports}`, parent: 'contentCheck', pinyin: { full: 'sports', initials: 'sports' } },
    ]);
    expect(items.map((i) => Number(categoryIdFromParam(i.param)))).toEqual([news, sports, news, sports]);
    expect(items.some((i) => i.id === about)).toBe(false);
  });

  it('follows the site switcher', async () => {
    expect((await menu(superToken, siteB)).map((i) => i.id)).toEqual([inB, inB]);
  });

  it("a new column appears and a deleted one disappears", async () => {
    const model = await createModel(t, superToken);
    const fresh = await createColumn(t, superToken, siteB, { model_id: model, title: 'Fresh' });
    expect((await menu(superToken, siteB)).filter((i) => i.parent === 'customContent').map((i) => i.title)).toEqual(['B news', 'Fresh']);
    await t.client(superToken, { siteId: siteB }).post('/category/delete', { ids: [fresh] });
    expect((await menu(superToken, siteB)).map((i) => i.id)).toEqual([inB, inB]);
  });

  it('an admin gets only the entries their role allows', async () => {
    const writer = await adminWithRole(t, superToken, ['content'], { site_ids: [siteA] });
    expect(new Set((await menu(writer.token, siteA)).map((i) => i.parent))).toEqual(new Set(['customContent']));
    const checker = await adminWithRole(t, superToken, ['contentCheck'], { site_ids: [siteA] });
    expect(new Set((await menu(checker.token, siteA)).map((i) => i.parent))).toEqual(new Set(['contentCheck']));
    const neither = await adminWithRole(t, superToken, ['category'], { site_ids: [siteA] });
    expect(await menu(neither.token, siteA)).toEqual([]);
  });

  it("without a site header, or with one for a site the admin does not manage, the admin's first site is used", async () => {
    const admin = await adminWithRole(t, superToken, ['content'], { site_ids: [siteB] });
    expect((await menu(admin.token)).map((i) => i.id)).toEqual([inB]);
    expect((await menu(admin.token, siteA)).map((i) => i.id)).toEqual([inB]);
    const siteless = await adminWithRole(t, superToken, ['content']);
    expect(await menu(siteless.token, siteA)).toEqual([]);
  });
});

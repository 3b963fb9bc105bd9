import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { saveContent } from '../helpers/contentFixtures';
import { getPage } from '../helpers/publicFixtures';
import { changedTables, dbFingerprint } from '../helpers/dbFingerprint';
import { seed, STARTER } from '../../server/db/seed';
import { sites } from '../../server/db/schema/index';
import type { ContentModel, ModelField } from '../../models/contentModel';
import type { Category } from '../../models/category';
import type { DynamicMenuItem } from '../../models/account';

// Issue 16: a fresh install can publish at once — the starter article model and its news column.

let starter: TestApp;
let plain: TestApp;
let token: string;
beforeAll(async () => {
  [starter, plain] = await Promise.all([startTestApp({}, { starter: true }), startTestApp()]);
  token = await starter.login();
  [{ id: DEFAULT_SITE }] = (await starter.db.select({ id: sites.id }).from(sites)) as [{ id: number }];
});
afterAll(async () => {
  await starter?.close();
  await plain?.close();
});

/** The default site: the only one a fresh install has. */
let DEFAULT_SITE: number;
const api = () => starter.client(token, { siteId: DEFAULT_SITE });
const columnsOf = async (t: TestApp, tk: string) => {
  const res = await t.client(tk, { siteId: DEFAULT_SITE }).get<Category[]>('/category/index');
  expect(res.code, res.msg).toBe(0);
  return res.data;
};

describe('the starter content of a fresh install', () => {
  it('a fresh install has exactly one article model with its fields', async () => {
    const list = await api().get<ContentModel[]>('/module/index', { limit: 100 });
    expect(list.code, list.msg).toBe(0);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ name: STARTER.model.name, key: 'article', status: 1, field_count: STARTER.fields.length });
    const fields = await api().get<ModelField[]>('/modelField/index', { model_id: list.data[0]!.id, limit: 100 });
    expect(fields.data.map((f) => [f.name, f.type])).toEqual(STARTER.fields.map((f) => [f.name, f.type]));
  });

  it('a fresh install has exactly one visible list column "新闻动态" (alias news) on the default site', async () => {
    const [model] = (await api().get<ContentModel[]>('/module/index')).data;
    const columns = await columnsOf(starter, token);
    expect(columns).toHaveLength(1);
    expect(columns[0]).toMatchObject({ title: '新闻动态', alias: 'news', type: 1, status: 1, parent_id: 0, model_id: model!.id, model_name: '文章', content_count: 0 });
    // It is in the custom-content menu, so the editor finds it without opening the column screen.
    const menu = await api().get<DynamicMenuItem[]>('/adminmenu/getDynamicMenu');
    expect(menu.data.filter((m) => m.parent === 'customContent').map((m) => m.title)).toEqual(['新闻动态']);
  });

  it('an article saved in the news column shows on the public site at once', async () => {
    const [column] = await columnsOf(starter, token);
    const article = await saveContent(api(), column!.id, { title: '榕树上线了', status: 1, fields: { editor: '小林' } });
    const list = await getPage(starter, '/news/');
    expect(list.status).toBe(200);
    expect(list.body).toContain('榕树上线了');
    expect(article.id).toBeGreaterThan(0);
  });

  it('seeding again adds nothing', async () => {
    // Statement triggers bump the page cache's version on every start, whether rows changed or not.
    const skip = ['site_versions'];
    const before = await dbFingerprint(starter, skip);
    await seed(starter.db, { starter: true, initialPassword: 'Another-Pass-123' });
    expect(changedTables(before, await dbFingerprint(starter, skip))).toEqual([]);
  });

  it('an install without the starter option (the test default) has no models or columns', async () => {
    const plainToken = await plain.login();
    expect((await plain.client(plainToken).get<ContentModel[]>('/module/index')).data).toEqual([]);
    expect(await columnsOf(plain, plainToken)).toEqual([]);
  });
});

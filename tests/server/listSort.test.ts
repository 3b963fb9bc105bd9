import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite } from '../helpers/fixtures';
import { insertColumn, insertModel, saveContent } from '../helpers/contentFixtures';
import type { ContentListItem } from '../../models/content';
import type { Keyword } from '../../models/keyword';

// Issue 16: a list sorts by the columns it declares sortable (?orderBy=&order=), a stable order (id breaks
// ties, the same way), on every page and under its filters; any other sort key or direction is refused
// with a localized 400 envelope, never handed to SQL.

let t: TestApp;
let superToken: string;
let site: number;
let parent: number;
let child: number;
let editor: string;
/** The articles by id: views, sort and published_at are set so that several tie. */
const made: number[] = [];

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  superToken = await t.login();
  site = await insertSite(t, 'Sorting');
  const model = await insertModel(t);
  parent = await insertColumn(t, site, model);
  child = await insertColumn(t, site, model, { parentId: parent });
  editor = (await adminWithRole(t, superToken, ['content', 'keyword'], { site_ids: [site] })).token;
  const api = t.client(editor, { siteId: site });
  for (let i = 0; i < 14; i++) made.push((await saveContent(api, i % 2 ? child : parent, { title: `Sorted ${i}`, status: i % 3 ? 1 : 2 })).id);
  // Ties on purpose: views in 0..3, sort in 0..2; drafts have no published_at.
  await t.db.execute(sql`update contents set views = id % 4, sort = id % 3, updated_at = now() - make_interval(secs => (id % 5)),
    published_at = case when status = 1 then now() - make_interval(mins => (id % 4)) end where site_id = ${site}`);
}, 60_000);
afterAll(() => t?.close());

const list = (query: Record<string, unknown>, language = 'en') => t.client(editor, { siteId: site, language }).get<ContentListItem[]>('/content/index', { limit: 50, ...query });

/** The order the list must show: by the key's value (no value first going up, last going down), then by id the same way. */
function expectedOrder(rows: ContentListItem[], key: 'id' | 'views' | 'sort' | 'published_at' | 'updated_at', order: 'asc' | 'desc'): number[] {
  const way = order === 'asc' ? 1 : -1;
  const value = (r: ContentListItem) => {
    const v = r[key];
    if (v === null) return -Infinity;
    return typeof v === 'string' ? Date.parse(v) : v;
  };
  return [...rows].sort((a, b) => (value(a) - value(b) || a.id - b.id) * way).map((r) => r.id);
}

describe('sorting the content list', () => {
  it('an editor sorts the list by id, publish time, update time, views and sort number, both ways', async () => {
    const all = (await list({})).data;
    expect(all).toHaveLength(made.length);
    for (const key of ['id', 'published_at', 'updated_at', 'views', 'sort'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const res = await list({ orderBy: key, order });
        expect(res.code, res.msg).toBe(0);
        expect(res.count).toBe(made.length);
        expect(res.data.map((r) => r.id), `${key} ${order}`).toEqual(expectedOrder(all, key, order));
      }
    }
  });

  it('the sorted pages follow on from each other: every row once, ties in id order', async () => {
    const all = (await list({})).data;
    for (const order of ['asc', 'desc'] as const) {
      const pages: number[] = [];
      for (let page = 1; page <= 5; page++) pages.push(...(await list({ orderBy: 'views', order, limit: 3, page })).data.map((r) => r.id));
      expect(pages).toEqual(expectedOrder(all, 'views', order));
    }
  });

  it('the sort applies under the filters: a column with its sub-column, a status, the recycle bin', async () => {
    const all = (await list({})).data;
    const parentRes = await list({ category_id: parent, orderBy: 'views', order: 'desc' });
    expect(parentRes.code, parentRes.msg).toBe(0);
    const inParent = parentRes.data;
    expect(inParent.map((r) => r.id)).toEqual(expectedOrder(all, 'views', 'desc'));
    const inChild = (await list({ category_id: child, orderBy: 'sort', order: 'asc' })).data;
    expect(inChild.map((r) => r.id)).toEqual(expectedOrder(all.filter((r) => r.category_id === child), 'sort', 'asc'));
    const published = (await list({ status: 1, orderBy: 'published_at', order: 'desc' })).data;
    expect(published.map((r) => r.id)).toEqual(expectedOrder(all.filter((r) => r.status === 1), 'published_at', 'desc'));
    const api = t.client(editor, { siteId: site });
    expect((await api.post('/content/delete', { ids: made.slice(0, 4) })).code).toBe(0);
    const recycled = (await list({ deleted: 1, orderBy: 'id', order: 'asc' })).data;
    expect(recycled.map((r) => r.id)).toEqual(made.slice(0, 4));
    expect((await api.post('/content/recoverAll', { ids: made.slice(0, 4) })).code).toBe(0);
  });

  it('no sort, or an empty one, keeps the default order: pinned first, then newest', async () => {
    const api = t.client(editor, { siteId: site });
    expect((await api.post('/content/topOpt', { ids: [made[0]], is_top: true })).code).toBe(0);
    const ids = (await list({})).data.map((r) => r.id);
    expect(ids[0]).toBe(made[0]);
    expect((await list({ orderBy: '', order: '' })).data.map((r) => r.id)).toEqual(ids);
    // A column sort does not keep pinned rows first.
    expect((await list({ orderBy: 'id', order: 'desc' })).data.map((r) => r.id)).toEqual([...made].reverse());
    expect((await api.post('/content/topOpt', { ids: [made[0]], is_top: false })).code).toBe(0);
  });

  it('a sort key the list does not offer, or a direction other than asc / desc, is refused in the caller’s language', async () => {
    for (const query of [{ orderBy: 'title' }, { orderBy: 'password_hash' }, { orderBy: 'id desc; drop table contents' }, { orderBy: 'views', order: 'down' }, { order: 'desc, 1/0' }]) {
      const en = await list(query, 'en');
      expect(en.code, JSON.stringify(query)).toBe(400);
      expect(en.msg, JSON.stringify(query)).toMatch(/^Sort (by|direction) must be one of: /);
      const zh = await list(query, 'zh-CN');
      expect(zh.code).toBe(400);
      expect(zh.msg, JSON.stringify(query)).toMatch(/^排序(字段|方向)须为以下之一：/);
    }
    expect((await list({})).count).toBe(made.length);
  });
});

describe('sorting a declared resource list (keywords)', () => {
  it('an editor sorts keywords by name or weight, both ways; other columns are refused', async () => {
    const api = t.client(editor, { siteId: site });
    const names = ['banana', 'apple', 'cherry', 'date'];
    const weights = [5, 9, 5, 1];
    for (const [i, name] of names.entries()) expect((await api.post('/keyword/save', { name, link: '/k', weight: weights[i] })).code).toBe(0);
    const get = (query: Record<string, unknown>) => api.get<Keyword[]>('/keyword/index', query);
    expect((await get({ orderBy: 'name', order: 'asc' })).data.map((k) => k.name)).toEqual(['apple', 'banana', 'cherry', 'date']);
    expect((await get({ orderBy: 'name', order: 'desc' })).data.map((k) => k.name)).toEqual(['date', 'cherry', 'banana', 'apple']);
    // Equal weights (banana and cherry, 5) in the order they were added, then the other way round.
    expect((await get({ orderBy: 'weight', order: 'asc' })).data.map((k) => k.name)).toEqual(['date', 'banana', 'cherry', 'apple']);
    expect((await get({ orderBy: 'weight', order: 'desc' })).data.map((k) => k.name)).toEqual(['apple', 'cherry', 'banana', 'date']);
    const refused = await t.client(editor, { siteId: site, language: 'en' }).get('/keyword/index', { orderBy: 'link' });
    expect(refused.code).toBe(400);
    expect(refused.msg).toMatch(/^Sort by must be one of: name, weight$/);
  });
});

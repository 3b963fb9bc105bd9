import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite, uniqueName } from '../helpers/fixtures';
import { insertColumn, insertModel, saveContent } from '../helpers/contentFixtures';
import { tags } from '../../server/db/schema/index';
import type { Content, ContentScaffold } from '../../models/content';

// Writing and reading content: model-field validation, sanitising, tags, publishing, site scope.

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
let modelId: number;
let columnA: number;
let columnB: number;
let editor: { token: string; id: number };
let editorNick: string;

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await insertSite(t, 'ContentA');
  siteB = await insertSite(t, 'ContentB');
  modelId = await insertModel(t, [
    { name: 'price', title: 'Price', type: 'number', required: true },
    { name: 'color', title: 'Color', type: 'select', options: [{ value: 'red', label: 'Red' }, { value: 'blue', label: 'Blue' }], defaultValue: 'blue' },
    { name: 'extras', type: 'checkbox', options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] },
    { name: 'intro', type: 'richtext' },
    { name: 'launch', type: 'date' },
  ]);
  columnA = await insertColumn(t, siteA, modelId, { title: 'News' });
  columnB = await insertColumn(t, siteB, modelId);
  editorNick = uniqueName('Editor');
  editor = await adminWithRole(t, superToken, ['content'], { site_ids: [siteA], nickname: editorNick });
});
afterAll(() => t?.close());

const asEditor = (lang?: string) => t.client(editor.token, { siteId: siteA, language: lang });
const asSuper = (siteId: number) => t.client(superToken, { siteId });
const read = async (id: number) => {
  const res = await asEditor().get<Content>('/content/read', { id });
  expect(res.code, res.msg).toBe(0);
  return res.data;
};

describe('writing content', () => {
  it('an editor saves an article into a column of their site and reads it back with its tags and who saved it', async () => {
    const res = await asEditor().post('/content/save', {
      category_id: columnA,
      title: '  Hello world ',
      body: '<p>Hi <strong>there</strong></p>',
      fields: { price: '12.5', extras: ['b', 'a'], launch: '2024-02-29' },
      tags: ['新闻', 'Tech', '新闻'],
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toEqual({ id: expect.any(Number), version: 1 });
    const content = await read(res.data.id);
    expect(content).toMatchObject({
      site_id: siteA,
      category_id: columnA,
      category_title: 'News',
      title: 'Hello world',
      body: '<p>Hi <strong>there</strong></p>',
      // Coerced per type, the default applied, the options' order kept.
      fields: { price: 12.5, color: 'blue', extras: ['a', 'b'], intro: '', launch: '2024-02-29' },
      tags: ['新闻', 'Tech'],
      version: 1,
      status: 2,
      published_at: null,
      updated_by_name: editorNick,
      deleted_at: null,
    });
  });

  it('tags are created in the content’s site by name and reused there, never shared with another site', async () => {
    const name = uniqueName('tag');
    await saveContent(asEditor(), columnA, { tags: [name], fields: { price: 1 } });
    await saveContent(asEditor(), columnA, { tags: [name], fields: { price: 1 } });
    await saveContent(asSuper(siteB), columnB, { tags: [name], fields: { price: 1 } });
    const rows = await t.db.select().from(tags).where(eq(tags.name, name));
    expect(rows.map((r) => r.siteId).sort()).toEqual([siteA, siteB].sort());
  });

  it('a required model field left empty is refused, naming the field', async () => {
    const zh = await asEditor().post('/content/save', { category_id: columnA, title: 'No price', fields: {} });
    expect(zh.status).toBe(400);
    expect(zh.msg).toBe('Price为必填项');
    expect(zh.data.issues).toEqual([{ field: 'fields.price', message: 'Price为必填项' }]);
    const en = await asEditor('en').post('/content/save', { category_id: columnA, title: 'No price', fields: { price: '' } });
    expect(en.msg).toBe('Price is required');
  });

  it('a value outside a field’s options, text in a number field or an impossible date is refused', async () => {
    for (const fields of [{ price: 1, color: 'green' }, { price: 'cheap' }, { price: 1, extras: ['a', 'z'] }, { price: 1, launch: '2023-02-29' }]) {
      const res = await asEditor().post('/content/save', { category_id: columnA, title: 'Bad', fields });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.data.issues[0].field).toMatch(/^fields\./);
    }
  });

  it('names that are not fields of the column’s model are not stored', async () => {
    const { id } = await saveContent(asEditor(), columnA, { fields: { price: 3, hack: '<script>' } });
    expect(Object.keys((await read(id)).fields).sort()).toEqual(['color', 'extras', 'intro', 'launch', 'price']);
  });

  it('a hostile body and rich-text field are stored sanitised', async () => {
    const hostile =
      '<p onclick="steal()" style="color:#f00;position:fixed">Text<script>alert(1)</script></p>' +
      '<img src="x.png" onerror="alert(1)"><img src="/ok.png" alt="ok">' +
      '<a href="javascript:alert(1)">js</a><a href=" JaVaScRiPt:alert(1)">js2</a><a href="//evil.example">pr</a>' +
      '<iframe src="https://evil.example"></iframe><svg onload="alert(1)"><circle/></svg><style>body{}</style>' +
      '<a href="https://example.com" target="_blank">ok</a><table><tbody><tr><td colspan="2">c</td></tr></tbody></table>';
    const { id } = await saveContent(asEditor(), columnA, { body: hostile, fields: { price: 1, intro: hostile } });
    const content = await read(id);
    for (const html of [content.body, content.fields.intro as string]) {
      expect(html).not.toMatch(/<script|<iframe|<svg|<style|onerror|onclick|onload|javascript:|position:fixed|\/\/evil/i);
      expect(html).toContain('<p style="color:#f00">Text</p>');
      expect(html).toContain('<img src="/ok.png" alt="ok" />');
      expect(html).toContain('<a href="https://example.com" target="_blank">ok</a>');
      expect(html).toContain('<td colspan="2">c</td>');
    }
  });

  it('publishing stamps the publication date once; unpublishing keeps it; a draft has none', async () => {
    const draft = await saveContent(asEditor(), columnA, { fields: { price: 1 } });
    expect((await read(draft.id)).published_at).toBeNull();
    const published = await saveContent(asEditor(), columnA, { status: 1, fields: { price: 1 } });
    const first = await read(published.id);
    expect(Date.now() - new Date(first.published_at!).getTime()).toBeLessThan(60_000);
    const res = await asEditor().post('/content/update', { ...first, status: 2, published_at: '' });
    expect(res.code, res.msg).toBe(0);
    expect((await read(published.id)).published_at).toBe(first.published_at);
    const dated = await saveContent(asEditor(), columnA, { status: 1, published_at: '2020-01-02T03:04:05Z', fields: { price: 1 } });
    expect((await read(dated.id)).published_at).toBe('2020-01-02T03:04:05.000Z');
  });

  it('saving into a column that does not exist is refused, naming category_id', async () => {
    const res = await asEditor().post('/content/save', { category_id: 999_999, title: 'Lost', fields: { price: 1 } });
    expect(res.status).toBe(400);
    expect(res.data.issues[0].field).toBe('category_id');
    const deleted = await insertColumn(t, siteA, modelId, { deleted: true });
    expect((await asEditor().post('/content/save', { category_id: deleted, title: 'Lost', fields: { price: 1 } })).status).toBe(400);
  });

  it('content cannot be moved to a column of another site, even one the admin manages', async () => {
    const { id } = await saveContent(asSuper(siteA), columnA, { fields: { price: 1 } });
    const content = (await asSuper(siteA).get<Content>('/content/read', { id })).data;
    const res = await asSuper(siteA).post('/content/update', { ...content, category_id: columnB });
    expect(res.status).toBe(400);
    expect(res.data.issues[0].field).toBe('category_id');
  });

  it('the add form gets the column, its model’s fields and their defaults', async () => {
    const res = await asEditor().get<ContentScaffold>('/content/create', { category_id: columnA });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.category).toMatchObject({ id: columnA, site_id: siteA, title: 'News', model_id: modelId });
    expect(res.data.fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['price', 'number', true],
      ['color', 'select', false],
      ['extras', 'checkbox', false],
      ['intro', 'richtext', false],
      ['launch', 'date', false],
    ]);
    expect(res.data.defaults).toEqual({ price: null, color: 'blue', extras: [], intro: '', launch: '' });
  });

  it('the main content call answers just the body', async () => {
    const { id } = await saveContent(asEditor(), columnA, { body: '<p>Only me</p>', fields: { price: 1 } });
    expect((await asEditor().get('/content/mainContent', { id })).data).toEqual({ body: '<p>Only me</p>' });
  });
});

describe('site scope and permissions', () => {
  let contentB: number;
  beforeAll(async () => {
    contentB = (await saveContent(asSuper(siteB), columnB, { fields: { price: 1 } })).id;
  });

  it('an editor cannot read, list or open the add form of another site’s content', async () => {
    expect((await asEditor().get('/content/read', { id: contentB })).status).toBe(403);
    expect((await asEditor().get('/content/mainContent', { id: contentB })).status).toBe(403);
    expect((await asEditor().get('/content/revisions', { id: contentB })).status).toBe(403);
    expect((await asEditor().get('/content/create', { category_id: columnB })).status).toBe(403);
    expect((await asEditor().get('/content/index', { category_id: columnB })).status).toBe(403);
    const other = await t.client(editor.token, { siteId: siteB }).get('/content/index');
    expect(other.status).toBe(403);
    expect(other.msg).toBe('没有管理该站点的权限');
  });

  it('an editor cannot write into or change another site’s content', async () => {
    expect((await asEditor().post('/content/save', { category_id: columnB, title: 'Intruder', fields: { price: 1 } })).status).toBe(403);
    const content = (await asSuper(siteB).get<Content>('/content/read', { id: contentB })).data;
    expect((await asEditor().post('/content/update', { ...content, title: 'Hijacked' })).status).toBe(403);
    for (const [url, body] of [
      ['/content/delete', { ids: [contentB] }],
      ['/content/delAll', { ids: [contentB] }],
      ['/content/topOpt', { ids: [contentB], is_top: true }],
      ['/content/recommendAndStatus', { ids: [contentB], is_recommend: true }],
      ['/content/editStatus', { ids: [contentB], status: 1 }],
    ] as const) {
      expect((await asEditor().post(url, body)).status, url).toBe(403);
    }
    expect((await asSuper(siteB).get<Content>('/content/read', { id: contentB })).data).toMatchObject({ title: content.title, is_top: false, status: 2 });
  });

  it('one id of another site among an editor’s own refuses the whole bulk action', async () => {
    const own = await saveContent(asEditor(), columnA, { fields: { price: 1 } });
    expect((await asEditor().post('/content/delAll', { ids: [own.id, contentB] })).status).toBe(403);
    expect((await read(own.id)).deleted_at).toBeNull();
  });

  it('an admin without the content permission cannot use the content calls', async () => {
    const outsider = await adminWithRole(t, superToken, ['tag'], { site_ids: [siteA] });
    const client = t.client(outsider.token, { siteId: siteA });
    expect((await client.get('/content/index')).status).toBe(403);
    expect((await client.post('/content/save', { category_id: columnA, title: 'x', fields: { price: 1 } })).status).toBe(403);
    expect((await client.post('/content/descExtraction', { content: '<p>x</p>' })).status).toBe(403);
  });

  it('listing needs a current site', async () => {
    expect((await t.client(editor.token).get('/content/index')).status).toBe(400);
  });
});

describe('content list', () => {
  let siteL: number;
  let parent: number;
  let child: number;
  let sibling: number;
  let ids: Record<string, number>;
  const list = async (query: Record<string, unknown> = {}) => {
    const res = await asSuper(siteL).get('/content/index', { limit: 50, ...query });
    expect(res.code, res.msg).toBe(0);
    return res as { data: Array<{ id: number; title: string }>; count: number };
  };
  const titles = async (query: Record<string, unknown> = {}) => (await list(query)).data.map((r) => r.title);

  beforeAll(async () => {
    siteL = await insertSite(t, 'Listing');
    const plain = await insertModel(t);
    parent = await insertColumn(t, siteL, plain);
    child = await insertColumn(t, siteL, plain, { parentId: parent });
    sibling = await insertColumn(t, siteL, plain);
    ids = {};
    for (const [title, column, extra] of [
      ['old', parent, {}],
      ['kid', child, { status: 1, is_recommend: true }],
      ['pinned', sibling, { is_top: true }],
      ['new 100%', sibling, { status: 1 }],
    ] as const) {
      ids[title] = (await saveContent(asSuper(siteL), column, { title, ...extra })).id;
    }
  });

  it('lists the site’s content pinned first, then newest first, with a total', async () => {
    const res = await list();
    expect(res.data.map((r) => r.title)).toEqual(['pinned', 'new 100%', 'kid', 'old']);
    expect(res.count).toBe(4);
    const page = await list({ page: 2, limit: 3 });
    expect(page.data.map((r) => r.title)).toEqual(['old']);
    expect(page.count).toBe(4);
  });

  it('filters by column including its sub-columns, status, keyword, recommended, pinned and date', async () => {
    expect(await titles({ category_id: parent })).toEqual(['kid', 'old']);
    expect(await titles({ category_id: child })).toEqual(['kid']);
    expect(await titles({ status: 1 })).toEqual(['new 100%', 'kid']);
    expect(await titles({ keyword: '100%' })).toEqual(['new 100%']);
    expect(await titles({ keyword: '_' })).toEqual([]);
    expect(await titles({ is_recommend: 1 })).toEqual(['kid']);
    expect(await titles({ is_top: 1 })).toEqual(['pinned']);
    expect(await titles({ is_top: 0 })).toEqual(['new 100%', 'kid', 'old']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await titles({ start: today, end: today })).length).toBe(4);
    expect(await titles({ end: '2000-01-01' })).toEqual([]);
  });

  it('a list item carries its column, flags and tags', async () => {
    await asSuper(siteL).post('/content/topOpt', { ids: [ids.kid], is_top: false });
    const item = (await list({ keyword: 'kid' })).data[0];
    expect(item).toMatchObject({ id: ids.kid, site_id: siteL, category_id: child, status: 1, is_recommend: true, is_top: false, tags: [], check_status: 'published', views: 0 });
    expect(item).not.toHaveProperty('body');
  });

  it('a column of another site the admin manages filters to nothing rather than leaking its content', async () => {
    expect(await titles({ category_id: columnA })).toEqual([]);
  });
});

describe('tag rows', () => {
  it('a tag in the recycle bin is not attached again; a new live tag of that name is made', async () => {
    const name = uniqueName('binned');
    await t.db.insert(tags).values({ siteId: siteA, name, deletedAt: new Date() });
    const { id } = await saveContent(asEditor(), columnA, { tags: [name], fields: { price: 1 } });
    expect((await read(id)).tags).toEqual([name]);
    const live = await t.db.select().from(tags).where(and(eq(tags.siteId, siteA), eq(tags.name, name)));
    expect(live.filter((r) => r.deletedAt === null)).toHaveLength(1);
  });
});

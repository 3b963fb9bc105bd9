import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite } from '../helpers/fixtures';
import { insertColumnFor, insertContent } from '../helpers/marketingFixtures';
import { contentTags, tags } from '../../server/db/schema/index';
import type { AttachResult, ContentPick, SuggestResult } from '../../models/tagGenerator';

const AI_TITLE = '人工智能与机器学习的未来';
const AI_BODY = `<h2>人工智能正在改变世界</h2>
<p>机器学习是人工智能的核心技术之一。深度学习推动了计算机视觉和自然语言处理的发展。</p>
<p>越来越多的企业投入<strong>人工智能</strong>研发，<a href="/jobs">机器学习</a>工程师的需求持续旺盛。</p>
<table><tr><td>云计算</td><td>大数据</td></tr></table>`;

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
let editor: { token: string };
let article: number;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  siteA = await insertSite(t, 'GenA');
  siteB = await insertSite(t, 'GenB');
  editor = await adminWithRole(t, superToken, ['contentTag'], { site_ids: [siteA] });
  article = await insertContent(t, siteA, { title: AI_TITLE, body: AI_BODY });
});
afterAll(() => t?.close());

const as = (token: string, siteId?: number, language?: string) => t.client(token, { siteId, language });
const suggest = async (contentId: number, token = editor.token) => {
  const res = await as(token, siteA).get<SuggestResult>('/contentTag/suggest', { content_id: contentId });
  expect(res.code, res.msg).toBe(0);
  return res.data;
};
const tagNamesOf = async (contentId: number) =>
  (await t.db.select({ name: tags.name }).from(contentTags).innerJoin(tags, eq(tags.id, contentTags.tagId)).where(eq(contentTags.contentId, contentId))).map((r) => r.name).sort();

describe('tag suggestions', () => {
  it('proposes the keywords of a Chinese article, best first, compounds kept whole', async () => {
    const { content, suggestions, tags: current } = await suggest(article);
    expect(content).toEqual({ id: article, title: AI_TITLE, site_id: siteA });
    expect(current).toEqual([]);
    const names = suggestions.map((s) => s.name);
    expect(names.slice(0, 2)).toEqual(['人工智能', '机器学习']);
    expect(names).toEqual(expect.arrayContaining(['自然语言', '工程师']));
    // Markup and stop words are not keywords.
    for (const noise of ['strong', 'jobs', 'h2', '的', '是']) expect(names).not.toContain(noise);
    expect(suggestions[0]!.weight).toBeGreaterThan(suggestions[1]!.weight);
    expect(suggestions.every((s) => s.tag_id === null && !s.attached)).toBe(true);
  });

  it('marks suggestions the site already has as tags, and those the article carries; finds existing tags in the text', async () => {
    const content = await insertContent(t, siteA, { title: AI_TITLE, body: AI_BODY });
    const [ai] = await t.db.insert(tags).values({ siteId: siteA, name: '人工智能' }).returning();
    const [cloud] = await t.db.insert(tags).values({ siteId: siteA, name: '云计算' }).returning();
    // The same name in another site is not this site's tag.
    await t.db.insert(tags).values({ siteId: siteB, name: '机器学习' });
    await t.db.insert(contentTags).values({ contentId: content, tagId: ai!.id });

    const { suggestions, tags: current } = await suggest(content);
    expect(current).toEqual([{ id: ai!.id, name: '人工智能' }]);
    const byName = new Map(suggestions.map((s) => [s.name, s]));
    expect(byName.get('人工智能')).toMatchObject({ tag_id: ai!.id, attached: true });
    expect(byName.get('机器学习')).toMatchObject({ tag_id: null, attached: false });
    expect(byName.get('云计算')).toMatchObject({ tag_id: cloud!.id, attached: false });
  });

  it('words the site already uses as tags are kept whole, and rank by their place in the title', async () => {
    const site = await insertSite(t, 'GenCloud');
    const content = await insertContent(t, site, { title: '云计算市场竞争加剧', body: '<p>云计算厂商纷纷降价，云计算市场竞争加剧。大数据与云计算结合带来新机遇。</p>' });
    await t.db.insert(tags).values([
      { siteId: site, name: '云计算' },
      { siteId: site, name: '大数据' },
    ]);
    const res = await as(superToken, site).get<SuggestResult>('/contentTag/suggest', { content_id: content });
    const names = res.data.suggestions.map((s) => s.name);
    expect(names[0]).toBe('云计算');
    expect(names).toContain('大数据');
    // Their pieces are not proposed on their own.
    expect(names).not.toContain('数据');
    expect(names).not.toContain('计算');
  });

  it('attaches the chosen names, creating the tags the site lacks, once', async () => {
    const content = await insertContent(t, siteA, { title: '深度学习', body: '<p>深度学习</p>' });
    const [existing] = await t.db.insert(tags).values({ siteId: siteA, name: '深度学习' }).returning();
    const res = await as(editor.token, siteA, 'en').post<AttachResult>('/contentTag/attach', { content_id: content, names: ['深度学习', '神经网络', ' 神经网络 '] });
    expect(res.code, res.msg).toBe(0);
    expect(res.msg).toBe('Tags attached');
    expect(res.data).toEqual({ created: 1, attached: 2 });
    expect(await tagNamesOf(content)).toEqual(['深度学习', '神经网络'].sort());
    const [made] = await t.db.select().from(tags).where(and(eq(tags.siteId, siteA), eq(tags.name, '神经网络')));
    expect(made).toMatchObject({ alias: 'shen-jing-wang-luo' });
    expect((await suggest(content)).tags.map((x) => x.id)).toContain(existing!.id);

    const again = await as(editor.token, siteA).post<AttachResult>('/contentTag/attach', { content_id: content, names: ['神经网络'] });
    expect(again.data).toEqual({ created: 0, attached: 0 });
  });

  it('lists the current site’s live content to pick from, with their tags, searchable and paged', async () => {
    const site = await insertSite(t, 'GenPick');
    const column = await insertColumnFor(t, site);
    const first = await insertContent(t, site, { title: '第一篇 机器人', categoryId: column });
    const second = await insertContent(t, site, { title: '第二篇 机器学习', categoryId: column });
    await insertContent(t, site, { title: '已删除 机器', categoryId: column, deletedAt: new Date() });
    await as(superToken, site).post('/contentTag/attach', { content_id: second, names: ['机器学习'] });

    const all = await as(superToken, site).get<ContentPick[]>('/contentTag/contents', { limit: 10 });
    expect(all.count).toBe(2);
    expect(all.data.map((c) => [c.id, c.tags])).toEqual([
      [second, ['机器学习']],
      [first, []],
    ]);
    expect(all.data[0]!.category_title).toMatch(/^Column-/);
    expect((await as(superToken, site).get<ContentPick[]>('/contentTag/contents', { keyword: '机器人' })).data.map((c) => c.id)).toEqual([first]);
    const page = await as(superToken, site).get<ContentPick[]>('/contentTag/contents', { page: 2, limit: 1 });
    expect([page.count, page.data.map((c) => c.id)]).toEqual([2, [first]]);
  });
});

describe('the tag generator across sites', () => {
  it('an editor bound to site A cannot read, tag or list site B’s content', async () => {
    const theirs = await insertContent(t, siteB, { title: AI_TITLE, body: AI_BODY });
    expect((await as(editor.token, siteA).get('/contentTag/suggest', { content_id: theirs })).status).toBe(403);
    expect((await as(editor.token, siteA).post('/contentTag/attach', { content_id: theirs, names: ['x'] })).status).toBe(403);
    expect((await as(editor.token, siteB).get('/contentTag/contents')).status).toBe(403);
    expect(await tagNamesOf(theirs)).toEqual([]);
  });

  it('deleted or unknown content has nothing to suggest', async () => {
    const gone = await insertContent(t, siteA, { title: AI_TITLE, deletedAt: new Date() });
    expect((await as(editor.token, siteA).get('/contentTag/suggest', { content_id: gone })).status).toBe(404);
    expect((await as(editor.token, siteA).post('/contentTag/attach', { content_id: 99_999_999, names: ['x'] })).status).toBe(404);
  });

  it('an admin without the tag generator screen cannot use it', async () => {
    const other = await adminWithRole(t, superToken, ['tag'], { site_ids: [siteA] });
    expect((await as(other.token, siteA).get('/contentTag/suggest', { content_id: article })).status).toBe(403);
    expect((await as(other.token, siteA).post('/contentTag/attach', { content_id: article, names: ['x'] })).status).toBe(403);
  });
});

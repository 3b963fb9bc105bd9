import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole } from '../helpers/fixtures';
import { createColumn, createModel, createSite, insertContent } from '../helpers/sites';
import { categories, contents, contentTags, tags } from '../../server/db/schema/index';
import type { Category } from '../../models/category';
import type { Job } from '../../models/job';

let t: TestApp;
let superToken: string;
let model: number;
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  superToken = await t.login();
  model = await createModel(t, superToken);
});
afterAll(() => t?.close());

const as = (siteId: number, token = superToken) => t.client(token, { siteId });
const tree = async (siteId: number) => (await as(siteId).get<Array<Category & { depth: number }>>('/category/index')).data;
const job = async (id: number, token = superToken) => (await t.client(token).get<Job>('/job/read', { id })).data;
const copy = async (siteId: number, body: Record<string, unknown>, token = superToken) => as(siteId, token).post<{ job_id: number }>('/category/copy', body);
const liveContents = (siteId: number) =>
  t.db
    .select()
    .from(contents)
    .where(and(eq(contents.siteId, siteId), isNull(contents.deletedAt)));

/** A source site with News > (Local, World) and content in News and Local. */
async function newsSite() {
  const site = await createSite(t, superToken);
  const news = await createColumn(t, superToken, site, { model_id: model, title: '新闻', alias: 'news', seo_title: 'All the news' });
  const local = await createColumn(t, superToken, site, { model_id: model, title: 'Local', parent_id: news, sort: 1 });
  const world = await createColumn(t, superToken, site, { model_id: model, title: 'World', parent_id: news, sort: 2 });
  await insertContent(t, site, news, { title: 'Headline', fields: { price: 5 }, tags: ['hot', 'today'] });
  await insertContent(t, site, local, { title: 'Town fair', tags: ['hot'] });
  await insertContent(t, site, local, { title: 'Deleted one', deleted: true });
  return { site, news, local, world };
}

describe('copying a column subtree', () => {
  it('copies the columns and their live content, with fields and tags, under a parent of another site', async () => {
    const src = await newsSite();
    const target = await createSite(t, superToken);
    const parent = await createColumn(t, superToken, target, { model_id: model, title: 'Archive' });
    await createColumn(t, superToken, target, { model_id: model, title: 'Taken', alias: 'news' });
    await insertContent(t, target, parent, { title: 'Existing', tags: ['hot'] });

    const res = await copy(src.site, { id: src.news, target_site_id: target, target_parent_id: parent, with_content: true });
    expect(res.code).toBe(0);
    expect(res.data.job_id).toEqual(expect.any(Number));
    await t.app.ctx.jobs.whenIdle();
    const done = await job(res.data.job_id);
    expect(done).toMatchObject({ kind: 'category.copy', status: 'done', progress: 100, total: 5, result: { categories: 3, contents: 2 } });

    const rows = await tree(target);
    const copied = rows.filter((r) => ['新闻', 'Local', 'World'].includes(r.title));
    expect(copied.map((r) => [r.title, r.depth])).toEqual([
      ['新闻', 1],
      ['Local', 2],
      ['World', 2],
    ]);
    const [newsCopy, localCopy] = copied;
    expect(newsCopy).toMatchObject({ parent_id: parent, alias: 'news-2', seo_title: 'All the news', content_count: 1, site_id: target });
    expect(localCopy).toMatchObject({ parent_id: newsCopy!.id, content_count: 1 });
    expect(new Set(rows.map((r) => r.alias)).size).toBe(rows.length);

    const items = await liveContents(target);
    const headline = items.find((c) => c.title === 'Headline')!;
    expect(headline).toMatchObject({ categoryId: newsCopy!.id, fields: { price: 5 }, body: '<p>body</p>' });
    expect(items.some((c) => c.title === 'Deleted one')).toBe(false);
    const tagNames = await t.db
      .select({ contentId: contentTags.contentId, name: tags.name, siteId: tags.siteId })
      .from(contentTags)
      .innerJoin(tags, eq(tags.id, contentTags.tagId))
      .where(inArray(contentTags.contentId, items.map((c) => c.id)));
    expect(tagNames.filter((x) => x.contentId === headline.id).map((x) => x.name).sort()).toEqual(['hot', 'today']);
    expect(tagNames.every((x) => x.siteId === target)).toBe(true);
    // The target's own "hot" tag is reused, not doubled.
    expect((await t.db.select().from(tags).where(and(eq(tags.siteId, target), eq(tags.name, 'hot')))).length).toBe(1);

    // The source is untouched.
    expect((await tree(src.site)).map((r) => r.id)).toEqual([src.news, src.local, src.world]);
    expect((await liveContents(src.site)).length).toBe(2);
  });

  it('copies only the columns when content is not wanted, within the same site at the top', async () => {
    const src = await newsSite();
    const res = await copy(src.site, { id: src.news, target_site_id: src.site, target_parent_id: 0, with_content: false });
    await t.app.ctx.jobs.whenIdle();
    expect(await job(res.data.job_id)).toMatchObject({ status: 'done', result: { categories: 3, contents: 0 } });
    const rows = await tree(src.site);
    expect(rows.filter((r) => r.title === 'Local').length).toBe(2);
    expect(rows.find((r) => r.alias === 'news-2')).toMatchObject({ parent_id: 0, content_count: 0 });
    expect((await liveContents(src.site)).length).toBe(2);
  });

  it('a column cannot be copied into itself or below itself, nor under a parent of another site', async () => {
    const src = await newsSite();
    const other = await createSite(t, superToken);
    const elsewhere = await createColumn(t, superToken, other, { model_id: model });
    expect((await copy(src.site, { id: src.news, target_site_id: src.site, target_parent_id: src.news })).status).toBe(400);
    expect((await copy(src.site, { id: src.news, target_site_id: src.site, target_parent_id: src.local })).status).toBe(400);
    expect((await copy(src.site, { id: src.news, target_site_id: src.site, target_parent_id: elsewhere })).status).toBe(400);
    expect((await copy(src.site, { id: src.news, target_site_id: 999_999 })).status).toBe(404);
  });

  it('an admin copies only between sites they manage', async () => {
    const src = await newsSite();
    const foreign = await createSite(t, superToken);
    const admin = await adminWithRole(t, superToken, ['category'], { site_ids: [src.site] });
    expect((await copy(src.site, { id: src.news, target_site_id: foreign }, admin.token)).status).toBe(403);
    const foreignColumn = await createColumn(t, superToken, foreign, { model_id: model });
    expect((await copy(src.site, { id: foreignColumn, target_site_id: src.site }, admin.token)).status).toBe(403);
    const ok = await copy(src.site, { id: src.local, target_site_id: src.site, target_parent_id: src.world, with_content: false }, admin.token);
    expect(ok.code).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    expect((await job(ok.data.job_id, admin.token)).status).toBe('done');
  });
});

describe('a long copy', () => {
  /** A column with many content items, inserted in bulk. */
  async function bigColumn(items: number) {
    const site = await createSite(t, superToken);
    const column = await createColumn(t, superToken, site, { model_id: model, title: 'Big' });
    const rows = Array.from({ length: items }, (_, i) => ({ siteId: site, categoryId: column, title: `Item ${i}`, body: '<p>x</p>' }));
    for (let i = 0; i < rows.length; i += 200) await t.db.insert(contents).values(rows.slice(i, i + 200));
    return { site, column };
  }

  it('answers at once with a job id, and other requests are served while it runs', async () => {
    const { site, column } = await bigColumn(400);
    const target = await createSite(t, superToken);
    const res = await copy(site, { id: column, target_site_id: target });
    expect(res.code).toBe(0);
    const started = Date.now();
    expect((await as(site).get('/category/index')).code).toBe(0);
    expect((await t.client(superToken).get('/admin/current')).code).toBe(0);
    expect(Date.now() - started).toBeLessThan(8000);
    const midway = await job(res.data.job_id);
    expect(['queued', 'running']).toContain(midway.status);
    await t.app.ctx.jobs.whenIdle();
    expect(await job(res.data.job_id)).toMatchObject({ status: 'done', progress: 100, result: { contents: 400 } });
    expect((await liveContents(target)).length).toBe(400);
  });

  it('a cancelled copy leaves nothing behind in the target site', async () => {
    const { site, column } = await bigColumn(300);
    const target = await createSite(t, superToken);
    const res = await copy(site, { id: column, target_site_id: target });
    // Cancelled midway: some columns and content were already copied.
    let seen = await job(res.data.job_id);
    while (seen.status !== 'done' && seen.progress < 5) seen = await job(res.data.job_id);
    expect(seen.status).toBe('running');
    expect((await t.db.select().from(categories).where(eq(categories.siteId, target))).length).toBe(1);
    expect((await t.client(superToken).post('/job/cancel', { id: res.data.job_id })).code).toBe(0);
    await t.app.ctx.jobs.whenIdle();
    expect((await job(res.data.job_id)).status).toBe('cancelled');
    expect(await tree(target)).toEqual([]);
    expect((await liveContents(target)).length).toBe(0);
    expect((await t.db.select().from(categories).where(eq(categories.siteId, target))).length).toBe(0);
  });
});

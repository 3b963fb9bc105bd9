import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { getPage, insertPublished } from '../helpers/publicFixtures';
import { categories, contents, contentTags, tags } from '../../server/db/schema/index';
import { TAG_PAGE_SIZE } from '../../server/public/lists';
import { urls } from '../../server/public/urls';

// A public request costs O(page): with thousands of articles in a column, a list page, a detail page and the
// home page read (by their query plans, EXPLAIN ANALYZE) no more content rows than the pages up to theirs,
// never the whole column; the totals the pager shows stay exact.

let t: TestApp;
const domain = uniqueDomain('paging');
const big = { id: 0, alias: '' };
const parent = { id: 0, alias: '' };
const PAGE_SIZE = 10;
const BIG = 3000;
const SUB = 1000;
/** Every other item of the big column carries this tag. */
const tag = { id: 0, titles: [] as string[] };
const TAGGED = ['contents', 'content_tags'];

type Captured = { text: string; params: unknown[] };
let captured: Captured[] | null = null;
let explain: (text: string, params: unknown[]) => Promise<unknown>;

/** Records every statement the app sends while `captured` is set (both drivers: PGlite and pg's Pool). */
function captureQueries() {
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => Promise<{ rows: unknown[] }> } }).$client;
  const original = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : (first as { text: string }).text;
    const params = (second ?? (first as { values?: unknown[] }).values) as unknown[] | undefined;
    captured?.push({ text, params: params ?? [] });
    return original(...args);
  };
  explain = async (text, params) => {
    const res = await original(`explain (analyze, format json) ${text}`, params);
    const row = res.rows[0] as Record<string, unknown>;
    const plan = row['QUERY PLAN'];
    return typeof plan === 'string' ? JSON.parse(plan) : plan;
  };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** Rows the plan read from the given tables (kept and filtered out, over every loop). */
function contentRowsRead(node: PlanNode, tables: string[]): number {
  const own =
    tables.includes(node['Relation Name'] ?? '')
      ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops']
      : 0;
  return own + (node.Plans ?? []).reduce((n, p) => n + contentRowsRead(p, tables), 0);
}

/** Serves the path and answers the content rows its queries read (and tag links' rows, for tag pages). */
async function rowsReadFor(path: string, tables = ['contents']): Promise<{ status: number; body: string; rows: number }> {
  captured = [];
  const page = await getPage(t, path, domain);
  const queries = captured;
  captured = null;
  let rows = 0;
  for (const q of queries) {
    if (!tables.some((name) => q.text.includes(`from "${name}"`)) || !/^\s*(select|\()/i.test(q.text)) continue;
    const [plan] = (await explain(q.text, q.params)) as Array<{ Plan: PlanNode }>;
    rows += contentRowsRead(plan!.Plan, tables);
  }
  return { ...page, rows };
}

async function seedArticles(siteId: number, categoryId: number, n: number, titlePrefix: string) {
  await t.db.execute(sql`insert into contents (site_id, category_id, title, body, status, check_status, published_at)
    select ${siteId}, ${categoryId}, ${titlePrefix} || ' ' || i, '<p>body</p>', 1, 'published', now() - make_interval(mins => i)
    from generate_series(1, ${n}) as i`);
}

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 100_000, login: 1000 } });
  const token = await t.login();
  const modelId = await insertModel(t);
  const siteId = await createSite(t, token, { name: 'Paging', domain });
  big.id = await insertColumn(t, siteId, modelId, { title: 'Big column' });
  parent.id = await insertColumn(t, siteId, modelId, { title: 'Parent column' });
  const subs = [await insertColumn(t, siteId, modelId, { parentId: parent.id }), await insertColumn(t, siteId, modelId, { parentId: parent.id })];
  await t.db.update(categories).set({ pageSize: PAGE_SIZE }).where(sql`${categories.siteId} = ${siteId}`);
  for (const c of [big, parent]) c.alias = (await t.db.select({ alias: categories.alias }).from(categories).where(eq(categories.id, c.id)))[0]!.alias;
  await seedArticles(siteId, big.id, BIG, 'Big');
  for (const [i, sub] of subs.entries()) await seedArticles(siteId, sub, SUB, `Sub${i}`);
  // Scheduled for tomorrow: published but not shown yet, nor counted.
  const ahead = await insertPublished(t, siteId, big.id, { title: 'Tomorrow', publishedAt: new Date(Date.now() + 86_400_000) });
  expect(ahead.id).toBeGreaterThan(0);
  // A tag on every other item of the big column (and on the scheduled one), then its titles in public order.
  [{ id: tag.id }] = await t.db.insert(tags).values({ siteId, name: 'Half' }).returning({ id: tags.id });
  await t.db.execute(sql`insert into content_tags (content_id, tag_id) select id, ${tag.id} from contents where category_id = ${big.id} and id % 2 = 0`);
  await t.db.insert(contentTags).values({ contentId: ahead.id, tagId: tag.id }).onConflictDoNothing();
  // Other tags on every item, as a site has many: the tag's rows are a part of content_tags.
  for (const name of ['Every', 'Also']) {
    const [other] = await t.db.insert(tags).values({ siteId, name }).returning({ id: tags.id });
    await t.db.execute(sql`insert into content_tags (content_id, tag_id) select id, ${other!.id} from contents where site_id = ${siteId}`);
  }
  const tagged = (await t.db.execute(sql`select c.title from contents c join content_tags ct on ct.content_id = c.id
      where ct.tag_id = ${tag.id} and c.published_at <= now() order by c.is_top desc, c.published_at desc, c.id desc`)) as unknown as { rows: Array<{ title: string }> };
  tag.titles = tagged.rows.map((r) => r.title);
  await t.db.execute(sql`analyze contents`);
  await t.db.execute(sql`analyze content_tags`);
  captureQueries();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('public pages read a page, not the site', () => {
  it('a visitor opening a column of 3,000 articles costs a page of content rows, with an exact pager', async () => {
    const first = await rowsReadFor(urls.column(big));
    expect(first.status).toBe(200);
    expect(first.body).toContain('Big 1<');
    expect(first.body).not.toContain('Tomorrow');
    // 3,000 items, 10 a page: 300 pages; the pager links the last one.
    expect(first.body).toContain(`href="${urls.column(big, 2)}"`);
    expect(first.rows).toBeLessThanOrEqual(3 * PAGE_SIZE);

    const last = await rowsReadFor(urls.column(big, BIG / PAGE_SIZE));
    expect(last.status).toBe(200);
    expect(last.body).toContain(`Big ${BIG}<`);
    expect(last.body).toContain(`Big ${BIG - PAGE_SIZE + 1}<`);
    expect(last.body).not.toContain(`Big ${BIG - PAGE_SIZE}<`);
    // The last page is read from the column's end.
    expect(last.rows).toBeLessThanOrEqual(3 * PAGE_SIZE);
    expect((await getPage(t, urls.column(big, BIG / PAGE_SIZE + 1), domain)).status).toBe(404);
  });

  it('a deep page reads the pages up to its own, never the rest of the column', async () => {
    const page = await rowsReadFor(urls.column(big, 5));
    expect(page.status).toBe(200);
    expect(page.body).toContain('Big 41<');
    expect(page.body).not.toContain('Big 51<');
    expect(page.rows).toBeLessThanOrEqual(5 * PAGE_SIZE + 2 * PAGE_SIZE);
  });

  it('a column with sub-columns merges their newest items without reading them all', async () => {
    const page = await rowsReadFor(urls.column(parent, 2));
    expect(page.status).toBe(200);
    // Both sub-columns' items are interleaved by date: page 2 holds items 6 to 10 of each.
    expect(page.body).toContain('Sub0 6<');
    expect(page.body).toContain('Sub1 10<');
    expect(page.body).not.toContain('Sub0 11<');
    expect(page.rows).toBeLessThanOrEqual(2 * (2 * PAGE_SIZE) + 2 * PAGE_SIZE);

    const last = await rowsReadFor(urls.column(parent, (2 * SUB) / PAGE_SIZE));
    expect(last.status).toBe(200);
    expect(last.body).toContain(`Sub0 ${SUB}<`);
    expect(last.body).toContain(`Sub1 ${SUB - 4}<`);
    expect(last.body).not.toContain(`Sub1 ${SUB - 5}<`);
    expect(last.rows).toBeLessThanOrEqual(2 * (2 * PAGE_SIZE) + 2 * PAGE_SIZE);
  });

  it('an article page and the home page read a handful of rows', async () => {
    const [row] = await t.db.select({ id: contents.id }).from(contents).where(eq(contents.title, 'Big 1500'));
    const detail = await rowsReadFor(urls.content(big, row!.id));
    expect(detail.status).toBe(200);
    expect(detail.body).toContain('Big 1500');
    // Its row, its sort key, the 5 related ids after it by keyset, then their rows by id (the planner may read those
    // once per live column of the site: 4 here) — a handful, never the column's 3,000.
    expect(detail.rows).toBeLessThanOrEqual(30);
    const home = await rowsReadFor(urls.home());
    expect(home.status).toBe(200);
    expect(home.rows).toBeLessThanOrEqual(40);
  });

  it('a tag page reads a page of tagged rows, its total from counters, also from the end', async () => {
    expect(tag.titles.length).toBe(BIG / 2);
    const pages = tag.titles.length / TAG_PAGE_SIZE;
    const first = await rowsReadFor(urls.tag(tag.id), TAGGED);
    expect(first.status).toBe(200);
    expect(first.body).toContain(`${tag.titles[0]}<`);
    expect(first.body).toContain(`${tag.titles[TAG_PAGE_SIZE - 1]}<`);
    expect(first.body).not.toContain(`${tag.titles[TAG_PAGE_SIZE]}<`);
    expect(first.body).not.toContain('Tomorrow');
    // The page's ids (content_tags), their rows (contents), their three tags each (content_tags), the scheduled
    // count: a page's worth, never the tag's 1,500 rows.
    expect(first.rows).toBeLessThanOrEqual(6 * TAG_PAGE_SIZE);

    const last = await rowsReadFor(urls.tag(tag.id, pages), TAGGED);
    expect(last.status).toBe(200);
    expect(last.body).toContain(`${tag.titles.at(-1)}<`);
    expect(last.body).toContain(`${tag.titles.at(-TAG_PAGE_SIZE)}<`);
    expect(last.body).not.toContain(`${tag.titles.at(-TAG_PAGE_SIZE - 1)}<`);
    expect(last.rows).toBeLessThanOrEqual(6 * TAG_PAGE_SIZE);
    expect((await rowsReadFor(urls.tag(tag.id, pages + 1))).status).toBe(404);

    // The counters follow a recycled column and recycled items (the last page goes, and comes back).
    const lastIds = (await t.db.select({ id: contents.id }).from(contents).where(sql`${contents.title} in ${tag.titles.slice(-TAG_PAGE_SIZE)}`)).map((r) => r.id);
    await t.db.update(contents).set({ deletedAt: new Date() }).where(sql`${contents.id} in ${lastIds}`);
    expect((await getPage(t, urls.tag(tag.id, pages), domain)).status).toBe(404);
    await t.db.update(contents).set({ deletedAt: null }).where(sql`${contents.id} in ${lastIds}`);
    expect((await getPage(t, urls.tag(tag.id, pages), domain)).status).toBe(200);
    await t.db.update(categories).set({ deletedAt: new Date() }).where(eq(categories.id, big.id));
    expect((await getPage(t, urls.tag(tag.id), domain)).body).not.toContain(`${tag.titles[0]}<`);
    await t.db.update(categories).set({ deletedAt: null }).where(eq(categories.id, big.id));
    expect((await getPage(t, urls.tag(tag.id), domain)).body).toContain(`${tag.titles[0]}<`);
  });

  it('the pager total follows deletions and scheduled items falling due', async () => {
    const total = async () => {
      const page = await getPage(t, urls.column(big, BIG / PAGE_SIZE), domain);
      return page.status === 200 && /Big \d+</.test(page.body) ? page.body : '';
    };
    // Deleting ten items removes the last page; un-deleting them brings it back.
    const ids = (await t.db.select({ id: contents.id }).from(contents).where(sql`${contents.title} like 'Big 2__'`)).slice(0, 10).map((r) => r.id);
    await t.db.update(contents).set({ deletedAt: new Date() }).where(sql`${contents.id} in ${ids}`);
    expect(await total()).toBe('');
    await t.db.update(contents).set({ deletedAt: null }).where(sql`${contents.id} in ${ids}`);
    expect(await total()).not.toBe('');
    // The scheduled item falls due: one item more makes page 301.
    await t.db.update(contents).set({ publishedAt: new Date(Date.now() - 1000) }).where(eq(contents.title, 'Tomorrow'));
    expect((await getPage(t, urls.column(big, BIG / PAGE_SIZE + 1), domain)).status).toBe(200);
    // The tagged scheduled item falls due with it: the tag gets one page more.
    expect((await getPage(t, urls.tag(tag.id, BIG / 2 / TAG_PAGE_SIZE + 1), domain)).status).toBe(200);
  });
});

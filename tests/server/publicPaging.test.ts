import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { getPage, insertPublished } from '../helpers/publicFixtures';
import { categories, contents } from '../../server/db/schema/index';
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

/** Rows the plan read from contents (kept and filtered out, over every loop). */
function contentRowsRead(node: PlanNode): number {
  const own =
    node['Relation Name'] === 'contents'
      ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops']
      : 0;
  return own + (node.Plans ?? []).reduce((n, p) => n + contentRowsRead(p), 0);
}

/** Serves the path and answers the content rows its queries read. */
async function rowsReadFor(path: string): Promise<{ status: number; body: string; rows: number }> {
  captured = [];
  const page = await getPage(t, path, domain);
  const queries = captured;
  captured = null;
  let rows = 0;
  for (const q of queries) {
    if (!/\bfrom "contents"/i.test(q.text) || !/^\s*(select|\()/i.test(q.text)) continue;
    const [plan] = (await explain(q.text, q.params)) as Array<{ Plan: PlanNode }>;
    rows += contentRowsRead(plan!.Plan);
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
  await t.db.execute(sql`analyze contents`);
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
    expect(detail.rows).toBeLessThanOrEqual(20);
    const home = await rowsReadFor(urls.home());
    expect(home.status).toBe(200);
    expect(home.rows).toBeLessThanOrEqual(40);
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
  });
});

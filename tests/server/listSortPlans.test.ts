import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertSite } from '../helpers/fixtures';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { expectIndexOrder, pageNodesOf, queryRecorder, shapeOf, type Captured } from '../helpers/queryPlans';
import { CONTENT_SORT_KEYS } from '../../models/content';

// Issue 16 with issue 14's rule: every order of the content list has an index. With thousands of rows, the
// list sorted by each sortable column, either way, under each of its usual filters (a site, one column, a
// status, both, the recycle bin, a column with sub-columns) reads its page in order from that key's index:
// no Sort over contents in its plan.

let t: TestApp;
let token: string;
let site: number;
let leaf: number;
let parent: number;
let db: ReturnType<typeof queryRecorder>;

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 100_000, login: 1000 } });
  token = await t.login();
  db = queryRecorder(t);
  site = await insertSite(t, 'SortPlans');
  const otherSite = await insertSite(t, 'SortPlansOther');
  const model = await insertModel(t);
  const columns = [];
  for (let i = 0; i < 8; i++) columns.push(await insertColumn(t, i < 6 ? site : otherSite, model));
  leaf = columns[0]!;
  parent = columns[1]!;
  await db.plain('update categories set parent_id = $1 where id = any($2::int[])', [parent, `{${columns[2]},${columns[3]}}`]);
  // 32,000 articles over 8 columns of 2 sites (and 32,000 more in the other site): a third published (the rest have no published_at), every 20th
  // recycled, views, sort numbers and update times with many ties.
  await db.plain(
    `insert into contents (site_id, category_id, title, status, is_top, views, sort, published_at, created_at, updated_at, deleted_at)
    select c.site_id, c.id, 'Article ' || i, case when i % 3 = 0 then 1 else 2 end, i % 50 = 0, i % 97, i % 13,
      case when i % 3 = 0 then now() - make_interval(mins => i) end, now() - make_interval(secs => i),
      now() - make_interval(secs => i % 700), case when i % 20 = 0 then now() end
    from generate_series(1, 4000) as i cross join (select id, site_id from categories where id = any($1::int[])) c`,
    [`{${columns.join(',')}}`],
  );
  // The other site is the bigger one: reading the whole table by id and skipping its rows costs more than a
  // site's own index.
  await db.plain(
    `insert into contents (site_id, category_id, title, status, created_at)
    select c.site_id, c.id, 'Other ' || i, 1, now() - make_interval(secs => i)
    from generate_series(1, 16000) as i cross join (select id, site_id from categories where id = any($1::int[])) c`,
    [`{${columns.slice(6).join(',')}}`],
  );
  await db.plain('analyze');
}, 120_000);
afterAll(() => t?.close());

/** The content list's page statement for a query, and the ids it answered. */
async function listPage(query: Record<string, unknown>): Promise<{ page: Captured; ids: number[] }> {
  const { result: res, queries } = await db.during(() => t.client(token, { siteId: site }).get<Array<{ id: number }>>('/content/index', { limit: 20, ...query }));
  expect(res.code, res.msg).toBe(0);
  const page = queries.find((q) => /from "contents"/i.test(q.text) && /order by/i.test(q.text) && /limit/i.test(q.text));
  expect(page, `no page query for ${JSON.stringify(query)}`).toBeDefined();
  return { page: page!, ids: res.data.map((r) => r.id) };
}

const ORDERS = ['asc', 'desc'] as const;

describe('the content list sorted by a column reads its page in order from an index', () => {
  for (const key of CONTENT_SORT_KEYS) {
    it(`by ${key}, both ways: a site, one column, a status, both, and the recycle bin`, async () => {
      for (const order of ORDERS) {
        // In id order the planner may as well read the primary key and skip the other site's rows.
        const or = (index: string) => (key === 'id' ? [index, 'contents_pkey'] : [index]);
        const cases: Array<[Record<string, unknown>, string[]]> = [
          [{ page: 18 }, or(`contents_sort_${key}_site_idx`)],
          [{ page: 18, category_id: leaf }, or(`contents_sort_${key}_column_idx`)],
          [{ page: 3, status: 1 }, or(`contents_sort_${key}_site_idx`)],
          [{ page: 3, category_id: leaf, status: 2 }, or(`contents_sort_${key}_column_idx`)],
          [{ page: 3, deleted: 1 }, or(`contents_sort_${key}_recycled_idx`)],
        ];
        for (const [query, index] of cases) {
          const what = JSON.stringify({ ...query, orderBy: key, order });
          const { page } = await listPage({ ...query, orderBy: key, order });
          expectIndexOrder(pageNodesOf(await db.plan(page)), 'contents', index, what);
        }
      }
    });

    it(`by ${key}, both ways: a column with sub-columns reads each column's first rows from its index`, async () => {
      for (const order of ORDERS) {
        const { page } = await listPage({ page: 18, category_id: parent, orderBy: key, order });
        const nodes = pageNodesOf(await db.plan(page));
        const shape = `${key} ${order}: ${shapeOf(nodes)}`;
        const limited = nodes.filter((n) => n['Node Type'] === 'Limit' && n.Plans?.[0]?.['Relation Name'] === 'contents');
        expect(limited.map((n) => `${n.Plans![0]!['Node Type']} (${n.Plans![0]!['Index Name']})`), shape).toEqual(
          Array(3).fill(expect.stringMatching(new RegExp(`^Index (Only )?Scan \\((contents_sort_${key}_column_idx${key === 'id' ? '|contents_pkey' : ''})\\)$`))),
        );
        expect(nodes.filter((n) => n['Relation Name'] === 'contents').length, shape).toBe(3);
      }
    });
  }

  it('the sorted pages are the rows in that order, ties broken by id, the same on every page', async () => {
    for (const [key, column] of [['views', 'views'], ['published_at', 'published_at'], ['sort', 'sort']] as const) {
      for (const order of ORDERS) {
        const nulls = key === 'published_at' ? (order === 'asc' ? ' nulls first' : ' nulls last') : '';
        for (const scope of [{}, { category_id: parent }]) {
          const { ids } = await listPage({ page: 7, orderBy: key, order, ...scope });
          const expected = await db.plain(
            `select id from contents where site_id = $1 and deleted_at is null
              and ($2::int is null or category_id in (select id from categories where id = $2 or parent_id = $2))
            order by ${column} ${order}${nulls}, id ${order} limit 20 offset 120`,
            [site, 'category_id' in scope ? scope.category_id : null],
          );
          expect(ids, `${key} ${order} ${JSON.stringify(scope)}`).toEqual(expected.rows.map((r) => Number(r.id)));
        }
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertSite } from '../helpers/fixtures';
import { insertColumn, insertModel, saveContent } from '../helpers/contentFixtures';

// The admin lists at scale: with thousands of rows, each list's page query is read in its order from an
// index (its plan has no Sort over the table), and the content list's total comes from counters kept in the
// writing transaction, not from a count over the column; those totals stay exact through every kind of write.

let t: TestApp;
let token: string;
let site: number;
let otherSite: number;
let leaf: number;
let parent: number;
let cate: number;

type Captured = { text: string; params: unknown[] };
let captured: Captured[] | null = null;
let plain: (text: string, params?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

/** Records every statement the app sends while `captured` is set (both drivers: PGlite and pg's Pool). */
function captureQueries() {
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }> } }).$client;
  const original = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : (first as { text: string }).text;
    const params = (Array.isArray(second) ? second : typeof first === 'string' ? undefined : (first as { values?: unknown[] }).values) as unknown[] | undefined;
    captured?.push({ text, params: params ?? [] });
    return original(...args);
  };
  plain = (text, params) => original(text, params ?? []);
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];
/** The nodes that read the page itself: per-row sub-plans (a row's tag names, the counters' total) left out. */
const pageNodesOf = (node: PlanNode): PlanNode[] => [
  node,
  ...(node.Plans ?? []).filter((p) => !/^(SubPlan|InitPlan)$/.test(p['Parent Relationship'] ?? '')).flatMap(pageNodesOf),
];

/** Calls a list and answers its captured statements. */
async function listing(path: string, query: Record<string, unknown>, siteId = site) {
  captured = [];
  const res = await t.client(token, { siteId }).get(path, { limit: 20, ...query });
  const queries = captured;
  captured = null;
  expect(res.code, res.msg).toBe(0);
  return { res, queries };
}

/** The plan of the list's page query (the one reading `table` with an ORDER BY and a LIMIT). */
async function pagePlan(path: string, table: string, query: Record<string, unknown>, siteId = site) {
  const { queries } = await listing(path, query, siteId);
  const page = queries.find((q) => new RegExp(`from "${table}"`, 'i').test(q.text) && /order by/i.test(q.text) && /limit/i.test(q.text));
  expect(page, `no page query on ${table}`).toBeDefined();
  const res = await plain(`explain (format json) ${page!.text}`, page!.params);
  const raw = res.rows[0]!['QUERY PLAN'];
  const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  return pageNodesOf(plan!.Plan);
}

/** The page is read in order from an index of the table: no Sort, no sequential or bitmap scan of it. */
async function expectIndexOrder(path: string, table: string, query: Record<string, unknown>, index: string, siteId = site) {
  const nodes = await pagePlan(path, table, query, siteId);
  const shape = nodes.map((n) => `${n['Node Type']}${n['Index Name'] ? ` (${n['Index Name']})` : n['Relation Name'] ? ` (${n['Relation Name']})` : ''}`).join(' > ');
  expect(nodes.filter((n) => /sort/i.test(n['Node Type'])), shape).toEqual([]);
  const scans = nodes.filter((n) => n['Relation Name'] === table);
  expect(scans.map((n) => n['Node Type']), shape).toEqual([expect.stringMatching(/^Index (Only )?Scan$/)]);
  expect(scans[0]!['Index Name'], shape).toBe(index);
}

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 100_000, login: 1000 } });
  token = await t.login();
  captureQueries();
  site = await insertSite(t, 'Plans');
  otherSite = await insertSite(t, 'PlansOther');
  const model = await insertModel(t);
  const columns = [];
  for (let i = 0; i < 8; i++) columns.push(await insertColumn(t, i < 6 ? site : otherSite, model));
  leaf = columns[0]!;
  parent = columns[1]!;
  await plain('update categories set parent_id = $1 where id = any($2::int[])', [parent, `{${columns[2]},${columns[3]}}`]);
  // 32,000 articles over 8 columns of 2 sites: every 50th pinned, a third published, every 20th recycled.
  await plain(`insert into contents (site_id, category_id, title, status, is_top, created_at, deleted_at)
    select c.site_id, c.id, 'Article ' || i, case when i % 3 = 0 then 1 else 2 end, i % 50 = 0,
      now() - make_interval(secs => i), case when i % 20 = 0 then now() end
    from generate_series(1, 4000) as i cross join (select id, site_id from categories where id = any($1::int[])) c`, [`{${columns.join(',')}}`]);
  const [row] = (await plain(`insert into attachment_cates (site_id, parent_id, title) values ($1, 0, 'Plans') returning id`, [site])).rows;
  cate = Number(row!.id);
  await plain(`insert into attachments (site_id, cate_id, name, url, type, created_at)
    select s, case when i % 4 = 0 then $3::int else 0 end, 'file ' || i, '/f/' || i, 1 + i % 5, now() - make_interval(secs => i)
    from generate_series(1, 10000) as i cross join unnest(array[$1::int, $2::int]) as s`, [site, otherSite, cate]);
  await plain(`insert into inquiries (site_id, name, content, status)
    select s, 'Visitor ' || i, 'Hello', i % 4 from generate_series(1, 10000) as i cross join unnest(array[$1::int, $2::int]) as s`, [site, otherSite]);
  await plain(`insert into opt_logs (admin_name, operation, content_type)
    select 'admin', 'save', case when i % 100 = 0 then 'ad' else (array['content', 'tag', 'site'])[1 + i % 3] end from generate_series(1, 20000) as i`);
  await plain(`insert into login_logs (name, success) select 'admin', i % 100 <> 0 from generate_series(1, 20000) as i`);
  await plain('analyze');
}, 120_000);
afterAll(() => t?.close());

describe('each admin list reads its page in order from an index', () => {
  it('the content list of a site, of one column, by status, both, and of its recycle bin', async () => {
    await expectIndexOrder('/content/index', 'contents', { page: 18 }, 'contents_admin_site_idx');
    await expectIndexOrder('/content/index', 'contents', { page: 18, category_id: leaf }, 'contents_admin_column_idx');
    await expectIndexOrder('/content/index', 'contents', { page: 3, status: 1 }, 'contents_admin_status_idx');
    await expectIndexOrder('/content/index', 'contents', { page: 3, category_id: leaf, status: 1 }, 'contents_admin_column_status_idx');
    await expectIndexOrder('/content/index', 'contents', { page: 3, deleted: 1 }, 'contents_admin_recycled_idx');
  });

  it('the content list of a column with sub-columns reads each column’s page in order from its index', async () => {
    const nodes = await pagePlan('/content/index', 'contents', { page: 18, category_id: parent });
    const shape = nodes.map((n) => `${n['Node Type']}${n['Index Name'] ? ` (${n['Index Name']})` : ''}`).join(' > ');
    // Only the columns' first pages are merged and sorted: every read of contents sits under its own Limit.
    const limited = nodes.filter((n) => n['Node Type'] === 'Limit' && n.Plans?.[0]?.['Relation Name'] === 'contents');
    expect(limited.map((n) => `${n.Plans![0]!['Node Type']} (${n.Plans![0]!['Index Name']})`), shape).toEqual(
      Array(3).fill(expect.stringMatching(/^Index (Only )?Scan \(contents_admin_column_idx\)$/)),
    );
    expect(nodes.filter((n) => n['Relation Name'] === 'contents').length, shape).toBe(3);
    const { res } = await listing('/content/index', { page: 18, category_id: parent });
    const expected = await plain(
      `select id from contents where site_id = $1 and deleted_at is null and category_id in (select id from categories where id = $2 or parent_id = $2)
        order by is_top desc, created_at desc, id desc limit 20 offset 340`,
      [site, parent],
    );
    expect((res.data as Array<{ id: number }>).map((r) => r.id)).toEqual(expected.rows.map((r) => Number(r.id)));
  });

  it('the attachment list of a site, of one category and of one type', async () => {
    await expectIndexOrder('/attachment/index', 'attachments', { page: 5 }, 'attachments_list_idx');
    await expectIndexOrder('/attachment/index', 'attachments', { page: 5, cate_id: cate }, 'attachments_list_cate_idx');
    await expectIndexOrder('/attachment/index', 'attachments', { page: 5, type: 2 }, 'attachments_list_type_idx');
  });

  it('the inquiry list of a site, and of one status', async () => {
    await expectIndexOrder('/inquiry/index', 'inquiries', { page: 5 }, 'inquiries_site_id_idx');
    await expectIndexOrder('/inquiry/index', 'inquiries', { page: 5, status: 1 }, 'inquiries_site_status_idx');
  });

  it('the operation log, of one record type, and the login log of failed sign-ins', async () => {
    await expectIndexOrder('/adminOptLog/index', 'opt_logs', { page: 5 }, 'opt_logs_pkey');
    await expectIndexOrder('/adminOptLog/index', 'opt_logs', { page: 2, content_type: 'ad' }, 'opt_logs_type_idx');
    await expectIndexOrder('/adminLoginLog/index', 'login_logs', { page: 5 }, 'login_logs_pkey');
    await expectIndexOrder('/adminLoginLog/index', 'login_logs', { page: 2, success: 0 }, 'login_logs_success_idx');
  });
});

const countsContents = (q: Captured) => /from "contents"/i.test(q.text) && /count\(/i.test(q.text);

/** The content list's total as the admin sees it, checked to come from the counters (no count over contents). */
const listTotal = async (siteId: number, query: Record<string, unknown>) => {
  const { res, queries } = await listing('/content/index', { limit: 1, ...query }, siteId);
  expect(queries.filter(countsContents), JSON.stringify(query)).toEqual([]);
  return res.count;
};

describe('the content list total', () => {
  it('comes from the counters, never a count over contents, and is exact', async () => {
    for (const query of [{}, { category_id: leaf }, { category_id: parent }, { status: 1 }, { category_id: leaf, status: 2 }, { deleted: 1 }]) {
      const { res, queries } = await listing('/content/index', { page: 18, ...query });
      expect(queries.filter(countsContents), JSON.stringify(query)).toEqual([]);
      expect(res.count, JSON.stringify(query)).toBe(await realCount(site, query));
    }
  });

  it('stays exact through create, edits, status changes, recycle, recover, restore, purge and bulk SQL', async () => {
    const s = await insertSite(t, 'Totals');
    const model = await insertModel(t);
    const parent = await insertColumn(t, s, model);
    const child = await insertColumn(t, s, model, { parentId: parent });
    const other = await insertColumn(t, s, model);
    const api = t.client(token, { siteId: s });
    const queries = [{}, { category_id: parent }, { category_id: child }, { category_id: other }, { status: 1 }, { status: 2 }, { category_id: parent, status: 1 }, { deleted: 1 }, { deleted: 1, category_id: child }];
    const check = async (step: string) => {
      for (const q of queries) expect(await listTotal(s, q), `${step} ${JSON.stringify(q)}`).toBe(await realCount(s, q));
    };

    const made = [];
    for (const [column, status] of [[parent, 1], [child, 2], [child, 1], [other, 2], [other, 1]] as const) made.push(await saveContent(api, column, { status }));
    await check('created');
    const [a, b, c, d, e] = made.map((m) => m.id) as [number, number, number, number, number];
    const current = (await api.get<{ version: number }>('/content/read', { id: b })).data;
    expect((await api.post('/content/update', { id: b, version: current.version, category_id: other, title: 'Moved', body: '<p>x</p>', status: 1 })).code).toBe(0);
    await check('moved and published');
    expect((await api.post('/content/editStatus', { ids: [a, c], status: 2 })).code).toBe(0);
    expect((await api.post('/content/topOpt', { ids: [a], is_top: true })).code).toBe(0);
    await check('status and pin changed');
    expect((await api.post('/content/delete', { ids: [a, c, d] })).code).toBe(0);
    await check('recycled');
    expect((await api.post('/content/recoverAll', { ids: [c] })).code).toBe(0);
    expect((await t.client(token).post('/recycleBin/restore', { items: [{ type: 'content', id: d }] })).code).toBe(0);
    await check('recovered and restored');
    expect((await t.client(token).post('/recycleBin/delete', { items: [{ type: 'content', id: a }] })).code).toBe(0);
    await check('purged');
    await plain(`insert into contents (site_id, category_id, title, status) select $1, $2, 'bulk ' || i, 1 + i % 2 from generate_series(1, 300) as i`, [s, child]);
    await plain(`update contents set deleted_at = now() where site_id = $1 and title like 'bulk %' and id % 3 = 0`, [s]);
    await plain(`update contents set category_id = $2 where site_id = $1 and title like 'bulk %' and id % 5 = 0`, [s, other]);
    await plain(`delete from contents where site_id = $1 and title like 'bulk %' and id % 7 = 0`, [s]);
    await check('bulk SQL');
    expect(e).toBeGreaterThan(0);
    // A database restore empties contents with TRUNCATE (no row triggers) and inserts the backup's rows.
    await plain('truncate contents cascade');
    await plain(`insert into contents (site_id, category_id, title, status) select $1, $2, 'restored ' || i, 1 + i % 2 from generate_series(1, 40) as i`, [s, other]);
    await check('truncated and refilled');
  });
});

/** count(*) over contents for a list query (site, recycle, column and its sub-columns, status). */
async function realCount(siteId: number, q: { category_id?: number; status?: number; deleted?: number }): Promise<number> {
  const res = await plain(
    `select count(*)::int as n from contents where site_id = $1 and (deleted_at is not null) = $2
      and ($3::int is null or category_id in (select id from categories where id = $3 or parent_id = $3))
      and ($4::int is null or status = $4)`,
    [siteId, q.deleted === 1, q.category_id ?? null, q.status ?? null],
  );
  return Number(res.rows[0]!.n);
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { createAdmin, createRole, looksLikeStack } from '../helpers/fixtures';
import { createSite, insertContent } from '../helpers/sites';
import { insertColumn, insertModel, insertProhibitedWords } from '../helpers/contentFixtures';
import { changedTables, dbFingerprint } from '../helpers/dbFingerprint';
import { attachments, friendLinks, inquiries, loginLogs, siteKeywords, tags } from '../../server/db/schema/index';
import { MAX_PAGE_SIZE } from '../../models/constants';
import { CONTENT_SORT_KEYS } from '../../models/content';

// Issue 15, attack regressions: filter, sort and paging injection on every admin list route. Each route is
// sent SQL in sort/order parameters, pages and page sizes out of range or not numbers at all, quotes and LIKE
// wildcards in its text filter, arrays and objects where a string is expected, JSON in its numeric filter and
// dates no database holds. Every answer is an envelope: refused with a localized 400, or the input treated as
// a literal (unknown sort keys ignored, wildcards matched as characters). A list that can be sorted (issue
// 16: ?orderBy=&order=) refuses any key it does not declare and any direction but asc / desc with a localized
// 400. Never a 500, never slow (pg_sleep would show), and no table changes.
//
// The route table is discovered from the app: every GET route that checks `limit` must have a row here, so
// a new list route cannot be left out.

let t: TestApp;
let token: string;
let siteId: number;
let modelId: number;
let formId: number;
let before: Record<string, string>;

/** A hang detector, far above a normal list call (a few ms) and far below pg_sleep(5). */
const SLOW_MS = 2_000;

interface ListRoute {
  url: string;
  /** Parameters the route needs besides the attack (a parent id). */
  needs?: () => Record<string, string>;
  /** Its text filter (LIKE), if it has one. */
  text?: string;
  /** A numeric filter, if it has one. */
  number?: string;
  /** Its date-range filter, if it has one. */
  dates?: boolean;
  /** Page-size ceiling when it is not the shared MAX_PAGE_SIZE. */
  maxLimit?: number;
  /** Answers its whole (small, bounded) tree whatever the page: the admin menus. */
  whole?: boolean;
  /** The keys its orderBy accepts, if it can be sorted. */
  sort?: readonly string[];
}

// prettier-ignore
const LIST_ROUTES: ListRoute[] = [
  { url: '/website/index', text: 'name', number: 'status' },
  { url: '/module/index', text: 'name' },
  { url: '/modelField/index', needs: () => ({ model_id: String(modelId) }) },
  { url: '/content/index', text: 'keyword', number: 'status', dates: true, sort: CONTENT_SORT_KEYS },
  { url: '/content/checkList', text: 'keyword' },
  { url: '/tag/index', text: 'name' },
  { url: '/slideCate/index', text: 'name' },
  { url: '/slide/index', text: 'title', number: 'cate_id' },
  { url: '/ad/index', text: 'title', number: 'status' },
  { url: '/innerChart/index', text: 'keyword', number: 'status' },
  { url: '/prohibitedWord/index', text: 'word' },
  { url: '/contentTag/contents', text: 'keyword' },
  { url: '/recycleBin/index', text: 'keyword', number: 'site_id' },
  { url: '/attachment/index', text: 'name', number: 'cate_id' },
  { url: '/navCate/index', text: 'name' },
  { url: '/navItem/index', text: 'title', number: 'cate_id' },
  { url: '/inquiry/index', text: 'name', number: 'status', dates: true },
  { url: '/inquiryCate/index', text: 'name' },
  { url: '/keyword/index', text: 'name', number: 'status', sort: ['name', 'weight'] },
  { url: '/seoCheck/index', maxLimit: 100 },
  { url: '/poster/index', text: 'name' },
  { url: '/link/index', text: 'name', number: 'status' },
  { url: '/inquiryEmail/index' },
  { url: '/positionCate/index', text: 'name' },
  { url: '/positionCity/index', text: 'name' },
  { url: '/position/index', text: 'title', number: 'cate_id' },
  { url: '/resume/index', text: 'name', number: 'status', dates: true },
  { url: '/form/index', text: 'name' },
  { url: '/form/detail', needs: () => ({ id: String(formId) }), text: 'keyword', dates: true },
  { url: '/admin/index', text: 'nickname', number: 'status' },
  { url: '/role/index', text: 'name' },
  { url: '/menu/index', text: 'title', whole: true },
  { url: '/adminLoginLog/index', text: 'name', number: 'success', dates: true },
  { url: '/adminOptLog/index', text: 'admin_name', dates: true },
];

interface Answer {
  status: number;
  code: number;
  msg: string;
  data: unknown;
  count?: number;
  ms: number;
}

/** A GET with a raw query string (so arrays, brackets and odd encodings reach the server as typed). */
async function rawGet(url: string, qs: string, language = 'en'): Promise<Answer> {
  const started = Date.now();
  const res = await fetch(`${t.url}/api${url}?${qs}`, { headers: { 'x-token': token, 'x-site-id': String(siteId), 'x-language': language } });
  const text = await res.text();
  const ms = Date.now() - started;
  expect(looksLikeStack(text), text).toBe(false);
  const json = JSON.parse(text) as Omit<Answer, 'status' | 'ms'>;
  return { ...json, status: res.status, ms };
}

const withNeeds = (route: ListRoute, params: Record<string, string>) => new URLSearchParams({ ...(route.needs?.() ?? {}), ...params }).toString();
const enc = (v: string) => encodeURIComponent(v);

/** Not a 500, not slow, an envelope whose code matches the HTTP status. */
function sane(a: Answer, what: string) {
  expect(a.status, `${what}: ${a.msg}`).toBeLessThan(500);
  expect(a.code, what).toBe(a.status === 200 ? 0 : a.status);
  expect(a.ms, `${what} took ${a.ms} ms`).toBeLessThan(SLOW_MS);
  expect(typeof a.msg).toBe('string');
  expect(a.msg.length).toBeGreaterThan(0);
}

/** A localized 400: the English sentence, and the Chinese one for the same request. */
async function refused(route: ListRoute, qs: string, what: string, en?: RegExp) {
  const a = await rawGet(route.url, qs, 'en');
  sane(a, what);
  expect({ what, status: a.status, code: a.code }).toEqual({ what, status: 400, code: 400 });
  if (en) expect(a.msg, what).toMatch(en);
  expect(a.msg, what).not.toMatch(/[\u4e00-\u9fff]/);
  const zh = await rawGet(route.url, qs, 'zh-CN');
  expect(zh.code, what).toBe(400);
  expect(zh.msg, what).toMatch(/[\u4e00-\u9fff]/);
}

const baseline = (route: ListRoute) => rawGet(route.url, withNeeds(route, {}));

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 100_000, login: 1000 } });
  token = await t.login();
  siteId = await createSite(t, token, { name: 'Injection' });
  modelId = await insertModel(t);
  const column = await insertColumn(t, siteId, modelId, { title: 'Injection column' });
  const form = await t.client(token, { siteId }).post<{ id: number }>('/form/save', { name: 'Injection form', type: 'form' });
  expect(form.code, form.msg).toBe(0);
  formId = form.data.id;
  // Something in the lists, so "ignored" is visible as the same rows.
  await insertContent(t, siteId, column, { title: 'Plain article' });
  await insertContent(t, siteId, column, { title: 'Another article' });
  before = await dbFingerprint(t);
});
afterAll(() => t?.close());

it('every GET route that checks a page size is in the attack table', async () => {
  const paged: string[] = [];
  for (const r of t.app.apiRoutes.filter((x) => x.method === 'GET')) {
    const res = await fetch(`${t.url}${r.url}?limit=0`, { headers: { 'x-token': token, 'x-site-id': String(siteId), 'x-language': 'en' } });
    expect(res.status, r.url).toBeLessThan(500);
    // Exports answer files, not envelopes.
    const body = (res.headers.get('content-type') ?? '').includes('json') ? ((await res.json()) as { code: number; msg: string }) : (await res.arrayBuffer(), null);
    if (body?.code === 400 && /^Page size/.test(body.msg)) paged.push(r.url.replace(/^\/api/, ''));
  }
  expect(paged.sort()).toEqual(LIST_ROUTES.map((r) => r.url).sort());
});

describe('filter, sort and paging injection on admin lists', () => {
  for (const route of LIST_ROUTES) {
    it(`${route.url}: SQL in sort and order, and unknown sort columns, are ignored (same rows, not slow)`, async () => {
      const base = await baseline(route);
      sane(base, 'baseline');
      expect(base.code).toBe(0);
      const attacks: Array<Record<string, string>> = [
        { sort: 'id;drop table x' },
        { sort: '(select pg_sleep(5))' },
        { sort: 'no_such_column', sortField: 'nope', sort_order: 'descend; select 1' },
        // A list that cannot be sorted ignores its sort parameters too (a sortable one refuses them, below).
        ...(route.sort ? [] : [{ order: 'desc, 1/0' }, { orderBy: 'password_hash', order: 'asc' }]),
      ];
      for (const attack of attacks) {
        const a = await rawGet(route.url, withNeeds(route, attack));
        sane(a, JSON.stringify(attack));
        expect({ code: a.code, data: a.data, count: a.count }, JSON.stringify(attack)).toEqual({ code: 0, data: base.data, count: base.count });
      }
      expect(changedTables(before, await dbFingerprint(t))).toEqual([]);
    });

    if (route.sort) {
      const keys = route.sort;
      it(`${route.url}: SQL, unknown columns and odd directions in orderBy / order are refused; each declared key sorts both ways`, async () => {
        const base = await baseline(route);
        const attacks: Array<Record<string, string>> = [
          { orderBy: 'password_hash' },
          { orderBy: 'id;drop table x' },
          { orderBy: '(select pg_sleep(5))' },
          { orderBy: `${keys[0]} desc, 1/0` },
          { orderBy: `"${keys[0]}"` },
          { orderBy: keys[0]!.toUpperCase() },
          { orderBy: keys[0]!, order: 'desc, 1/0' },
          { orderBy: keys[0]!, order: 'descend' },
          { orderBy: keys[0]!, order: '(select pg_sleep(5))' },
          { order: 'asc; drop table x' },
        ];
        for (const attack of attacks) {
          await refused(route, withNeeds(route, attack), JSON.stringify(attack), /^Sort (by|direction) must be one of: /);
        }
        // Repeated where one key is expected: refused; bracketed names are other parameters, ignored.
        for (const qs of [`orderBy=${keys[0]}&orderBy=${keys[1] ?? keys[0]}`, `order=asc&order=desc&orderBy=${keys[0]}`]) {
          await refused(route, withNeeds(route, {}) + '&' + qs, qs);
        }
        for (const qs of [`orderBy[]=${keys[0]}`, 'orderBy[$ne]=x']) {
          const a = await rawGet(route.url, withNeeds(route, {}) + '&' + qs);
          sane(a, qs);
          expect({ code: a.code, data: a.data }, qs).toEqual({ code: 0, data: base.data });
        }
        for (const key of keys) {
          for (const order of ['asc', 'desc']) {
            const a = await rawGet(route.url, withNeeds(route, { orderBy: key, order }));
            sane(a, `${key} ${order}`);
            expect({ code: a.code, count: a.count }, `${key} ${order}`).toEqual({ code: 0, count: base.count });
            const ids = (rows: unknown) => (rows as Array<{ id: number }>).map((r) => r.id).sort((x, y) => x - y);
            expect(ids(a.data), `${key} ${order}`).toEqual(ids(base.data));
          }
        }
        expect(changedTables(before, await dbFingerprint(t))).toEqual([]);
      });
    }

    it(`${route.url}: a page below 1, past any int or not a number is refused; a far page is empty`, async () => {
      for (const page of ['-1', '0', '1e20', '9007199254740993', '1 or 1=1', '1;select 1', '{"$gt":0}', 'NaN', 'Infinity']) {
        await refused(route, withNeeds(route, { page }), `page=${page}`, /^Page /);
      }
      const base = await baseline(route);
      const far = await rawGet(route.url, withNeeds(route, { page: '1000000000' }));
      sane(far, 'page=1e9');
      expect(far.code).toBe(0);
      expect(far.count).toBe(base.count);
      if (route.whole) expect(far.data).toEqual(base.data);
      else expect(Array.isArray(far.data) ? far.data : ((far.data as { list?: unknown[] })?.list ?? [])).toEqual([]);
      expect(changedTables(before, await dbFingerprint(t))).toEqual([]);
    });

    it(`${route.url}: a page size of 0, negative, over the ceiling or not a number is refused`, async () => {
      const max = route.maxLimit ?? MAX_PAGE_SIZE;
      for (const limit of ['100000', String(max + 1), '0', '-5', '1 or 1=1', '10; drop table x', '[1]', '{"a":1}', '1.5']) {
        await refused(route, withNeeds(route, { limit }), `limit=${limit}`, /^Page size/);
      }
      // An unknown name for the page size is ignored, never a way past the ceiling.
      const a = await rawGet(route.url, withNeeds(route, { page_size: '100000', pageSize: '100000', per_page: '100000' }));
      sane(a, 'page_size');
      expect(a.code).toBe(0);
      expect(changedTables(before, await dbFingerprint(t))).toEqual([]);
    });

    if (route.text) {
      const key = route.text;
      it(`${route.url}: quotes, LIKE wildcards, NULs, arrays and objects in the "${key}" filter are literals or refused`, async () => {
        for (const value of ["' or '1'='1", "'; drop table admins; --", '%', '_', '\\', '%%%_', '$1', "\\'"]) {
          const a = await rawGet(route.url, withNeeds(route, { [key]: value }));
          sane(a, `${key}=${value}`);
          expect(a.code, `${key}=${value}`).toBe(0);
        }
        await refused(route, withNeeds(route, { [key]: 'a\u0000b' }), `${key}=NUL`, /valid format/);
        await refused(route, `${withNeeds(route, {})}&${key}=a&${key}=b`, `${key} twice (an array)`, /must be text/);
        await refused(route, withNeeds(route, { [key]: 'x'.repeat(101) }), `${key} too long`, /at most 100/);
        // Bracket keys are not parsed into objects: `name[$ne]=x` is an unknown key, ignored.
        const base = await baseline(route);
        const obj = await rawGet(route.url, `${withNeeds(route, {})}&${enc(`${key}[$ne]`)}=x&${enc(`${key}[]`)}=x`);
        sane(obj, `${key}[$ne]`);
        expect({ code: obj.code, count: obj.count }).toEqual({ code: 0, count: base.count });
        expect(changedTables(before, await dbFingerprint(t))).toEqual([]);
      });
    }

    if (route.number) {
      const key = route.number;
      it(`${route.url}: JSON, SQL and arrays in the numeric "${key}" filter are refused`, async () => {
        for (const value of ['{"$gt":0}', '1 or 1=1', '1;select pg_sleep(5)', '[1,2]', 'true', '99999999999']) {
          await refused(route, withNeeds(route, { [key]: value }), `${key}=${value}`);
        }
        await refused(route, `${withNeeds(route, {})}&${key}=1&${key}=2`, `${key} twice`);
        expect(changedTables(before, await dbFingerprint(t))).toEqual([]);
      });
    }

    if (route.dates) {
      it(`${route.url}: dates no database holds and SQL in the date filter are refused`, async () => {
        for (const [k, v] of [
          ['start', '275760-09-13'],
          ['end', '275760-09-13'],
          ['start', '-271821-04-20'],
          ['end', '99999-12-31'],
          ['start', '0001-01-01'],
          ['start', "2024-01-01' or '1'='1"],
          ['end', '1e20'],
        ] as const) {
          await refused(route, withNeeds(route, { [k]: v }), `${k}=${v}`);
        }
        const ok = await rawGet(route.url, withNeeds(route, { start: '2000-01-01', end: '9999-12-30' }));
        sane(ok, 'a wide but real range');
        expect(ok.code).toBe(0);
        expect(changedTables(before, await dbFingerprint(t))).toEqual([]);
      });
    }
  }
});

// LIKE wildcards are literal: searching `%` finds only records whose text holds a `%`, and the same for `_`
// and `\`. Each row seeds a record holding all three and a decoy holding none, in the route's own table.
const NEEDLE = 'N 100% a_b C:\\p';
const DECOY = 'D 100 pct aXb C p';

interface LikeRow {
  route: string;
  key: string;
  /** The field of a listed row that the filter searches. */
  field: string;
  seed: (text: string) => Promise<unknown>;
}

// prettier-ignore
const LIKE_ROWS: LikeRow[] = [
  { route: '/content/index', key: 'keyword', field: 'title', seed: async (title) => insertContent(t, siteId, await insertColumn(t, siteId, modelId), { title }) },
  { route: '/tag/index', key: 'name', field: 'name', seed: (name) => t.db.insert(tags).values({ siteId, name }) },
  { route: '/attachment/index', key: 'name', field: 'name', seed: (name) => t.db.insert(attachments).values({ siteId, name, url: `/uploads/${encodeURIComponent(name)}.png` } as never) },
  { route: '/form/index', key: 'name', field: 'name', seed: (name) => t.client(token, { siteId }).post('/form/save', { name, type: 'form' }) },
  { route: '/inquiry/index', key: 'name', field: 'name', seed: (name) => t.db.insert(inquiries).values({ siteId, name, content: 'hello' } as never) },
  { route: '/keyword/index', key: 'name', field: 'name', seed: (name) => t.db.insert(siteKeywords).values({ siteId, name, link: 'https://example.com/' } as never) },
  { route: '/link/index', key: 'name', field: 'name', seed: (name) => t.db.insert(friendLinks).values({ siteId, name, url: 'https://example.com/' } as never) },
  { route: '/prohibitedWord/index', key: 'word', field: 'word', seed: (word) => insertProhibitedWords(t, [{ word }]) },
  { route: '/admin/index', key: 'nickname', field: 'nickname', seed: async (nickname) => createAdmin(t, token, { role_id: await createRole(t, token, []), nickname }) },
  { route: '/adminLoginLog/index', key: 'name', field: 'name', seed: (name) => t.db.insert(loginLogs).values({ name, success: false, ip: '127.0.0.1' } as never) },
  { route: '/recycleBin/index', key: 'keyword', field: 'title', seed: (name) => t.db.insert(tags).values({ siteId, name, deletedAt: new Date(), deletedBy: 1 } as never) },
];

describe('LIKE wildcards in a filter match only themselves', () => {
  for (const row of LIKE_ROWS) {
    it(`${row.route}: searching %, _ or \\ in "${row.key}" finds only records holding that character`, async () => {
      await row.seed(NEEDLE);
      await row.seed(DECOY);
      const seeded = await dbFingerprint(t);
      const listed = (a: Answer) => (Array.isArray(a.data) ? a.data : ((a.data as { list?: unknown[] }).list ?? [])) as Array<Record<string, unknown>>;
      for (const needle of ['%', '_', '\\', '0% a_', ':\\p']) {
        const a = await rawGet(row.route, new URLSearchParams({ [row.key]: needle, limit: String(MAX_PAGE_SIZE) }).toString());
        sane(a, needle);
        expect(a.code, a.msg).toBe(0);
        const values = listed(a).map((r) => String(r[row.field]));
        expect(values, `${row.key}=${needle}`).toContain(NEEDLE);
        expect(values.every((v) => v.toLowerCase().includes(needle.toLowerCase())), `${row.key}=${needle}: ${values.join(' | ')}`).toBe(true);
        expect(a.count).toBe(values.length);
      }
      const quote = await rawGet(row.route, new URLSearchParams({ [row.key]: "' or '1'='1" }).toString());
      expect({ code: quote.code, count: quote.count }).toEqual({ code: 0, count: 0 });
      expect(changedTables(seeded, await dbFingerprint(t))).toEqual([]);
    });
  }
});

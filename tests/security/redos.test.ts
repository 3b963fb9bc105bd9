import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { looksLikeStack, uniqueName } from '../helpers/fixtures';
import { createSite, insertContent, uniqueDomain } from '../helpers/sites';
import { getPage } from '../helpers/publicFixtures';
import { insertColumn, insertModel, insertProhibitedWords } from '../helpers/contentFixtures';
import { changedTables, dbFingerprint } from '../helpers/dbFingerprint';
import { contents, formSubmissions, forms, prohibitedWords } from '../../server/db/schema/index';
import { isSlowPattern } from '../../models/formRules';

// Issue 15, attack regressions: ReDoS. Inputs built to make a backtracking regex run for minutes, fed to
// the public site search, the admin list search, the prohibited-word check (with a dictionary full of regex
// metacharacters), the tag generator and the form rule engine (admin-written patterns checked against
// visitors' values). Each answers within a hang-detector bound (2 s, or 10× the same call on a normal
// input when that is slower), and metacharacters in word lists match only themselves.

const HANG_MS = 2_000;
/** Classic catastrophic inputs: a long run then a character that makes every split fail. */
const EVIL = ['a'.repeat(50_000) + '!', 'a'.repeat(3000) + '!', 'a'.repeat(30) + '!', '(a+)+$', '(.*)*x' + 'x'.repeat(5000), '[' + ']'.repeat(2000), '\\'.repeat(10_000), '%_'.repeat(20_000)];

let t: TestApp;
let token: string;
let siteId: number;
let columnId: number;
const site = { domain: uniqueDomain('redos') };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 100_000, login: 1000 }, trustProxy: true });
  token = await t.login();
  siteId = await createSite(t, token, { name: 'ReDoS', domain: site.domain });
  columnId = await insertColumn(t, siteId, await insertModel(t), { title: 'ReDoS column' });
  await insertContent(t, siteId, columnId, { title: 'A normal article about tea' });
});
afterAll(() => t?.close());

/** What fits in a URL (Node refuses request heads over 16 KB with 431 before any handler runs). */
const IN_URL = EVIL.filter((e) => encodeURIComponent(e).length < 12_000);

/** Time of one call, in ms. */
async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}
/** The hang bound: 2 s, or ten times the normal call if the machine is that slow. */
const bound = (normalMs: number) => Math.max(HANG_MS, normalMs * 10);

describe('ReDoS: search', () => {
  it('the public site search answers catastrophic and metacharacter queries quickly, as literal text', async () => {
    const normal = await timed(() => getPage(t, `/search/?q=${encodeURIComponent('tea')}`, site.domain));
    expect(normal.value.status).toBe(200);
    for (const q of [...IN_URL, '.*', '(a|aa)*$', 'a{1,99999}', '\u0000', '%00%', "' or '1'='1"]) {
      const res = await timed(() => getPage(t, `/search/?q=${encodeURIComponent(q)}`, site.domain));
      expect(res.value.status, q.slice(0, 40)).toBe(200);
      expect(looksLikeStack(res.value.body)).toBe(false);
      expect(res.ms, q.slice(0, 40)).toBeLessThan(bound(normal.ms));
      // Nothing matches a metacharacter query: the article about tea is not found by `.*` or `%`.
      expect(res.value.body, q.slice(0, 40)).not.toContain('A normal article about tea');
    }
    // A query too long for a URL is refused by the HTTP layer itself, at once.
    const huge = await timed(() => getPage(t, `/search/?q=${'a'.repeat(50_000)}!`, site.domain));
    expect(huge.value.status).toBe(431);
    expect(huge.ms).toBeLessThan(bound(normal.ms));
  });

  it('the admin content search refuses over-long queries and answers metacharacters quickly', async () => {
    const client = t.client(token, { siteId, language: 'en' });
    const normal = await timed(() => client.get('/content/index', { keyword: 'tea' }));
    expect(normal.value.count).toBe(1);
    for (const keyword of IN_URL) {
      const res = await timed(() => client.get('/content/index', { keyword }));
      expect(res.ms).toBeLessThan(bound(normal.ms));
      if (keyword.trim().length > 100) expect({ code: res.value.code, msg: res.value.msg }).toEqual({ code: 400, msg: 'Keyword must be at most 100 characters' });
      else expect({ code: res.value.code, count: res.value.count }).toEqual({ code: 0, count: 0 });
    }
  });
});

describe('ReDoS: prohibited words', () => {
  const META = ['(a+)+$', '.*', '[', 'a{1,99999}', '\\', '(?<x>a)\\k<x>', '^$', '|', ')('];
  beforeAll(async () => {
    await t.db.delete(prohibitedWords);
    await insertProhibitedWords(t, [...META.map((word) => ({ word, level: 2 as const })), { word: '违禁词', level: 1 }]);
  });

  it('a dictionary of regex metacharacters marks only their literal occurrences', async () => {
    const client = t.client(token, { siteId, language: 'en' });
    const res = await client.post<{ return_str: string; word_list: Array<{ title: string }> }>('/content/wordSearch', {
      content: '<p>plain aaaa text, then (a+)+$ and .* and [ once, 违禁词</p>',
    });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.word_list.map((w) => w.title).sort()).toEqual(['(a+)+$', '.*', '[', '违禁词'].sort());
    expect(res.data.return_str).toContain('<mark class="word-level-2">(a+)+$</mark>');
    expect(res.data.return_str).toContain('<mark class="word-level-2">.*</mark>');
    // `.*` did not swallow the text, `^$` and `|` did not match empty strings everywhere.
    expect(res.data.return_str).toContain('plain aaaa text, then ');
    expect(res.data.return_str.match(/<mark /g)).toHaveLength(4);
  });

  it('the check answers catastrophic inputs against that dictionary quickly', async () => {
    const client = t.client(token, { siteId, language: 'en' });
    const normal = await timed(() => client.post('/content/wordSearch', { content: '<p>A normal paragraph about tea.</p>' }));
    expect(normal.value.code).toBe(0);
    for (const text of EVIL) {
      const res = await timed(() => client.post<{ word_list: unknown[] }>('/content/wordSearch', { content: `<p>${text.replace(/</g, '&lt;')}</p>` }));
      expect(res.value.code, res.value.msg).toBe(0);
      expect(res.ms, text.slice(0, 40)).toBeLessThan(bound(normal.ms));
    }
  });

  it('a large dictionary against a long body answers within the bound', async () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({ word: `w${i}(x+)+y`, level: 1 as const }));
    await insertProhibitedWords(t, many);
    const client = t.client(token, { siteId, language: 'en' });
    const normal = await timed(() => client.post('/content/wordSearch', { content: '<p>tea</p>' }));
    const body = `<p>${'w1(x+)+y '.repeat(2000)}${'x'.repeat(100_000)}!</p>`;
    const res = await timed(() => client.post<{ word_list: unknown[] }>('/content/wordSearch', { content: body }));
    expect(res.value.code, res.value.msg).toBe(0);
    expect(res.value.data.word_list).toHaveLength(1);
    expect(res.ms).toBeLessThan(bound(normal.ms) * 2);
  });
});

describe('ReDoS: tag generation', () => {
  it('suggesting tags for a body of catastrophic and metacharacter text answers within the bound', async () => {
    const client = t.client(token, { siteId, language: 'en' });
    const plain = await insertContent(t, siteId, columnId, { title: '云计算与大数据' });
    // Loads the segmenter's dictionary once, outside the measured calls.
    expect((await client.get('/contentTag/suggest', { content_id: plain })).code).toBe(0);
    const normal = await timed(() => client.get('/contentTag/suggest', { content_id: plain }));
    for (const text of EVIL) {
      const id = await insertContent(t, siteId, columnId, { title: text.slice(0, 200) });
      await t.db.update(contents).set({ body: `<p>${text.replace(/</g, '&lt;')}</p>` }).where(eq(contents.id, id));
      const res = await timed(() => client.get('/contentTag/suggest', { content_id: id }));
      expect(res.value.code, res.value.msg).toBe(0);
      expect(res.ms, text.slice(0, 40)).toBeLessThan(bound(normal.ms));
    }
  });
});

describe('ReDoS: form rule patterns', () => {
  let ips = 0;
  const nextIp = () => `198.18.${Math.floor(++ips / 250)}.${(ips % 250) + 1}`;

  function submit(code: string, fields: Record<string, string>): Promise<{ status: number; body: string }> {
    const url = new URL(t.url);
    const body = new URLSearchParams(fields).toString();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: `/form/${code}/`,
          method: 'POST',
          headers: { host: site.domain, 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)), 'x-forwarded-for': nextIp(), accept: 'application/json' },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  const design = (pattern: string) => ({ rules: [{ field: 'code', title: 'Code', type: 'input', validate: [{ pattern }] }], options: {} });

  async function publishedForm(pattern: string) {
    const client = t.client(token, { siteId, language: 'en' });
    const code = uniqueName('redos').toLowerCase();
    const created = await client.post<{ id: number }>('/form/save', { name: code, type: 'form', code });
    expect(created.code, created.msg).toBe(0);
    const saved = await client.post('/form/saveDesign', { id: created.data.id, design: design(pattern) });
    return { id: created.data.id, code, saved };
  }

  for (const pattern of ['^(a+)+$', '^(a|aa)*$', '^(\\w+\\s?)*$', '^([a-z]*)*!$', '(x+x+)+y', '^(a+)\\1$']) {
    it(`an admin cannot save the catastrophic pattern ${pattern} (localized 400, nothing stored)`, async () => {
      const client = t.client(token, { siteId, language: 'en' });
      const code = uniqueName('redos').toLowerCase();
      const created = await client.post<{ id: number }>('/form/save', { name: code, type: 'form', code });
      const tables = await dbFingerprint(t);
      const res = await client.post('/form/saveDesign', { id: created.data.id, design: design(pattern) });
      expect({ status: res.status, code: res.code }).toEqual({ status: 400, code: 400 });
      expect(res.msg).toMatch(/could take too long/);
      const zh = await t.client(token, { siteId }).post('/form/saveDesign', { id: created.data.id, design: design(pattern) });
      expect(zh.msg).toMatch(/[\u4e00-\u9fff]/);
      expect(changedTables(tables, await dbFingerprint(t))).toEqual([]);
    });
  }

  it('ordinary validation patterns are still accepted and enforced', async () => {
    for (const p of ['^[0-9+ -]{5,20}$', '^\\w+@\\w+\\.\\w+$', '^(foo|bar)$', '^[A-Z]{2}\\d{4}$', '^(\\d{3}-)?\\d{4}$']) expect(isSlowPattern(p), p).toBe(false);
    const form = await publishedForm('^[A-Z]{2}\\d{4}$');
    expect(form.saved.code, form.saved.msg).toBe(0);
    expect((await t.client(token, { siteId }).post('/form/status', { id: form.id, status: 'published' })).code).toBe(0);
    expect((await submit(form.code, { code: 'AB1234' })).status).toBeLessThan(400);
    expect((await submit(form.code, { code: 'not it' })).status).toBe(422);
  });

  it('a catastrophic pattern stored before the check cannot hang the public form: visitors get an answer within the bound', async () => {
    const form = await publishedForm('^[a-z]+$');
    expect((await t.client(token, { siteId }).post('/form/status', { id: form.id, status: 'published' })).code).toBe(0);
    // As if saved by an older version: straight into the stored design.
    await t.db.update(forms).set({ design: design('^(a+)+$') } as never).where(eq(forms.id, form.id));
    const normal = await timed(() => submit(form.code, { code: 'aaa' }));
    const res = await timed(() => submit(form.code, { code: 'a'.repeat(34) + '!' }));
    expect(res.ms).toBeLessThan(bound(normal.ms));
    expect(res.value.status).toBeLessThan(500);
    const big = await timed(() => submit(form.code, { code: 'a'.repeat(20_000) + '!' }));
    expect(big.ms).toBeLessThan(bound(normal.ms));
    expect(big.value.status).toBeLessThan(500);
    expect((await t.db.select().from(formSubmissions).where(eq(formSubmissions.formId, form.id))).length).toBeLessThanOrEqual(3);
  });
});

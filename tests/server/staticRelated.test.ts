import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { getPage, runStaticJob } from '../helpers/publicFixtures';
import { categories, contents } from '../../server/db/schema/index';

// Issue 14: a detail page shows the next five items after it in its column (the older ones), so one edit in a
// 300-item column rewrites O(1) pages: its own, the five before it, the list page that lists it, home and the
// sitemap; publishing a new newest item shifts the list pages but rewrites no other detail page. After each
// run the output still equals the live pages and what a fresh whole-site run writes.

const N = 300;
const PAGE = 20;
let t: TestApp;
let token: string;
let siteId: number;
let column: number;
let alias: string;
const domain = uniqueDomain('related');
/** Item ids, newest first (the column's public order). */
let order: number[] = [];
const MARKER = '/.banyan-static';
const START = Date.now() - 10 * 24 * 3600_000;

const outDir = () => path.join(t.dataDir, 'static', `site-${siteId}`);
const run = (body: Record<string, unknown>) => runStaticJob(t, token, siteId, body);
const detail = (id: number) => `/${alias}/${id}.html`;

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out.push('/' + path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  }
  return out.filter((f) => f !== MARKER).sort();
}

const mtimes = async () => new Map(await Promise.all((await filesUnder(outDir())).map(async (f) => [f, (await fs.stat(path.join(outDir(), f))).mtimeMs] as const)));
/** The files a run rewrote (or created), from their modification times. */
async function rewrittenSince(before: Map<string, number>): Promise<string[]> {
  const now = await mtimes();
  return [...now].filter(([f, m]) => before.get(f) !== m).map(([f]) => f).sort();
}

async function expectMatchesLive() {
  const files = await filesUnder(outDir());
  for (const f of files) {
    const live = await getPage(t, f.replace(/index\.html$/, ''), domain);
    expect(live.status, f).toBe(200);
    expect(await fs.readFile(path.join(outDir(), f), 'utf8'), f).toBe(live.body);
  }
  await run({ scope: 'site' });
  expect(await filesUnder(outDir())).toEqual(files);
}

const insertItem = async (title: string, at: Date) =>
  (
    await t.db
      .insert(contents)
      .values({ siteId, categoryId: column, title, body: `<p>${title}</p>`, fields: {}, status: 1, checkStatus: 'published', publishedAt: at })
      .returning({ id: contents.id })
  )[0]!.id;

/** Waits past the file system's time resolution, so a rewrite shows in the modification time. */
const tick = () => new Promise((r) => setTimeout(r, 30));

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
  token = await t.login();
  const modelId = await insertModel(t);
  siteId = await createSite(t, token, { name: 'Related Co', domain });
  column = await insertColumn(t, siteId, modelId, { title: 'Archive' });
  await t.db.update(categories).set({ pageSize: PAGE }).where(eq(categories.id, column));
  alias = (await t.db.select({ alias: categories.alias }).from(categories).where(eq(categories.id, column)))[0]!.alias;
  const rows = Array.from({ length: N }, (_, i) => ({
    siteId,
    categoryId: column,
    title: `Entry ${i + 1}`,
    body: `<p>Entry ${i + 1}</p>`,
    fields: {},
    status: 1,
    checkStatus: 'published',
    publishedAt: new Date(START + i * 60_000),
  }));
  const ids = (await t.db.insert(contents).values(rows).returning({ id: contents.id })).map((r) => r.id);
  order = ids.reverse();
  const result = await run({ scope: 'site' });
  expect(result.failed).toEqual([]);
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('related items follow each item, so a republish touches O(1) pages', () => {
  it('a detail page shows the next five older items of its column, live and static alike', async () => {
    const k = 42;
    const page = await getPage(t, detail(order[k]!), domain);
    const shown = [...page.body.matchAll(/href="\/[^"]+\/(\d+)\.html"/g)].map((m) => Number(m[1]));
    expect(shown).toEqual(order.slice(k + 1, k + 6));
    expect(await fs.readFile(path.join(outDir(), detail(order[k]!)), 'utf8')).toBe(page.body);
    // The oldest items show fewer.
    const last = await getPage(t, detail(order[N - 2]!), domain);
    expect([...last.body.matchAll(/href="\/[^"]+\/(\d+)\.html"/g)].map((m) => Number(m[1]))).toEqual([order[N - 1]]);
  });

  it('one article edited in a 300-article column: its page, the five before it, its list page, home and the sitemap', async () => {
    const k = 150; // on list page 8 (items 140-159)
    const id = order[k]!;
    const before = await mtimes();
    await tick();
    await t.db.update(contents).set({ title: 'Entry edited in the middle' }).where(eq(contents.id, id));
    const result = await run({ scope: 'content', ids: [id] });
    expect(result.failed).toEqual([]);
    const expected = [detail(id), ...order.slice(k - 5, k).map(detail), `/${alias}/page/8/index.html`, '/index.html'];
    expect(await rewrittenSince(before)).toEqual([...expected, '/sitemap.xml'].sort());
    expect(result.pages).toBe(9);
    for (const other of order.slice(k - 5, k)) expect(await fs.readFile(path.join(outDir(), detail(other)), 'utf8')).toContain('Entry edited in the middle');
    await expectMatchesLive();
  }, 240_000);

  it('an article moved in the order: the pages before its old and its new place are rewritten, no others', async () => {
    const id = order[200]!;
    const before = await mtimes();
    await tick();
    // Now between order[99] and order[100].
    const [{ at }] = (await t.db.select({ at: contents.publishedAt }).from(contents).where(eq(contents.id, order[100]!))) as [{ at: Date }];
    await t.db.update(contents).set({ publishedAt: new Date(at.getTime() + 30_000) }).where(eq(contents.id, id));
    const result = await run({ scope: 'content', ids: [id] });
    expect(result.failed).toEqual([]);
    const details = (await rewrittenSince(before)).filter((f) => /\/\d+\.html$/.test(f));
    expect(details.sort()).toEqual([id, ...order.slice(195, 200), ...order.slice(95, 100)].map(detail).sort());
    order = [...order.slice(0, 100).filter((x) => x !== id), id, ...order.slice(100).filter((x) => x !== id)];
    await expectMatchesLive();
  }, 240_000);

  it('a new newest article published: the list pages shift, but no other detail page is rewritten', async () => {
    const before = await mtimes();
    await tick();
    const id = await insertItem('Entry brand new', new Date(Date.now() - 1000));
    const result = await run({ scope: 'content', ids: [id] });
    expect(result.failed).toEqual([]);
    const rewritten = await rewrittenSince(before);
    expect(rewritten.filter((f) => /\/\d+\.html$/.test(f))).toEqual([detail(id)]);
    // 301 items, 20 a page: 16 list pages (the 16th new), each shifted by one; home and the sitemap.
    const lists = Array.from({ length: 16 }, (_, i) => (i ? `/${alias}/page/${i + 1}/index.html` : `/${alias}/index.html`));
    expect(rewritten).toEqual([detail(id), ...lists, '/index.html', '/sitemap.xml'].sort());
    expect(result.pages).toBe(19);
    await expectMatchesLive();
  }, 240_000);
});

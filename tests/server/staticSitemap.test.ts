import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { getPage, runStaticJob } from '../helpers/publicFixtures';
import { categories, contents } from '../../server/db/schema/index';
import { sitemapLimits } from '../../server/public/seoFiles';

// Issue 14: a site with more items than one sitemap block holds gets a sitemap index (sitemap.xml) of
// sitemap-pages.xml (home, columns…) and one sitemap-<n>.xml per block of item ids, so republishing one item
// rewrites the index, the pages part and its own block, never the other items' lines. Static files equal the
// live answers after every run; a site that shrinks back to one block gets one sitemap again and the parts go.

const CHUNK = 10;
const N = 35;
let t: TestApp;
let token: string;
let siteId: number;
let column: number;
let alias: string;
let ids: number[] = [];
const domain = uniqueDomain('sitemap');
const START = Date.now() - 10 * 24 * 3600_000;
const chunkBefore = sitemapLimits.chunk;

const outDir = () => path.join(t.dataDir, 'static', `site-${siteId}`);
const run = (body: Record<string, unknown>) => runStaticJob(t, token, siteId, body);
const block = (id: number) => Math.floor(id / CHUNK);
const sitemapFiles = async () => (await fs.readdir(outDir())).filter((f) => /^sitemap.*\.xml$/.test(f)).map((f) => `/${f}`).sort();
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
const mtimes = async () => new Map(await Promise.all((await sitemapFiles()).map(async (f) => [f, (await fs.stat(path.join(outDir(), f))).mtimeMs] as const)));
const tick = () => new Promise((r) => setTimeout(r, 30));

/** Every sitemap file of the output equals the live answer, and the live index lists exactly those parts. */
async function expectSitemapsMatchLive() {
  const files = await sitemapFiles();
  for (const f of files) {
    const live = await getPage(t, f, domain);
    expect(live.status, f).toBe(200);
    expect(await fs.readFile(path.join(outDir(), f), 'utf8'), f).toBe(live.body);
  }
  const index = (await getPage(t, '/sitemap.xml', domain)).body;
  if (index.includes('<sitemapindex')) expect(['/sitemap.xml', ...locs(index)].sort()).toEqual(files);
  else expect(files).toEqual(['/sitemap.xml']);
}

beforeAll(async () => {
  sitemapLimits.chunk = CHUNK;
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
  token = await t.login();
  const modelId = await insertModel(t);
  siteId = await createSite(t, token, { name: 'Sitemap Co', domain });
  column = await insertColumn(t, siteId, modelId, { title: 'Notes' });
  alias = (await t.db.select({ alias: categories.alias }).from(categories).where(eq(categories.id, column)))[0]!.alias;
  const rows = Array.from({ length: N }, (_, i) => ({
    siteId,
    categoryId: column,
    title: `Note ${i + 1}`,
    body: `<p>Note ${i + 1}</p>`,
    fields: {},
    status: 1,
    checkStatus: 'published',
    publishedAt: new Date(START + i * 60_000),
  }));
  ids = (await t.db.insert(contents).values(rows).returning({ id: contents.id })).map((r) => r.id);
  const result = await run({ scope: 'site' });
  expect(result.failed).toEqual([]);
}, 240_000);

afterAll(async () => {
  sitemapLimits.chunk = chunkBefore;
  await t?.close();
});

describe('a large site has a sitemap index whose blocks a republish rewrites one at a time', () => {
  it('sitemap.xml is an index of the pages part and one part per block of item ids, listing every item once', async () => {
    const index = await getPage(t, '/sitemap.xml', domain);
    expect(index.status).toBe(200);
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const blocks = [...new Set(ids.map(block))].sort((a, b) => b - a);
    expect(locs(index.body)).toEqual(['/sitemap-pages.xml', ...blocks.map((b) => `/sitemap-${b}.xml`)]);
    const pages = await getPage(t, '/sitemap-pages.xml', domain);
    expect(locs(pages.body)).toEqual(expect.arrayContaining(['/', `/${alias}/`]));
    const listed: number[] = [];
    for (const b of blocks) {
      const part = await getPage(t, `/sitemap-${b}.xml`, domain);
      expect(part.status).toBe(200);
      const shown = locs(part.body).map((p) => Number(/\/(\d+)\.html$/.exec(p)![1]));
      expect(shown.every((id) => block(id) === b)).toBe(true);
      expect(part.body).toContain('<lastmod>');
      listed.push(...shown);
    }
    expect(listed.sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    // A block holding no item and an unknown part answer 404.
    expect((await getPage(t, `/sitemap-${Math.max(...blocks) + 5}.xml`, domain)).status).toBe(404);
    await expectSitemapsMatchLive();
  });

  it('republishing one item rewrites the index, the pages part and its own block only', async () => {
    const id = ids[Math.floor(N / 2)]!;
    const before = await mtimes();
    await tick();
    await t.db.update(contents).set({ title: 'Note edited' }).where(eq(contents.id, id));
    const result = await run({ scope: 'content', ids: [id] });
    expect(result.failed).toEqual([]);
    const now = await mtimes();
    const rewritten = [...now].filter(([f, m]) => before.get(f) !== m).map(([f]) => f).sort();
    expect(rewritten).toEqual(['/sitemap-pages.xml', `/sitemap-${block(id)}.xml`, '/sitemap.xml'].sort());
    await expectSitemapsMatchLive();
  }, 120_000);

  it('a block emptied by a republish is removed; a site back to one block has one sitemap again', async () => {
    // Unpublish every item of the newest block: its part answers 404 and the content run removes it.
    const newest = block(Math.max(...ids));
    const gone = ids.filter((id) => block(id) === newest);
    await t.db.update(contents).set({ status: 0 }).where(inArray(contents.id, gone));
    let result = await run({ scope: 'content', ids: gone });
    expect(result.failed).toEqual([]);
    expect(await sitemapFiles()).not.toContain(`/sitemap-${newest}.xml`);
    await expectSitemapsMatchLive();
    // Down to CHUNK items: one sitemap listing them, and every part file is gone.
    const kept = ids.filter((id) => !gone.includes(id)).slice(0, CHUNK);
    const hidden = ids.filter((id) => !gone.includes(id) && !kept.includes(id));
    await t.db.update(contents).set({ status: 0 }).where(inArray(contents.id, hidden));
    result = await run({ scope: 'content', ids: hidden.slice(0, 1) });
    expect(result.failed).toEqual([]);
    expect(await sitemapFiles()).toEqual(['/sitemap.xml']);
    const single = (await getPage(t, '/sitemap.xml', domain)).body;
    expect(single).toContain('<urlset');
    expect(locs(single).filter((p) => /\d+\.html$/.test(p))).toHaveLength(CHUNK);
    await expectSitemapsMatchLive();
  }, 120_000);
});

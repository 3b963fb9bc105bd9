import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { getPage, runStaticJob, insertPublished } from '../helpers/publicFixtures';
import { categories, contents, contentTags, tags } from '../../server/db/schema/index';

// A content run rewrites exactly the pages an edit changes: after each edit below, the output equals what the
// live server answers for every file, has no page the live site no longer has and lacks none it has, while
// list pages the edit left as they were are not rewritten.

let t: TestApp;
let token: string;
let siteId: number;
let column: number;
let alias: string;
let tagId: number;
const domain = uniqueDomain('changes');
const items: Array<{ id: number; title: string }> = [];
const MARKER = '/.banyan-static';

const outDir = () => path.join(t.dataDir, 'static', `site-${siteId}`);
const urlOf = (file: string) => file.replace(/index\.html$/, '');

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out.push('/' + path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  }
  return out.filter((f) => f !== MARKER).sort();
}

const run = (body: Record<string, unknown>) => runStaticJob(t, token, siteId, body);

/** The output equals the live site: same pages, same bytes; and a fresh whole-site run writes the same files. */
async function expectMatchesLive() {
  const files = await filesUnder(outDir());
  for (const f of files) {
    const live = await getPage(t, urlOf(f), domain);
    expect(live.status, f).toBe(200);
    expect(await fs.readFile(path.join(outDir(), f), 'utf8'), f).toBe(live.body);
  }
  await run({ scope: 'site' });
  expect(files).toEqual(await filesUnder(outDir()));
}

const mtime = async (file: string) => (await fs.stat(path.join(outDir(), file))).mtimeMs;
const listPage = (n: number) => (n > 1 ? `/${alias}/page/${n}/index.html` : `/${alias}/index.html`);

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
  token = await t.login();
  const modelId = await insertModel(t);
  siteId = await createSite(t, token, { name: 'Changes Co', domain });
  column = await insertColumn(t, siteId, modelId, { title: 'Stories' });
  await t.db.update(categories).set({ pageSize: 3 }).where(eq(categories.id, column));
  alias = (await t.db.select({ alias: categories.alias }).from(categories).where(eq(categories.id, column)))[0]!.alias;
  // 13 items, 3 per page: five list pages, the last with one item. Each detail page shows the next five older items.
  for (let i = 1; i <= 13; i++) {
    items.push(await insertPublished(t, siteId, column, { title: `Story ${i}`, tags: i % 2 ? ['harbour'] : [], publishedAt: new Date(Date.now() - (20 - i) * 60_000) }));
  }
  tagId = (await t.db.select({ id: tags.id }).from(tags).where(and(eq(tags.siteId, siteId), eq(tags.name, 'harbour'))))[0]!.id;
  await run({ scope: 'site' });
});

afterAll(async () => {
  await t?.close();
});

describe('static output follows content changes', () => {
  it('an old item edited: its page, list page, tag page and home are rewritten; the other list pages are not', async () => {
    const oldest = items[0]!; // on the last list page; Stories 2-6 show it as related
    const before = await Promise.all([1, 2, 3, 4].map((n) => mtime(listPage(n))));
    await new Promise((r) => setTimeout(r, 20));
    await t.db.update(contents).set({ title: 'Story one, revised' }).where(eq(contents.id, oldest.id));
    const result = await run({ scope: 'content', ids: [oldest.id] });
    expect(result.failed).toEqual([]);
    expect(await fs.readFile(path.join(outDir(), listPage(5)), 'utf8')).toContain('Story one, revised');
    expect(await fs.readFile(path.join(outDir(), `/tag/${tagId}/index.html`), 'utf8')).toContain('Story one, revised');
    expect(await Promise.all([1, 2, 3, 4].map((n) => mtime(listPage(n))))).toEqual(before);
    for (const other of items.slice(1, 6)) expect(await fs.readFile(path.join(outDir(), `/${alias}/${other.id}.html`), 'utf8')).toContain('Story one, revised');
    // Its detail page, the five that show it, list page 5, the tag page it is on, home and the sitemap.
    expect(result.pages).toBe(10);
    await expectMatchesLive();
  });

  it('a newest item edited: no other detail page shows it (related items are the older ones), so none is rewritten', async () => {
    const newest = items[12]!;
    const others = items.slice(0, 12).map((i) => `/${alias}/${i.id}.html`);
    const before = await Promise.all(others.map(mtime));
    await new Promise((r) => setTimeout(r, 20));
    await t.db.update(contents).set({ title: 'Story thirteen, revised' }).where(eq(contents.id, newest.id));
    const result = await run({ scope: 'content', ids: [newest.id] });
    expect(await fs.readFile(path.join(outDir(), `/${alias}/${newest.id}.html`), 'utf8')).toContain('Story thirteen, revised');
    expect(await Promise.all(others.map(mtime))).toEqual(before);
    // Its detail page, list page 1, the tag pages it is on, home and the sitemap.
    expect(result.pages).toBeLessThan(8);
    await expectMatchesLive();
  });

  it('a middle item edited: the detail pages of the five items before it show it and are rewritten, no others', async () => {
    const middle = items[6]!; // Story 7: Stories 8-12 show it as related
    const shows = items.slice(7, 12).map((i) => `/${alias}/${i.id}.html`);
    const others = [...items.slice(0, 6), items[12]!].map((i) => `/${alias}/${i.id}.html`);
    const before = await Promise.all(others.map(mtime));
    await new Promise((r) => setTimeout(r, 20));
    await t.db.update(contents).set({ title: 'Story seven, revised' }).where(eq(contents.id, middle.id));
    await run({ scope: 'content', ids: [middle.id] });
    for (const f of shows) expect(await fs.readFile(path.join(outDir(), f), 'utf8'), f).toContain('Story seven, revised');
    expect(await Promise.all(others.map(mtime))).toEqual(before);
    await expectMatchesLive();
  });

  it('an item unpublished: its page goes, the list gets shorter and its last page is removed', async () => {
    const gone = items[5]!;
    await t.db.update(contents).set({ status: 0 }).where(eq(contents.id, gone.id));
    const result = await run({ scope: 'content', ids: [gone.id] });
    expect(result.failed).toEqual([]);
    const files = await filesUnder(outDir());
    expect(files).not.toContain(`/${alias}/${gone.id}.html`);
    expect(files).not.toContain(listPage(5));
    expect(files).toContain(listPage(4));
    await expectMatchesLive();
  });

  it('a tag taken off an item: the tag pages it was on are rewritten without it', async () => {
    const item = items[2]!; // Story 3, tagged harbour
    await t.db.delete(contentTags).where(and(eq(contentTags.contentId, item.id), inArray(contentTags.tagId, [tagId])));
    await run({ scope: 'content', ids: [item.id] });
    const tagFiles = (await filesUnder(outDir())).filter((f) => f.startsWith(`/tag/${tagId}/`));
    for (const f of tagFiles) expect(await fs.readFile(path.join(outDir(), f), 'utf8'), f).not.toContain('>Story 3<');
    await expectMatchesLive();
  });
});

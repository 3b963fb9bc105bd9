import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { getPage, insertPublished, installTheme, setSiteSettings } from '../helpers/publicFixtures';
import { ads, categories, contents, contentTags, friendLinks, siteVersions, tags, visits } from '../../server/db/schema/index';
import { PageCache, pageCacheOf } from '../../server/public/pageCache';
import { visitRecorder } from '../../server/operations/visits/record';
import { PluginManifest } from '../../models/plugin';
import type { PluginDefinition } from '../../server/pluginHost/types';
import { urls } from '../../server/public/urls';

// The public page cache (server/public/pageCache.ts): a repeat visit renders nothing and is still counted as a
// visit; every kind of change (through the API or straight SQL, as another server process would write) shows on
// the next request, since triggers bump the site's version in the writer's transaction; a scheduled item
// appears when it falls due although no row changes.

let t: TestApp;
let token: string;
let siteId: number;
let column: number;
let columnAlias: string;
const domain = uniqueDomain('pagecache');
let renders = 0;

const page = (path: string) => getPage(t, path, domain);
/** Serves a path and answers its body and how many templates the request rendered. */
async function visit(path: string) {
  const before = renders;
  const res = await page(path);
  return { ...res, rendered: renders - before };
}
/** The page is rendered again on the next visit and shows `text`; the visit after it renders nothing. */
async function showsFresh(path: string, text: string, absent = false) {
  const next = await visit(path);
  expect(next.status).toBe(200);
  expect(next.rendered).toBe(1);
  if (absent) expect(next.body).not.toContain(text);
  else expect(next.body).toContain(text);
  const again = await visit(path);
  expect(again.rendered).toBe(0);
  expect(again.body).toBe(next.body);
}

const THEME = {
  'templates/index.liquid':
    '<html><head><title>{{ site.seo_title }}</title></head><body>MARK {{ theme.name }}|{% for c in latest %}[{{ c.title }}]{% endfor %}|{% for a in ads["home-top"] %}AD:{{ a.title }}{% endfor %}|{% for l in friend_links %}LINK:{{ l.name }}{% endfor %}|{% for c in columns %}COL:{{ c.title }}{% endfor %}</body></html>',
  'templates/list.liquid': '<html><head></head><body>{{ column.title }}|{% for c in contents %}[{{ c.title }}]{% endfor %}</body></html>',
  'templates/detail.liquid': '<html><head></head><body>{{ content.title }}|{{ content.body | raw }}</body></html>',
  'templates/tag.liquid': '<html><head></head><body>TAG {{ tag.name }}|{% for c in contents %}[{{ c.title }}]{% endfor %}</body></html>',
  'templates/404.liquid': '<html><head></head><body>NOT FOUND</body></html>',
};

const INJECTED = '<meta name="cache-test-plugin">';
const injecting: PluginDefinition = {
  source: 'builtin',
  manifest: PluginManifest.parse({
    id: 'cacheinject',
    name: { zh: '缓存测试', en: 'Cache test' },
    version: '1.0.0',
    author: 'tests',
    description: { zh: '测试用', en: 'For tests' },
    capabilities: ['page.inject'],
    hooks: ['page.render'],
  }),
  hooks: { 'page.render': () => ({ head: INJECTED }) },
};

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 100_000, login: 1000 } });
  token = await t.login();
  const renderer = pageCacheOf(t.app)!.renderer!;
  const render = renderer.render.bind(renderer);
  renderer.render = (...args: Parameters<typeof render>) => {
    renders++;
    return render(...args);
  };
  const modelId = await insertModel(t);
  siteId = await createSite(t, token, { name: 'Cached', domain });
  column = await insertColumn(t, siteId, modelId, { title: 'News column' });
  columnAlias = (await t.db.select({ alias: categories.alias }).from(categories).where(eq(categories.id, column)))[0]!.alias;
  await installTheme(t, siteId, THEME, 'alpha');
  await installTheme(t, siteId, { ...THEME, 'theme.json': JSON.stringify({ name: 'beta', version: '1.0.0' }) }, 'beta');
  t.app.ctx.plugins.register(injecting);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('public page cache', () => {
  it('a repeat visit renders nothing, answers the same bytes and is still counted', async () => {
    await insertPublished(t, siteId, column, { title: 'First article' });
    const first = await visit(urls.home());
    expect(first.status).toBe(200);
    expect(first.rendered).toBe(1);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(first.body).toContain('[First article]');
    const recorder = visitRecorder(t.app)!;
    await recorder.flush();
    const counted = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(visits).where(eq(visits.siteId, siteId)))[0]!.n;
    const before = await counted();
    const second = await visit(urls.home());
    expect(second.rendered).toBe(0);
    expect(second.headers['x-page-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    await recorder.flush();
    expect(await counted()).toBe(before + 1);
    // A 404 of the theme is kept too; another host name of the same site is another origin.
    expect((await visit('/no-such-page/')).rendered).toBe(1);
    const missing = await visit('/no-such-page/');
    expect(missing.status).toBe(404);
    expect(missing.rendered).toBe(0);
    expect(pageCacheOf(t.app)!.stats().hits).toBeGreaterThanOrEqual(2);
  });

  it('content edits, publishing, recycling and tags show on the next request', async () => {
    const item = await insertPublished(t, siteId, column, { title: 'Edited soon', tags: ['cachetag'] });
    const detail = urls.content({ id: column, alias: columnAlias }, item.id);
    await showsFresh(urls.home(), '[Edited soon]');
    await showsFresh(detail, 'Edited soon|');
    // An edit (straight SQL, as another process would write).
    await t.db.update(contents).set({ title: 'Edited now', body: '<p>new body</p>' }).where(eq(contents.id, item.id));
    await showsFresh(detail, 'new body');
    await showsFresh(urls.home(), '[Edited now]');
    // Unpublished, then published again.
    await t.db.update(contents).set({ status: 2 }).where(eq(contents.id, item.id));
    await showsFresh(urls.home(), '[Edited now]', true);
    expect((await visit(detail)).status).toBe(404);
    await t.db.update(contents).set({ status: 1 }).where(eq(contents.id, item.id));
    await showsFresh(urls.home(), '[Edited now]');
    // Tags: the tag page follows a new tagged item, a renamed tag and an untagged item.
    const [tag] = await t.db.select({ id: tags.id }).from(tags).where(eq(tags.name, 'cachetag'));
    await showsFresh(urls.tag(tag!.id), '[Edited now]');
    const other = await insertPublished(t, siteId, column, { title: 'Tagged later' });
    await t.db.insert(contentTags).values({ contentId: other.id, tagId: tag!.id });
    await showsFresh(urls.tag(tag!.id), '[Tagged later]');
    await t.db.update(tags).set({ name: 'renamedtag' }).where(eq(tags.id, tag!.id));
    await showsFresh(urls.tag(tag!.id), 'TAG renamedtag');
    await t.db.delete(contentTags).where(eq(contentTags.contentId, other.id));
    await showsFresh(urls.tag(tag!.id), '[Tagged later]', true);
    // Recycled through the API.
    const res = await t.client(token, { siteId }).post('/content/delete', { ids: [item.id] });
    expect(res.code, res.msg).toBe(0);
    await showsFresh(urls.home(), '[Edited now]', true);
  });

  it('columns, site settings, ads and friendly links show on the next request', async () => {
    expect((await visit(urls.home())).body).toContain('COL:News column');
    await t.db.update(categories).set({ title: 'Renamed column' }).where(eq(categories.id, column));
    await showsFresh(urls.home(), 'COL:Renamed column');
    await setSiteSettings(t, siteId, { seo_title: 'Fresh title' });
    await showsFresh(urls.home(), '<title>Fresh title</title>');
    await t.db.insert(ads).values({ siteId, position: 'home-top', title: 'Big sale' });
    await showsFresh(urls.home(), 'AD:Big sale');
    await t.db.insert(friendLinks).values({ siteId, name: 'Partner', url: 'https://partner.example' });
    await showsFresh(urls.home(), 'LINK:Partner');
    await t.db.update(friendLinks).set({ status: 2 }).where(eq(friendLinks.siteId, siteId));
    await showsFresh(urls.home(), 'LINK:Partner', true);
  });

  it('a theme switch and a plugin turned off show on the next request', async () => {
    expect((await visit(urls.home())).body).toContain('MARK beta');
    const res = await t.client(token, { siteId }).post('/theme/activate', { folder: 'alpha' });
    expect(res.code, res.msg).toBe(0);
    await showsFresh(urls.home(), 'MARK alpha');
    // Plugin injections are applied to every answer, cached or not: nothing is rendered again for them.
    t.app.ctx.plugins.setEnabled('cacheinject', true);
    const on = await visit(urls.home());
    expect(on.rendered).toBe(0);
    expect(on.body).toContain(`${INJECTED}</head>`);
    t.app.ctx.plugins.setEnabled('cacheinject', false);
    const off = await visit(urls.home());
    expect(off.rendered).toBe(0);
    expect(off.body).not.toContain(INJECTED);
  });

  it('a scheduled item appears when it falls due, though no row changes', async () => {
    const due = new Date(Date.now() + 1500);
    await insertPublished(t, siteId, column, { title: 'Due soon', publishedAt: due });
    await showsFresh(urls.home(), '[Due soon]', true);
    const version = async () => (await t.db.select().from(siteVersions).where(eq(siteVersions.siteId, siteId)))[0]!.version;
    const before = await version();
    while (Date.now() <= due.getTime()) await new Promise((r) => setTimeout(r, due.getTime() - Date.now() + 5));
    await showsFresh(urls.home(), '[Due soon]');
    expect(await version()).toBe(before);
  });

  it('keeps at most its size in bytes, least recently used out first', async () => {
    const lookup = { site: { id: siteId } as never, siteVersion: 1, globalVersion: 1 };
    const cache = new PageCache(t.db, 8 * 1024);
    const store = (key: string) =>
      cache.fill(key, lookup, async () => ({ answer: { status: 200, contentType: 'text/html', body: 'x'.repeat(600), variesByDevice: false }, storeKey: key }));
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l']) {
      await store(key);
      expect(cache.get('a', lookup)).toBeDefined();
    }
    expect(cache.stats().bytes).toBeLessThanOrEqual(8 * 1024);
    expect(cache.stats().evicted).toBeGreaterThan(0);
    expect(cache.get('b', lookup)).toBeUndefined();
    expect(cache.get('l', lookup)).toBeDefined();
    // Another version of the site: nothing is served.
    expect(cache.get('l', { ...lookup, siteVersion: 2 })).toBeUndefined();
  });
});

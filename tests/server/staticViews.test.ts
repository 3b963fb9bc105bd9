import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { insertPublished } from '../helpers/publicFixtures';
import { categories } from '../../server/db/schema/index';
import { renderPage, withRenderer } from '../../server/public/pages';
import { ThemeRenderer, type PageRenderer } from '../../server/public/render/engine';
import { DEFAULT_THEME_DIR } from '../../server/public/themes';
import { themeReadsListedBodies } from '../../server/public/view';
import { settingsOf } from '../../server/operations/websiteSettings';
import { WebsiteSettings } from '../../models/website';
import type { RunCache } from '../../server/public/lists';

// Issue 14: in a static generation run the values every page shows are the same objects on every page (the
// render pool serializes an object once), lists and related blocks carry teasers without bodies unless the
// theme reads a listed item's body, and a site's settings are parsed once per stored object.

let t: TestApp;
let siteId: number;
let alias: string;
let items: number[] = [];
const domain = uniqueDomain('views');

/** Renders with the default theme and keeps each page's data. */
class Capture implements PageRenderer {
  pages: Array<Record<string, unknown>> = [];
  private inner = new ThemeRenderer();
  render(themeDir: string, template: string, data: Record<string, unknown>) {
    this.pages.push(data);
    return this.inner.render(themeDir, template, data);
  }
  has(themeDir: string, template: string) {
    return this.inner.has(themeDir, template);
  }
  clear() {
    this.inner.clear();
  }
}

const capturing = () => {
  const capture = new Capture();
  return { app: withRenderer(t.app, capture), capture };
};

beforeAll(async () => {
  t = await startTestApp();
  const token = await t.login();
  const modelId = await insertModel(t);
  siteId = await createSite(t, token, { name: 'Views Co', domain });
  const column = await insertColumn(t, siteId, modelId, { title: 'Stories' });
  alias = (await t.db.select({ alias: categories.alias }).from(categories).where(eq(categories.id, column)))[0]!.alias;
  for (let i = 0; i < 4; i++) {
    items.push((await insertPublished(t, siteId, column, { title: `Story ${i}`, body: `<p>Body of story ${i}</p>`, publishedAt: new Date(Date.now() - (10 - i) * 60_000) })).id);
  }
  items = items.reverse();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('view objects of a static generation run', () => {
  it('pages of one run share the site, navigation and column objects; the live server builds its own', async () => {
    const { app, capture } = capturing();
    const runCache: RunCache = new Map();
    for (const id of items.slice(0, 2)) {
      const page = await renderPage(app, siteId, `/${alias}/${id}.html`, { runCache });
      expect(page.status).toBe(200);
    }
    const [a, b] = capture.pages as [Record<string, unknown>, Record<string, unknown>];
    for (const key of ['site', 'theme', 'nav', 'ads', 'friend_links', 'column']) expect(a[key], key).toBe(b[key]);
    await renderPage(app, siteId, `/${alias}/${items[0]}.html`);
    await renderPage(app, siteId, `/${alias}/${items[1]}.html`);
    const [c, d] = capture.pages.slice(2) as [Record<string, unknown>, Record<string, unknown>];
    expect(c.site).not.toBe(d.site);
    expect(c.site).toEqual(d.site);
  });

  it('a run lists and relates teasers without bodies when the theme reads no listed body; the page itself keeps its body', async () => {
    const { app, capture } = capturing();
    const runCache: RunCache = new Map();
    const detail = await renderPage(app, siteId, `/${alias}/${items[0]}.html`, { runCache });
    const list = await renderPage(app, siteId, `/${alias}/`, { runCache });
    const home = await renderPage(app, siteId, '/', { runCache });
    const [d, l, h] = capture.pages as Array<Record<string, any>>;
    expect(d!.content.body).toBe('<p>Body of story 3</p>');
    expect(d!.related.length).toBeGreaterThan(0);
    for (const r of d!.related) expect(r).not.toHaveProperty('body');
    for (const r of l!.contents) expect(r).not.toHaveProperty('body');
    for (const r of h!.latest) expect(r).not.toHaveProperty('body');
    expect(d!.related[0]).toMatchObject({ id: items[1], title: 'Story 2', url: `/${alias}/${items[1]}.html` });
    // The same HTML as the live pages (which carry the bodies).
    for (const [p, page] of [[`/${alias}/${items[0]}.html`, detail], [`/${alias}/`, list], ['/', home]] as const) {
      expect((await renderPage(t.app, siteId, p)).body, p).toBe(page.body);
    }
    // Live: whole views.
    const live = capturing();
    await renderPage(live.app, siteId, `/${alias}/${items[0]}.html`);
    expect((live.capture.pages[0] as Record<string, any>).related[0].body).toBe('<p>Body of story 2</p>');
  });

  it('a theme that reads a listed item\'s body keeps bodies (any doubt keeps them)', async () => {
    expect(await themeReadsListedBodies(DEFAULT_THEME_DIR)).toBe(false);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-views-'));
    try {
      await fs.cp(DEFAULT_THEME_DIR, dir, { recursive: true });
      expect(await themeReadsListedBodies(dir)).toBe(false);
      const card = path.join(dir, 'templates', 'partials', 'card.liquid');
      const original = await fs.readFile(card, 'utf8');
      for (const text of ['{{ item.body | strip_html | truncate: 80 }}', '{{ item["body"] }}', '{% for content in contents %}{{ content.body }}{% endfor %}', "{% render 'x', content: item %}"]) {
        await fs.writeFile(card, original + text);
        expect(await themeReadsListedBodies(dir), text).toBe(true);
      }
      // `body` outside Liquid tags (HTML, CSS) is not a read.
      await fs.writeFile(card, original + '<div class="body">body</div>');
      expect(await themeReadsListedBodies(dir)).toBe(false);
      expect(await themeReadsListedBodies(path.join(dir, 'missing'))).toBe(true);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('settingsOf', () => {
  it('parses one stored object once and gives each caller its own copy', () => {
    const stored = { language: 'en', seo_title: 'Kept' };
    const spy = vi.spyOn(WebsiteSettings.shape.language, 'safeParse');
    try {
      const first = settingsOf(stored);
      const calls = spy.mock.calls.length;
      expect(calls).toBeGreaterThan(0);
      first.seo_title = 'changed by a caller';
      const second = settingsOf(stored);
      expect(spy.mock.calls.length).toBe(calls);
      expect(second.seo_title).toBe('Kept');
      expect(second).not.toBe(first);
      // Another object (a row read again) is parsed afresh.
      expect(settingsOf({ ...stored, seo_title: 'New' }).seo_title).toBe('New');
      expect(spy.mock.calls.length).toBeGreaterThan(calls);
    } finally {
      spy.mockRestore();
    }
  });
});

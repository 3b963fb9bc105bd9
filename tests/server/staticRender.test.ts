import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { getPage, installTheme, insertPublished, runStaticJob } from '../helpers/publicFixtures';
import { ThemeRenderer } from '../../server/public/render/engine';
import { RenderPool, STRING_SLOTS } from '../../server/public/render/pool';
import { renderDetails, splitDetails } from '../../server/operations/staticGen/detailPages';
import { columnsOf, publishedById, siteById } from '../../server/public/data';
import type { RunCache } from '../../server/public/lists';

// The render path of a large static generation run (issue 14): render workers keep the output of partials
// rendered with the same values (a site's header and footer, once per run instead of once per page), values
// equal by their JSON are handed to a worker once, and the workers write the pages themselves. Each of these
// must leave every page exactly what the live server answers.

let dir: string;
let t: TestApp;
let token: string;

const templates: Record<string, string> = {
  page: "{% render 'partials/head', site: site, nav: nav %}<h1>{{ title }}</h1>{% render 'partials/card', item: item %}{% render 'partials/foot', site: site %}",
  'partials/head': '<header>{{ site.name }}{% for n in nav %}<a class="{% if n.active %}on{% endif %}">{{ n.title }}</a>{% endfor %}</header>',
  'partials/card': '<p>{{ item.title }}</p>',
  'partials/foot': '<footer>{{ site.name | upcase }}</footer>',
  items: '{% for i in items %}[{{ i.id }}:{{ i.body | size }}:{{ i.body | slice: 0, 12 }}:{{ i.note }}]{% endfor %}',
  formed: "<main>{{ title }}{% form 'signup' %}</main>",
};

const nav = (active: number) => [1, 2, 3].map((i) => ({ title: `Column ${i}`, active: i === active }));

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-static-render-'));
  for (const [name, text] of Object.entries(templates)) {
    await fs.mkdir(path.dirname(path.join(dir, 'templates', name)), { recursive: true });
    await fs.writeFile(path.join(dir, 'templates', `${name}.liquid`), text);
  }
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
  await t?.close();
});

describe('partials kept between renders', () => {
  it('reuses a partial rendered with the same values, and renders it again for other values', async () => {
    const memo = new ThemeRenderer(undefined, { memoPartials: true });
    const plain = new ThemeRenderer();
    const site = { name: 'Harbour <Co>' };
    const navs = [nav(1), nav(2)];
    for (let i = 0; i < 30; i++) {
      // The same site and menu objects on every page (as a render worker hands them), the menu's active
      // column alternating, and a site renamed halfway through (another object).
      const data = { site: i < 20 ? site : { name: 'Renamed' }, nav: navs[i % 2], title: `Page ${i}`, item: { title: `Item ${i}` } };
      expect(memo.renderPlain(dir, 'page', data)).toBe(await plain.render(dir, 'page', data));
    }
    // Header and footer were rendered once per distinct site and menu (and kept from their second time);
    // each page's own card never.
    expect(memo.memos.get(dir)!.hits).toBeGreaterThan(30);
    expect(plain.memos.size).toBe(0);
  });

  it('renders the same pages in workers, sharing equal values by their text', async () => {
    const local = new ThemeRenderer();
    const pool = new RenderPool(2, undefined, { memoPartials: true });
    const sent = vi.spyOn(Worker.prototype, 'postMessage');
    try {
      const marker = 'harbour-'.repeat(50);
      // A new object for every page, with the same text: as the page renderer builds a page's site and menu.
      const datas = Array.from({ length: 40 }, (_, i) => ({ site: { name: marker }, nav: nav(1 + (i % 3)), title: `P${i}`, item: { title: `I${i}` } }));
      const pooled = await Promise.all(datas.map((d) => pool.render(dir, 'page', d)));
      for (let i = 0; i < datas.length; i++) expect(pooled[i]).toBe(await local.render(dir, 'page', datas[i]!));
      const carrying = sent.mock.calls.filter(([msg]) => JSON.stringify(msg).includes(marker)).length;
      // Inline the first time its text is seen, then once to each of the two workers: never once per page.
      expect(carrying).toBeGreaterThan(0);
      expect(carrying).toBeLessThanOrEqual(3);
    } finally {
      sent.mockRestore();
      await pool.close();
    }
  });
});

describe('long strings of pages\' own data', () => {
  it('an item\'s body crosses to a worker once, however many pages list it, and every page renders as in-process', async () => {
    const local = new ThemeRenderer();
    const pool = new RenderPool(1);
    const sent = vi.spyOn(Worker.prototype, 'postMessage');
    try {
      const bodies = Array.from({ length: 30 }, (_, i) => `<p>body ${i} ${'x'.repeat(400)}</p>`);
      // Each page lists five items (as a detail page lists its related ones), as new objects every time; the
      // same body strings. Strings starting with U+0000 and short strings pass as they are.
      const datas = Array.from({ length: 60 }, (_, p) => ({
        items: Array.from({ length: 5 }, (_, k) => ({ id: (p + k) % 30, body: bodies[(p + k) % 30], note: p % 10 === 2 && k === 2 ? `\u0000not a reference ${p}` : `n${k}` })),
      }));
      for (const d of datas) expect(await pool.render(dir, 'items', d)).toBe(await local.render(dir, 'items', d));
      // Pages 3 to 7 and 33 to 37 list item 7. The first pages go as plain JSON until the pool sees that
      // this key's values are each page's own; from then on a body crosses once.
      const carrying = sent.mock.calls.map(([msg]) => JSON.stringify(msg).includes('body 7 '));
      expect(carrying.slice(0, 20).filter(Boolean).length).toBe(5);
      expect(carrying.slice(20).filter(Boolean).length).toBe(1);
    } finally {
      sent.mockRestore();
      await pool.close();
    }
  });

  it('more long strings than a worker keeps: older ones are sent again when used again, output unchanged', async () => {
    const local = new ThemeRenderer();
    const pool = new RenderPool(1);
    const check = async (d: { items: Array<{ id: number; body: string; note: string }> }) => expect(await pool.render(dir, 'items', d)).toBe(await local.render(dir, 'items', d));
    try {
      const long = (i: number) => `${i}:${'y'.repeat(300)}`;
      const page = (ids: number[]) => ({ items: ids.map((id) => ({ id, body: long(id), note: '' })) });
      // Pages of short items first (plain JSON), then exactly as many long strings as the worker keeps.
      for (let p = 0; p < 20; p++) await check({ items: [{ id: p, body: 'short', note: '' }] });
      const perPage = 64;
      for (let p = 0; p < STRING_SLOTS / perPage; p++) await check(page(Array.from({ length: perPage }, (_, k) => 100_000 + p * perPage + k)));
      // The table is full and its next slot holds the oldest string: a page naming that string and a new one
      // must not store the new one over it.
      await check(page([100_000, 999_999]));
      // Older strings again, and again after more new ones.
      for (let p = 0; p < 40; p += 3) await check(page(Array.from({ length: perPage }, (_, k) => 100_000 + p * perPage + k)));
    } finally {
      await pool.close();
    }
  });
});

describe('pages written by the render workers', () => {
  it('writes the page to the file it is given and answers its size; a page with form markers comes back instead', async () => {
    const pool = new RenderPool(1, undefined, { memoPartials: true });
    const out = path.join(dir, 'out');
    try {
      const data = { site: { name: 'Co' }, nav: nav(1), title: 'Written', item: { title: 'é' } };
      const file = path.join(out, 'deep', 'folder', 'page.html');
      const reply = await pool.renderTo(dir, 'page', data, file);
      const html = await new ThemeRenderer().render(dir, 'page', data);
      expect(reply).toEqual({ bytes: Buffer.byteLength(html) });
      expect(await fs.readFile(file, 'utf8')).toBe(html);

      const formed = path.join(out, 'formed.html');
      expect(await pool.renderTo(dir, 'formed', { title: 'F' }, formed)).toEqual({ html: '<main>F<!--banyan-form:signup--></main>' });
      await expect(fs.access(formed)).rejects.toThrow();
      // Without a file, the HTML comes back as before.
      expect(await pool.renderTo(dir, 'page', data)).toEqual({ html });
    } finally {
      await pool.close();
    }
  });

  it('a pooled site run with form markers and per-column menus: every page equals the live one', async () => {
    t = await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
    token = await t.login();
    const model = await insertModel(t);
    const domain = uniqueDomain('static-render');
    const site = await createSite(t, token, { name: 'Render Co', domain });
    const columns = [await insertColumn(t, site, model, { title: 'Harbour' }), await insertColumn(t, site, model, { title: 'Market' })];
    // Detail pages carry a form marker (expanded by the main thread: an unknown form gives nothing) and the
    // header partial marks the page's column active, so a header kept for one column must not show in the other.
    await installTheme(t, site, {
      'templates/partials/head.liquid': '<header>{{ site.name }}{% for n in nav %}<a href="{{ n.url }}"{% if n.active %} class="on"{% endif %}>{{ n.title }}</a>{% endfor %}</header>',
      'templates/partials/foot.liquid': '<footer>{{ site.name }}</footer>',
      'templates/detail.liquid':
        "{% render 'partials/head', site: site, nav: nav %}<h1>{{ content.title }}</h1>{% form 'signup' %}<ul>{% for r in related %}<li>{{ r.title }}</li>{% endfor %}</ul>{% render 'partials/foot', site: site %}",
      'templates/list.liquid': "{% render 'partials/head', site: site, nav: nav %}{% for c in contents %}<p>{{ c.title }}</p>{% endfor %}{% render 'partials/foot', site: site %}",
      'templates/index.liquid': "{% render 'partials/head', site: site, nav: nav %}{% for c in latest %}<p>{{ c.title }}</p>{% endfor %}",
      'templates/404.liquid': 'missing',
    });
    for (let i = 1; i <= 30; i++) await insertPublished(t, site, columns[i % 2]!, { title: `Story ${i}`, publishedAt: new Date(Date.now() - i * 60_000) });
    const result = await runStaticJob(t, token, site, { scope: 'site' });
    expect(result.workers).toBeGreaterThan(0);
    expect(result.failed).toEqual([]);
    const out = path.join(t.dataDir, 'static', `site-${site}`);
    const files = (await fs.readdir(out, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && e.name.endsWith('.html'))
      .map((e) => '/' + path.relative(out, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    const details = files.filter((f) => /\/\d+\.html$/.test(f));
    expect(details.length).toBe(30);
    // A form marker needs the database: the workers hand every detail page back, rendered the usual way.
    expect(result.from_rows ?? 0).toBe(0);
    let bytes = 0;
    for (const f of files) {
      const onDisk = await fs.readFile(path.join(out, f), 'utf8');
      expect(onDisk, f).not.toContain('banyan-form');
      expect(onDisk, f).toBe((await getPage(t, f.replace(/index\.html$/, ''), domain)).body);
      bytes += Buffer.byteLength(onDisk);
    }
    for (const f of details) expect(await fs.readFile(path.join(out, f), 'utf8')).toMatch(/class="on">(Harbour|Market)</);
    expect(result.bytes).toBeGreaterThanOrEqual(bytes);
  });

  it('detail pages built in the workers from their rows equal the live ones: tags, related items and their tags, a sub-column', async () => {
    t ??= await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
    token ??= await t.login();
    const model = await insertModel(t);
    const domain = uniqueDomain('static-rows');
    const site = await createSite(t, token, { name: 'Rows Co', domain });
    const harbour = await insertColumn(t, site, model, { title: 'Harbour' });
    const docks = await insertColumn(t, site, model, { title: 'Docks', parentId: harbour });
    await installTheme(t, site, {
      'templates/partials/head.liquid': '<header>{{ site.name }}{% for n in nav %}<a href="{{ n.url }}"{% if n.active %} class="on"{% endif %}>{{ n.title }}</a>{% endfor %}</header>',
      'templates/detail.liquid':
        "{% render 'partials/head', site: site, nav: nav %}<title>{{ page.title }}|{{ page.description }}</title><h1>{{ content.title }}</h1><a href=\"{{ column.url }}\">{{ column.title }}</a>{% for g in content.tags %}<i>{{ g.name }}</i>{% endfor %}<ul>{% for r in related %}<li><a href=\"{{ r.url }}\">{{ r.title }}</a>{{ r.date }}{% for g in r.tags %}<b>{{ g.name }}</b>{% endfor %}{{ r.body | size }}</li>{% endfor %}</ul>{{ content.body | raw }}",
      'templates/list.liquid': "{% render 'partials/head', site: site, nav: nav %}{% for c in contents %}<p>{{ c.title }}</p>{% endfor %}",
      'templates/index.liquid': "{% for c in latest %}<p>{{ c.title }}</p>{% endfor %}",
      'templates/tag.liquid': "{% for c in contents %}<p>{{ c.title }}</p>{% endfor %}",
      'templates/404.liquid': 'missing',
    });
    for (let i = 1; i <= 40; i++) {
      await insertPublished(t, site, i % 5 === 0 ? docks : harbour, {
        title: `Story ${i}`,
        description: i % 2 ? `About story ${i}` : '',
        body: `<p>Body ${i}</p>`,
        tags: i % 3 === 0 ? ['quay', `t${i % 4}`] : [],
        publishedAt: new Date(Date.now() - i * 60_000),
      });
    }
    const result = await runStaticJob(t, token, site, { scope: 'site' });
    expect(result.failed).toEqual([]);
    expect(result.from_rows).toBe(40);
    const out = path.join(t.dataDir, 'static', `site-${site}`);
    const details = (await fs.readdir(out, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile() && /^\d+\.html$/.test(e.name))
      .map((e) => '/' + path.relative(out, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    expect(details.length).toBe(40);
    let tagged = 0;
    for (const f of details) {
      const onDisk = await fs.readFile(path.join(out, f), 'utf8');
      expect(onDisk, f).toBe((await getPage(t, f, domain)).body);
      if (onDisk.includes('<b>quay</b>')) tagged++;
    }
    // Related items show their tags on many pages (read with the rows, or afterwards for rows read without them).
    expect(tagged).toBeGreaterThan(10);

    // Rows a run read without their tags (relatedRowsOf reads rows only) still carry their tags to the workers.
    const siteRow = (await siteById(t.db, site))!;
    const runCache: RunCache = new Map();
    const ids = details.map((f) => Number(/(\d+)\.html$/.exec(f)![1]));
    for (const id of ids) runCache.set(`published:${id}`, publishedById(t.db, site, id));
    const pool = new RenderPool(1, undefined, { memoPartials: true });
    const again = path.join(dir, 'rows-again');
    try {
      const written: string[] = [];
      const back = await renderDetails(
        {
          app: t.app,
          site: siteRow,
          columns: await columnsOf(t.db, site),
          runCache,
          pool,
          fileOf: (p) => path.join(again, p),
          stopped: () => false,
          done: async (pages) => {
            for (const { planned, outcome } of pages) if ('bytes' in outcome) written.push(planned.path);
          },
        },
        splitDetails(details.map((p) => ({ path: p }))).details,
      );
      expect(back).toEqual([]);
      expect(written.sort()).toEqual([...details].sort());
      for (const f of details) expect(await fs.readFile(path.join(again, f), 'utf8'), f).toBe(await fs.readFile(path.join(out, f), 'utf8'));
    } finally {
      await pool.close();
    }
  });

  it('a detail page whose template fails in a worker is reported as failed once; the others are written from rows', async () => {
    t ??= await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
    token ??= await t.login();
    const model = await insertModel(t);
    const domain = uniqueDomain('static-fail');
    const site = await createSite(t, token, { name: 'Fail Co', domain });
    const column = await insertColumn(t, site, model, { title: 'Quay' });
    await installTheme(t, site, {
      'templates/detail.liquid': "<h1>{{ content.title }}</h1>{% if content.title == 'Story 7' %}{% include 'partials/missing' %}{% endif %}",
      'templates/list.liquid': '{% for c in contents %}<p>{{ c.title }}</p>{% endfor %}',
      'templates/index.liquid': 'home',
      'templates/404.liquid': 'missing',
    });
    const items: Array<{ id: number }> = [];
    for (let i = 1; i <= 30; i++) items.push(await insertPublished(t, site, column, { title: `Story ${i}`, publishedAt: new Date(Date.now() - i * 60_000) }));
    const result = await runStaticJob(t, token, site, { scope: 'site' });
    expect(result.failed).toHaveLength(1);
    const broken = result.failed[0]!;
    expect(broken).toMatch(new RegExp(`/${items[6]!.id}\\.html$`));
    expect(result.from_rows).toBe(29);
    // The live page fails the same way, and the run wrote no file for it.
    expect((await getPage(t, broken, domain)).status).toBe(500);
    const out = path.join(t.dataDir, 'static', `site-${site}`);
    await expect(fs.access(path.join(out, broken))).rejects.toThrow();
    const fine = broken.replace(`/${items[6]!.id}.html`, `/${items[5]!.id}.html`);
    expect(await fs.readFile(path.join(out, fine), 'utf8')).toBe((await getPage(t, fine, domain)).body);

    // The worker answers the failure itself: the page is not handed back to be rendered (and to fail) a second time.
    const pool = new RenderPool(1, undefined, { memoPartials: true });
    try {
      const outcomes = new Map<string, unknown>();
      const paths = items.map((it) => broken.replace(`/${items[6]!.id}.html`, `/${it.id}.html`));
      const back = await renderDetails(
        {
          app: t.app,
          site: (await siteById(t.db, site))!,
          columns: await columnsOf(t.db, site),
          runCache: new Map(),
          pool,
          fileOf: (p) => path.join(dir, 'fail-again', p),
          stopped: () => false,
          done: async (pages) => {
            for (const { planned, outcome } of pages) outcomes.set(planned.path, outcome);
          },
        },
        splitDetails(paths.map((p) => ({ path: p }))).details,
      );
      expect(back).toEqual([]);
      expect(outcomes.get(broken)).toMatchObject({ failed: { message: expect.stringContaining('missing') } });
      expect([...outcomes.values()].filter((o) => 'bytes' in (o as object))).toHaveLength(29);
    } finally {
      await pool.close();
    }
  });
});

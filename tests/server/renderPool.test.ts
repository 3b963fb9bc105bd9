import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CreateTurns } from '../../server/operations/staticGen/atomicWrite';
import { ThemeRenderer } from '../../server/public/render/engine';
import { endParkedWorkers, parkedWorkers, RenderPool, SHARED_PLACES } from '../../server/public/render/pool';
import { DETAIL_SLICE, type DetailShared } from '../../server/public/render/workerMain';
import type { ColumnRow, ContentRow } from '../../server/public/data';

// The worker-thread renderer static generation uses: same output as the in-process renderer, same sandbox
// and limits inside the workers, and a failed or hung template fails only its own page.

let dir: string;
let pool: RenderPool;

const templates: Record<string, string> = {
  layout: '<html><title>{{ page.title }}</title>{% block body %}{% endblock %}</html>',
  list: "{% layout 'layout' %}{% block body %}{% for c in contents %}<li>{{ c.title | upcase }} {{ c.body | raw }}</li>{% endfor %}{% include 'partials/foot' %}{% endblock %}",
  'partials/foot': '<footer>{{ site.name | escape }}</footer>',
  probe: '[{{ fn }}][{{ obj.secret }}][{{ when }}]',
  spin: '{% for i in (1..100000000) %}{% for j in (1..100000000) %}x{% endfor %}{% endfor %}',
  broken: '{{ 1 | no_such_filter }}',
  escape: "{% include '../../outside' %}",
  detail: '<h1>{{ content.title }}</h1>{% for r in related %}<a>{{ r.title }}</a>{% endfor %}',
};

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-pool-'));
  for (const [name, text] of Object.entries(templates)) {
    await fs.mkdir(path.dirname(path.join(dir, 'templates', name)), { recursive: true });
    await fs.writeFile(path.join(dir, 'templates', `${name}.liquid`), text);
  }
  await fs.writeFile(path.join(dir, 'outside.liquid'), 'SECRET');
  pool = new RenderPool(2);
});
afterAll(async () => {
  await pool?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('rendering in worker threads', () => {
  it('renders exactly what the in-process renderer renders, in parallel', async () => {
    const local = new ThemeRenderer();
    const datas = Array.from({ length: 40 }, (_, i) => ({
      page: { title: `Page ${i} <&>` },
      site: { name: `Site "${i}"` },
      contents: Array.from({ length: i % 7 }, (_, k) => ({ title: `item ${k}`, body: `<p>body ${i}/${k}</p>` })),
    }));
    const pooled = await Promise.all(datas.map((d) => pool.render(dir, 'list', d)));
    expect(pool.running).toBe(2);
    for (let i = 0; i < datas.length; i++) expect(pooled[i]).toBe(await local.render(dir, 'list', datas[i]!));
    expect(pooled[3]).toContain('<title>Page 3 &lt;&amp;&gt;</title>');
  });

  it('sends a value many pages share (the same object) to each worker once, and renders as before', async () => {
    const local = new ThemeRenderer();
    const own = new RenderPool(2);
    const sent = vi.spyOn(Worker.prototype, 'postMessage');
    try {
      const marker = 'shared-site-'.repeat(2000);
      const site = { name: marker };
      const datas = Array.from({ length: 40 }, (_, i) => ({ page: { title: `P${i}` }, site, contents: [{ title: `t${i}`, body: `<b>${i}</b>` }] }));
      const pooled = await Promise.all(datas.map((d) => own.render(dir, 'list', d)));
      for (let i = 0; i < datas.length; i++) expect(pooled[i]).toBe(await local.render(dir, 'list', datas[i]!));
      const carrying = sent.mock.calls.filter(([msg]) => JSON.stringify(msg).includes(marker)).length;
      // Inline the first time it is seen, then once to each of the two workers: never once per page.
      expect(carrying).toBeGreaterThan(0);
      expect(carrying).toBeLessThanOrEqual(3);

      // More shared values than a worker keeps: older ones are sent again when used again, output unchanged.
      const many = Array.from({ length: SHARED_PLACES * 2 }, (_, i) => ({ name: `site ${i}` }));
      const rounds = [...many, ...many, ...many].map((s, i) => ({ page: { title: `R${i}` }, site: s, contents: [] }));
      const again = await Promise.all(rounds.map((d) => own.render(dir, 'list', d)));
      for (let i = 0; i < rounds.length; i++) expect(again[i]).toBe(await local.render(dir, 'list', rounds[i]!));
    } finally {
      sent.mockRestore();
      await own.close();
    }
  });

  it('keeps the sandbox inside the workers: plain data only, no escape from the theme', async () => {
    class Hidden {
      get secret() {
        return 'leak';
      }
    }
    expect(await pool.render(dir, 'probe', { fn: () => 'called', obj: new Hidden(), when: new Date(0) })).toBe('[][][1970-01-01T00:00:00.000Z]');
    await expect(pool.render(dir, 'escape', {})).rejects.toThrow();
    await expect(pool.render(dir, '../outside', {})).rejects.toThrow(/bad template name/);
  });

  it('a template over its time limit or with an unknown filter fails alone; the workers go on', async () => {
    const results = await Promise.allSettled([pool.render(dir, 'spin', {}), pool.render(dir, 'broken', {}), pool.render(dir, 'list', { contents: [] })]);
    expect(results[0]!.status).toBe('rejected');
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/limit|exceed/i);
    expect(results[1]!.status).toBe('rejected');
    expect(results[2]).toMatchObject({ status: 'fulfilled' });
    expect(await pool.render(dir, 'list', { site: { name: 'after' } })).toContain('<footer>after</footer>');
  });

  it('picks up a changed template after clear()', async () => {
    expect(await pool.render(dir, 'list', { site: { name: 'a' } })).toContain('<footer>a</footer>');
    await fs.writeFile(path.join(dir, 'templates', 'partials', 'foot.liquid'), '<footer class="new">{{ site.name }}</footer>');
    pool.clear();
    const again = await Promise.all([pool.render(dir, 'list', { site: { name: 'b' } }), pool.render(dir, 'list', { site: { name: 'c' } })]);
    expect(again[0]).toContain('<footer class="new">b</footer>');
    expect(again[1]).toContain('<footer class="new">c</footer>');
  });

  it('a closed pool refuses new renders and leaves no threads', async () => {
    const own = new RenderPool(1);
    expect(await own.render(dir, 'list', {})).toContain('<footer');
    await own.close();
    expect(own.running).toBe(0);
    await expect(own.render(dir, 'list', {})).rejects.toThrow(/closed/);
  });

  it("a generation pool parks its workers for the next run's pool, which keeps nothing of the run before", async () => {
    await endParkedWorkers();
    await fs.writeFile(path.join(dir, 'templates', 'park.liquid'), "A {{ site.name }} {% render 'partials/park', site: site %}");
    await fs.writeFile(path.join(dir, 'templates', 'partials', 'park.liquid'), '<p>{{ site.name }}</p>');
    const site = { name: 'one' };
    const first = new RenderPool(2, undefined, { memoPartials: true, parkWorkers: true });
    first.warm();
    expect(first.running).toBe(2);
    // The same object three times: its partial's output is kept by the worker's memo.
    for (let i = 0; i < 3; i++) expect(await first.render(dir, 'park', { site })).toBe('A one <p>one</p>');
    await first.close();
    expect(first.running).toBe(0);
    expect(parkedWorkers()).toBe(2);
    // The theme changed since: the next pool takes the parked threads and sees the new templates (no parsed
    // template, kept partial output or shared value of the run before).
    await fs.writeFile(path.join(dir, 'templates', 'park.liquid'), "B {{ site.name }} {% render 'partials/park', site: site %}");
    await fs.writeFile(path.join(dir, 'templates', 'partials', 'park.liquid'), '<i>{{ site.name }}</i>');
    const second = new RenderPool(2, undefined, { memoPartials: true, parkWorkers: true });
    const out = await Promise.all([1, 2, 3, 4].map(() => second.render(dir, 'park', { site })));
    expect(out).toEqual(Array(4).fill('B one <i>one</i>'));
    expect(parkedWorkers()).toBe(0);
    expect(second.running).toBe(2);
    // A pool that does not park ends its threads; parked ones end on endParkedWorkers (or unused for a minute).
    const plain = new RenderPool(1);
    expect(await plain.render(dir, 'park', { site })).toBe('B one <i>one</i>');
    await plain.close();
    expect(parkedWorkers()).toBe(0);
    await second.close();
    expect(parkedWorkers()).toBe(2);
    await endParkedWorkers();
    expect(parkedWorkers()).toBe(0);
  });

  it('a pool writing into a fresh folder creates its pages in turns: a page waits while another holds the turn', async () => {
    const fresh = new RenderPool(2, undefined, { freshFolder: true });
    const out = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-fresh-'));
    try {
      const data = { page: { title: 'T' }, contents: [{ title: 'a', body: '<b>b</b>' }], site: { name: 'S & co' } };
      const expected = await fresh.render(dir, 'list', data);
      // Held here: the workers' creates wait for it (a worker that finds it taken keeps the page until it is given).
      const turns = new CreateTurns(fresh.createTurns);
      turns.take();
      const file = path.join(out, 'posts', '1.html');
      let settled = false;
      const written = fresh.renderTo(dir, 'list', data, file).then((r) => ((settled = true), r));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(false);
      await expect(fs.stat(file)).rejects.toThrow();
      turns.give();
      expect(await written).toEqual({ bytes: Buffer.byteLength(expected) });
      expect(await fs.readFile(file, 'utf8')).toBe(expected);
      // A page already there after all (never in a fresh run's folder) is written over, exactly: no error, no tail.
      const other = path.join(out, 'posts', '2.html');
      await fs.writeFile(other, 'x'.repeat(10_000));
      expect(await fresh.renderTo(dir, 'list', data, other)).toEqual({ bytes: Buffer.byteLength(expected) });
      expect(await fs.readFile(other, 'utf8')).toBe(expected);
      // Never through a symbolic link.
      const target = path.join(out, 'secret.txt');
      await fs.writeFile(target, 'secret');
      await fs.symlink(target, path.join(out, 'posts', '3.html'));
      await expect(fresh.renderTo(dir, 'list', data, path.join(out, 'posts', '3.html'))).rejects.toMatchObject({ code: 'ELOOP' });
      expect(await fs.readFile(target, 'utf8')).toBe('secret');
    } finally {
      await fresh.close();
      await fs.rm(out, { recursive: true, force: true });
    }
  });

  it('answers a page sent while a batch of detail pages renders before the batch ends (the batch renders in slices)', async () => {
    const one = new RenderPool(1);
    const out = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-slices-'));
    try {
      const column = { id: 7, title: 'News', alias: 'news', type: 1, status: 1 } as unknown as ColumnRow;
      const at = new Date('2026-01-02T03:04:05Z');
      const rows = Array.from({ length: 400 }, (_, i) => ({ id: i + 1, categoryId: 7, title: `Item ${i + 1}`, body: '<p>b</p>', publishedAt: at, createdAt: at }) as unknown as ContentRow);
      const shared: DetailShared = { base: JSON.stringify({ site: { name: 'S' } }), site: { seo_title: 'S', seo_keywords: '', seo_description: '' }, column, columns: [column], bodies: false };
      const pages = rows.map((r, i) => ({ rowId: r.id, related: rows.slice(i + 1, i + 6).map((x) => x.id), file: path.join(out, `${r.id}.html`) }));
      const order: string[] = [];
      const batch = one.renderDetails(dir, 'detail', 'news', () => shared, { rows, tags: [], pages }).then((outcomes) => (order.push('batch'), outcomes));
      const page = one.render(dir, 'list', { page: { title: 'List' }, contents: [], site: { name: 'S' } }).then((html) => (order.push('page'), html));
      const [outcomes, html] = await Promise.all([batch, page]);
      expect(order).toEqual(['page', 'batch']);
      expect(pages.length).toBeGreaterThan(DETAIL_SLICE * 10);
      expect(html).toBe(await new ThemeRenderer().render(dir, 'list', { page: { title: 'List' }, contents: [], site: { name: 'S' } }));
      expect(outcomes).toHaveLength(400);
      expect(outcomes.every((o) => 'bytes' in o)).toBe(true);
      expect(await fs.readFile(path.join(out, '1.html'), 'utf8')).toBe('<h1>Item 1</h1><a>Item 2</a><a>Item 3</a><a>Item 4</a><a>Item 5</a><a>Item 6</a>');
    } finally {
      await one.close();
      await fs.rm(out, { recursive: true, force: true });
    }
  });
});

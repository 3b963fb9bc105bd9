import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { Liquid } from 'liquidjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { insertPublished, insertSlide, setSiteSettings } from '../helpers/publicFixtures';
import { installSyncPath, syncPathInstalled } from '../../server/public/render/syncPath';
import { useCompiledTemplates } from '../../server/public/render/engine';
import { liquidExpressions, liquidOwn, outcome } from '../helpers/liquidOwn';
import { renderPage } from '../../server/public/pages';
import { siteById } from '../../server/public/data';
import { planPaths } from '../../server/operations/staticGen/paths';

// Issue 14: the synchronous render path (server/public/render/syncPath.ts) evaluates outputs, expressions, variables
// and filters as plain calls instead of LiquidJS's generators. It must render exactly what LiquidJS renders: the same
// text, and the same error (name and message) where LiquidJS fails. Both are compared here, with the path put in and
// taken out again (installSyncPath(false) restores LiquidJS's own methods).

describe('the synchronous render path against LiquidJS', () => {
  it('is what the engine renders pages with (and can be taken out)', () => {
    expect(syncPathInstalled()).toBe(true);
    const engine = new Liquid();
    const template = engine.parse('{{ a.b | upcase }}{% if a.c > 1 %}!{% endif %}');
    expect(engine.renderSync(template, { a: { b: 'x', c: 2 } })).toBe('X!');
    expect(liquidOwn(() => engine.renderSync(template, { a: { b: 'y', c: 0 } }))).toBe('Y');
  });

  // Generated templates over generated data: outputs with filters (arguments from literals and variables, keyword
  // arguments), conditions with every operator, loops with their options and forloop, assign, capture, case, ranges,
  // property access by dot, index, quoted key and variable, sizes, missing values; under Banyan's engine options and
  // with strict variables.
  const paths = ['a', 'a.b', 'a.c', 'a.c[0]', 'a.c[0].k', 'a["b"]', 'a[key]', 'list', 'list[1]', 'list.size', 'list.first', 'list.last', 's', 's.size', 'n', 'flag', 'nil', 'missing', 'missing.deep', 'a.c.size', 'forloop.index'];
  const literals = ['1', '2.5', '-3', '"x"', "'a b'", 'true', 'false', 'nil', 'blank', 'empty', '(1..3)'];
  const filters = [
    'upcase', 'downcase', 'size', 'first', 'last', 'escape', 'strip_html', 'url_encode', 'capitalize', 'reverse', 'sort', 'uniq', 'compact',
    "default: 'd'", 'default: s', "default: 'd', allow_false: true", "append: '!'", 'append: s', "prepend: n", 'plus: 1', 'minus: n', 'times: 2',
    'slice: 0, 2', 'slice: 1', "join: ', '", "split: ' '", "replace: 'a', 'b'", 'truncate: 4', 'truncatewords: 1', "date: '%Y'", "where: 'k', 1",
    "map: 'k'", 'json', 'abs', 'ceil', 'round: 1', 'at_least: 2', "remove: 'a'", 'no_such_filter',
  ];
  const expr = fc.oneof(fc.constantFrom(...paths), fc.constantFrom(...literals));
  const { filtered, conditions } = liquidExpressions(expr, filters);
  const cond = fc.oneof(...conditions);
  const node: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      filtered.map((f) => `{{ ${f} }}`),
      fc.constantFrom('<p>', ' text ', '&amp;', '{{- s -}}', '{% raw %}{{ x }}{% endraw %}'),
      fc.tuple(cond, tie('node'), tie('node')).map(([c, a, b]) => `{% if ${c} %}${a}{% else %}${b}{% endif %}`),
      fc.tuple(cond, tie('node'), cond, tie('node')).map(([c, a, d, b]) => `{% unless ${c} %}${a}{% elsif ${d} %}${b}{% endunless %}`),
      fc.tuple(cond, tie('node'), cond, tie('node'), tie('node')).map(([c, a, d, b, e]) => `{% if ${c} %}${a}{% elsif ${d} %}${b}{% else %}${e}{% endif %}`),
      fc
        .tuple(fc.constantFrom('list', 'a.c', '(1..4)'), cond, fc.constantFrom('break', 'continue'), tie('node'))
        .map(([l, c, jump, body]) => `{% for it in ${l} %}[{{ forloop.index }}{% if ${c} %}{% ${jump} %}{% endif %}${body}]{% endfor %}`),
      fc
        .tuple(fc.constantFrom('list', 'a.c', 's', '(1..4)', 'missing', 'a'), fc.constantFrom('', ' limit: 2', ' offset: 1', ' reversed', ' limit: n'), tie('node'))
        .map(([l, o, body]) => `{% for it in ${l}${o} %}{{ it }}{{ it.k }}{{ forloop.index }}${body}{% else %}none{% endfor %}`),
      fc.tuple(filtered, tie('node')).map(([f, body]) => `{% assign v = ${f} %}${body}{{ v }}`),
      tie('node').map((body) => `{% capture c %}${body}{% endcapture %}[{{ c | size }}]{{ c }}`),
      fc.tuple(expr, tie('node')).map(([e, body]) => `{% case ${e} %}{% when 1, "x" %}one{% when nil %}nil{% else %}${body}{% endcase %}`),
      fc.tuple(tie('node'), tie('node')).map(([a, b]) => a + b),
    ),
  })).node;
  const scalar = fc.oneof(fc.string({ maxLength: 6 }), fc.integer({ min: -5, max: 5 }), fc.boolean(), fc.constant(null));
  const data = fc.record({
    a: fc.record({ b: scalar, c: fc.array(fc.record({ k: fc.integer({ min: 0, max: 2 }), v: scalar }), { maxLength: 3 }) }),
    key: fc.constantFrom('b', 'c', 'zz'),
    list: fc.array(fc.oneof(fc.integer({ min: -3, max: 9 }), fc.string({ maxLength: 4 })), { maxLength: 4 }),
    s: fc.string({ maxLength: 8 }),
    n: fc.integer({ min: -2, max: 4 }),
    flag: fc.boolean(),
    nil: fc.constant(null),
  });

  for (const [label, options] of [
    ['Banyan engine options', { strictFilters: true, strictVariables: false, ownPropertyOnly: true, outputEscape: 'escape' as const }],
    ['strict variables, no output escape', { strictFilters: false, strictVariables: true, ownPropertyOnly: true }],
  ] as const) {
    it(`renders generated templates as LiquidJS does (${label})`, () => {
      const engine = new Liquid({ ...options, globals: {} });
      const tally = { rendered: 0, failed: 0 };
      fc.assert(
        fc.property(node, data, (source, scope) => {
          let template;
          try {
            template = engine.parse(source);
          } catch {
            return; // not a template (both paths parse alike: parsing is LiquidJS's own)
          }
          const ours = outcome(() => engine.renderSync(template, structuredClone(scope)) as string);
          const theirs = liquidOwn(() => outcome(() => engine.renderSync(template, structuredClone(scope)) as string));
          expect(ours, source).toEqual(theirs);
          tally['html' in ours ? 'rendered' : 'failed']++;
        }),
        { numRuns: 400 },
      );
      // Most generated templates render (the comparison is of text, not only of errors).
      expect(tally.rendered).toBeGreaterThan(tally.failed);
    });
  }

  it('keeps the render time limit of a template that spins', () => {
    const engine = new Liquid({ renderLimit: 50 });
    const spin = engine.parse('{% for i in (1..100000) %}{% for j in (1..100000) %}{{ j }}{% endfor %}{% endfor %}');
    expect(() => engine.renderSync(spin, {})).toThrow(/template render limit exceeded/);
  });
});

describe('pages of a site under every shipped theme', () => {
  let t: TestApp;
  let token: string;
  let siteId: number;
  let dir: string;

  beforeAll(async () => {
    t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
    token = await t.login();
    siteId = await createSite(t, token, { name: 'Sync <Path> & Co', domain: uniqueDomain('sync-path') });
    await setSiteSettings(t, siteId, { language: 'en' });
    const modelId = await insertModel(t);
    const news = await insertColumn(t, siteId, modelId, { title: 'News' });
    const sub = await insertColumn(t, siteId, modelId, { title: 'Sub news', parentId: news });
    const about = await insertColumn(t, siteId, modelId, { title: 'About' });
    for (let i = 1; i <= 14; i++) {
      await insertPublished(t, siteId, i % 4 === 0 ? sub : news, {
        title: `Item ${i} <b>&</b>`,
        tags: i % 3 === 0 ? ['alpha', 'beta'] : ['alpha'],
        recommend: i % 5 === 0,
        description: i % 2 ? `About item ${i}` : '',
        body: `<p>Body ${i}</p><ul><li>x</li></ul>`,
        publishedAt: new Date(Date.now() - i * 3_600_000),
      });
    }
    await insertPublished(t, siteId, about, { title: 'About us' });
    await insertSlide(t, siteId, 'Slide one');
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-sync-path-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('every page renders the same (compiled) with LiquidJS own generators, under the default and each shipped library theme', async () => {
    const api = t.client(token, { siteId });
    const shipped = (await api.get<Array<{ package: string; source: string }>>('/templeteLibrary/index')).data.filter((p) => p.source === 'shipped');
    const themes = ['(default)', ...shipped.map((p) => p.package)];
    let compared = 0;
    for (const [i, theme] of themes.entries()) {
      if (i > 0) {
        const folder = `sync${i}`;
        expect((await api.post('/templeteLibrary/install', { package: theme, folder })).code, theme).toBe(0);
        expect((await api.post('/theme/activate', { folder })).code, theme).toBe(0);
      }
      const site = (await siteById(t.db, siteId))!;
      const planned = await planPaths(t.db, t.app.ctx.config.sharedDir, site, { scope: 'site' });
      const paths = [...planned.map((p) => p.path), '/search/?q=item', '/no-such-page/', '/tag/999999/'];
      expect(paths.length).toBeGreaterThan(20);
      for (const p of paths) {
        // (Parsing is LiquidJS's own either way: the parsed templates the server keeps serve both.) Ours: compiled
        // templates (server/public/render/compiled.ts), and the synchronous path for what is not compiled; theirs:
        // LiquidJS's own generators.
        const ours = await renderPage(t.app, site, p);
        installSyncPath(false);
        useCompiledTemplates(false);
        let theirs;
        try {
          theirs = await renderPage(t.app, site, p);
        } finally {
          installSyncPath(true);
          useCompiledTemplates(true);
        }
        expect({ status: ours.status, body: ours.body }, `${theme} ${p}`).toEqual({ status: theirs.status, body: theirs.body });
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(40);
  });
});

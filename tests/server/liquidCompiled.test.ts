import fc from 'fast-check';
import { Liquid, type Template } from 'liquidjs';
import { describe, expect, it } from 'vitest';
import { compileParsed, compileTemplate } from '../../server/public/render/compiled';
import { PartialMemo, ThemeRenderer } from '../../server/public/render/engine';
import { liquidExpressions, liquidOwn, outcome } from '../helpers/liquidOwn';

// Issue 14: theme templates compiled to JavaScript (server/public/render/compiled.ts) must render exactly what LiquidJS
// renders. Generated templates (outputs, filters, conditions, loops with break/continue and their options, assign,
// capture, raw, partials with values, a layout with blocks) over generated data (strings with quotes, backslashes,
// line separators, `${`, `</script>`…) are rendered both ways: whenever the compiled function answers, LiquidJS
// answers the same text. (When it throws, the renderer renders with LiquidJS: tested below.) The pages of every
// shipped theme are compared in tests/server/liquidSyncPath.test.ts.

const nasty = fc.constantFrom('"', "'", '\\', '\u2028', '${x}', '`', '</script>', '<b>&amp;</b>', '");throw 1;("', '\n', '中文');
const text = fc.array(fc.oneof(nasty, fc.string({ maxLength: 3 })), { maxLength: 3 }).map((parts) => parts.join('').replace(/[{}%]/g, ''));

const paths = ['a', 'a.b', 'a.c', 'a.c[0]', 'a.c[0].k', 'a["b"]', 'a[key]', 'a.c[n]', 'list', 'list[1]', 'list[-1]', 'list.size', 'list.first', 'list.last', 's', 's.size', 'n', 'flag', 'nil', 'missing', 'missing.deep', 'a.c.size', 'forloop.index', 'forloop.last', 'forloop', 'it', 'it.k', 'v', 'c', 'size', 'constructor', 'a.constructor', 's.length', 'list.length', 'toString'];
const literals = ['1', '2.5', '-3', '"x"', "'a b'", 'true', 'false', 'nil', 'blank', 'empty'];
const filters = [
  'upcase', 'size', 'first', 'last', 'escape', 'strip_html', 'url_encode', 'reverse', 'sort', 'compact',
  "default: 'd'", 'default: s', "default: 'd', allow_false: true", "append: '!'", 'append: s', 'prepend: n', 'plus: 1', 'times: 2',
  'slice: 0, 2', "join: ', '", "split: ' '", "replace: 'a', 'b'", 'truncate: 4', "date: '%Y'", "where: 'k', 1", "map: 'k'", 'json', 'raw', "remove: ' '",
];

describe('compiled templates against LiquidJS', () => {
  const expr = fc.oneof(fc.constantFrom(...paths), fc.constantFrom(...literals), text.map((s) => JSON.stringify(s).replace(/\\u2028/g, '\u2028')));
  const { filtered, conditions } = liquidExpressions(expr, filters);
  const cond = fc.oneof(...conditions, expr.map((e) => `not ${e}`));
  const node: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      filtered.map((f) => `{{ ${f} }}`),
      text,
      fc.constantFrom('{{- s -}}', '{% raw %}{{ x }}{% endraw %}', '{% comment %}{{ x }}{% endcomment %}', '{% # note %}'),
      fc.tuple(cond, tie('node'), tie('node')).map(([c, a, b]) => `{% if ${c} %}${a}{% else %}${b}{% endif %}`),
      fc.tuple(cond, tie('node'), cond, tie('node')).map(([c, a, d, b]) => `{% unless ${c} %}${a}{% elsif ${d} %}${b}{% endunless %}`),
      fc.tuple(cond, tie('node'), cond, tie('node'), tie('node')).map(([c, a, d, b, e]) => `{% if ${c} %}${a}{% elsif ${d} %}${b}{% else %}${e}{% endif %}`),
      fc
        .tuple(fc.constantFrom('list', 'a.c', 's', 'a'), cond, fc.constantFrom('break', 'continue'), tie('node'))
        .map(([l, c, jump, body]) => `{% for it in ${l} %}[{{ forloop.index }}{% if ${c} %}{% ${jump} %}{% endif %}${body}]{% endfor %}`),
      fc
        .tuple(fc.constantFrom('list', 'a.c', 's', 'missing', 'a', 'nil'), fc.constantFrom('', ' limit: 2', ' offset: 1', ' reversed', ' limit: n', ' offset: n, limit: 1', ' limit: missing'), tie('node'))
        .map(([l, o, body]) => `{% for it in ${l}${o} %}{{ it }}{{ it.k }}{{ forloop.index }}${body}{% else %}none{% endfor %}`),
      tie('node').map((body) => `{% for it in list %}{% for it in a.c %}{{ it.k }}{{ forloop.index }}{% break %}{% endfor %}{{ it }}{{ forloop.rindex }}${body}{% endfor %}{{ it }}`),
      fc.tuple(filtered, tie('node')).map(([f, body]) => `{% assign v = ${f} %}${body}{{ v }}`),
      fc.tuple(filtered, tie('node')).map(([f, body]) => `{% assign it = ${f} %}${body}{{ it }}`),
      tie('node').map((body) => `{% capture c %}${body}{% endcapture %}[{{ c | size }}]{{ c }}`),
      fc.tuple(expr, expr).map(([x, y]) => `{% render 'p1', x: ${x}, y: ${y} %}`),
      fc.constantFrom("{% render 'p2' %}", "{% render 'p1', x: list, flag %}", "{% render 'p3', a: a %}"),
      fc.tuple(tie('node'), tie('node')).map(([a, b]) => a + b),
    ),
  })).node;
  const scalar = fc.oneof(fc.string({ maxLength: 6 }), text, fc.integer({ min: -5, max: 5 }), fc.boolean(), fc.constant(null));
  const data = fc.record({
    a: fc.record(
      { b: scalar, c: fc.array(fc.record({ k: fc.integer({ min: 0, max: 2 }), v: scalar }), { maxLength: 3 }), constructor: scalar },
      { requiredKeys: ['b', 'c'] },
    ),
    key: fc.constantFrom('b', 'c', 'zz', 'constructor'),
    list: fc.array(fc.oneof(fc.integer({ min: -3, max: 9 }), fc.string({ maxLength: 4 }), text), { maxLength: 4 }),
    s: fc.oneof(fc.string({ maxLength: 8 }), text),
    n: fc.integer({ min: -2, max: 4 }),
    flag: fc.boolean(),
    nil: fc.constant(null),
    size: fc.integer({ min: 0, max: 3 }),
  });
  const partials = {
    p1: '<{{ x }}|{{ y }}|{{ a }}|{{ flag }}{% for i in x limit: 3 %}({{ i }}){% endfor %}{% assign y = "set" %}{{ y }}>',
    p2: '{% assign z = 1 %}{{ z }}{{ s }}',
    p3: "{% for e in a.c %}{% render 'p1', x: e.k, y: e.v %}{% endfor %}",
    lay: '<h>{% block main %}default main{% endblock %}{% if flag %}{% block side %}default side{% endblock %}{% endif %}{% block foot %}foot {{ s }}{% endblock %}{{ v }}</h>',
  };
  const engineOptions = { strictFilters: true, strictVariables: false, ownPropertyOnly: true, outputEscape: 'escape' as const, globals: {}, templates: partials };

  /** Compiles and renders `source` both ways; answers whether the compiled function answered. */
  function compare(engine: Liquid, source: string, scope: Record<string, unknown>, memo?: PartialMemo) {
    let template: Template[];
    try {
      template = engine.parse(source);
    } catch {
      return 'unparsed';
    }
    const compiled = compileParsed(engine, template, memo);
    if (!compiled) return 'left';
    const ours = outcome(() => compiled(structuredClone(scope)));
    if ('error' in ours) return 'threw';
    const theirs = liquidOwn(() => outcome(() => engine.renderSync(template, structuredClone(scope)) as string));
    expect(ours, source).toEqual(theirs);
    return 'same';
  }

  it('renders generated templates as LiquidJS does', () => {
    const engine = new Liquid(engineOptions);
    const tally: Record<string, number> = {};
    fc.assert(
      fc.property(node, data, (source, scope) => {
        const got = compare(engine, source, scope);
        tally[got] = (tally[got] ?? 0) + 1;
      }),
      { numRuns: 600 },
    );
    // Most generated templates compile and render (the comparison is of text).
    expect(tally.same ?? 0).toBeGreaterThan(400);
  });

  it('renders generated pages with a layout and blocks as LiquidJS does', () => {
    const engine = new Liquid(engineOptions);
    const page = fc
      .tuple(node, node, node, fc.boolean(), fc.boolean())
      .map(([before, main, between, side, foot]) =>
        [before, "{% layout 'lay' %}", `{% block main %}${main}{% endblock %}`, between, side ? '{% block side %}my side {{ s }}{% endblock %}' : '', foot ? "{% if flag %}{% block foot %}my foot{% endblock %}{% endif %}" : ''].join(''),
      );
    let same = 0;
    fc.assert(
      fc.property(page, data, (source, scope) => {
        if (compare(engine, source, scope) === 'same') same++;
      }),
      { numRuns: 200 },
    );
    expect(same).toBeGreaterThan(100);
  });

  it('keeps partials with a PartialMemo as the memo render tag does, with the same output', () => {
    const engine = new Liquid(engineOptions);
    const memo = new PartialMemo();
    const source = "{% for i in list %}{% render 'p1', x: a.c, y: s %}{% render 'p1', x: i, y: s %}{% endfor %}";
    const scope = { a: { c: [1, 2] }, s: 'x"y', list: [1, 1, 2] };
    const template = engine.parse(source);
    const compiled = compileParsed(engine, template, memo)!;
    expect(compiled).not.toBeNull();
    const same = { ...scope };
    expect(compiled(same)).toBe(liquidOwn(() => engine.renderSync(template, structuredClone(scope))));
    // The first partial's values are the same objects on every pass: kept on the second, reused on the third.
    expect(memo.hits).toBeGreaterThan(0);
  });

  it('reads own properties only, even of an object whose prototype has more (a polluted Object.prototype)', () => {
    const engine = new Liquid(engineOptions);
    const template = engine.parse('[{{ a.polluted }}|{{ polluted }}|{{ a.b }}|{% for x in list %}{{ x.polluted }}{% endfor %}]');
    const compiled = compileParsed(engine, template)!;
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = 'leaked';
    try {
      const scope = { a: { b: 1 }, list: [{}, { k: 1 }] };
      expect(compiled(scope)).toBe('[||1|]');
      expect(compiled(scope)).toBe(liquidOwn(() => engine.renderSync(template, scope)));
    } finally {
      delete proto.polluted;
    }
  });

  it('leaves to LiquidJS what it does not compile', () => {
    const engine = new Liquid(engineOptions);
    for (const source of [
      '{% for i in (1..3) %}{{ i }}{% endfor %}',
      '{% case n %}{% when 1 %}one{% endcase %}',
      "{% include 'p2' %}",
      '{% break %}',
      '{% for i in list %}{% capture c %}{% break %}{% endcapture %}{% endfor %}',
      "{% layout 'lay' %}{% capture c %}{% block main %}x{% endblock %}{% endcapture %}",
      '{{ block }}',
      '{% for i in list offset: continue %}{{ i }}{% endfor %}',
      "{% render 'p1' with a %}",
      "{% render s %}",
      "{% layout 'lay' %}{% block main %}{{ block.super }}{% endblock %}",
      "{% layout 'lay' %}{% for i in list %}{% block main %}{{ i }}{% endblock %}{% endfor %}",
      '{% increment x %}',
      '{% echo s %}',
    ]) {
      expect(compileParsed(engine, engine.parse(source)), source).toBeNull();
    }
    expect(compileParsed(new Liquid({ ...engineOptions, strictVariables: true }), engine.parse('{{ s }}'))).toBeNull();
  });

  it('renders with LiquidJS again when a compiled render throws: the error is LiquidJS own', () => {
    const renderer = new ThemeRenderer({ parseLimit: 1_000_000, renderLimit: 2_000, memoryLimit: 1_000 });
    const dir = new URL('../../themes/default', import.meta.url).pathname;
    const engine = renderer.engine(dir);
    expect(compileTemplate(engine, 'detail')).not.toBeNull();
    const huge = 'x'.repeat(2_000);
    const caught = (work: () => unknown) => {
      try {
        work();
        return null;
      } catch (err) {
        return `${(err as Error).name}: ${(err as Error).message}`;
      }
    };
    const data = { content: { title: huge }, site: {}, t: {}, page: {} };
    const ours = caught(() => renderer.renderPlain(dir, 'detail', structuredClone(data)));
    const theirs = liquidOwn(() => caught(() => new ThemeRenderer({ parseLimit: 1_000_000, renderLimit: 2_000, memoryLimit: 1_000 }).renderPlain(dir, 'detail', structuredClone(data))));
    expect(ours).toMatch(/memory alloc limit exceeded/);
    expect(ours).toBe(theirs);
  });

  it('compiles every page template of the default theme', () => {
    const renderer = new ThemeRenderer();
    const dir = new URL('../../themes/default', import.meta.url).pathname;
    const engine = renderer.engine(dir);
    for (const name of ['index', 'list', 'detail', 'page', 'tag', 'search', '404', 'jobs', 'job']) {
      expect(compileTemplate(engine, name), name).not.toBeNull();
    }
  });
});

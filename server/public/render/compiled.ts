import {
  AssignTag,
  BlockTag,
  BreakTag,
  CaptureTag,
  CommentTag,
  Context,
  ContinueTag,
  Drop,
  ForTag,
  IfTag,
  InlineCommentTag,
  LayoutTag,
  Liquid,
  Output,
  RawTag,
  RenderTag,
  TypeGuards,
  UnlessTag,
  filters as liquidFilters,
  isFalsy,
  isTruthy,
  toValue,
  toValueSync,
  type Template,
} from 'liquidjs';
import type { PartialMemo } from './engine';

// Theme templates compiled to JavaScript functions (issue 14). LiquidJS renders a page by walking its parsed templates:
// every node and value goes through generic methods (a generator each, a type test per token, the scope searched for
// every variable), which made template interpretation most of a static page's cost. A template made only of the
// common nodes (text, outputs with filters, if/unless/elsif/else, for over a value with limit/offset/reversed and
// forloop, break/continue, assign, capture, comments, raw, render of a named partial, layout with blocks) is compiled
// here, once per engine, into one function whose code does what LiquidJS does for those nodes, in the same order:
// the same property reads (own properties only, size/first/last), the same filter functions called with the same
// arguments and `this`, the same operators, truthiness, stringification, output escape, memory accounting (in the
// filters) and render time limit (checked at each render, partial and loop pass). Anything else in a template or in
// one of its partials or its layout (another tag, a range, a dynamic file name, a variable named `block` or
// `continue`, a block inside a loop…) leaves the template to LiquidJS. The compiled code holds no text of the
// template except as JSON string literals; every other value (filters, literal drops) is read from a constants array.
//
// Only for plain data (JSON values: what renderPlain is given). When a compiled render throws, the caller renders the
// page with LiquidJS, whose error (or output) is the one that counts. Checked against LiquidJS's own rendering in
// tests/server/liquidCompiled.test.ts (generated templates and data) and tests/server/liquidSyncPath.test.ts (every
// page of every shipped theme). Written against LiquidJS 10.30.1 (pinned in package.json): an upgrade must pass both.

type Scope = Record<string, unknown>;
/** A compiled template: renders `env` (plain data) and answers its text. */
export type CompiledTemplate = (env: Scope) => string;

/** Why a template is left to LiquidJS (thrown while compiling, caught by compileTemplate). */
class NotCompiled extends Error {}
const refuse = (why: string): never => {
  throw new NotCompiled(why);
};

const { isHTMLToken, isPropertyAccessToken, isOperatorToken } = TypeGuards;
const hasOwn = Object.prototype.hasOwnProperty;

/** LiquidJS's forloop drop (not exported): taken from a loop rendered once. */
const ForloopDrop: new (length: number, collection: string, variable: string) => Drop & { next(): void } = (() => {
  let grabbed: unknown;
  const probe = new Liquid();
  probe.registerFilter('grab', (v: unknown) => {
    grabbed = v;
    return '';
  });
  probe.parseAndRenderSync('{% for x in a %}{{ forloop | grab }}{% endfor %}', { a: [1] });
  if (!(grabbed instanceof Drop)) throw new Error('LiquidJS forloop drop not found');
  return grabbed.constructor as never;
})();

/** As LiquidJS's toEnumerable. */
function toEnumerable(val: unknown): unknown[] {
  val = toValue(val);
  if (Array.isArray(val)) return val;
  if (typeof val === 'string' && val.length > 0) return [val];
  const isObject = val !== null && (typeof val === 'object' || typeof val === 'function');
  if (isObject && Symbol.iterator in (val as object)) return Array.from(val as Iterable<unknown>);
  if (isObject) return Object.keys(val as object).map((key) => [key, (val as Scope)[key]]);
  return [];
}

/** As LiquidJS's stringify (what an emitter writes). */
function stringify(value: unknown): string {
  value = toValue(value);
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((x) => stringify(x)).join('');
  return String(value);
}

/** LiquidJS's escape filter (the one outputEscape: 'escape' appends to every output). */
const liquidEscape = liquidFilters.escape;
const ESCAPED = /&|<|>|"|'/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' };
const ESCAPABLE = /[&<>"']/;

/**
 * Keys a compiled read takes straight from a plain object (Compiler.read): not a name Object.prototype has, nor one
 * readProperty treats apart (size, first, last) or toLiquid.
 */
const plainKey = (key: unknown): key is string =>
  typeof key === 'string' && !(key in Object.prototype) && key !== 'size' && key !== 'first' && key !== 'last' && key !== 'toLiquid';

/** What compiled code calls: LiquidJS's semantics for reads, filters, operators and tests. */
const runtime = {
  hasOwn,
  Context,
  ForloopDrop,
  /** As Context.readProperty (then toValueSync, as _getFromScope): plain objects read directly. */
  rp(ctx: Context, obj: unknown, key: unknown): unknown {
    if (
      typeof key === 'string' &&
      obj !== null &&
      typeof obj === 'object' &&
      !Array.isArray(obj) &&
      !(obj instanceof Drop) &&
      key !== 'size' &&
      key !== 'first' &&
      key !== 'last' &&
      typeof (obj as Scope).toLiquid !== 'function'
    ) {
      if (!hasOwn.call(obj, key)) return undefined;
      const value = (obj as Scope)[key];
      return typeof value === 'function' ? toValueSync(value.call(obj)) : value;
    }
    return toValueSync(ctx.readProperty(obj as Scope, key as string));
  },
  filter(filter: { handler: (...args: unknown[]) => unknown; token: unknown; liquid: Liquid }, ctx: Context, argv: unknown[]): unknown {
    return toValueSync(filter.handler.apply({ context: ctx, token: filter.token, liquid: filter.liquid }, argv));
  },
  /** As LiquidJS's escape filter (same text, same memory counted), without a replace where nothing is to escape. */
  escape(ctx: Context, value: unknown): string {
    const str = stringify(value);
    ctx.memoryLimit.use(str.length);
    return ESCAPABLE.test(str) ? str.replace(ESCAPED, (m) => ESCAPES[m]!) : str;
  },
  op(operator: (...args: unknown[]) => unknown, ctx: Context, l: unknown, r: unknown): unknown {
    return toValueSync(operator(l, r, ctx) as never);
  },
  not(operator: (...args: unknown[]) => unknown, ctx: Context, r: unknown): unknown {
    return toValueSync(operator(r, ctx) as never);
  },
  truthy: (v: unknown, ctx: Context) => isTruthy(toValue(v), ctx),
  falsy: (v: unknown, ctx: Context) => isFalsy(toValue(v), ctx),
  str: stringify,
  tv: toValue,
  enumerable: toEnumerable,
  /** A loop's collection after its modifiers, in LiquidJS's order (offset, limit, reversed). */
  modified(collection: unknown[], hash: Scope): unknown[] {
    if (hash.offset !== undefined) collection = collection.slice(hash.offset as number);
    if (hash.limit !== undefined) collection = collection.slice(0, hash.limit as number);
    if (hash.reversed !== undefined) collection = [...collection].reverse();
    return collection;
  },
  check(ctx: Context) {
    ctx.renderLimit.check(performance.now());
  },
  /** A named partial with its values, kept when the renderer keeps partials (PartialMemo, as MemoRenderTag). */
  partial(memo: PartialMemo | undefined, file: string, render: (ctx: Context, values: Scope) => string, ctx: Context, values: Scope): string {
    if (!memo) return render(ctx, values);
    const key = memo.key(file, values);
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const html = render(ctx, values);
    memo.keep(key, html);
    return html;
  },
};
type Runtime = typeof runtime;

interface TagLike {
  name?: string;
}
type Token = { content?: unknown; getText(): string } & Record<string, unknown>;
interface ValueLike {
  initial: { postfix: Token[] };
  filters: Array<{ name: string; args: Array<Token | [string, Token]>; handler: unknown }>;
}
interface HashLike {
  hash: Record<string, Token | undefined>;
}

/** Names a compiled body binds to JavaScript locals (a loop's variable and its forloop). */
type Locals = Map<string, string>;

interface Where {
  /** The output variable the node writes to. */
  out: string;
  locals: Locals;
  /** Labels of the innermost loop: its pass (continue) and the loop (break); none outside a loop. */
  loop?: { pass: string; all: string };
  /** Inside a layout's templates (blocks are looked up) or the templates it takes (blocks are stored). */
  blocks?: 'store' | 'output';
  /** The names the template's blocks are stored under (a block twice is LiquidJS's nesting: refused). */
  stored?: Set<string>;
}

/** One compilation: the constants the code reads and the partials it calls. */
class Compiler {
  private constants: unknown[] = [];
  private names = 0;
  /** Partials compiled for this template, by file: the name of their function. */
  private partials = new Map<string, string>();
  private partialCode: string[] = [];
  /** Files being compiled (a partial that renders itself is left to LiquidJS). */
  private open = new Set<string>();

  constructor(
    private engine: Liquid,
    private memo: PartialMemo | undefined,
  ) {
    const o = engine.options as unknown as Record<string, unknown>;
    if (o.strictVariables || o.lenientIf || o.jsTruthy || o.orderedFilterParameters || o.catchAllErrors || o.keepOutputType || !o.ownPropertyOnly) {
      refuse('engine options');
    }
  }

  private k(value: unknown): string {
    let at = this.constants.indexOf(value);
    if (at < 0) at = this.constants.push(value) - 1;
    return `K[${at}]`;
  }

  private name(prefix: string) {
    return `${prefix}${this.names++}`;
  }

  /** A JavaScript literal of a plain value, or the constant. */
  private literal(value: unknown): string {
    if (typeof value === 'string' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
    if (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0)) return String(value);
    if (value === undefined) return 'undefined';
    return this.k(value);
  }

  /** A token's value, as evalToken. */
  private token(token: Token | undefined, w: Where): string {
    if (!token) return 'undefined';
    if ('content' in token) return this.literal(token.content);
    if (isPropertyAccessToken(token as never)) return this.property(token as unknown as { variable?: Token; props: Token[] }, w);
    return refuse('token');
  }

  /** A property's key: static (a literal) or evaluated (toValue of a token). */
  private key(token: Token, w: Where): string {
    if ('content' in token) return this.literal(token.content);
    return `R.tv(${this.token(token, w)})`;
  }

  /** As evalPropertyAccessToken (strictVariables off: reads never throw for missing values). */
  private property(token: { variable?: Token; props: Token[] }, w: Where): string {
    let code: string;
    let rest = token.props;
    if (token.variable) code = this.token(token.variable, w);
    else {
      const first = token.props[0];
      if (!first || !('content' in first) || typeof first.content !== 'string') return refuse('dynamic variable');
      const name = first.content;
      if (name === 'block' || name === 'continue') refuse(`variable ${name}`);
      const local = w.locals.get(name);
      const key = JSON.stringify(name);
      // A variable no loop binds: as findScope (the bottom scope, holding assigned values or a partial's values; the
      // data; the globals), then readProperty.
      code = local ?? `(${key} in B ? R.rp(ctx, B, ${key}) : ${key} in env ? ${this.read('env', first, w)} : R.rp(ctx, ctx.globals, ${key}))`;
      rest = token.props.slice(1);
    }
    for (const prop of rest) code = this.read(code, prop, w);
    return code;
  }

  /**
   * One property read, as readProperty. A static key of a plain object (its constructor Object: JSON data) is read
   * in place, an own property or nothing, so that each read has its own inline cache; anything else goes to R.rp.
   */
  private read(object: string, prop: Token, w: Where): string {
    if (!('content' in prop) || !plainKey(prop.content)) return `R.rp(ctx, ${object}, ${this.key(prop, w)})`;
    const key = JSON.stringify(prop.content);
    return `((t = ${object}) != null && t.constructor === Object ? ((v = t[${key}]) === undefined || R.hasOwn.call(t, ${key}) ? v : undefined) : R.rp(ctx, t, ${key}))`;
  }

  /** As Expression.evaluate: operands left to right, each operator on the two before it. */
  private expression(postfix: Token[], w: Where): string {
    const stack: string[] = [];
    const operators = this.engine.options.operators as unknown as Record<string, unknown>;
    for (const token of postfix) {
      if (isOperatorToken(token as never)) {
        const operator = (token as unknown as { operator: string }).operator;
        const fn = operators[operator];
        if (typeof fn !== 'function') refuse('operator');
        const r = stack.pop() ?? refuse('expression');
        if (operator === 'not') stack.push(`R.not(${this.k(fn)}, ctx, ${r})`);
        else {
          const l = stack.pop() ?? refuse('expression');
          stack.push(`R.op(${this.k(fn)}, ctx, ${l}, ${r})`);
        }
      } else stack.push(this.token(token, w));
    }
    if (stack.length !== 1) refuse('expression');
    return stack[0]!;
  }

  /** As Value.value: the expression, then each filter with its arguments. */
  private value(value: ValueLike, w: Where): string {
    let code = this.expression(value.initial.postfix, w);
    for (const filter of value.filters) {
      const args = filter.args.map((arg) => (Array.isArray(arg) ? `[${JSON.stringify(arg[0])}, ${this.token(arg[1], w)}]` : this.token(arg, w)));
      code =
        filter.handler === liquidEscape && !args.length
          ? `R.escape(ctx, ${code})`
          : `R.filter(${this.k(filter)}, ctx, [${[code, ...args].join(', ')}])`;
    }
    return code;
  }

  /** A hash's values, as Hash.render (a key without a value is true). */
  private hash(hash: HashLike, w: Where): string {
    const parts = Object.keys(hash.hash).map((key) => `${JSON.stringify(key)}: ${hash.hash[key] === undefined ? 'true' : this.token(hash.hash[key], w)}`);
    return `{${parts.join(', ')}}`;
  }

  /** Statements rendering `templates` into `w.out`, as Renderer.renderTemplates. */
  templates(templates: Template[], w: Where): string {
    return templates.map((tpl) => this.template(tpl, w)).join('\n');
  }

  private template(tpl: Template, w: Where): string {
    const t = tpl as unknown as Record<string, unknown> & TagLike;
    if (isHTMLToken(tpl.token as never) && typeof t.str === 'string') return `${w.out} += ${JSON.stringify(t.str)};`;
    if (tpl instanceof Output) return `${w.out} += R.str(R.tv(${this.value(t.value as ValueLike, w)}));`;
    if (tpl instanceof IfTag || tpl instanceof UnlessTag) {
      const branches = t.branches as Array<{ value: ValueLike; templates: Template[]; test?: unknown }>;
      const elseTemplates = (t.elseTemplates as Template[] | undefined) ?? [];
      let code = '';
      for (const [i, branch] of branches.entries()) {
        const test = tpl instanceof IfTag ? 'truthy' : branch.test === isFalsy ? 'falsy' : branch.test === isTruthy ? 'truthy' : refuse('unless test');
        code += `${i ? ' else ' : ''}if (R.${test}(${this.value(branch.value, w)}, ctx)) {\n${this.templates(branch.templates, w)}\n}`;
      }
      return `${code} else {\n${this.templates(elseTemplates, w)}\n}`;
    }
    if (tpl instanceof ForTag) return this.loop(t, w);
    if (tpl instanceof AssignTag) return `B[${JSON.stringify(t.key)}] = ${this.value(t.value as ValueLike, w)};`;
    if (tpl instanceof CaptureTag) {
      const out = this.name('c');
      // (A block inside is refused: blocks are stored or looked up only outside captures and loops.)
      const body = this.templates(t.templates as Template[], { ...w, out, loop: undefined, blocks: undefined });
      return `{\nlet ${out} = '';\n${body}\nB[${JSON.stringify(t.variable)}] = ${out};\n}`;
    }
    if (tpl instanceof CommentTag || tpl instanceof InlineCommentTag) return '';
    if (tpl instanceof RawTag) {
      const text = (t.tokens as Token[]).map((token) => token.getText()).join('');
      return text ? `${w.out} += ${JSON.stringify(text)};` : '';
    }
    if (tpl instanceof BreakTag || tpl instanceof ContinueTag) {
      if (!w.loop) return refuse('break outside a loop');
      return tpl instanceof BreakTag ? `break ${w.loop.all};` : `break ${w.loop.pass};`;
    }
    if (tpl instanceof RenderTag) return this.render(t, w);
    if (tpl instanceof BlockTag) return this.block(t, w);
    if (tpl instanceof LayoutTag) return refuse('layout not last at the top');
    return refuse(`tag ${String(t.name ?? (tpl.token as { name?: string }).name)}`);
  }

  /** As ForTag.render: the loop's scope is two locals (its variable and forloop). */
  private loop(t: Record<string, unknown>, w: Where): string {
    const variable = t.variable as string;
    const collection = t.collection as Token;
    if (variable === 'forloop') refuse('loop variable forloop');
    const items = this.name('items');
    const item = this.name('item');
    const loop = this.name('forloop');
    const pass = this.name('pass');
    const all = this.name('loop');
    const locals = new Map(w.locals);
    locals.set(variable, item).set('forloop', loop);
    const body = this.templates(t.templates as Template[], { ...w, locals, loop: { pass, all } });
    const elseBody = this.templates(t.elseTemplates as Template[], w);
    const hash = this.hash(t.hash as HashLike, w);
    const text = JSON.stringify(collection.getText());
    return `{
let ${items} = R.enumerable(${this.token(collection, w)});
if (!${items}.length) {
${elseBody}
} else {
${items} = R.modified(${items}, ${hash});
const ${loop} = new R.ForloopDrop(${items}.length, ${text}, ${JSON.stringify(variable)});
${all}: for (const ${item} of ${items}) {
R.check(ctx);
${pass}: {
${body}
}
${loop}.next();
}
}
}`;
  }

  /** As RenderTag.render for a named partial with values (a compiled function of its own, called with them). */
  private render(t: Record<string, unknown>, w: Where): string {
    const file = t.file;
    if (typeof file !== 'string' || !file || t.with || t.forBinding) refuse('render form');
    const fn = this.partial(file as string, t.currentFile as string | undefined);
    return `${w.out} += R.partial(${this.memo ? 'memo' : 'undefined'}, ${JSON.stringify(file)}, ${fn}, ctx, ${this.hash(t.hash as HashLike, w)});`;
  }

  private partial(file: string, currentFile: string | undefined): string {
    const done = this.partials.get(file);
    if (done) return done;
    if (this.open.has(file)) refuse('partial renders itself');
    this.open.add(file);
    const templates = toValueSync((this.engine as unknown as { _parsePartialFile(f: string, s: boolean, c?: string): unknown })._parsePartialFile(file, true, currentFile)) as Template[];
    const fn = this.name('partial');
    const body = this.templates(templates, { out: 'o', locals: new Map() });
    // As RenderTag: a spawned context whose bottom scope holds the values, its environment empty.
    this.partialCode.push(`function ${fn}(parent, values) {
const ctx = parent.spawn();
const B = ctx.bottom();
Object.assign(B, values);
const env = ctx.environments;
R.check(ctx);
let o = '', t, v;
${body}
return o;
}`);
    this.open.delete(file);
    this.partials.set(file, fn);
    return fn;
  }

  /**
   * As BlockTag: in the templates a layout takes, a block is stored (a function rendering it later, in the layout's
   * place); in the layout, the stored block renders, or the layout's own content.
   */
  private block(t: Record<string, unknown>, w: Where): string {
    const name = t.block as string;
    if (!name || !w.blocks || w.loop) refuse('block form');
    const fn = this.name('block');
    const body = this.templates(t.templates as Template[], { out: 'o', locals: w.locals, blocks: undefined });
    const render = `function ${fn}() {\nR.check(ctx);\nlet o = '', t, v;\n${body}\nreturn o;\n}`;
    if (w.blocks === 'store') {
      if (w.stored!.has(name)) refuse('block twice');
      w.stored!.add(name);
      return `${render}\nblocks[${JSON.stringify(name)}] = ${fn};`;
    }
    return `${render}\n${w.out} += (blocks[${JSON.stringify(name)}] ?? ${fn})();`;
  }

  /** As LayoutTag.render (a named layout, no values): the templates it takes store their blocks, then the layout renders. */
  private layout(t: Record<string, unknown>): string {
    const file = t.file;
    if (typeof file !== 'string' || !file || Object.keys((t.args as HashLike).hash).length) refuse('layout form');
    const templates = toValueSync((this.engine as unknown as { _parseLayoutFile(f: string, s: boolean, c?: string): unknown })._parseLayoutFile(file as string, true, t.currentFile as string | undefined)) as Template[];
    const stored = new Set<string>();
    const child = this.templates(t.templates as Template[], { out: 'html', locals: new Map(), blocks: 'store', stored });
    const layout = this.templates(templates, { out: 'o', locals: new Map(), blocks: 'output' });
    return `{
const blocks = Object.create(null);
let html = '';
${child}
${layout}
}`;
  }

  /** The source of a root template's function. */
  root(templates: Template[]): string {
    const last = templates[templates.length - 1];
    const before = last instanceof LayoutTag ? templates.slice(0, -1) : templates;
    let body = this.templates(before, { out: 'o', locals: new Map() });
    if (last instanceof LayoutTag) body += '\n' + this.layout(last as unknown as Record<string, unknown>);
    return `'use strict';
${this.partialCode.join('\n')}
return function render(env) {
const ctx = new R.Context(env, liquid.options, { sync: true }, { liquid });
const B = ctx.bottom();
R.check(ctx);
let o = '', t, v;
${body}
return o;
};`;
  }

  make(source: string): CompiledTemplate {
    // Only literals built above (JSON) and names made here are in the source; the rest is in K.
    const factory = new Function('R', 'K', 'liquid', 'memo', source) as (r: Runtime, k: unknown[], liquid: Liquid, memo: PartialMemo | undefined) => CompiledTemplate;
    return factory(runtime, this.constants, this.engine, this.memo);
  }
}

/**
 * The compiled function of a root template file of `engine` (as renderFileSync finds it), or null when the template
 * (with its partials and layout) is left to LiquidJS. `memo`: the engine's PartialMemo, when it keeps partials.
 */
export function compileTemplate(engine: Liquid, file: string, memo?: PartialMemo): CompiledTemplate | null {
  try {
    return compileParsed(engine, engine.parseFileSync(file) as Template[], memo);
  } catch {
    // A template (or a partial, or a layout) LiquidJS cannot read or parse: LiquidJS reports it when it renders.
    return null;
  }
}

/** Compiles a parsed template (tests: templates not read from files). */
export function compileParsed(engine: Liquid, templates: Template[], memo?: PartialMemo): CompiledTemplate | null {
  try {
    const compiler = new Compiler(engine, memo);
    return compiler.make(compiler.root(templates));
  } catch (err) {
    if (err instanceof NotCompiled) return null;
    throw err;
  }
}

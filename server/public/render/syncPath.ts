import { Context, Expression, Filter, Liquid, LiquidError, Output, RenderError, TypeGuards, UndefinedVariableError, Value, evalToken, toValue, toValueSync, type Emitter, type Template } from 'liquidjs';

// A synchronous render path for LiquidJS (issue 14). LiquidJS evaluates every output, expression, variable and filter
// as a generator, driven by `toValueSync` when a template renders synchronously (renderFileSync: how every Banyan page
// renders). About ten generators an output made the driver the largest cost of a static page. In a synchronous
// render the driver runs each generator to its end at once anyway, so evaluating the same steps as plain calls gives
// the same values, in the same order, with the same errors: these methods do exactly that when the context renders
// synchronously, and keep LiquidJS's own generators otherwise (an asynchronous render, which awaits promises).
//
// Each patched method answers a plain value in a synchronous render. Its callers `yield` it (never `yield*`, which
// LiquidJS keeps for its own internal generators): the driver hands a plain value straight back, so a caller written
// for the generator gets the same value. What is not on this path (a range, a filtered value inside an expression,
// operators, filters written as generators, drops) is still evaluated by LiquidJS's generators, driven to its end
// here with toValueSync as the renderer would.
//
// Tested against LiquidJS's own path (installSyncPath(false)): tests/server/liquidSyncPath.test.ts renders every
// template of the bundled themes and generated templates both ways and compares the output and the errors. Written
// against LiquidJS 10.30.1 (pinned in package.json): an upgrade must pass that test.

type Scope = Record<string, unknown>;
/** The parts of LiquidJS's Context this path uses (some are private in its typings). */
interface SyncContext {
  sync: boolean;
  opts: Context['opts'];
  findScope(key: string | number): Scope;
  readProperty(obj: unknown, key: unknown): unknown;
  strictVariables: boolean;
  renderLimit: { check(now: number): void };
  breakCalled: boolean;
  continueCalled: boolean;
}
type Token = Parameters<typeof evalToken>[0] & { content?: unknown };
interface PropertyToken {
  props: Token[];
  variable?: Token;
}
interface OperatorToken {
  operator: string;
}
interface FilterLike {
  args: Array<Token | [string, Token]>;
  handler: (...args: unknown[]) => unknown;
  token: unknown;
  liquid: Liquid;
}
interface ValueLike {
  initial: Expression;
  filters: Array<FilterLike & { name: string }>;
}
interface TemplateLike {
  render(ctx: SyncContext, emitter: Emitter): unknown;
}
interface RendererLike {
  renderTemplates(templates: TemplateLike[], ctx: SyncContext, emitter?: Emitter): unknown;
}

const { isPropertyAccessToken, isOperatorToken } = TypeGuards;

/** A token's value, as evalToken answers it. */
function evalTokenSync(token: Token | undefined, ctx: SyncContext, lenient = false): unknown {
  if (!token) return undefined;
  if ('content' in token) return token.content;
  if (isPropertyAccessToken(token)) return evalPropertySync(token as unknown as PropertyToken, ctx, lenient);
  return toValueSync(evalToken(token, ctx as unknown as Context, lenient));
}

/** As LiquidJS's evalTokenValue: the token's value with a drop's valueOf taken. */
const evalTokenValueSync = (token: Token, ctx: SyncContext, lenient = false) => toValueSync(toValue(evalTokenSync(token, ctx, lenient)));

/** As Context._getFromScope. */
function getFromScopeSync(ctx: SyncContext, scope: unknown, paths: unknown[] | string, strictVariables = ctx.strictVariables): unknown {
  const list = typeof paths === 'string' ? paths.split('.') : paths;
  for (let i = 0; i < list.length; i++) {
    scope = toValueSync(ctx.readProperty(scope, list[i]));
    if (strictVariables && scope === undefined) {
      // As LiquidJS: an internal error, rethrown by the caller as an UndefinedVariableError (or null when lenient).
      const variableName = list.slice(0, i + 1).join('.');
      throw Object.assign(new Error(`undefined variable: ${variableName}`), { name: 'InternalUndefinedVariableError', variableName });
    }
  }
  return scope;
}

/** As evalPropertyAccessToken. */
function evalPropertySync(token: PropertyToken, ctx: SyncContext, lenient: boolean): unknown {
  const props: unknown[] = [];
  for (const prop of token.props) props.push(evalTokenValueSync(prop, ctx, false));
  try {
    if (token.variable) return getFromScopeSync(ctx, evalTokenSync(token.variable, ctx, lenient), props);
    return getFromScopeSync(ctx, ctx.findScope(props[0] as string), props);
  } catch (e) {
    if (lenient && (e as Error).name === 'InternalUndefinedVariableError') return null;
    throw new UndefinedVariableError(e as Error, token as never);
  }
}

/** As Expression.evaluate. */
function evaluateSync(postfix: unknown[], ctx: SyncContext, lenient: boolean): unknown {
  if (postfix.length === 1 && !isOperatorToken(postfix[0] as never)) return evalTokenSync(postfix[0] as Token, ctx, lenient);
  const operands: unknown[] = [];
  const operators = ctx.opts.operators as Record<string, (...args: unknown[]) => unknown>;
  for (const token of postfix) {
    if (isOperatorToken(token as never)) {
      const { operator } = token as OperatorToken;
      const r = operands.pop();
      // 'not' is LiquidJS's one unary operator.
      if (operator === 'not') operands.push(toValueSync(operators[operator]!(r, ctx)));
      else {
        const l = operands.pop();
        operands.push(toValueSync(operators[operator]!(l, r, ctx)));
      }
    } else operands.push(evalTokenSync(token as Token, ctx, lenient));
  }
  return operands[0];
}

/** As Filter.render. */
function filterSync(filter: FilterLike, value: unknown, context: SyncContext): unknown {
  const argv: unknown[] = [value];
  for (const arg of filter.args) {
    if (Array.isArray(arg)) argv.push([arg[0], evalTokenSync(arg[1], context)]);
    else argv.push(evalTokenSync(arg, context));
  }
  return toValueSync(filter.handler.apply({ context, token: filter.token, liquid: filter.liquid }, argv));
}

/** As Value.value. */
function valueSync(value: ValueLike, ctx: SyncContext, lenient: boolean): unknown {
  lenient = lenient || Boolean(ctx.opts.lenientIf && value.filters.length > 0 && value.filters[0]!.name === 'default');
  let val = evaluateSync((value.initial as unknown as { postfix: unknown[] }).postfix, ctx, lenient);
  for (const filter of value.filters) val = filterSync(filter, val, ctx);
  return val;
}

/** LiquidJS's own generator methods, put back by installSyncPath(false). */
type Method = (this: unknown, ...args: unknown[]) => unknown;
const original = {
  output: Output.prototype.render as unknown as Method,
  value: Value.prototype.value as unknown as Method,
  evaluate: Expression.prototype.evaluate as unknown as Method,
  filter: Filter.prototype.render as unknown as Method,
  renderTemplates: null as RendererLike['renderTemplates'] | null,
  get: (Context.prototype as unknown as { _get: Method })._get,
  getFromScope: (Context.prototype as unknown as { _getFromScope: Method })._getFromScope,
};

const rendererProto = Object.getPrototypeOf(new Liquid().renderer) as RendererLike;
original.renderTemplates = rendererProto.renderTemplates;

let installed = false;

/** Puts the synchronous path in (or, `false`, LiquidJS's own generators back: for tests comparing the two). */
export function installSyncPath(on = true) {
  installed = on;
  const out = Output.prototype as unknown as { render: unknown; value: ValueLike };
  const val = Value.prototype as unknown as { value: unknown };
  const expr = Expression.prototype as unknown as { evaluate: unknown };
  const filt = Filter.prototype as unknown as { render: unknown };
  const ctxp = Context.prototype as unknown as { _get: unknown; _getFromScope: unknown };
  if (!on) {
    out.render = original.output;
    val.value = original.value;
    expr.evaluate = original.evaluate;
    filt.render = original.filter;
    rendererProto.renderTemplates = original.renderTemplates!;
    ctxp._get = original.get;
    ctxp._getFromScope = original.getFromScope;
    return;
  }
  out.render = function (this: { value: ValueLike }, ctx: SyncContext, emitter: Emitter) {
    if (!ctx.sync) return original.output.call(this, ctx, emitter);
    emitter.write(toValueSync(toValue(valueSync(this.value, ctx, false))));
    return undefined;
  };
  val.value = function (this: ValueLike, ctx: SyncContext, lenient: boolean) {
    if (!ctx.sync) return original.value.call(this, ctx, lenient);
    return valueSync(this, ctx, lenient);
  };
  expr.evaluate = function (this: { postfix: unknown[] }, ctx: SyncContext, lenient: boolean) {
    if (!ctx?.sync) return original.evaluate.call(this, ctx, lenient);
    return evaluateSync(this.postfix, ctx, lenient);
  };
  filt.render = function (this: FilterLike, value: unknown, ctx: SyncContext) {
    if (!ctx.sync) return original.filter.call(this, value, ctx);
    return filterSync(this, value, ctx);
  };
  ctxp._get = function (this: SyncContext, paths: unknown[]) {
    if (!this.sync) return original.get.call(this, paths);
    return getFromScopeSync(this, this.findScope(paths[0] as string), paths);
  };
  ctxp._getFromScope = function (this: SyncContext, scope: unknown, paths: unknown[] | string, strictVariables?: boolean) {
    if (!this.sync) return original.getFromScope.call(this, scope, paths, strictVariables);
    return getFromScopeSync(this, scope, paths, strictVariables ?? this.strictVariables);
  };
  const renderTemplates = original.renderTemplates!;
  rendererProto.renderTemplates = function (this: RendererLike, templates: TemplateLike[], ctx: SyncContext, emitter?: Emitter) {
    if (!ctx.sync) return renderTemplates.call(this, templates, ctx, emitter);
    return renderTemplatesSync(this, templates, ctx, emitter);
  };
}

/** As Renderer.renderTemplates (without an emitter, or collecting errors with catchAllErrors: LiquidJS's own). */
function renderTemplatesSync(renderer: RendererLike, templates: TemplateLike[], ctx: SyncContext, emitter?: Emitter): unknown {
  if (!emitter || ctx.opts.catchAllErrors) return toValueSync(original.renderTemplates!.call(renderer, templates, ctx, emitter) as Generator);
  ctx.renderLimit.check(performance.now());
  for (const tpl of templates) {
    ctx.renderLimit.check(performance.now());
    try {
      const html = toValueSync(tpl.render(ctx, emitter) as Generator);
      if (html) emitter.write(html);
      if (ctx.breakCalled || ctx.continueCalled) break;
    } catch (e) {
      throw LiquidError.is(e) ? e : new RenderError(e as Error, tpl as unknown as Template);
    }
  }
  return (emitter as Emitter & { buffer?: unknown }).buffer;
}

export const syncPathInstalled = () => installed;

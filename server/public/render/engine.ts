import path from 'node:path';
import { Liquid, RenderTag, type Context, type Emitter, type TagToken, type TopLevelToken } from 'liquidjs';
import { themeFs } from './fs';
import { registerFormTag } from './formTag';
import { installSyncPath } from './syncPath';
import { compileTemplate, type CompiledTemplate } from './compiled';

// Pages render synchronously (renderPlain): LiquidJS's generators become plain calls there (syncPath.ts).
installSyncPath();

/** Caps on one render: template source size (characters), wall time (ms) and allocated memory (approximate bytes). */
export interface RenderLimits {
  parseLimit: number;
  renderLimit: number;
  memoryLimit: number;
}

export const DEFAULT_LIMITS: RenderLimits = { parseLimit: 1_000_000, renderLimit: 2_000, memoryLimit: 32_000_000 };

/** Where a theme keeps its templates, relative to the theme folder. */
export const TEMPLATES_DIR = 'templates';

/** What page rendering needs of a renderer: in-process (ThemeRenderer) or in worker threads (RenderPool). */
export interface PageRenderer {
  render(themeDir: string, template: string, data: Record<string, unknown>): Promise<string>;
  has(themeDir: string, template: string): Promise<boolean>;
  clear(): void;
}

/** Partial outputs a generation renderer keeps (and the keys seen once, before an output is kept). */
const MEMO_ENTRIES = 512;
const MEMO_SEEN = 8192;

/**
 * Remembers the output of `{% render 'file', a: x, b: y %}` by its file and the values passed. A rendered
 * partial sees only what is passed to it (LiquidJS isolates its scope; the engine has no globals) and
 * templates cannot change their data, so the same file with the same values (the same objects, by identity:
 * a render worker hands pages the same object for the same shared value) writes the same text. The site's
 * header and footer are then rendered once per run and worker, not once per page. Kept only for a key seen
 * twice (a card rendered once per item is never kept), and bounded.
 */
export class PartialMemo {
  private out = new Map<string, string>();
  private seen = new Set<string>();
  private ids = new WeakMap<object, number>();
  private nextId = 1;
  hits = 0;

  /** The key of a value: objects by identity, other values by type and text. */
  private part(v: unknown): string {
    if (typeof v === 'object' && v !== null) {
      let id = this.ids.get(v);
      if (id === undefined) this.ids.set(v, (id = this.nextId++));
      return `o${id}`;
    }
    return `${typeof v}:${String(v)}`;
  }

  key(file: string, values: Record<string, unknown>): string {
    let key = file;
    for (const name of Object.keys(values)) key += `\0${name}\0${this.part(values[name])}`;
    return key;
  }

  get(key: string): string | undefined {
    const hit = this.out.get(key);
    if (hit !== undefined) this.hits++;
    return hit;
  }

  /** Keeps the output of a key the second time it is rendered (the first time, only notes the key). */
  keep(key: string, html: string) {
    if (!this.seen.has(key)) {
      if (this.seen.size >= MEMO_SEEN) this.seen.clear();
      this.seen.add(key);
      return;
    }
    if (this.out.size >= MEMO_ENTRIES) this.out.clear();
    this.out.set(key, html);
  }

  clear() {
    this.out.clear();
    this.seen.clear();
  }
}

/** The render tag with a PartialMemo: plain `{% render 'file', k: v… %}` (no with/for) reuses its output. */
function memoRenderTag(memo: PartialMemo) {
  return class MemoRenderTag extends RenderTag {
    constructor(token: TagToken, remainTokens: TopLevelToken[], liquid: Liquid, parser: ConstructorParameters<typeof RenderTag>[3]) {
      super(token, remainTokens, liquid, parser);
    }

    override *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
      const self = this as unknown as { file: unknown; with?: unknown; forBinding?: unknown; hash: { render(ctx: Context): Generator<unknown, Record<string, unknown>> } };
      const buffered = emitter as Emitter & { buffer?: unknown };
      if (typeof self.file !== 'string' || self.with || self.forBinding || typeof buffered.buffer !== 'string') {
        yield* super.render(ctx, emitter);
        return;
      }
      const key = memo.key(self.file, (yield* self.hash.render(ctx)) as Record<string, unknown>);
      const hit = memo.get(key);
      if (hit !== undefined) {
        emitter.write(hit);
        return;
      }
      const start = (buffered.buffer as string).length;
      yield* super.render(ctx, emitter);
      memo.keep(key, (buffered.buffer as string).slice(start));
    }
  };
}

export interface ThemeRendererOptions {
  /**
   * Reuse rendered partials between renders (PartialMemo). Only for a renderer whose data objects never
   * change once passed and that lives for one run: a static generation's render worker.
   */
  memoPartials?: boolean;
}

/** Whether renderPlain uses compiled templates (compiled.ts); off only in tests comparing them with LiquidJS. */
let compiledOn = true;
export function useCompiledTemplates(on: boolean) {
  compiledOn = on;
}

export class ThemeRenderer implements PageRenderer {
  private engines = new Map<string, Liquid>();
  /** Each theme's templates compiled (or null: rendered by LiquidJS), by theme folder and template. */
  private compiled = new Map<string, Map<string, CompiledTemplate | null>>();
  /** Each theme's kept partial outputs, when memoPartials is on. */
  readonly memos = new Map<string, PartialMemo>();

  constructor(
    private limits: RenderLimits = DEFAULT_LIMITS,
    private options: ThemeRendererOptions = {},
  ) {}

  /** The sandboxed engine of one theme folder, made once and kept until `clear`. */
  engine(themeDir: string): Liquid {
    let engine = this.engines.get(themeDir);
    if (!engine) {
      const templates = path.join(themeDir, TEMPLATES_DIR);
      engine = new Liquid({
        fs: themeFs(themeDir),
        root: [templates],
        partials: [templates],
        layouts: [templates],
        relativeReference: false,
        extname: '.liquid',
        cache: true,
        strictFilters: true,
        strictVariables: false,
        ownPropertyOnly: true,
        outputEscape: 'escape',
        globals: {},
        ...this.limits,
      });
      registerFormTag(engine);
      if (this.options.memoPartials) {
        const memo = new PartialMemo();
        this.memos.set(themeDir, memo);
        engine.registerTag('render', memoRenderTag(memo));
      }
      this.engines.set(themeDir, engine);
    }
    return engine;
  }

  /**
   * Renders one template of a theme with `data` only. The data is copied to plain JSON first, so templates
   * reach no functions, prototypes, dates or class instances.
   */
  async render(themeDir: string, template: string, data: Record<string, unknown>): Promise<string> {
    return this.renderPlain(themeDir, template, JSON.parse(JSON.stringify(data)) as Record<string, unknown>);
  }

  /**
   * Renders data that already is a plain JSON copy (a render worker's parsed message: compiled templates read plain
   * objects' keys directly, so a function held in one would be read as is where LiquidJS calls it). Synchronous:
   * parsed templates are cached and the theme's files are read synchronously the first time, so no page waits on
   * promises between template nodes (the same limits apply). A template is compiled to a function once, when it can
   * be (compiled.ts).
   */
  renderPlain(themeDir: string, template: string, plain: Record<string, unknown>): string {
    if (!/^[A-Za-z0-9_-]+$/.test(template)) throw new Error(`bad template name: ${template}`);
    const engine = this.engine(themeDir);
    if (compiledOn) {
      let compiled = this.compiled.get(themeDir);
      if (!compiled) this.compiled.set(themeDir, (compiled = new Map()));
      let fn = compiled.get(template);
      if (fn === undefined) compiled.set(template, (fn = compileTemplate(engine, template, this.memos.get(themeDir))));
      if (fn) {
        try {
          return fn(plain);
        } catch {
          // LiquidJS renders the page again: its error (or output) is the one that counts.
        }
      }
    }
    return engine.renderFileSync(template, plain) as string;
  }

  /** Whether the theme has this template. */
  async has(themeDir: string, template: string): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]+$/.test(template)) return false;
    const fs = themeFs(themeDir);
    return fs.exists(path.join(themeDir, TEMPLATES_DIR, template + '.liquid'));
  }

  /** Forgets parsed templates (after a theme changes on disk). */
  clear() {
    this.engines.clear();
    this.compiled.clear();
    this.memos.clear();
  }
}

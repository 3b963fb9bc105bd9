import path from 'node:path';
import { Liquid } from 'liquidjs';
import { themeFs } from './fs';
import { registerFormTag } from './formTag';

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

export class ThemeRenderer implements PageRenderer {
  private engines = new Map<string, Liquid>();

  constructor(private limits: RenderLimits = DEFAULT_LIMITS) {}

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
   * Renders data that already is a plain JSON copy (a render worker's parsed message). Synchronous: parsed
   * templates are cached and the theme's files are read synchronously the first time, so no page waits on
   * promises between template nodes (the same limits apply).
   */
  renderPlain(themeDir: string, template: string, plain: Record<string, unknown>): string {
    if (!/^[A-Za-z0-9_-]+$/.test(template)) throw new Error(`bad template name: ${template}`);
    return this.engine(themeDir).renderFileSync(template, plain) as string;
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
  }
}

import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

// Build-time care of the admin bundle: a weight budget for what the login page and the shell download,
// and brotli/gzip copies of every text asset, served by server/plugins/adminClient.ts.

/**
 * Gzip bytes the budget allows. A ratchet: lower it whenever the bundle shrinks (issue 14's goal is
 * 160 kB for login + shell; the figures reached so far are in the report of that issue).
 */
export const BUNDLE_BUDGET: BundleBudget = { login: 165_000, loginAndShell: 188_000 };

export interface BundleBudget {
  login: number;
  loginAndShell: number;
}

/**
 * The modules whose chunks (with everything they import statically) the login page and the shell load:
 * the shell's first screen is the dashboard, whose strings come with the shell (the page's own chunk, like
 * every screen's, is not weighed); the other screens' strings and recipes load with the first of them.
 */
const LOGIN_MODULES = ['src/features/login/LoginPage.tsx'];
const SHELL_MODULES = ['src/layout/Shell.tsx', 'src/features/dashboard/i18n.ts'];

/** What the budget reads of a built chunk or asset (a subset of Rollup's output). */
export interface BuiltFile {
  fileName: string;
  source: string | Uint8Array;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  importedCss?: string[];
}

const gzipSize = (source: string | Uint8Array) => zlib.gzipSync(source).length;

/** Gzip bytes of the JS and CSS the login page loads, and of login plus the shell after sign-in. */
export function bundleWeights(files: readonly BuiltFile[]): { login: number; loginAndShell: number } {
  const byName = new Map(files.map((f) => [f.fileName, f]));
  const facade = (suffix: string) => {
    const found = files.find((f) => f.facadeModuleId?.split(path.sep).join('/').endsWith(suffix));
    if (!found) throw new Error(`bundle budget: no chunk for ${suffix}`);
    return found;
  };
  const closure = (roots: BuiltFile[]) => {
    const seen = new Set<string>();
    const walk = (f: BuiltFile) => {
      if (seen.has(f.fileName)) return;
      seen.add(f.fileName);
      for (const css of f.importedCss ?? []) seen.add(css);
      for (const name of f.imports ?? []) walk(byName.get(name)!);
    };
    roots.forEach(walk);
    return [...seen].reduce((sum, name) => sum + gzipSize(byName.get(name)?.source ?? ''), 0);
  };
  const entries = files.filter((f) => f.isEntry);
  const login = [...entries, ...LOGIN_MODULES.map(facade)];
  return { login: closure(login), loginAndShell: closure([...login, ...SHELL_MODULES.map(facade)]) };
}

/** The budget's verdict: an empty list when both weights fit. */
export function budgetExcess(weights: { login: number; loginAndShell: number }, budget = BUNDLE_BUDGET): string[] {
  return (['login', 'loginAndShell'] as const)
    .filter((k) => weights[k] > budget[k])
    .map((k) => `${k}: ${weights[k]} B gzip exceeds the budget of ${budget[k]} B`);
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Writes `<file>.br` and `<file>.gz` beside every text file of the build worth compressing. */
export async function precompress(dir: string, fileNames: readonly string[]): Promise<void> {
  await Promise.all(
    fileNames
      .filter((name) => COMPRESSIBLE.test(name))
      .map(async (name) => {
        const file = path.join(dir, name);
        const data = await fs.readFile(file);
        if (data.length < 1024) return;
        const [br, gz] = await Promise.all([
          brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
          gzip(data, { level: 9 }),
        ]);
        await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
      }),
  );
}

/** Vite plugin: fails a production build over budget, then precompresses the output. */
export function adminBundle(budget = BUNDLE_BUDGET): Plugin {
  // Builds made under NODE_ENV=test (the browser tests') carry React's development code: not weighed.
  let production = true;
  return {
    name: 'banyan-admin-bundle',
    apply: 'build',
    configResolved(config) {
      production = config.isProduction;
    },
    generateBundle(_options, bundle) {
      if (!production) return;
      const files: BuiltFile[] = Object.values(bundle).map((f) =>
        f.type === 'chunk'
          ? { fileName: f.fileName, source: f.code, isEntry: f.isEntry, facadeModuleId: f.facadeModuleId, imports: f.imports, importedCss: [...(f.viteMetadata?.importedCss ?? [])] }
          : { fileName: f.fileName, source: f.source },
      );
      const weights = bundleWeights(files);
      const excess = budgetExcess(weights, budget);
      if (excess.length) this.error(`admin bundle over budget (${excess.join('; ')})`);
      this.info(`admin bundle: login ${weights.login} B gzip, login + shell ${weights.loginAndShell} B gzip`);
    },
    async writeBundle(options, bundle) {
      await precompress(options.dir!, Object.keys(bundle));
    },
  };
}

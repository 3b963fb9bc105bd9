import fs from 'node:fs/promises';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;

// Build-time care of the admin bundle: a weight budget for what the login page and the shell download,
// and brotli/gzip copies of every text asset, served by server/plugins/adminClient.ts.

/**
 * Gzip bytes the budget allows, of the code as served (Vite's preload lists included, one language's core
 * strings). A ratchet: lower it whenever the bundle shrinks. Issue 14's goal, 160 kB for login + shell, is
 * met (docs/benchmarks.md): the figures reached were 146.6 and 157.5 kB.
 */
export const BUNDLE_BUDGET: BundleBudget = { login: 147_000, loginAndShell: 158_000 };

export interface BundleBudget {
  login: number;
  loginAndShell: number;
}

/**
 * The modules whose chunks (with everything they import statically) the login page and the shell load:
 * the shell's first screen is the dashboard, whose strings come with the shell (the page's own chunk, like
 * every screen's, is not weighed); the other screens' strings and recipes load with the first of them.
 * The core strings load in the interface language only (src/i18n/index.ts): the heavier language is weighed.
 */
const LOGIN_MODULES = ['src/features/login/LoginPage.tsx']; // merged into the entry's chunk (firstLoadGroups)
const LANGUAGE_MODULES = ['src/i18n/zh.ts', 'src/i18n/en.ts'];
const SHELL_MODULES = ['src/layout/Shell.tsx', 'src/features/dashboard/i18n.ts'];

/** What the budget reads of a built chunk or asset (a subset of Rollup's output). */
export interface BuiltFile {
  fileName: string;
  source: string | Uint8Array;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  importedCss?: string[];
  /** The modules rendered into the chunk. */
  moduleIds?: string[];
}

const gzipSize = (source: string | Uint8Array) => zlib.gzipSync(source).length;

/**
 * The files the login page loads (the entry and the login page, with everything they import statically and
 * their CSS), those of each interface language's core strings, and those the shell adds after sign-in.
 */
export function firstLoadFiles(files: readonly BuiltFile[]): { login: Set<string>; languages: Set<string>[]; shell: Set<string> } {
  const byName = new Map(files.map((f) => [f.fileName, f]));
  const posix = (id: string) => id.split(path.sep).join('/');
  // The chunk a module starts, or (merged into a bigger chunk, like the login page into the entry) holds.
  const facade = (suffix: string) => {
    const found = files.find((f) => f.facadeModuleId && posix(f.facadeModuleId).endsWith(suffix)) ?? files.find((f) => f.moduleIds?.some((id) => posix(id).endsWith(suffix)));
    if (!found) throw new Error(`bundle budget: no chunk for ${suffix}`);
    return found;
  };
  const closure = (roots: BuiltFile[], seen = new Set<string>()) => {
    const walk = (f: BuiltFile) => {
      if (seen.has(f.fileName)) return;
      seen.add(f.fileName);
      for (const css of f.importedCss ?? []) seen.add(css);
      for (const name of f.imports ?? []) walk(byName.get(name)!);
    };
    roots.forEach(walk);
    return seen;
  };
  const without = (set: Set<string>, known: Set<string>) => new Set([...set].filter((name) => !known.has(name)));
  const login = closure([...files.filter((f) => f.isEntry), ...LOGIN_MODULES.map(facade)]);
  const languages = LANGUAGE_MODULES.map((m) => without(closure([facade(m)], new Set(login)), login));
  const shell = without(closure(SHELL_MODULES.map(facade), new Set(login)), new Set([...login, ...languages.flatMap((l) => [...l])]));
  return { login, languages, shell };
}

/**
 * Gzip bytes of the JS and CSS the login page loads (with the heavier language's strings), and of login plus
 * the shell after sign-in.
 */
export function bundleWeights(files: readonly BuiltFile[]): { login: number; loginAndShell: number } {
  const byName = new Map(files.map((f) => [f.fileName, f]));
  const weigh = (names: Set<string>) => [...names].reduce((sum, name) => sum + gzipSize(byName.get(name)?.source ?? ''), 0);
  const { login, languages, shell } = firstLoadFiles(files);
  const loginWeight = weigh(login) + Math.max(0, ...languages.map(weigh));
  return { login: loginWeight, loginAndShell: loginWeight + weigh(shell) };
}

/**
 * Vite's preload lists, trimmed: a lazily loaded screen only ever loads once the login page and the shell
 * are there, so listing their files again in every screen's `import()` (the lists ship in the importing chunk)
 * only adds bytes to the first load. Imports of the first-load chunks themselves keep their whole list.
 */
export function trimPreloads(firstLoad: ReadonlySet<string>) {
  return (target: string, deps: string[]): string[] => (firstLoad.has(target) ? deps : deps.filter((d) => d === target || !firstLoad.has(d)));
}

/** The budget's verdict: an empty list when both weights fit. */
export function budgetExcess(weights: { login: number; loginAndShell: number }, budget = BUNDLE_BUDGET): string[] {
  return (['login', 'loginAndShell'] as const)
    .filter((k) => weights[k] > budget[k])
    .map((k) => `${k}: ${weights[k]} B gzip exceeds the budget of ${budget[k]} B`);
}

const IMPORT = /^(?:import|export)\s+(?!type\b)([^;]*?)\s*from\s+'([^']+)'/gms;

function resolveSource(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((c) => existsSync(c) && statSync(c).isFile());
}

/**
 * Our source files that `entries` reach through static value imports (type-only imports aside), and the
 * names each package is imported for.
 */
export function sourceImports(entries: readonly string[], known: ReadonlySet<string> = new Set()): { files: Set<string>; names: Map<string, Set<string>> } {
  const files = new Set<string>();
  const names = new Map<string, Set<string>>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.shift()!;
    if (files.has(file) || known.has(file)) continue;
    files.add(file);
    for (const [, clause, spec] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveSource(file, spec!);
      if (target) {
        queue.push(target);
        continue;
      }
      const named = clause!.match(/\{([^}]*)\}/)?.[1];
      if (!named || spec!.startsWith('.')) continue;
      const set = names.get(spec!) ?? new Set<string>();
      names.set(spec!, set);
      for (const part of named.split(',').map((x) => x.trim())) if (part && !part.startsWith('type ')) set.add(part.split(/\s+as\s+/)[0]!);
    }
  }
  return { files, names };
}

/**
 * The files behind each name a package's ESM entry exports: `export { A, B as C } from './x.js'`, and a
 * namespace (`import * as ns from './ns.js'; export { ns as Menu }`) stands for the files it re-exports.
 */
export function packageExports(entry: string): Map<string, string[]> {
  const text = readFileSync(entry, 'utf8');
  const dir = path.dirname(entry);
  const reexported = (file: string) =>
    [...readFileSync(file, 'utf8').matchAll(/export \{[^}]*\} from '(\.[^']+)'/g)].map(([, f]) => path.join(path.dirname(file), f!));
  const namespaces = new Map([...text.matchAll(/import \* as (\S+) from '(\.[^']+)'/g)].map(([, local, f]) => [local!, path.join(dir, f!)]));
  const out = new Map<string, string[]>();
  for (const [, list, from] of text.matchAll(/export \{([^}]*)\}(?: from '([^']+)')?/g)) {
    for (const part of list!.split(',').map((x) => x.trim()).filter(Boolean)) {
      const [local, exported = local] = part.split(/\s+as\s+/) as [string, string?];
      if (from?.startsWith('.')) out.set(exported, [path.join(dir, from)]);
      else if (!from && namespaces.has(local)) out.set(exported, reexported(namespaces.get(local)!));
    }
  }
  return out;
}

/** Packages whose entry re-exports hundreds of modules: the shell's group takes only the ones it names. */
const BARREL_PACKAGES = ['@chakra-ui/react', 'lucide-react'];

/**
 * Rolldown's code-splitting groups for the first load. Left alone, Rolldown splits what the login page and
 * the shell load into ~60 chunks (one per set of screens sharing a module: an icon, a Chakra part), and
 * each small file compresses on its own. So everything the entry loads statically (the login page
 * included) makes one chunk, and what the shell adds (its modules, the Chakra parts and icons it names,
 * and what those import, never through a package's entry) makes another; the screens import from them.
 */
export function firstLoadGroups(root: string): Rolldown.CodeSplittingGroup[] {
  const src = (file: string) => path.join(root, file);
  const login = sourceImports(['src/main.tsx'].map(src));
  const shell = sourceImports(SHELL_MODULES.map(src), login.files);
  const barrels = new Map(
    BARREL_PACKAGES.map((pkg) => {
      const manifest = JSON.parse(readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { module: string };
      return [pkg, path.join(root, 'node_modules', pkg, manifest.module)] as const;
    }),
  );
  const named = (names: Map<string, Set<string>>) =>
    [...barrels].flatMap(([pkg, entry]) => {
      const exports = packageExports(entry);
      return [...(names.get(pkg) ?? [])].flatMap((name) => exports.get(name) ?? []);
    });
  const loginSeeds = [...login.files, ...named(login.names)];
  const shellSeeds = [...[...shell.files].filter((f) => !f.endsWith(SHELL_MODULES[1]!)), ...named(shell.names)];
  // What the seeds import, statically and recursively, never through a package's entry nor into `stop`.
  const reach = (seeds: readonly string[], ctx: Rolldown.ChunkingContext, stop: ReadonlySet<string> = new Set()) => {
    const out = new Set<string>();
    const entries = new Set(barrels.values());
    const queue = [...seeds];
    while (queue.length) {
      const id = queue.pop()!;
      if (out.has(id) || entries.has(id) || stop.has(id)) continue;
      const info = ctx.getModuleInfo(id);
      if (!info) continue;
      out.add(id);
      queue.push(...info.importedIds);
    }
    return out;
  };
  let members: Set<string> | undefined;
  return [
    // Rolldown knows what the entry loads ($initial): one chunk with the entry. Its `$initial` follows every
    // static import, so the other screens' recipes (re-exported by Chakra's theme entry, which
    // src/theme/system.ts imports) come along too, ≈ 6 kB gzip; leaving them out needs the group not to
    // follow its members' imports, which this Rolldown gets wrong (a namespace import or a dynamically
    // imported module in such a group ends up undefined at run time).
    { name: 'index', tags: ['$initial'] },
    {
      // The shell's own: what its seeds reach that the login page (over-approximated) does not.
      debugName: 'shell',
      name: (id, ctx) => {
        members ??= reach(shellSeeds, ctx, reach(loginSeeds, ctx));
        return members.has(id) ? 'shell' : null;
      },
    },
  ];
}

/**
 * Module aliases of every build of the admin's code (vite.config.ts, the editor's test harness): Chakra's theme
 * parts one module at a time (src/theme/system.ts; the types come from tsconfig.json's `paths`), and React's
 * own useSyncExternalStore for the `use-sync-external-store` shim (a fallback for React before 18) that
 * @xstate/react and wouter import.
 */
export function adminAliases(root: string): { find: RegExp; replacement: string }[] {
  return [
    { find: /^@chakra-ui\/react\/theme\/(.+)$/, replacement: path.join(root, 'node_modules/@chakra-ui/react/dist/esm/theme/$1.js') },
    { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
    { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: path.join(root, 'src/app/syncExternalStore.ts') },
  ];
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

/**
 * Vite plugin: fails a production build over budget, then precompresses the output. The weights are taken
 * from the code as written (with Vite's preload lists in it), the first-load files once the chunks are
 * known; `resolveDependencies` (for `build.modulePreload`) trims the preload lists with them.
 */
export function adminBundle(budget = BUNDLE_BUDGET): Plugin & { resolveDependencies: (target: string, deps: string[]) => string[] } {
  // Builds made under NODE_ENV=test (the browser tests') carry React's development code: not weighed.
  let production = true;
  let firstLoad = new Set<string>();
  const builtFiles = (bundle: OutputBundle): BuiltFile[] =>
    Object.values(bundle).map((f) =>
      f.type === 'chunk'
        ? { fileName: f.fileName, source: f.code, isEntry: f.isEntry, facadeModuleId: f.facadeModuleId, imports: f.imports, importedCss: [...(f.viteMetadata?.importedCss ?? [])], moduleIds: f.moduleIds }
        : { fileName: f.fileName, source: f.source },
    );
  return {
    name: 'banyan-admin-bundle',
    apply: 'build',
    configResolved(config) {
      production = config.isProduction;
    },
    generateBundle(_options, bundle) {
      const { login, languages, shell } = firstLoadFiles(builtFiles(bundle));
      firstLoad = new Set([...login, ...languages.flatMap((l) => [...l]), ...shell]);
    },
    resolveDependencies: (target, deps) => trimPreloads(firstLoad)(target, deps),
    async writeBundle(options, bundle) {
      if (production) {
        const weights = bundleWeights(builtFiles(bundle));
        const excess = budgetExcess(weights, budget);
        if (excess.length) this.error(`admin bundle over budget (${excess.join('; ')})`);
        this.info(`admin bundle: login ${weights.login} B gzip, login + shell ${weights.loginAndShell} B gzip`);
      }
      await precompress(options.dir!, Object.keys(bundle));
    },
  };
}

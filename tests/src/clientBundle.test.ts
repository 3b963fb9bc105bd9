import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { adminBundle, budgetExcess, bundleWeights, firstLoadGroups, packageExports, precompress, trimPreloads, type BuiltFile } from '../../server/clientBundle';
import { staticImportsOf } from './staticImports';

/** Incompressible text of about `n` gzip bytes. */
const noise = (n: number) => crypto.randomBytes(n).toString('base64');
const gz = (s: string) => zlib.gzipSync(s).length;

const ROOT = '/app/src';
function bundle(sizes: { entry: number; login: number; shell: number; strings: number; dashboard: number; zh?: number; en?: number }) {
  const code = Object.fromEntries(Object.entries({ zh: 2_000, en: 1_500, ...sizes }).map(([k, n]) => [k, noise(n)])) as Record<keyof typeof sizes, string>;
  const files: BuiltFile[] = [
    { fileName: 'assets/index-a.js', source: code.entry, isEntry: true, facadeModuleId: `${ROOT}/index.html`, imports: ['assets/vendor-b.js'] },
    { fileName: 'assets/vendor-b.js', source: 'export const v = 1;', imports: [] },
    { fileName: 'assets/LoginPage-c.js', source: code.login, facadeModuleId: `${ROOT}/features/login/LoginPage.tsx`, imports: ['assets/vendor-b.js'] },
    { fileName: 'assets/Shell-d.js', source: code.shell, facadeModuleId: `${ROOT}/layout/Shell.tsx`, imports: [] },
    { fileName: 'assets/i18n-e.js', source: code.strings, facadeModuleId: `${ROOT}/features/dashboard/i18n.ts`, imports: [] },
    { fileName: 'assets/features-g.js', source: noise(30_000), facadeModuleId: `${ROOT}/i18n/features.ts`, imports: [] },
    // The core strings, one chunk per language (src/i18n/index.ts loads the interface language's).
    { fileName: 'assets/zh-h.js', source: code.zh, facadeModuleId: `${ROOT}/i18n/zh.ts`, imports: [] },
    { fileName: 'assets/en-i.js', source: code.en, facadeModuleId: `${ROOT}/i18n/en.ts`, imports: [] },
    { fileName: 'assets/DashboardPage-f.js', source: code.dashboard, facadeModuleId: `${ROOT}/features/dashboard/DashboardPage.tsx`, imports: [] },
  ];
  return { files, code };
}

describe('the admin bundle budget', () => {
  it('weighs what the login page loads, then the shell and its first screen\'s strings, but no page or other strings behind it', () => {
    const { files, code } = bundle({ entry: 50_000, login: 5_000, shell: 20_000, strings: 10_000, dashboard: 90_000 });
    const login = gz(code.entry) + gz('export const v = 1;') + gz(code.login) + gz(code.zh);
    expect(bundleWeights(files)).toEqual({ login, loginAndShell: login + gz(code.shell) + gz(code.strings) });
  });

  it('weighs the core strings of one language with the login page, the heavier one', () => {
    const base = gz('export const v = 1;');
    for (const [zh, en] of [[3_000, 1_000], [1_000, 3_000]] as const) {
      const { files, code } = bundle({ entry: 50_000, login: 5_000, shell: 20_000, strings: 10_000, dashboard: 1_000, zh, en });
      const login = gz(code.entry) + base + gz(code.login) + Math.max(gz(code.zh), gz(code.en));
      expect(bundleWeights(files).login).toBe(login);
    }
  });

  /** Runs the plugin's hooks on a bundle as Vite does; `between` stands for what Vite's own hooks do to the code in between. */
  async function runPlugin(plugin: ReturnType<typeof adminBundle>, files: BuiltFile[], between: (out: Record<string, { code?: string }>) => void = () => undefined) {
    const out: Record<string, { type: string; fileName: string; code?: string; source?: string | Uint8Array }> = Object.fromEntries(
      files.map((f) => [f.fileName, f.isEntry !== undefined || f.imports ? { type: 'chunk', fileName: f.fileName, code: f.source as string, isEntry: Boolean(f.isEntry), facadeModuleId: f.facadeModuleId ?? null, imports: f.imports ?? [], moduleIds: f.moduleIds ?? [], viteMetadata: { importedCss: new Set<string>() } } : { type: 'asset', fileName: f.fileName, source: f.source }]),
    );
    const context = { error: (msg: string) => { throw new Error(msg); }, info: () => undefined };
    (plugin.generateBundle as unknown as (this: typeof context, o: unknown, b: unknown) => void).call(context, {}, out);
    between(out);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-bundle-'));
    try {
      for (const f of Object.values(out)) {
        await fs.mkdir(path.dirname(path.join(dir, f.fileName)), { recursive: true });
        await fs.writeFile(path.join(dir, f.fileName), f.code ?? f.source ?? '');
      }
      await (plugin.writeBundle as unknown as (this: typeof context, o: unknown, b: unknown) => Promise<void>).call(context, { dir }, out);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  it('fails the build when login or login + shell outgrow the budget', async () => {
    const plugin = () => adminBundle({ login: 100_000, loginAndShell: 150_000 });
    await expect(runPlugin(plugin(), bundle({ entry: 50_000, login: 5_000, shell: 20_000, strings: 10_000, dashboard: 200_000 }).files)).resolves.toBeUndefined();
    await expect(runPlugin(plugin(), bundle({ entry: 98_000, login: 5_000, shell: 1_000, strings: 1_000, dashboard: 1_000 }).files)).rejects.toThrow(/login: \d+ B gzip exceeds/);
    await expect(runPlugin(plugin(), bundle({ entry: 50_000, login: 5_000, shell: 60_000, strings: 40_000, dashboard: 1_000 }).files)).rejects.toThrow(/loginAndShell: \d+ B gzip exceeds/);
  });

  it('weighs the code as written, with what Vite adds to it after the chunks are made (the preload lists)', async () => {
    const { files } = bundle({ entry: 50_000, login: 5_000, shell: 20_000, strings: 10_000, dashboard: 1_000 });
    const addLists = (out: Record<string, { code?: string }>) => {
      out['assets/index-a.js']!.code = `const __vite__mapDeps = ${JSON.stringify(noise(60_000))};\n${out['assets/index-a.js']!.code}`;
    };
    await expect(runPlugin(adminBundle({ login: 100_000, loginAndShell: 150_000 }), files)).resolves.toBeUndefined();
    await expect(runPlugin(adminBundle({ login: 100_000, loginAndShell: 150_000 }), files, addLists)).rejects.toThrow(/login: \d+ B gzip exceeds/);
  });

  it('finds the login page merged into the entry chunk', () => {
    const { files, code } = bundle({ entry: 50_000, login: 5_000, shell: 20_000, strings: 10_000, dashboard: 1_000 });
    const merged = files
      .filter((f) => f.fileName !== 'assets/LoginPage-c.js')
      .map((f) => (f.isEntry ? { ...f, source: `${code.entry}${code.login}`, moduleIds: [`${ROOT}/main.tsx`, `${ROOT}/features/login/LoginPage.tsx`] } : f));
    const login = gz(`${code.entry}${code.login}`) + gz('export const v = 1;') + gz(code.zh);
    expect(bundleWeights(merged)).toEqual({ login, loginAndShell: login + gz(code.shell) + gz(code.strings) });
  });

  it('leaves the files of the first load out of the screens\' preload lists, not out of the shell\'s', async () => {
    const firstLoad = new Set(['assets/index-a.js', 'assets/vendor-b.js', 'assets/Shell-d.js']);
    expect(trimPreloads(firstLoad)('assets/Page-x.js', ['assets/Page-x.js', 'assets/vendor-b.js', 'assets/chart-y.js'])).toEqual(['assets/Page-x.js', 'assets/chart-y.js']);
    expect(trimPreloads(firstLoad)('assets/Shell-d.js', ['assets/Shell-d.js', 'assets/vendor-b.js'])).toEqual(['assets/Shell-d.js', 'assets/vendor-b.js']);
    // The plugin learns the first load from the bundle before Vite asks for the lists.
    const plugin = adminBundle({ login: 1e9, loginAndShell: 1e9 });
    await runPlugin(plugin, bundle({ entry: 1_000, login: 1_000, shell: 1_000, strings: 1_000, dashboard: 1_000 }).files, () => {
      expect(plugin.resolveDependencies('assets/DashboardPage-f.js', ['assets/DashboardPage-f.js', 'assets/vendor-b.js', 'assets/Shell-d.js'])).toEqual(['assets/DashboardPage-f.js']);
    });
  });

  it('reports nothing when both weights fit', () => {
    expect(budgetExcess({ login: 10, loginAndShell: 20 }, { login: 10, loginAndShell: 20 })).toEqual([]);
    expect(budgetExcess({ login: 11, loginAndShell: 20 }, { login: 10, loginAndShell: 20 })).toHaveLength(1);
  });
});

describe('the first load\'s chunks', () => {
  const repo = path.resolve(__dirname, '../..');
  const nm = (file: string) => path.join(repo, 'node_modules', file);

  it('reads which files a package entry exports each name from', () => {
    const chakra = packageExports(nm('@chakra-ui/react/dist/esm/index.js'));
    expect(chakra.get('Box')).toEqual([nm('@chakra-ui/react/dist/esm/components/box/index.js')]);
    // A namespace (Field.Root, Field.Label…) stands for the files it re-exports.
    expect(chakra.get('Field')).toContain(nm('@chakra-ui/react/dist/esm/components/field/field.js'));
    // An alias names the file it comes from.
    expect(packageExports(nm('lucide-react/dist/esm/lucide-react.mjs')).get('ShieldAlert')).toEqual([nm('lucide-react/dist/esm/icons/shield-exclamation-point.mjs')]);
  });

  it('merges the entry\'s modules into one chunk, and the shell\'s (with the Chakra parts and icons it names) into another', () => {
    const [initial, shell] = firstLoadGroups(repo);
    expect(initial).toMatchObject({ name: 'index', tags: ['$initial'] });
    // The shell's, on a module graph with no imports (each module stands for itself).
    const ctx = { getModuleInfo: (id: string) => ({ id, importedIds: [] as string[] }) } as unknown as Rolldown.ChunkingContext;
    const name = (id: string) => (shell!.name as (id: string, c: typeof ctx) => string | null)(id, ctx);
    expect(name(path.join(repo, 'src/layout/TopBar.tsx'))).toBe('shell');
    expect(name(path.join(repo, 'src/layout/Shell.tsx'))).toBe('shell');
    expect(name(nm('@chakra-ui/react/dist/esm/components/button/icon-button.js'))).toBe('shell');
    // The dashboard's strings keep their chunk (loaded beside the shell's); the login page's modules go with the entry.
    expect(name(path.join(repo, 'src/features/dashboard/i18n.ts'))).toBeNull();
    expect(name(path.join(repo, 'src/features/login/LoginPage.tsx'))).toBeNull();
    // Nothing the shell does not name: Chakra's menus and avatar, lucide's components (the shell draws outlines), the screens.
    expect(name(nm('@chakra-ui/react/dist/esm/components/menu/menu.js'))).toBeNull();
    expect(name(nm('@chakra-ui/react/dist/esm/components/avatar/avatar.js'))).toBeNull();
    expect(name(nm('lucide-react/dist/esm/icons/log-out.mjs'))).toBeNull();
    expect(name(nm('lucide-react/dist/esm/icons/hourglass.mjs'))).toBeNull();
    expect(name(path.join(repo, 'src/features/dashboard/DashboardPage.tsx'))).toBeNull();
  });
});

describe('precompressed assets', () => {
  it('writes brotli and gzip copies that decode to the file, and skips tiny or binary files', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-precompress-'));
    try {
      const text = 'const x = "banyan";\n'.repeat(500);
      await fs.mkdir(path.join(dir, 'assets'));
      await fs.writeFile(path.join(dir, 'assets/app-1.js'), text);
      await fs.writeFile(path.join(dir, 'assets/tiny-2.js'), 'x');
      await fs.writeFile(path.join(dir, 'assets/logo-3.png'), Buffer.alloc(4096));
      await precompress(dir, ['assets/app-1.js', 'assets/tiny-2.js', 'assets/logo-3.png']);
      expect(zlib.brotliDecompressSync(await fs.readFile(path.join(dir, 'assets/app-1.js.br'))).toString()).toBe(text);
      expect(zlib.gunzipSync(await fs.readFile(path.join(dir, 'assets/app-1.js.gz'))).toString()).toBe(text);
      expect((await fs.readdir(path.join(dir, 'assets'))).sort()).toEqual(['app-1.js', 'app-1.js.br', 'app-1.js.gz', 'logo-3.png', 'tiny-2.js']);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('what the login page loads', () => {
  it('keeps the login page free of the shell, the feature strings and zod', () => {
    // The static import graph of the login page: none of these may be reachable without a dynamic import.
    const reached = staticImportsOf(path.resolve(__dirname, '../../src/main.tsx'));
    const rel = [...reached.keys()].map((f) => path.relative(path.resolve(__dirname, '../..'), f).split(path.sep).join('/'));
    expect(rel).toContain('src/app/Root.tsx');
    expect(rel).not.toContain('src/layout/Shell.tsx');
    expect(rel).not.toContain('src/i18n/features.ts');
    // The core strings load in the interface language only.
    expect(rel).not.toContain('src/i18n/zh.ts');
    expect(rel).not.toContain('src/i18n/en.ts');
    expect(rel.filter((f) => f.startsWith('models/')).filter((f) => reached.get(path.resolve(__dirname, '../..', f))?.zod)).toEqual([]);
  });

  it('keeps the login page and the shell free of axios, lucide\'s components, the other screens\' strings, and Chakra\'s heavier parts', () => {
    const repo = path.resolve(__dirname, '../..');
    const reached = new Set([...staticImportsOf(path.join(repo, 'src/main.tsx')).keys(), ...staticImportsOf(path.join(repo, 'src/layout/Shell.tsx')).keys()]);
    const rel = [...reached].map((f) => path.relative(repo, f).split(path.sep).join('/'));
    expect(rel).toContain('src/layout/TopBar.tsx');
    expect(rel).toContain('src/layout/LanguageSwitch.tsx');
    expect(rel).not.toContain('src/i18n/features.ts');
    expect(rel).not.toContain('src/theme/screenRecipes.ts');
    // Chakra's theme entry imports every recipe: the system takes its parts one module at a time.
    expect([...reached].filter((f) => /from '@chakra-ui\/react\/theme'/.test(readFileSync(f, 'utf8'))).map((f) => path.relative(repo, f))).toEqual([]);
    expect(rel).not.toContain('src/components/ToastList.tsx');
    const offenders = [...reached].filter((f) => {
      const text = readFileSync(f, 'utf8');
      const chakra = [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)].flatMap((m) => m[1]!.split(',').map((n) => n.trim()));
      // Menus, dialogs, toasts and the avatar bring state machines; Alert, NativeSelect and CloseButton bring
      // Chakra's whole icon module; lucide's components bring its runtime (the shell draws outlines: LineIcon).
      return /from '(axios|lucide-react)'/.test(text) || chakra.some((n) => ['Menu', 'Dialog', 'Drawer', 'Toaster', 'createToaster', 'Avatar', 'Alert', 'NativeSelect', 'CloseButton'].includes(n));
    });
    expect(offenders.map((f) => path.relative(repo, f))).toEqual([]);
  });
});

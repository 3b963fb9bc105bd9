import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { adminBundle, budgetExcess, bundleWeights, precompress, type BuiltFile } from '../../server/clientBundle';
import { staticImportsOf } from './staticImports';

/** Incompressible text of about `n` gzip bytes. */
const noise = (n: number) => crypto.randomBytes(n).toString('base64');
const gz = (s: string) => zlib.gzipSync(s).length;

const ROOT = '/app/src';
function bundle(sizes: { entry: number; login: number; shell: number; strings: number; dashboard: number }) {
  const code = Object.fromEntries(Object.entries(sizes).map(([k, n]) => [k, noise(n)])) as Record<keyof typeof sizes, string>;
  const files: BuiltFile[] = [
    { fileName: 'assets/index-a.js', source: code.entry, isEntry: true, facadeModuleId: `${ROOT}/index.html`, imports: ['assets/vendor-b.js'] },
    { fileName: 'assets/vendor-b.js', source: 'export const v = 1;', imports: [] },
    { fileName: 'assets/LoginPage-c.js', source: code.login, facadeModuleId: `${ROOT}/features/login/LoginPage.tsx`, imports: ['assets/vendor-b.js'] },
    { fileName: 'assets/Shell-d.js', source: code.shell, facadeModuleId: `${ROOT}/layout/Shell.tsx`, imports: [] },
    { fileName: 'assets/i18n-e.js', source: code.strings, facadeModuleId: `${ROOT}/features/dashboard/i18n.ts`, imports: [] },
    { fileName: 'assets/features-g.js', source: noise(30_000), facadeModuleId: `${ROOT}/i18n/features.ts`, imports: [] },
    { fileName: 'assets/DashboardPage-f.js', source: code.dashboard, facadeModuleId: `${ROOT}/features/dashboard/DashboardPage.tsx`, imports: [] },
  ];
  return { files, code };
}

describe('the admin bundle budget', () => {
  it('weighs what the login page loads, then the shell and its first screen\'s strings, but no page or other strings behind it', () => {
    const { files, code } = bundle({ entry: 50_000, login: 5_000, shell: 20_000, strings: 10_000, dashboard: 90_000 });
    const login = gz(code.entry) + gz('export const v = 1;') + gz(code.login);
    expect(bundleWeights(files)).toEqual({ login, loginAndShell: login + gz(code.shell) + gz(code.strings) });
  });

  it('fails the build when login or login + shell outgrow the budget', () => {
    const plugin = adminBundle({ login: 100_000, loginAndShell: 150_000 });
    const run = (files: BuiltFile[]) => {
      const out = Object.fromEntries(
        files.map((f) => [f.fileName, f.isEntry !== undefined || f.imports ? { type: 'chunk', fileName: f.fileName, code: f.source, isEntry: Boolean(f.isEntry), facadeModuleId: f.facadeModuleId ?? null, imports: f.imports ?? [], viteMetadata: { importedCss: new Set<string>() } } : { type: 'asset', fileName: f.fileName, source: f.source }]),
      );
      const context = { error: (msg: string) => { throw new Error(msg); }, info: () => undefined };
      (plugin.generateBundle as unknown as (this: typeof context, o: unknown, b: unknown) => void).call(context, {}, out);
    };
    expect(() => run(bundle({ entry: 50_000, login: 5_000, shell: 20_000, strings: 10_000, dashboard: 200_000 }).files)).not.toThrow();
    expect(() => run(bundle({ entry: 98_000, login: 5_000, shell: 1_000, strings: 1_000, dashboard: 1_000 }).files)).toThrow(/login: \d+ B gzip exceeds/);
    expect(() => run(bundle({ entry: 50_000, login: 5_000, shell: 60_000, strings: 40_000, dashboard: 1_000 }).files)).toThrow(/loginAndShell: \d+ B gzip exceeds/);
  });

  it('reports nothing when both weights fit', () => {
    expect(budgetExcess({ login: 10, loginAndShell: 20 }, { login: 10, loginAndShell: 20 })).toEqual([]);
    expect(budgetExcess({ login: 11, loginAndShell: 20 }, { login: 10, loginAndShell: 20 })).toHaveLength(1);
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
    expect(rel.filter((f) => f.startsWith('models/')).filter((f) => reached.get(path.resolve(__dirname, '../..', f))?.zod)).toEqual([]);
  });

  it('keeps the login page and the shell free of axios, the other screens\' strings, and Chakra\'s menu and toast machinery', () => {
    const repo = path.resolve(__dirname, '../..');
    const reached = new Set([...staticImportsOf(path.join(repo, 'src/main.tsx')).keys(), ...staticImportsOf(path.join(repo, 'src/layout/Shell.tsx')).keys()]);
    const rel = [...reached].map((f) => path.relative(repo, f).split(path.sep).join('/'));
    expect(rel).toContain('src/layout/TopBar.tsx');
    expect(rel).toContain('src/layout/LanguageSwitch.tsx');
    expect(rel).not.toContain('src/i18n/features.ts');
    expect(rel).not.toContain('src/theme/screenRecipes.ts');
    expect(rel).not.toContain('src/components/ToastList.tsx');
    const offenders = [...reached].filter((f) => {
      const text = readFileSync(f, 'utf8');
      const chakra = [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g)].flatMap((m) => m[1]!.split(',').map((n) => n.trim()));
      return /from 'axios'/.test(text) || chakra.some((n) => ['Menu', 'Dialog', 'Drawer', 'Toaster', 'createToaster'].includes(n));
    });
    expect(offenders.map((f) => path.relative(repo, f))).toEqual([]);
  });
});

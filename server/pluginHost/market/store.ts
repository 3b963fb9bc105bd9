import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import { plugins } from '../../db/schema/index';
import { marketDefinition } from './definition';
import { PluginManifest } from '../../../models/plugin';
import type { AppContext } from '../../http/context';
import type { PluginDefinition } from '../types';

// Installed market packages on disk: <sharedDir>/plugins/<id>/<version>/ holds the verified files (written only
// after every check passed, through a temporary folder renamed into place). At start the market plugins the
// database lists as installed are rebuilt from there and registered on the host. Issue 17: the folder is
// SHARED_DIR's (the `dataDir` parameters below are config.sharedDir), so every server of a cluster loads a package
// another one installed (operations/plugins/changes.ts tells them when).

export const pluginsDir = (dataDir: string) => path.join(dataDir, 'plugins');
export const packageDir = (dataDir: string, id: string, version: string) => path.join(pluginsDir(dataDir), id, version);

/** Writes a verified package's files; returns the folder. An existing folder of that version is replaced. */
export async function storePackage(dataDir: string, id: string, version: string, files: ReadonlyMap<string, Buffer>): Promise<string> {
  const final = packageDir(dataDir, id, version);
  const tmp = path.join(pluginsDir(dataDir), id, `.tmp-${version}-${crypto.randomBytes(6).toString('hex')}`);
  try {
    for (const [file, bytes] of files) {
      const target = path.join(tmp, file);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.writeFile(target, bytes, { flag: 'wx' });
    }
    await fs.rm(final, { recursive: true, force: true });
    await fs.rename(tmp, final);
    return final;
  } catch (err) {
    await fs.rm(tmp, { recursive: true, force: true });
    throw err;
  }
}

/** Removes one stored version (or the whole plugin folder when `version` is omitted). */
export async function removeStored(dataDir: string, id: string, version?: string) {
  await fs.rm(version ? packageDir(dataDir, id, version) : path.join(pluginsDir(dataDir), id), { recursive: true, force: true });
  if (version) await fs.rmdir(path.join(pluginsDir(dataDir), id)).catch(() => {});
}

async function readTree(dir: string, sub = ''): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const d of await fs.readdir(path.join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${d.name}` : d.name;
    if (d.isDirectory()) for (const [k, v] of await readTree(dir, rel)) out.set(k, v);
    else if (d.isFile()) out.set(rel, await fs.readFile(path.join(dir, rel)));
  }
  return out;
}

/** The stored files of an installed version. */
export const readStored = (dataDir: string, id: string, version: string) => readTree(packageDir(dataDir, id, version));

/** The definition of a stored package, or null when its folder is missing or unreadable. */
export async function storedDefinition(dataDir: string, id: string, version: string): Promise<PluginDefinition | null> {
  try {
    const files = await readStored(dataDir, id, version);
    const manifest = PluginManifest.parse(JSON.parse(files.get('manifest.json')!.toString('utf8')));
    return manifest.id === id ? marketDefinition(manifest, files) : null;
  } catch {
    return null;
  }
}

/** Market plugins the database lists as installed, rebuilt from their stored files (for the host at start). */
export async function loadInstalledMarketPlugins(ctx: Pick<AppContext, 'db' | 'config'>): Promise<PluginDefinition[]> {
  const rows = await ctx.db
    .select({ id: plugins.id, version: plugins.version })
    .from(plugins)
    .where(and(eq(plugins.source, 'market'), ne(plugins.state, 'notInstalled')));
  const out: PluginDefinition[] = [];
  for (const r of rows) {
    const def = await storedDefinition(ctx.config.sharedDir, r.id, r.version);
    if (def) out.push(def);
  }
  return out;
}

const LEGACY_CLAIM_PREFIX = '.plugins-moving-';

/**
 * On start, when the shared folder is not the data folder: packages installed before issue 17 (DATA_DIR/plugins)
 * move to SHARED_DIR/plugins. The folder is claimed by renaming it (a server stopped midway picks the claim up
 * again); each <id>/<version> folder absent from the shared folder is copied to a temporary name there and renamed
 * into place whole; then the claim is removed. Answers how many package versions moved.
 */
export async function moveLegacyPlugins(dataDir: string, sharedDir: string): Promise<number> {
  if (path.resolve(dataDir) === path.resolve(sharedDir)) return 0;
  const entries = await fs.readdir(dataDir).catch(() => [] as string[]);
  const claims = entries.filter((e) => e.startsWith(LEGACY_CLAIM_PREFIX));
  if (entries.includes('plugins')) {
    const claim = `${LEGACY_CLAIM_PREFIX}${crypto.randomBytes(6).toString('hex')}`;
    if (await fs.rename(pluginsDir(dataDir), path.join(dataDir, claim)).then(() => true, () => false)) claims.push(claim);
  }
  let moved = 0;
  for (const claim of claims) {
    const dir = path.join(dataDir, claim);
    for (const id of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      if (!id.isDirectory() || id.name.startsWith('.')) continue;
      for (const version of await fs.readdir(path.join(dir, id.name), { withFileTypes: true }).catch(() => [])) {
        if (!version.isDirectory() || version.name.startsWith('.')) continue;
        const final = packageDir(sharedDir, id.name, version.name);
        if (await fs.stat(final).then(() => true, () => false)) continue;
        const tmp = path.join(pluginsDir(sharedDir), id.name, `.tmp-${version.name}-${crypto.randomBytes(6).toString('hex')}`);
        await fs.mkdir(path.dirname(tmp), { recursive: true });
        try {
          await fs.cp(path.join(dir, id.name, version.name), tmp, { recursive: true, errorOnExist: true, force: false });
          await fs.rename(tmp, final);
        } finally {
          await fs.rm(tmp, { recursive: true, force: true });
        }
        moved++;
      }
    }
    await fs.rm(dir, { recursive: true, force: true });
  }
  return moved;
}

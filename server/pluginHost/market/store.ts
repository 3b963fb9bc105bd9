import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import { plugins } from '../../db/schema/index';
import { marketDefinition } from './definition';
import { PluginManifest } from '../../../models/plugin';
import type { AppContext } from '../../http/context';
import type { PluginDefinition } from '../types';

// Installed market packages on disk: dataDir/plugins/<id>/<version>/ holds the verified files (written only
// after every check passed, through a temporary folder renamed into place). At start the market plugins the
// database lists as installed are rebuilt from there and registered on the host.

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
    const def = await storedDefinition(ctx.config.dataDir, r.id, r.version);
    if (def) out.push(def);
  }
  return out;
}

import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../http/errors';
import {
  ACTIVE_FILE, DEFAULT_THEME_DIR, HISTORY_DIR, THEME_FOLDER, activeFolder, readThemeMeta, resolveTheme, setActiveFolder, siteThemesDir,
} from '../../public/themes';
import { SHIPPED_THEME_FOLDER, type ThemeInfo } from '../../../models/themes';

// A site's themes (/Theme/index): the installed ones under <dataDir>/themes/site-<id>/ plus the shipped default.

const isThemeDir = async (dir: string) => {
  try {
    return (await fs.stat(path.join(dir, 'theme.json'))).isFile();
  } catch {
    return false;
  }
};

/** Drops parsed templates so the public pages use the new theme at once. */
export function clearThemeCache(app: FastifyInstance) {
  app.ctx.caches.get('publicThemes')?.clear();
}

export async function listThemes(dataDir: string, siteId: number): Promise<ThemeInfo[]> {
  const current = await resolveTheme(dataDir, siteId);
  const shippedMeta = await readThemeMeta(DEFAULT_THEME_DIR);
  const out: ThemeInfo[] = [{ folder: SHIPPED_THEME_FOLDER, ...shippedMeta, active: current.shipped, shipped: true }];
  const root = siteThemesDir(dataDir, siteId);
  const names = await fs.readdir(root).catch(() => [] as string[]);
  for (const folder of names.sort()) {
    if (!THEME_FOLDER.test(folder) || folder === SHIPPED_THEME_FOLDER) continue;
    const dir = path.join(root, folder);
    if (!(await isThemeDir(dir))) continue;
    out.push({ folder, ...(await readThemeMeta(dir)), active: !current.shipped && current.folder === folder, shipped: false });
  }
  return out;
}

async function installedDir(dataDir: string, siteId: number, folder: string) {
  if (!THEME_FOLDER.test(folder)) throw badRequest('theme.notFound', { folder });
  const dir = path.join(siteThemesDir(dataDir, siteId), folder);
  if (!(await isThemeDir(dir))) throw notFound('theme.notFound');
  return dir;
}

/** Makes a theme the site's active one; 'default' goes back to the shipped theme. Returns the theme's name. */
export async function activateTheme(dataDir: string, siteId: number, folder: string): Promise<string> {
  if (folder === SHIPPED_THEME_FOLDER) {
    await fs.rm(path.join(siteThemesDir(dataDir, siteId), ACTIVE_FILE), { force: true });
    return (await readThemeMeta(DEFAULT_THEME_DIR)).name;
  }
  const dir = await installedDir(dataDir, siteId, folder);
  await setActiveFolder(dataDir, siteId, folder);
  return (await readThemeMeta(dir)).name;
}

/** Removes an installed theme (and its saved versions); never the active one nor the shipped default. */
export async function deleteTheme(dataDir: string, siteId: number, folder: string): Promise<string> {
  if (folder === SHIPPED_THEME_FOLDER) throw conflict('theme.shippedLocked');
  const dir = await installedDir(dataDir, siteId, folder);
  if ((await activeFolder(dataDir, siteId)) === folder) throw conflict('theme.activeLocked');
  const name = (await readThemeMeta(dir)).name;
  await fs.rm(dir, { recursive: true, force: true });
  await fs.rm(path.join(siteThemesDir(dataDir, siteId), HISTORY_DIR, folder), { recursive: true, force: true });
  return name;
}

import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../http/errors';
import {
  DEFAULT_THEME_DIR, THEME_FOLDER, activeFolder, readThemeMeta, resolveTheme, setActiveFolder, siteThemesDir, type ThemeDevice,
} from '../../public/themes';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sites } from '../../db/schema/index';
import { loadSiteSettings } from '../websiteSettings';
import { dropThemeHistory } from './history';
import { SHIPPED_THEME_FOLDER, type ThemeInfo, type ThemeSharing } from '../../../models/themes';

// A site's themes (/Theme/index): the installed ones under <sharedDir>/themes/site-<id>/ (config.sharedDir: the
// folder every server of a cluster reads) plus the shipped default.

const isThemeDir = async (dir: string) => {
  try {
    return (await fs.stat(path.join(dir, 'theme.json'))).isFile();
  } catch {
    return false;
  }
};

/** Drops this process's parsed templates so its public pages use the new theme at once (other servers: ./changes.ts). */
export function clearThemeCache(app: FastifyInstance) {
  app.ctx.caches.get('publicThemes')?.clear();
}

/**
 * The site's themes: the shipped default first, then installed ones by folder. `separateMobile` (PC/mobile sharing
 * off) marks the theme mobile visitors get; otherwise no theme is mobile-active (everyone gets the PC theme).
 */
export async function listThemes(sharedDir: string, siteId: number, opts: { separateMobile?: boolean } = {}): Promise<ThemeInfo[]> {
  const current = await resolveTheme(sharedDir, siteId);
  const mobile = opts.separateMobile ? await resolveTheme(sharedDir, siteId, 'mobile') : undefined;
  const isMobile = (folder: string, shipped: boolean) => Boolean(mobile && (shipped ? mobile.shipped : !mobile.shipped && mobile.folder === folder));
  const shippedMeta = await readThemeMeta(DEFAULT_THEME_DIR);
  const out: ThemeInfo[] = [
    { folder: SHIPPED_THEME_FOLDER, ...shippedMeta, active: current.shipped, mobile_active: isMobile(SHIPPED_THEME_FOLDER, true), shipped: true },
  ];
  const root = siteThemesDir(sharedDir, siteId);
  const names = await fs.readdir(root).catch(() => [] as string[]);
  for (const folder of names.sort()) {
    if (!THEME_FOLDER.test(folder) || folder === SHIPPED_THEME_FOLDER) continue;
    const dir = path.join(root, folder);
    if (!(await isThemeDir(dir))) continue;
    const active = !current.shipped && current.folder === folder;
    out.push({ folder, ...(await readThemeMeta(dir)), active, mobile_active: isMobile(folder, false), shipped: false });
  }
  return out;
}

async function installedDir(sharedDir: string, siteId: number, folder: string) {
  if (!THEME_FOLDER.test(folder)) throw badRequest('theme.notFound', { folder });
  const dir = path.join(siteThemesDir(sharedDir, siteId), folder);
  if (!(await isThemeDir(dir))) throw notFound('theme.notFound');
  return dir;
}

/**
 * Makes a theme the site's active one for a device; 'default' is the shipped theme. For mobile, choosing the
 * PC theme drops the separate mobile theme (mobile follows PC again). Returns the theme's name.
 */
export async function activateTheme(sharedDir: string, siteId: number, folder: string, device: ThemeDevice = 'pc'): Promise<string> {
  const shipped = folder === SHIPPED_THEME_FOLDER;
  const dir = shipped ? DEFAULT_THEME_DIR : await installedDir(sharedDir, siteId, folder);
  if (device === 'pc') await setActiveFolder(sharedDir, siteId, shipped ? undefined : folder, 'pc');
  else {
    const pc = await resolveTheme(sharedDir, siteId);
    const sameAsPc = shipped ? pc.shipped : !pc.shipped && pc.folder === folder;
    await setActiveFolder(sharedDir, siteId, sameAsPc ? undefined : folder, 'mobile');
  }
  return (await readThemeMeta(dir)).name;
}

/** Removes an installed theme (and its saved versions); never the active one nor the shipped default. */
export async function deleteTheme(db: Executor, sharedDir: string, siteId: number, folder: string): Promise<string> {
  if (folder === SHIPPED_THEME_FOLDER) throw conflict('theme.shippedLocked');
  const dir = await installedDir(sharedDir, siteId, folder);
  if ((await activeFolder(sharedDir, siteId)) === folder || (await activeFolder(sharedDir, siteId, 'mobile')) === folder) {
    throw conflict('theme.activeLocked');
  }
  const name = (await readThemeMeta(dir)).name;
  await fs.rm(dir, { recursive: true, force: true });
  await dropThemeHistory(db, siteId, folder);
  return name;
}

/** How the site's settings decide which themes its pages use (template sharing, PC/mobile sharing). */
export async function themeSharing(db: Executor, siteId: number): Promise<ThemeSharing> {
  const { site, settings } = await loadSiteSettings(db, siteId);
  const [parent] =
    settings.template_sharing && site.parentId
      ? await db.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.id, site.parentId))
      : [];
  return { uses_parent: Boolean(parent), parent: parent ?? null, separate_mobile: !settings.pc_mobile_sharing };
}

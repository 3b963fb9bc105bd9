import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// Themes on disk (layout in server/public/README.md): the shipped default theme in <repo>/themes/default, and
// each site's installed themes in <dataDir>/themes/site-<id>/<folder>, the active one named by active.json.

export const SHIPPED_THEMES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../themes');
export const DEFAULT_THEME_DIR = path.join(SHIPPED_THEMES_DIR, 'default');
export const ACTIVE_FILE = 'active.json';
export const HISTORY_DIR = '.history';
/** Folder names of installed themes: what install and activation accept. */
export const THEME_FOLDER = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export const ThemeMeta = z.object({
  name: z.string().max(100),
  description: z.string().max(1000).default(''),
  version: z.string().max(50).default('1.0.0'),
  language: z.enum(['zh', 'en', 'multi']).default('multi'),
});
export type ThemeMeta = z.infer<typeof ThemeMeta>;

export interface ResolvedTheme {
  /** Absolute theme folder. */
  dir: string;
  /** Installed folder name, or 'default' for the shipped theme. */
  folder: string;
  shipped: boolean;
}

/** Where a site's installed themes live. */
export const siteThemesDir = (dataDir: string, siteId: number) => path.join(dataDir, 'themes', `site-${siteId}`);

async function isThemeDir(dir: string) {
  try {
    return (await fs.stat(path.join(dir, 'theme.json'))).isFile();
  } catch {
    return false;
  }
}

/** Which visitors a theme is active for: everyone (pc), or mobile visitors when PC/mobile sharing is off. */
export type ThemeDevice = 'pc' | 'mobile';
/** The shipped theme's name in active.json's `mobile` key (installed folders are never called that). */
const SHIPPED_FOLDER = 'default';
const ACTIVE_KEY: Record<ThemeDevice, 'theme' | 'mobile'> = { pc: 'theme', mobile: 'mobile' };

async function readActive(dataDir: string, siteId: number): Promise<Record<string, unknown>> {
  try {
    const raw = JSON.parse(await fs.readFile(path.join(siteThemesDir(dataDir, siteId), ACTIVE_FILE), 'utf8')) as unknown;
    return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The folder named active for a site and device, when it is a valid folder name: `theme` for PC (and everyone
 * while PC/mobile sharing is on), `mobile` for a separate mobile theme ('default' there: the shipped theme).
 */
export async function activeFolder(dataDir: string, siteId: number, device: ThemeDevice = 'pc'): Promise<string | undefined> {
  const value = (await readActive(dataDir, siteId))[ACTIVE_KEY[device]];
  return typeof value === 'string' && THEME_FOLDER.test(value) ? value : undefined;
}

/**
 * Marks a theme active for a site and device, keeping the other device's choice. `undefined` clears it: PC goes
 * back to the shipped default, mobile follows the PC theme again.
 */
export async function setActiveFolder(dataDir: string, siteId: number, folder: string | undefined, device: ThemeDevice = 'pc') {
  if (folder !== undefined && !THEME_FOLDER.test(folder)) throw new Error(`bad theme folder: ${folder}`);
  const dir = siteThemesDir(dataDir, siteId);
  const current = await readActive(dataDir, siteId);
  const next: Record<string, string> = {};
  for (const d of ['pc', 'mobile'] as const) {
    const value = d === device ? folder : current[ACTIVE_KEY[d]];
    if (typeof value === 'string' && THEME_FOLDER.test(value)) next[ACTIVE_KEY[d]] = value;
  }
  if (!Object.keys(next).length) {
    await fs.rm(path.join(dir, ACTIVE_FILE), { force: true });
    return;
  }
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, ACTIVE_FILE), JSON.stringify(next));
}

/**
 * The theme a site renders with: its active installed theme, else the shipped default. For 'mobile', the site's
 * separate mobile theme when it names one that exists, else the same as PC (callers ask for 'mobile' only when
 * PC/mobile sharing is off).
 */
export async function resolveTheme(dataDir: string, themeSiteId: number, device: ThemeDevice = 'pc'): Promise<ResolvedTheme> {
  if (device === 'mobile') {
    const mobile = await activeFolder(dataDir, themeSiteId, 'mobile');
    if (mobile === SHIPPED_FOLDER) return { dir: DEFAULT_THEME_DIR, folder: SHIPPED_FOLDER, shipped: true };
    if (mobile) {
      const dir = path.join(siteThemesDir(dataDir, themeSiteId), mobile);
      if (await isThemeDir(dir)) return { dir, folder: mobile, shipped: false };
    }
  }
  const folder = await activeFolder(dataDir, themeSiteId);
  if (folder && folder !== SHIPPED_FOLDER) {
    const dir = path.join(siteThemesDir(dataDir, themeSiteId), folder);
    if (await isThemeDir(dir)) return { dir, folder, shipped: false };
  }
  return { dir: DEFAULT_THEME_DIR, folder: SHIPPED_FOLDER, shipped: true };
}

async function readJson(file: string, maxBytes = 256 * 1024): Promise<unknown> {
  const stat = await fs.stat(file);
  if (!stat.isFile() || stat.size > maxBytes) return undefined;
  return JSON.parse(await fs.readFile(file, 'utf8'));
}

export async function readThemeMeta(dir: string): Promise<ThemeMeta> {
  try {
    const parsed = ThemeMeta.safeParse(await readJson(path.join(dir, 'theme.json')));
    if (parsed.success) return parsed.data;
  } catch {
    // falls through to a name from the folder
  }
  return ThemeMeta.parse({ name: path.basename(dir) });
}

/** A theme's interface strings in one language (locales/<lang>.json; flat string values only). */
export async function readThemeStrings(dir: string, language: string): Promise<Record<string, string>> {
  try {
    const raw = await readJson(path.join(dir, 'locales', `${language}.json`));
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
    return Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

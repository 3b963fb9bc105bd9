import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { badRequest, conflict, notFound } from '../../http/errors';
import { SHIPPED_THEMES_DIR, THEME_FOLDER, ThemeMeta, siteThemesDir } from '../../public/themes';
import { PackageName, SHIPPED_THEME_FOLDER, type LibraryPackage } from '../../../models/themes';
import { readThemePackage, requireThemeFiles, type ThemePackage } from './zipPackage';

// The template library (/TempleteLibrary/index): zip packages in the repository's themes/library/ and in
// <sharedDir>/theme-library/ (uploads). Installing checks the whole package first, extracts it into a temporary
// folder beside the site's themes and renames that into place, so a failure leaves nothing half-written.

export const SHIPPED_LIBRARY_DIR = path.join(SHIPPED_THEMES_DIR, 'library');
/** Uploaded packages, in the shared folder (config.sharedDir) so every server of a cluster offers them. */
export const dataLibraryDir = (sharedDir: string) => path.join(sharedDir, 'theme-library');
const PREVIEWS = ['preview.png', 'preview.jpg', 'preview.jpeg', 'preview.webp', 'preview.gif', 'screenshot.png', 'screenshot.jpg'];
const PREVIEW_MAX_BYTES = 512 * 1024;
const MIME: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' };

/** A checked package's theme.json (refused when it is missing or not valid). */
export function packageMeta(pkg: ThemePackage): ThemeMeta {
  requireThemeFiles(pkg);
  try {
    const parsed = ThemeMeta.safeParse(JSON.parse(pkg.files.get('theme.json')!.toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // refused below
  }
  throw badRequest('theme.pkgBadMeta');
}

function preview(pkg: ThemePackage): string | null {
  for (const file of PREVIEWS) {
    const bytes = pkg.files.get(file);
    if (bytes && bytes.length <= PREVIEW_MAX_BYTES) return `data:${MIME[file.split('.').pop()!]};base64,${bytes.toString('base64')}`;
  }
  return null;
}

async function zipsIn(dir: string) {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => PackageName.safeParse(n).success).sort();
}

/** Every valid package of the library (uploads shadow shipped packages of the same name); invalid ones are left out. */
export async function listLibrary(sharedDir: string): Promise<LibraryPackage[]> {
  const found = new Map<string, { file: string; source: LibraryPackage['source'] }>();
  for (const name of await zipsIn(SHIPPED_LIBRARY_DIR)) found.set(name, { file: path.join(SHIPPED_LIBRARY_DIR, name), source: 'shipped' });
  for (const name of await zipsIn(dataLibraryDir(sharedDir))) found.set(name, { file: path.join(dataLibraryDir(sharedDir), name), source: 'uploaded' });
  const out: LibraryPackage[] = [];
  for (const [name, { file, source }] of found) {
    try {
      const bytes = await fs.readFile(file);
      const pkg = await readThemePackage(bytes);
      out.push({ package: name, ...packageMeta(pkg), source, size: bytes.length, preview: preview(pkg) });
    } catch {
      // an unreadable or refused package is not offered
    }
  }
  return out.sort((a, b) => a.package.localeCompare(b.package));
}

async function packageFile(sharedDir: string, name: string): Promise<string> {
  for (const dir of [dataLibraryDir(sharedDir), SHIPPED_LIBRARY_DIR]) {
    const file = path.join(dir, name);
    if (await fs.stat(file).then((s) => s.isFile(), () => false)) return file;
  }
  throw notFound('theme.pkgNotFound');
}

/** Stores an uploaded package in the data library after checking it fully. Returns the theme's name. */
export async function uploadPackage(sharedDir: string, filename: string, bytes: Buffer): Promise<{ name: string; package: string }> {
  const base = path.basename(filename.replace(/\\/g, '/'));
  if (!PackageName.safeParse(base).success) throw badRequest('theme.pkgBadName');
  const meta = packageMeta(await readThemePackage(bytes));
  const dir = dataLibraryDir(sharedDir);
  await fs.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.upload-${crypto.randomUUID()}`);
  await fs.writeFile(tmp, bytes);
  await fs.rename(tmp, path.join(dir, base));
  return { name: meta.name, package: base };
}

const folderFromPackage = (name: string) =>
  name.replace(/\.zip$/i, '').toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^[^a-z0-9]+/, '').slice(0, 64) || 'theme';

/** Installs a library package as a theme of the site; returns the theme's name and folder. */
export async function installPackage(sharedDir: string, siteId: number, name: string, folder?: string) {
  const target = folder ?? folderFromPackage(name);
  if (!THEME_FOLDER.test(target)) throw badRequest('theme.folderInvalid');
  if (target === SHIPPED_THEME_FOLDER) throw conflict('theme.folderTaken', { folder: target });
  const pkg = await readThemePackage(await fs.readFile(await packageFile(sharedDir, name)));
  const meta = packageMeta(pkg);
  return { name: meta.name, folder: await extractTheme(siteThemesDir(sharedDir, siteId), target, pkg) };
}

/** Writes a checked package to <root>/<folder> through a temporary folder renamed into place. */
export async function extractTheme(root: string, folder: string, pkg: ThemePackage): Promise<string> {
  const dest = path.join(root, folder);
  if (await fs.stat(dest).then(() => true, () => false)) throw conflict('theme.folderTaken', { folder });
  await fs.mkdir(root, { recursive: true });
  const tmp = await fs.mkdtemp(path.join(root, '.install-'));
  try {
    for (const [file, bytes] of pkg.files) {
      const out = path.join(tmp, file);
      if (!out.startsWith(tmp + path.sep)) throw badRequest('theme.pkgBadPath', { entry: file });
      await fs.mkdir(path.dirname(out), { recursive: true });
      await fs.writeFile(out, bytes, { flag: 'wx' });
    }
    await fs.rename(tmp, dest);
  } catch (err) {
    await fs.rm(tmp, { recursive: true, force: true });
    if ((err as NodeJS.ErrnoException).code === 'ENOTEMPTY' || (err as NodeJS.ErrnoException).code === 'EEXIST') throw conflict('theme.folderTaken', { folder });
    throw err;
  }
  return folder;
}

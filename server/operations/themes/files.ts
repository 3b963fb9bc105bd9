import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ApiError, badRequest, forbidden, notFound } from '../../http/errors';
import type { Db } from '../../db/client';
import { DEFAULT_THEME_DIR, THEME_FOLDER, siteThemesDir } from '../../public/themes';
import { SHIPPED_THEME_FOLDER } from '../../../models/themes';
import {
  EDITABLE_EXTENSIONS, THEME_EDIT_LIMITS, VERSION_ID, isEditablePath, isTemplatePath,
  type ThemeFileContent, type ThemeFileEntry, type ThemeFileKind, type ThemeFileList, type ThemeFileVersion,
} from '../../../models/themeFiles';
import { keepVersion, listFileVersions, lockThemeFile, notifyThemeChange, versionContent, type ThemeFileKey } from './history';

// The online theme file editor (issue 6). Every path is checked segment by segment and then walked with lstat,
// so nothing outside the theme folder is reached: no `..`, absolute or backslash paths, no NUL, no hidden
// names (the reserved .history folder included) and no symbolic link anywhere on the way. Themes live in the
// shared folder (config.sharedDir: every server of a cluster reads the same files); each save keeps the previous
// text as a version in the database (./history.ts), so every server lists and restores the same versions.

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._@+-]*$/;
const MAX_DEPTH = 12;
const maxText = `${THEME_EDIT_LIMITS.fileBytes / 1024} KB`;

/** Where theme files and their versions are: the shared folder and the database. */
export interface ThemeStore {
  db: Db;
  sharedDir: string;
}

interface ThemeRoot {
  folder: string;
  /** Real (symbolic links resolved) theme folder. */
  dir: string;
  readOnly: boolean;
}

const shown = (p: string) => p.replace(/\0/g, '\\0').slice(0, THEME_EDIT_LIMITS.pathChars);
const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT' || (e as NodeJS.ErrnoException)?.code === 'ENOTDIR';

/** The theme folder the editor works in: an installed theme of the site, or the shipped default (read-only). */
async function themeRoot(sharedDir: string, siteId: number, folder: string): Promise<ThemeRoot> {
  if (folder === SHIPPED_THEME_FOLDER) return { folder, dir: await fs.realpath(DEFAULT_THEME_DIR), readOnly: true };
  if (!THEME_FOLDER.test(folder)) throw badRequest('theme.folderInvalid');
  const base = siteThemesDir(sharedDir, siteId);
  const dir = path.join(base, folder);
  try {
    const stat = await fs.lstat(dir);
    const meta = await fs.lstat(path.join(dir, 'theme.json'));
    if (!stat.isDirectory() || !meta.isFile()) throw notFound('theme.notFound');
    const siteDir = await fs.realpath(base);
    if ((await fs.realpath(dir)) !== path.join(siteDir, folder)) throw notFound('theme.notFound');
    return { folder, dir: path.join(siteDir, folder), readOnly: false };
  } catch (e) {
    if (e instanceof ApiError) throw new ApiError(404, 'theme.notFound', { folder });
    if (isMissing(e)) throw new ApiError(404, 'theme.notFound', { folder });
    throw e;
  }
}

/** The segments of a path inside a theme, or a refusal. */
function segmentsOf(rel: string): string[] {
  if (rel.includes('\0') || rel.includes('\\') || rel.startsWith('/') || /^[A-Za-z]:/.test(rel)) throw badRequest('themeFile.badPath', { path: shown(rel) });
  const segments = rel.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) throw badRequest('themeFile.badPath', { path: shown(rel) });
  if (segments.some((s) => s.startsWith('.'))) throw new ApiError(403, 'themeFile.hiddenPath', { path: shown(rel) });
  if (segments.length > MAX_DEPTH || segments.some((s) => !SEGMENT.test(s))) throw badRequest('themeFile.badPath', { path: shown(rel) });
  return segments;
}

function requireEditableType(rel: string) {
  if (!isEditablePath(rel)) throw badRequest('themeFile.extension', { path: shown(rel), allowed: EDITABLE_EXTENSIONS.join(', ') });
}

/** Walks to a regular file with lstat at each step: a missing step is 404, a symbolic link 403. */
async function resolveFile(root: ThemeRoot, rel: string): Promise<{ abs: string; segments: string[]; size: number }> {
  const segments = segmentsOf(rel);
  requireEditableType(rel);
  let current = root.dir;
  let size = 0;
  for (const [i, segment] of segments.entries()) {
    current = path.join(current, segment);
    let stat;
    try {
      stat = await fs.lstat(current);
    } catch (e) {
      if (isMissing(e)) throw new ApiError(404, 'themeFile.notFound', { path: rel });
      throw e;
    }
    if (stat.isSymbolicLink()) throw new ApiError(403, 'themeFile.link', { path: rel });
    const last = i === segments.length - 1;
    if (last ? !stat.isFile() : !stat.isDirectory()) throw new ApiError(404, 'themeFile.notFound', { path: rel });
    size = stat.size;
  }
  // Belt and braces: the real path must be the path we walked.
  if ((await fs.realpath(current)) !== current) throw new ApiError(403, 'themeFile.link', { path: rel });
  return { abs: current, segments, size };
}

async function readText(abs: string, size: number): Promise<string> {
  if (size > THEME_EDIT_LIMITS.fileBytes) throw new ApiError(413, 'themeFile.tooLarge', { max: maxText });
  return fs.readFile(abs, 'utf8');
}

function checkContent(content: string) {
  if (content.includes('\0')) throw badRequest('themeFile.binary');
  if (Buffer.byteLength(content, 'utf8') > THEME_EDIT_LIMITS.fileBytes) throw new ApiError(413, 'themeFile.tooLarge', { max: maxText });
}

/** Lists a theme's files ('templates': templates/**\/*.liquid only); hidden names and links are left out. */
export async function listThemeFiles(sharedDir: string, siteId: number, folder: string, kind: ThemeFileKind): Promise<ThemeFileList> {
  const root = await themeRoot(sharedDir, siteId, folder);
  const files: ThemeFileEntry[] = [];
  const walk = async (dir: string, prefix: string, depth: number) => {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (files.length >= THEME_EDIT_LIMITS.listed) return;
      if (entry.name.startsWith('.') || entry.isSymbolicLink()) continue;
      const rel = prefix + entry.name;
      if (entry.isDirectory() && depth < MAX_DEPTH) await walk(path.join(dir, entry.name), `${rel}/`, depth + 1);
      else if (entry.isFile() && (kind === 'all' || isTemplatePath(rel))) {
        const { size } = await fs.lstat(path.join(dir, entry.name));
        const editable = isEditablePath(rel) && size <= THEME_EDIT_LIMITS.fileBytes && rel.split('/').every((s) => SEGMENT.test(s));
        files.push({ path: rel, size, editable });
      }
    }
  };
  await walk(root.dir, '', 1);
  return { folder: root.folder, readOnly: root.readOnly, files };
}

export async function readThemeFile(sharedDir: string, siteId: number, folder: string, rel: string): Promise<ThemeFileContent> {
  const root = await themeRoot(sharedDir, siteId, folder);
  const { abs, size } = await resolveFile(root, rel);
  return { folder: root.folder, path: rel, content: await readText(abs, size), readOnly: root.readOnly };
}

// Saves of one file run one after another in this process (and, through the file's lock, in the cluster).
const queues = new Map<string, Promise<unknown>>();
function serialized<T>(key: string, work: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).catch(() => undefined).then(work);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  void tail.then(() => {
    if (queues.get(key) === tail) queues.delete(key);
  });
  return run;
}

async function writeAtomic(abs: string, content: string) {
  const tmp = path.join(path.dirname(abs), `.${path.basename(abs)}.${randomBytes(6).toString('hex')}.tmp`);
  await fs.writeFile(tmp, content, { flag: 'wx' });
  try {
    await fs.rename(tmp, abs);
  } catch (e) {
    await fs.rm(tmp, { force: true });
    throw e;
  }
}

/**
 * Replaces the file's text by `text` (nothing happens when it is the same) while holding the file in every server, keeping the
 * replaced text as a version. The version row, the file and the change notification go together: the file is
 * written inside the transaction (put back if the commit fails), so the notification other servers hear at the
 * commit always finds the new text in the shared folder.
 */
async function replaceText(
  store: ThemeStore,
  key: ThemeFileKey,
  abs: string,
  text: string,
  author: number | null,
  now: Date,
): Promise<{ version: string | null }> {
  return serialized(abs, async () => {
    let written: string | undefined;
    try {
      return await store.db.transaction(async (tx) => {
        await lockThemeFile(tx, key);
        const current = await fs.readFile(abs, 'utf8');
        if (text === current) return { version: null };
        const version = await keepVersion(tx, key, current, author, now);
        await writeAtomic(abs, text);
        written = current;
        await notifyThemeChange(tx, key.siteId);
        return { version };
      });
    } catch (err) {
      if (written !== undefined) await writeAtomic(abs, written).catch(() => undefined);
      throw err;
    }
  });
}

function requireWritable(root: ThemeRoot) {
  if (root.readOnly) throw forbidden('themeFile.shippedReadOnly');
}

/** Saves a file's new text, keeping the old one as a version. `changed` is false when the text was the same. */
export async function updateThemeFile(
  store: ThemeStore,
  siteId: number,
  folder: string,
  rel: string,
  content: string,
  author: number | null = null,
  now = new Date(),
): Promise<{ changed: boolean; version: string | null }> {
  const root = await themeRoot(store.sharedDir, siteId, folder);
  requireWritable(root);
  checkContent(content);
  const { abs } = await resolveFile(root, rel);
  const { version } = await replaceText(store, { siteId, folder: root.folder, path: rel }, abs, content, author, now);
  return { changed: version !== null, version };
}

export async function listVersions(store: ThemeStore, siteId: number, folder: string, rel: string): Promise<ThemeFileVersion[]> {
  const root = await themeRoot(store.sharedDir, siteId, folder);
  await resolveFile(root, rel);
  if (root.readOnly) return [];
  return listFileVersions(store.db, { siteId, folder: root.folder, path: rel });
}

async function versionText(store: ThemeStore, root: ThemeRoot, key: ThemeFileKey, version: string): Promise<string> {
  if (root.readOnly || !VERSION_ID.test(version)) throw notFound('themeFile.versionNotFound');
  const text = await versionContent(store.db, key, version);
  if (text === null) throw notFound('themeFile.versionNotFound');
  return text;
}

export async function readVersion(store: ThemeStore, siteId: number, folder: string, rel: string, version: string): Promise<string> {
  const root = await themeRoot(store.sharedDir, siteId, folder);
  await resolveFile(root, rel);
  return versionText(store, root, { siteId, folder: root.folder, path: rel }, version);
}

/** Puts a saved version back; the text it replaces is kept as a version too. */
export async function restoreVersion(
  store: ThemeStore,
  siteId: number,
  folder: string,
  rel: string,
  version: string,
  author: number | null = null,
  now = new Date(),
): Promise<{ content: string; version: string | null }> {
  const root = await themeRoot(store.sharedDir, siteId, folder);
  requireWritable(root);
  const { abs } = await resolveFile(root, rel);
  const key = { siteId, folder: root.folder, path: rel };
  const restored = await versionText(store, root, key, version);
  const kept = await replaceText(store, key, abs, restored, author, now);
  return { content: restored, version: kept.version };
}

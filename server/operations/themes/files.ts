import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ApiError, badRequest, forbidden, notFound } from '../../http/errors';
import { DEFAULT_THEME_DIR, HISTORY_DIR, THEME_FOLDER, siteThemesDir } from '../../public/themes';
import { SHIPPED_THEME_FOLDER } from '../../../models/themes';
import {
  EDITABLE_EXTENSIONS, THEME_EDIT_LIMITS, VERSION_ID, isEditablePath, isTemplatePath, versionStamp, versionTime,
  type ThemeFileContent, type ThemeFileEntry, type ThemeFileKind, type ThemeFileList, type ThemeFileVersion,
} from '../../../models/themeFiles';

// The online theme file editor (issue 6). Every path is checked segment by segment and then walked with lstat,
// so nothing outside the theme folder is reached: no `..`, absolute or backslash paths, no NUL, no hidden
// names (the reserved .history folder included) and no symbolic link anywhere on the way. Each save keeps the
// previous text in <dataDir>/themes/site-<id>/.history/<folder>/<file path>/<version id>.

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._@+-]*$/;
const MAX_DEPTH = 12;
const maxText = `${THEME_EDIT_LIMITS.fileBytes / 1024} KB`;

interface ThemeRoot {
  folder: string;
  /** Real (symbolic links resolved) theme folder. */
  dir: string;
  readOnly: boolean;
  /** Real folder of the site's themes (installed themes only). */
  siteDir: string;
}

const shown = (p: string) => p.replace(/\0/g, '\\0').slice(0, THEME_EDIT_LIMITS.pathChars);
const isMissing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === 'ENOENT' || (e as NodeJS.ErrnoException)?.code === 'ENOTDIR';

/** The theme folder the editor works in: an installed theme of the site, or the shipped default (read-only). */
async function themeRoot(dataDir: string, siteId: number, folder: string): Promise<ThemeRoot> {
  if (folder === SHIPPED_THEME_FOLDER) return { folder, dir: await fs.realpath(DEFAULT_THEME_DIR), readOnly: true, siteDir: '' };
  if (!THEME_FOLDER.test(folder)) throw badRequest('theme.folderInvalid');
  const base = siteThemesDir(dataDir, siteId);
  const dir = path.join(base, folder);
  try {
    const stat = await fs.lstat(dir);
    const meta = await fs.lstat(path.join(dir, 'theme.json'));
    if (!stat.isDirectory() || !meta.isFile()) throw notFound('theme.notFound');
    const siteDir = await fs.realpath(base);
    if ((await fs.realpath(dir)) !== path.join(siteDir, folder)) throw notFound('theme.notFound');
    return { folder, dir: path.join(siteDir, folder), readOnly: false, siteDir };
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
export async function listThemeFiles(dataDir: string, siteId: number, folder: string, kind: ThemeFileKind): Promise<ThemeFileList> {
  const root = await themeRoot(dataDir, siteId, folder);
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

export async function readThemeFile(dataDir: string, siteId: number, folder: string, rel: string): Promise<ThemeFileContent> {
  const root = await themeRoot(dataDir, siteId, folder);
  const { abs, size } = await resolveFile(root, rel);
  return { folder: root.folder, path: rel, content: await readText(abs, size), readOnly: root.readOnly };
}

// Saves of one file run one after another, so a version is never lost between read and write.
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

/** The history folder of one file, created on demand; refused if anything on the way is a link. */
async function historyDir(root: ThemeRoot, segments: string[], create: boolean): Promise<string | null> {
  const dir = path.join(root.siteDir, HISTORY_DIR, root.folder, ...segments);
  if (create) await fs.mkdir(dir, { recursive: true });
  try {
    if ((await fs.realpath(dir)) !== dir) throw new ApiError(403, 'themeFile.link', { path: segments.join('/') });
  } catch (e) {
    if (isMissing(e)) return null;
    throw e;
  }
  return dir;
}

const versionOrder = (v: string) => {
  const [stamp, counter = '0'] = v.split('-');
  return [stamp!, Number(counter)] as const;
};
const newestFirst = (a: string, b: string) => {
  const [sa, ca] = versionOrder(a);
  const [sb, cb] = versionOrder(b);
  return sa === sb ? cb - ca : sa < sb ? 1 : -1;
};

async function versionIds(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  return entries.filter((e) => e.isFile() && VERSION_ID.test(e.name)).map((e) => e.name).sort(newestFirst);
}

/** Keeps `content` as a new version of the file and drops the oldest beyond the limit. */
async function keepVersion(root: ThemeRoot, segments: string[], content: string, now: Date): Promise<string> {
  const dir = (await historyDir(root, segments, true))!;
  const stamp = versionStamp(now);
  for (let n = 0; n < 1000; n++) {
    const id = n === 0 ? stamp : `${stamp}-${n}`;
    try {
      await fs.writeFile(path.join(dir, id), content, { flag: 'wx' });
      const old = (await versionIds(dir)).slice(THEME_EDIT_LIMITS.versions);
      await Promise.all(old.map((v) => fs.rm(path.join(dir, v), { force: true })));
      return id;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  throw new Error('no free version id');
}

function requireWritable(root: ThemeRoot) {
  if (root.readOnly) throw forbidden('themeFile.shippedReadOnly');
}

/** Saves a file's new text, keeping the old one as a version. `changed` is false when the text was the same. */
export async function updateThemeFile(
  dataDir: string,
  siteId: number,
  folder: string,
  rel: string,
  content: string,
  now = new Date(),
): Promise<{ changed: boolean; version: string | null }> {
  const root = await themeRoot(dataDir, siteId, folder);
  requireWritable(root);
  checkContent(content);
  const { abs, segments } = await resolveFile(root, rel);
  return serialized(abs, async () => {
    const current = await fs.readFile(abs, 'utf8');
    if (current === content) return { changed: false, version: null };
    const version = await keepVersion(root, segments, current, now);
    await writeAtomic(abs, content);
    return { changed: true, version };
  });
}

export async function listVersions(dataDir: string, siteId: number, folder: string, rel: string): Promise<ThemeFileVersion[]> {
  const root = await themeRoot(dataDir, siteId, folder);
  const { segments } = await resolveFile(root, rel);
  if (root.readOnly) return [];
  const dir = await historyDir(root, segments, false);
  if (!dir) return [];
  const ids = await versionIds(dir);
  return Promise.all(
    ids.map(async (version) => ({ version, size: (await fs.lstat(path.join(dir, version))).size, created_at: versionTime(version) })),
  );
}

async function versionText(root: ThemeRoot, segments: string[], version: string): Promise<string> {
  if (root.readOnly || !VERSION_ID.test(version)) throw notFound('themeFile.versionNotFound');
  const dir = await historyDir(root, segments, false);
  if (!dir) throw notFound('themeFile.versionNotFound');
  const file = path.join(dir, version);
  const stat = await fs.lstat(file).catch(() => null);
  if (!stat?.isFile()) throw notFound('themeFile.versionNotFound');
  return readText(file, stat.size);
}

export async function readVersion(dataDir: string, siteId: number, folder: string, rel: string, version: string): Promise<string> {
  const root = await themeRoot(dataDir, siteId, folder);
  const { segments } = await resolveFile(root, rel);
  return versionText(root, segments, version);
}

/** Puts a saved version back; the text it replaces is kept as a version too. */
export async function restoreVersion(
  dataDir: string,
  siteId: number,
  folder: string,
  rel: string,
  version: string,
  now = new Date(),
): Promise<{ content: string; version: string | null }> {
  const root = await themeRoot(dataDir, siteId, folder);
  requireWritable(root);
  const { abs, segments } = await resolveFile(root, rel);
  const restored = await versionText(root, segments, version);
  return serialized(abs, async () => {
    const current = await fs.readFile(abs, 'utf8');
    if (current === restored) return { content: restored, version: null };
    const kept = await keepVersion(root, segments, current, now);
    await writeAtomic(abs, restored);
    return { content: restored, version: kept };
  });
}

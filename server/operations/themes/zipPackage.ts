import yauzl from 'yauzl';
import { badRequest } from '../../http/errors';
import { THEME_FILE_EXTENSIONS, THEME_PACKAGE_LIMITS } from '../../../models/themes';

// Reads a theme package (zip) fully in memory and checks it entry by entry before anything is written:
// relative paths only (no "..", no absolute or drive paths, no backslashes), regular files and folders only
// (symbolic links and other special entries refused by their unix mode), allowed extensions, at most
// THEME_PACKAGE_LIMITS.entries entries, and the inflated bytes actually read (not the header's claim)
// within the per-file and total limits. A package whose files all sit in one top folder is unwrapped.

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const EXTENSIONS = new Set<string>(THEME_FILE_EXTENSIONS);

export interface ThemePackage {
  /** Relative path (forward slashes) → contents. */
  files: Map<string, Buffer>;
}

export interface PackageLimits {
  entries: number;
  fileBytes: number;
  totalBytes: number;
}

const open = (buffer: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (err, zip) =>
      err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip),
    ),
  );

function entryName(entry: yauzl.Entry): string {
  const raw = entry.fileName as unknown as Buffer;
  return Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw);
}

/** The entry's path when it is safe; throws a localized 400 naming the entry otherwise. */
export function checkEntryPath(name: string): string {
  const bad = () => badRequest('theme.pkgBadPath', { entry: name.slice(0, 200) });
  if (!name || name.length > 400) throw bad();
  if (name.includes('\\') || name.includes(':') || name.startsWith('/') || /[\u0000-\u001f\u007f]/.test(name)) throw bad();
  const isDir = name.endsWith('/');
  const segments = (isDir ? name.slice(0, -1) : name).split('/');
  for (const s of segments) if (!s || s === '.' || s === '..' || s.startsWith('.')) throw bad();
  return segments.join('/') + (isDir ? '/' : '');
}

export function extensionAllowed(file: string): boolean {
  const dot = file.lastIndexOf('.');
  const slash = file.lastIndexOf('/');
  return dot > slash + 1 && EXTENSIONS.has(file.slice(dot + 1).toLowerCase());
}

function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string, maxFile: number, room: number) {
  return new Promise<Buffer>((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(badRequest('theme.pkgBadZip'));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxFile) {
          stream.destroy();
          reject(badRequest('theme.pkgFileTooLarge', { entry: name, max: `${maxFile / 1024 / 1024} MB` }));
        } else if (size > room) {
          stream.destroy();
          reject(badRequest('theme.pkgTooLarge', { max: `${THEME_PACKAGE_LIMITS.totalBytes / 1024 / 1024} MB` }));
        } else chunks.push(chunk);
      });
      stream.on('error', () => reject(badRequest('theme.pkgBadZip')));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** Reads and checks every entry; the package is refused as a whole at the first bad one. */
export async function readThemePackage(buffer: Buffer, limits: PackageLimits = THEME_PACKAGE_LIMITS): Promise<ThemePackage> {
  let zip: yauzl.ZipFile;
  try {
    zip = await open(buffer);
  } catch {
    throw badRequest('theme.pkgBadZip');
  }
  try {
    if (zip.entryCount > limits.entries) throw badRequest('theme.pkgTooMany', { max: limits.entries });
    const files = new Map<string, Buffer>();
    let total = 0;
    let seen = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(badRequest('theme.pkgBadZip')));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        (async () => {
          if (++seen > limits.entries) throw badRequest('theme.pkgTooMany', { max: limits.entries });
          const name = checkEntryPath(entryName(entry));
          const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
          const isDir = name.endsWith('/');
          if (mode !== 0 && mode !== (isDir ? S_IFDIR : S_IFREG)) throw badRequest('theme.pkgLink', { entry: name });
          if (entry.isEncrypted()) throw badRequest('theme.pkgBadZip');
          if (isDir) return;
          if (!extensionAllowed(name)) throw badRequest('theme.pkgExtension', { entry: name });
          if (files.has(name)) throw badRequest('theme.pkgBadPath', { entry: name });
          const bytes = await inflate(zip, entry, name, limits.fileBytes, limits.totalBytes - total);
          total += bytes.length;
          files.set(name, bytes);
        })().then(() => zip.readEntry(), reject);
      });
      zip.readEntry();
    });
    return { files: unwrap(files) };
  } finally {
    zip.close();
  }
}

/** Files all under one top folder (and no theme.json at the root) lose that folder. */
function unwrap(files: Map<string, Buffer>): Map<string, Buffer> {
  if (files.has('theme.json')) return files;
  const tops = new Set([...files.keys()].map((f) => (f.includes('/') ? f.split('/')[0] : '')));
  if (tops.size !== 1 || tops.has('')) return files;
  const prefix = [...tops][0]! + '/';
  return new Map([...files].map(([f, b]) => [f.slice(prefix.length), b]));
}

/** The package must be a theme: theme.json and templates/index.liquid. */
export function requireThemeFiles(pkg: ThemePackage) {
  for (const file of ['theme.json', 'templates/index.liquid']) if (!pkg.files.has(file)) throw badRequest('theme.pkgMissing', { file });
}

import yauzl from 'yauzl';
import { badRequest } from '../../http/errors';
import { THEME_FILE_EXTENSIONS, THEME_PACKAGE_LIMITS } from '../../../models/themes';

// Reads a theme package (zip) fully in memory and checks it entry by entry before anything is written:
// relative paths only (no "..", no absolute or drive paths, no backslashes), regular files and folders only
// (symbolic links and other special entries refused by their unix mode), allowed extensions, at most
// THEME_PACKAGE_LIMITS.entries entries, and the inflated bytes actually read (not the header's claim)
// within the per-file and total limits. A package whose files all sit in one top folder is unwrapped.
// Plugin packages (server/pluginHost/market/package.ts) use the same reader with their own extensions,
// limits and messages (`plugin.pkg*` instead of `theme.pkg*`).

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

/** Which kind of package is read: its messages say so ("theme package" / "plugin package"). */
export type PackageKind = 'theme' | 'plugin';

export interface ZipPackageOptions {
  kind: PackageKind;
  limits: PackageLimits;
  /** Whether a file (relative path) may be in the package. */
  allowed: (file: string) => boolean;
  /** Unwrap a single top folder (themes). */
  unwrap: boolean;
}

type PackageMessage = 'pkgBadZip' | 'pkgBadPath' | 'pkgLink' | 'pkgExtension' | 'pkgTooMany' | 'pkgFileTooLarge' | 'pkgTooLarge';
const fail = (kind: PackageKind, key: PackageMessage, params?: Record<string, string | number>) => badRequest(`${kind}.${key}`, params);

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
export function checkEntryPath(name: string, kind: PackageKind = 'theme'): string {
  const bad = () => fail(kind, 'pkgBadPath', { entry: name.slice(0, 200) });
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

function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry, name: string, maxFile: number, room: number, opts: ZipPackageOptions) {
  const { kind } = opts;
  return new Promise<Buffer>((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(fail(kind, 'pkgBadZip'));
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxFile) {
          stream.destroy();
          reject(fail(kind, 'pkgFileTooLarge', { entry: name, max: `${maxFile / 1024 / 1024} MB` }));
        } else if (size > room) {
          stream.destroy();
          reject(fail(kind, 'pkgTooLarge', { max: `${opts.limits.totalBytes / 1024 / 1024} MB` }));
        } else chunks.push(chunk);
      });
      stream.on('error', () => reject(fail(kind, 'pkgBadZip')));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** Reads and checks every entry; the package is refused as a whole at the first bad one. */
export async function readThemePackage(buffer: Buffer, limits: PackageLimits = THEME_PACKAGE_LIMITS): Promise<ThemePackage> {
  return readZipPackage(buffer, { kind: 'theme', limits, allowed: extensionAllowed, unwrap: true });
}

/** Reads and checks every entry of any package kind; refused as a whole at the first bad entry. */
export async function readZipPackage(buffer: Buffer, opts: ZipPackageOptions): Promise<ThemePackage> {
  const { kind, limits } = opts;
  let zip: yauzl.ZipFile;
  try {
    zip = await open(buffer);
  } catch {
    throw fail(kind, 'pkgBadZip');
  }
  try {
    if (zip.entryCount > limits.entries) throw fail(kind, 'pkgTooMany', { max: limits.entries });
    const files = new Map<string, Buffer>();
    let total = 0;
    let seen = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(fail(kind, 'pkgBadZip')));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        (async () => {
          if (++seen > limits.entries) throw fail(kind, 'pkgTooMany', { max: limits.entries });
          const name = checkEntryPath(entryName(entry), kind);
          const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
          const isDir = name.endsWith('/');
          if (mode !== 0 && mode !== (isDir ? S_IFDIR : S_IFREG)) throw fail(kind, 'pkgLink', { entry: name });
          if (entry.isEncrypted()) throw fail(kind, 'pkgBadZip');
          if (isDir) return;
          if (!opts.allowed(name)) throw fail(kind, 'pkgExtension', { entry: name });
          if (files.has(name)) throw fail(kind, 'pkgBadPath', { entry: name });
          const bytes = await inflate(zip, entry, name, limits.fileBytes, limits.totalBytes - total, opts);
          total += bytes.length;
          files.set(name, bytes);
        })().then(() => zip.readEntry(), reject);
      });
      zip.readEntry();
    });
    return { files: opts.unwrap ? unwrap(files) : files };
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

import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { BACKUP_NAME_PATTERN, BackupManifest, type BackupFile } from '../../../models/database';

// Backup files in <sharedDir>/backups (issue 17: SHARED_DIR, so every server of a cluster lists, downloads, deletes
// and restores the same backups, whichever server's job wrote them; the `root` below is config.sharedDir). A name reaches the disk only when it matches the exact pattern AND is in
// the directory listing: no caller-supplied path is ever joined.
//
// Listing: the manifest is the last entry of a gzip stream, so reading it means gunzipping the whole file.
// Each backup therefore gets a small sidecar (<name>.json, the manifest plus nothing else) written before
// the archive is renamed into place; the list reads sidecars only, cached by name + mtime. A sidecar is a
// convenience for the list and is never trusted: restore verifies the archive itself.

export const backupDir = (root: string) => path.join(root, 'backups');
const sidecarOf = (file: string) => `${file}.json`;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** banyan-YYYYMMDD-HHmmss-<6 random>.tar.gz (UTC). */
export function newBackupName(now = new Date()): string {
  const stamp = `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}-${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
  const random = [...randomBytes(6)].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `banyan-${stamp}-${random}.tar.gz`;
}

/** Names of the backups on disk, newest first. */
export async function backupNames(root: string): Promise<string[]> {
  const entries = await fs.readdir(backupDir(root), { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && BACKUP_NAME_PATTERN.test(e.name))
    .map((e) => e.name)
    .sort()
    .reverse();
}

/** The path of a listed backup, or null when the name is not one of them. */
export async function listedBackup(root: string, name: string): Promise<string | null> {
  if (!BACKUP_NAME_PATTERN.test(name)) return null;
  const names = await backupNames(root);
  return names.includes(name) ? path.join(backupDir(root), name) : null;
}

const sidecarCache = new Map<string, { mtimeMs: number; entry: BackupFile }>();

export async function listBackups(root: string): Promise<BackupFile[]> {
  const out: BackupFile[] = [];
  for (const name of await backupNames(root)) {
    const file = path.join(backupDir(root), name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat) continue;
    const cached = sidecarCache.get(file);
    if (cached && cached.mtimeMs === stat.mtimeMs) {
      out.push(cached.entry);
      continue;
    }
    const entry: BackupFile = { name, size: stat.size, created_at: stat.mtime.toISOString(), tables: null, rows: null, schema_version: null };
    const manifest = await fs
      .readFile(sidecarOf(file), 'utf8')
      .then((text) => BackupManifest.safeParse(JSON.parse(text)))
      .catch(() => null);
    if (manifest?.success) {
      entry.created_at = manifest.data.created_at;
      entry.tables = manifest.data.tables.length;
      entry.rows = manifest.data.tables.reduce((n, t) => n + t.rows, 0);
      entry.schema_version = manifest.data.schema_version;
    }
    sidecarCache.set(file, { mtimeMs: stat.mtimeMs, entry });
    out.push(entry);
  }
  return out;
}

/** Puts a finished archive in place: sidecar first, then the archive under its final name. */
export async function publishBackup(root: string, tempFile: string, name: string, manifest: BackupManifest) {
  const file = path.join(backupDir(root), name);
  await fs.writeFile(sidecarOf(file), JSON.stringify(manifest));
  await fs.rename(tempFile, file);
}

export async function removeBackup(file: string) {
  sidecarCache.delete(file);
  await fs.rm(file, { force: true });
  await fs.rm(sidecarOf(file), { force: true });
}

/** Deletes the oldest backups beyond `keep`; returns their names. */
export async function pruneBackups(root: string, keep: number): Promise<string[]> {
  const doomed = (await backupNames(root)).slice(keep);
  for (const name of doomed) await removeBackup(path.join(backupDir(root), name));
  return doomed;
}

// ---- Backups kept per server before issue 17 (DATA_DIR/backups), moved into the shared folder once.

const LEGACY_CLAIM_PREFIX = '.backups-moving-';

/** Moves one file into `dir` under `name` atomically: a rename, or (another file system) a copy renamed into place. */
async function moveInto(from: string, dir: string, name: string) {
  const target = path.join(dir, name);
  try {
    await fs.rename(from, target);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    const temp = path.join(dir, `.tmp-move-${randomBytes(6).toString('hex')}`);
    try {
      await fs.copyFile(from, temp);
      await fs.rename(temp, target);
    } finally {
      await fs.rm(temp, { force: true });
    }
    await fs.rm(from, { force: true });
  }
}

/**
 * On start, when the shared folder is not the data folder: a DATA_DIR/backups folder is claimed by renaming it (so
 * a second start, or a server stopped midway, picks the claim up again), each backup in it is moved to
 * SHARED_DIR/backups (sidecar first, archive last, each appearing whole under its final name; a name already there
 * is the same backup moved before a crash and is kept), and the claim is removed. Answers how many backups moved.
 */
export async function moveLegacyBackups(dataDir: string, sharedDir: string): Promise<number> {
  if (path.resolve(dataDir) === path.resolve(sharedDir)) return 0;
  const entries = await fs.readdir(dataDir).catch(() => [] as string[]);
  const claims = entries.filter((e) => e.startsWith(LEGACY_CLAIM_PREFIX));
  if (entries.includes('backups')) {
    const claim = `${LEGACY_CLAIM_PREFIX}${randomBytes(6).toString('hex')}`;
    if (await fs.rename(backupDir(dataDir), path.join(dataDir, claim)).then(() => true, () => false)) claims.push(claim);
  }
  if (!claims.length) return 0;
  const target = backupDir(sharedDir);
  await fs.mkdir(target, { recursive: true });
  const present = new Set(await backupNames(sharedDir));
  let moved = 0;
  for (const claim of claims) {
    const dir = path.join(dataDir, claim);
    const files = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const f of files) {
      if (!f.isFile() || !BACKUP_NAME_PATTERN.test(f.name) || present.has(f.name)) continue;
      const names = new Set(files.map((e) => e.name));
      if (names.has(sidecarOf(f.name))) await moveInto(path.join(dir, sidecarOf(f.name)), target, sidecarOf(f.name));
      await moveInto(path.join(dir, f.name), target, f.name);
      present.add(f.name);
      moved++;
    }
    // What is left: backups already in the shared folder, their sidecars, unfinished temporary folders.
    await fs.rm(dir, { recursive: true, force: true });
  }
  return moved;
}

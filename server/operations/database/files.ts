import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { BACKUP_NAME_PATTERN, BackupManifest, type BackupFile } from '../../../models/database';

// Backup files in dataDir/backups. A name reaches the disk only when it matches the exact pattern AND is in
// the directory listing: no caller-supplied path is ever joined.
//
// Listing: the manifest is the last entry of a gzip stream, so reading it means gunzipping the whole file.
// Each backup therefore gets a small sidecar (<name>.json, the manifest plus nothing else) written before
// the archive is renamed into place; the list reads sidecars only, cached by name + mtime. A sidecar is a
// convenience for the list and is never trusted: restore verifies the archive itself.

export const backupDir = (dataDir: string) => path.join(dataDir, 'backups');
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
export async function backupNames(dataDir: string): Promise<string[]> {
  const entries = await fs.readdir(backupDir(dataDir), { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && BACKUP_NAME_PATTERN.test(e.name))
    .map((e) => e.name)
    .sort()
    .reverse();
}

/** The path of a listed backup, or null when the name is not one of them. */
export async function listedBackup(dataDir: string, name: string): Promise<string | null> {
  if (!BACKUP_NAME_PATTERN.test(name)) return null;
  const names = await backupNames(dataDir);
  return names.includes(name) ? path.join(backupDir(dataDir), name) : null;
}

const sidecarCache = new Map<string, { mtimeMs: number; entry: BackupFile }>();

export async function listBackups(dataDir: string): Promise<BackupFile[]> {
  const out: BackupFile[] = [];
  for (const name of await backupNames(dataDir)) {
    const file = path.join(backupDir(dataDir), name);
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
export async function publishBackup(dataDir: string, tempFile: string, name: string, manifest: BackupManifest) {
  const file = path.join(backupDir(dataDir), name);
  await fs.writeFile(sidecarOf(file), JSON.stringify(manifest));
  await fs.rename(tempFile, file);
}

export async function removeBackup(file: string) {
  sidecarCache.delete(file);
  await fs.rm(file, { force: true });
  await fs.rm(sidecarOf(file), { force: true });
}

/** Deletes the oldest backups beyond `keep`; returns their names. */
export async function pruneBackups(dataDir: string, keep: number): Promise<string[]> {
  const doomed = (await backupNames(dataDir)).slice(keep);
  for (const name of doomed) await removeBackup(path.join(backupDir(dataDir), name));
  return doomed;
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { sites, themeFileVersions } from '../../db/schema/index';
import { HISTORY_DIR, THEME_FOLDER } from '../../public/themes';
import { THEME_EDIT_LIMITS, VERSION_ID, versionStamp, versionTime, type ThemeFileVersion } from '../../../models/themeFiles';

// The theme editor's history in the database (issue 17), so every server of a cluster lists and restores the same
// versions: the text each save or restore replaced, at most THEME_EDIT_LIMITS.versions per file. Before, versions
// were files under <themes>/site-<id>/.history/<folder>/<file path>/<version id>: importDiskHistory moves them in.

/** One file of one installed theme of a site. */
export interface ThemeFileKey {
  siteId: number;
  folder: string;
  path: string;
}

/** Channel a theme file change notifies at its commit (heard by every server: server/operations/themes/changes.ts). */
export const THEME_CHANNEL = 'theme_files';

const ofFile = (k: ThemeFileKey) =>
  and(eq(themeFileVersions.siteId, k.siteId), eq(themeFileVersions.folder, k.folder), eq(themeFileVersions.path, k.path));

/**
 * Holds the file for the rest of the transaction (every server: a transaction-level advisory lock), so a version is
 * never lost between reading the file and writing it.
 */
export async function lockThemeFile(tx: Executor, k: ThemeFileKey) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`theme-file\n${k.siteId}\n${k.folder}\n${k.path}`}, 0))`);
}

/** Tells every server, at the commit, that a theme file of the site changed (their parsed templates are stale). */
export async function notifyThemeChange(tx: Executor, siteId: number) {
  await tx.execute(sql`select pg_notify(${THEME_CHANNEL}, ${String(siteId)})`);
}

/** Drops the oldest versions beyond the limit. */
async function prune(tx: Executor, k: ThemeFileKey) {
  await tx.execute(sql`delete from ${themeFileVersions} where ${themeFileVersions.id} in (
    select ${themeFileVersions.id} from ${themeFileVersions} where ${ofFile(k)}
    order by ${themeFileVersions.createdAt} desc, ${themeFileVersions.id} desc offset ${THEME_EDIT_LIMITS.versions})`);
}

/** Keeps `content` as a new version of the file (id: the time, plus a counter within one millisecond); drops the oldest. */
export async function keepVersion(tx: Executor, k: ThemeFileKey, text: string, authorId: number | null, now: Date): Promise<string> {
  const stamp = versionStamp(now);
  // A text column holds no NUL: a file that carried one (never saved by the editor, which refuses them) keeps U+FFFD.
  const content = text.replace(/\0/g, '\uFFFD');
  for (let n = 0; n < 1000; n++) {
    const version = n === 0 ? stamp : `${stamp}-${n}`;
    const rows = await tx
      .insert(themeFileVersions)
      .values({ ...k, version, content, size: Buffer.byteLength(content, 'utf8'), authorId, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: themeFileVersions.id });
    if (rows.length) {
      await prune(tx, k);
      return version;
    }
  }
  throw new Error('no free version id');
}

/** A file's versions, newest first. */
export async function listFileVersions(db: Executor, k: ThemeFileKey): Promise<ThemeFileVersion[]> {
  const rows = await db
    .select({ version: themeFileVersions.version, size: themeFileVersions.size })
    .from(themeFileVersions)
    .where(ofFile(k))
    .orderBy(desc(themeFileVersions.createdAt), desc(themeFileVersions.id))
    .limit(THEME_EDIT_LIMITS.versions);
  return rows.map((r) => ({ version: r.version, size: r.size, created_at: versionTime(r.version) }));
}

/** The text of one version, or null. */
export async function versionContent(db: Executor, k: ThemeFileKey, version: string): Promise<string | null> {
  const [row] = await db
    .select({ content: themeFileVersions.content })
    .from(themeFileVersions)
    .where(and(ofFile(k), eq(themeFileVersions.version, version)));
  return row?.content ?? null;
}

/** Forgets every version of a theme's files (the theme was deleted). */
export async function dropThemeHistory(db: Executor, siteId: number, folder: string) {
  await db.delete(themeFileVersions).where(and(eq(themeFileVersions.siteId, siteId), eq(themeFileVersions.folder, folder)));
}

// ---- The former on-disk history, moved into the table once.

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._@+-]*$/;
const MAX_DEPTH = 14;
const CLAIM_PREFIX = `${HISTORY_DIR}-importing-`;

const counterOf = (v: string) => Number(v.split('-')[1] ?? 0);
const oldestFirst = (a: string, b: string) => (a.slice(0, 19) === b.slice(0, 19) ? counterOf(a) - counterOf(b) : a < b ? -1 : 1);

interface DiskVersion {
  version: string;
  content: string;
}

/**
 * The versions under one claimed history folder: <claim>/<folder>/<path segments>/<version id>. Walked with lstat:
 * links, hidden or odd names, oversized or binary files are left out (the folder is removed afterwards).
 */
async function readClaim(claim: string): Promise<Map<string, DiskVersion[]>> {
  const found = new Map<string, DiskVersion[]>();
  const walk = async (dir: string, parts: string[]) => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        const ok = parts.length === 0 ? THEME_FOLDER.test(e.name) : SEGMENT.test(e.name);
        if (ok && parts.length < MAX_DEPTH) await walk(full, [...parts, e.name]);
      } else if (e.isFile() && parts.length >= 2 && VERSION_ID.test(e.name)) {
        const stat = await fs.lstat(full).catch(() => null);
        if (!stat?.isFile() || stat.size > THEME_EDIT_LIMITS.fileBytes) continue;
        const content = await fs.readFile(full, 'utf8').catch(() => null);
        if (content === null || content.includes('\0')) continue;
        const key = parts.join('/');
        found.set(key, [...(found.get(key) ?? []), { version: e.name, content }]);
      }
    }
  };
  const root = await fs.lstat(claim).catch(() => null);
  if (root?.isDirectory()) await walk(claim, []);
  return found;
}

/**
 * Moves the on-disk history of every site into the table, on start. A server claims a site's .history folder by
 * renaming it (one server wins when several start together), imports it (idempotent: a version already in the
 * table is kept as it is) and removes it; a claim left by a server stopped mid-import is picked up again.
 */
export async function importDiskHistory(db: Db, sharedDir: string): Promise<number> {
  const themesRoot = path.join(sharedDir, 'themes');
  const siteDirs = await fs.readdir(themesRoot).catch(() => [] as string[]);
  let imported = 0;
  for (const name of siteDirs) {
    const m = /^site-(\d{1,9})$/.exec(name);
    if (!m) continue;
    const siteId = Number(m[1]);
    const siteDir = path.join(themesRoot, name);
    const entries = await fs.readdir(siteDir).catch(() => [] as string[]);
    const claims = entries.filter((e) => e.startsWith(CLAIM_PREFIX));
    if (entries.includes(HISTORY_DIR)) {
      const claim = `${CLAIM_PREFIX}${randomUUID()}`;
      const moved = await fs.rename(path.join(siteDir, HISTORY_DIR), path.join(siteDir, claim)).then(() => true, () => false);
      if (moved) claims.push(claim);
    }
    if (!claims.length) continue;
    // A site that is gone keeps its files on disk (its versions could not be listed anywhere).
    const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId));
    if (!site) continue;
    for (const claim of claims) {
      const dir = path.join(siteDir, claim);
      for (const [file, versions] of await readClaim(dir)) {
        const [folder, ...rest] = file.split('/');
        const k: ThemeFileKey = { siteId, folder: folder!, path: rest.join('/') };
        // Oldest first, so the ids follow the saves within one millisecond too.
        versions.sort((a, b) => oldestFirst(a.version, b.version));
        await db.transaction(async (tx) => {
          const rows = await tx
            .insert(themeFileVersions)
            .values(versions.map((v) => ({ ...k, version: v.version, content: v.content, size: Buffer.byteLength(v.content, 'utf8'), createdAt: new Date(versionTime(v.version)) })))
            .onConflictDoNothing()
            .returning({ id: themeFileVersions.id });
          imported += rows.length;
          await prune(tx, k);
        });
      }
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
  return imported;
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { settingsOf } from '../websiteSettings';
import type { SiteRow } from '../../public/data';
import { writePageAsync } from './atomicWrite';

// Where a site's static output lives and how files get there: always strictly inside the data directory,
// in a folder this generator owns (it carries a marker file), never through a symbolic link leaving it.

export const STATIC_ROOT = 'static';
/** Present in every folder the generator wrote; a folder without it is never replaced or deleted. */
export const MARKER = '.banyan-static';

export class OutputPathError extends Error {}

const inside = (root: string, p: string) => p.startsWith(root + path.sep);

/** `<dataDir>/static/site-<id>` or the site's `static_path` (relative to the data directory), validated. */
export async function outputDirOf(dataDir: string, site: Pick<SiteRow, 'id' | 'settings'>): Promise<string> {
  const configured = settingsOf(site.settings).static_path.replace(/^\/+|\/+$/g, '');
  const root = path.resolve(dataDir);
  const dir = configured ? path.resolve(root, configured) : path.join(root, STATIC_ROOT, `site-${site.id}`);
  if (!inside(root, dir) || configured.split('/').includes('..')) throw new OutputPathError(`static path outside the data directory: ${configured}`);
  // The nearest existing ancestor, with links resolved, must still be inside the data directory.
  const realRoot = await fs.realpath(root).catch(() => root);
  let probe = dir;
  for (;;) {
    try {
      const real = await fs.realpath(probe);
      if (real !== realRoot && !inside(realRoot, real)) throw new OutputPathError(`static path leaves the data directory: ${configured}`);
      break;
    } catch (err) {
      if (err instanceof OutputPathError) throw err;
      probe = path.dirname(probe);
    }
  }
  return dir;
}

/** True when the folder exists and was written by the generator. */
export async function hasOutput(dir: string): Promise<boolean> {
  return fs
    .stat(path.join(dir, MARKER))
    .then((s) => s.isFile())
    .catch(() => false);
}

/** May the generator write into / replace this folder? Only when it is missing, empty or its own. */
export async function ownsOrEmpty(dir: string): Promise<boolean> {
  try {
    const entries = await fs.readdir(dir);
    return entries.length === 0 || entries.includes(MARKER);
  } catch {
    return true;
  }
}

/** The file a public path is written to: `index.html` for directory URLs; refused outside `root`. */
export function fileFor(root: string, urlPath: string): string {
  const pathname = decodeURIComponent(urlPath.split('?')[0]!);
  const rel = pathname.endsWith('/') ? `${pathname}index.html` : pathname;
  const file = path.resolve(root, '.' + rel);
  if (!inside(root, file) || rel.includes('\0')) throw new OutputPathError(`path outside the output folder: ${urlPath}`);
  return file;
}

/**
 * Writes one page; `made` (one per run) remembers the folders already made, so each is made once. `atomic`
 * for a page written over a live output (column and content runs): a temporary file renamed over the old page.
 */
export async function writeOutput(root: string, urlPath: string, body: string | Buffer, made?: Set<string>, atomic = false): Promise<number> {
  const file = fileFor(root, urlPath);
  const dir = path.dirname(file);
  if (!made?.has(dir)) {
    await fs.mkdir(dir, { recursive: true });
    made?.add(dir);
  }
  const data = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  await writePageAsync(file, data, atomic);
  return data.length;
}

export async function removeOutput(root: string, urlPath: string) {
  await fs.rm(fileFor(root, urlPath), { force: true });
}

/**
 * What the output holds, kept in the marker: each list page's signature (its page count and item ids) and
 * each column's own order as its detail pages were written (each detail page shows the next items after it
 * as related). A content run compares against it to rewrite the pages whose items changed and no others.
 */
export interface OutputManifest {
  lists: Record<string, string>;
  orders: Record<string, number[]>;
}

/** The manifest of an output folder; empty when there is none (every page then counts as changed). */
export async function readManifest(dir: string): Promise<OutputManifest> {
  try {
    const json = JSON.parse(await fs.readFile(path.join(dir, MARKER), 'utf8')) as Partial<OutputManifest>;
    if (json && typeof json.lists === 'object' && json.lists) {
      // A manifest without column orders (written before related items followed each item): every detail
      // page of a column a content run touches is rewritten once.
      return { lists: json.lists, orders: typeof json.orders === 'object' && json.orders ? json.orders : {} };
    }
  } catch {
    // An older marker (a date) or none.
  }
  return { lists: {}, orders: {} };
}

/** Writes the marker with the manifest, replacing the old one whole (a content run updates a live output). */
export const markOutput = (dir: string, manifest: OutputManifest) =>
  writePageAsync(path.join(dir, MARKER), Buffer.from(JSON.stringify({ generated_at: new Date().toISOString(), ...manifest })), true);

/**
 * Folders of whole-site runs that never finished (the server was killed mid-run) or old outputs a swap did not
 * get to remove: taken away before a new whole-site run, so they never pile up beside the output.
 */
export async function removeStaleRuns(dir: string) {
  const parent = path.dirname(dir);
  // An old output is only stale beside a current one (killed between swapIn's two renames, it is the output).
  const hasCurrent = await fs.stat(dir).then(() => true, () => false);
  const stale = [`${path.basename(dir)}.tmp-`, ...(hasCurrent ? [`${path.basename(dir)}.old-`] : [])];
  // (The spare, spareOf, is no leftover: the run claims it.)
  const names = await fs.readdir(parent).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => stale.some((s) => n.startsWith(s))).map((n) => fs.rm(path.join(parent, n), { recursive: true, force: true })));
}

/**
 * Replaces `dir` by the finished `tmp` folder: the old output is moved aside first and removed after, so a
 * reader sees either the old or the new tree, never a half-written one.
 */
export async function swapIn(tmp: string, dir: string) {
  const old = `${dir}.old-${process.pid}-${Date.now()}`;
  const existed = await fs.stat(dir).then(() => true, () => false);
  if (existed) await fs.rename(dir, old);
  try {
    await fs.rename(tmp, dir);
  } catch (err) {
    if (existed) await fs.rename(old, dir);
    throw err;
  }
  // The old output becomes the spare the next whole-site run writes over (claimRunFolder). Where something else
  // holds that name (a rename never replaces a file, a link or a folder with files in it), the old output goes.
  if (existed) await fs.rename(old, spareOf(dir)).catch(() => fs.rm(old, { recursive: true, force: true }));
}

/**
 * The previous output, kept beside the current one after a whole-site run. The next whole-site run writes over
 * its files instead of creating every file anew: on some disks creating a file costs several times writing over
 * one (issue 14: 180 µs against 26 µs a page on the bench machine's ext4), and the old tree need not be removed.
 * It costs the disk space of a second output.
 */
export const spareOf = (dir: string) => `${dir}.spare`;

/**
 * The folder of a cancelled whole-site run: kept as the spare when there is none, so the next whole-site run writes
 * over its pages instead of creating them again, and nothing is deleted now (on an ext4 without a journal, files
 * created within minutes of many deletions cost several times more: docs/benchmarks.md, stop 30). Else removed.
 */
export async function keepAsSpare(target: string, dir: string) {
  const spare = spareOf(dir);
  if (!(await fs.lstat(spare).then(() => true, () => false))) {
    try {
      // The marker makes it the generator's own folder (claimRunFolder claims only such a spare).
      await markOutput(target, { lists: {}, orders: {} });
      await fs.rename(target, spare);
      return;
    } catch {
      // Something took the name meanwhile, or the marker could not be written: removed as before.
    }
  }
  await fs.rm(target, { recursive: true, force: true });
}

/**
 * Makes the folder a whole-site run writes into (`target`, its temporary name): the spare output moved there when
 * there is one (answers true: the run then removes what it did not write, pruneUnwritten), else a new folder.
 */
export async function claimRunFolder(dir: string, target: string): Promise<boolean> {
  const spare = spareOf(dir);
  const kind = await fs.lstat(spare).catch(() => null);
  // Only a folder the generator wrote (it carries the marker); anything else at that name is left alone.
  if (kind?.isDirectory() && (await hasOutput(spare))) {
    // A rename: two runs can never claim the same spare.
    const claimed = await fs.rename(spare, target).then(() => true, () => false);
    if (claimed) return true;
  }
  await fs.mkdir(target, { recursive: true });
  return false;
}

/** What a reused run folder holds before the run writes into it: its files, and its folders with how many entries each holds. */
export interface RunFolderListing {
  files: string[];
  dirs: Map<string, number>;
}

/**
 * Lists a reused run folder (claimRunFolder). A run lists it while it plans, before it writes: what it lists is then
 * what the earlier run left, and pruneUnwritten needs no second walk of the tree at the end.
 */
export async function listRunFolder(root: string): Promise<RunFolderListing> {
  const entries = await fs.readdir(root, { withFileTypes: true, recursive: true });
  const files: string[] = [];
  const dirs = new Map<string, number>([[root, 0]]);
  for (const e of entries) {
    const p = path.join(e.parentPath, e.name);
    dirs.set(e.parentPath, (dirs.get(e.parentPath) ?? 0) + 1);
    if (e.isDirectory()) {
      if (!dirs.has(p)) dirs.set(p, 0);
    } else files.push(p);
  }
  return { files, dirs };
}

/**
 * Removes from a reused run folder every file of its listing (listRunFolder, taken before the run wrote) not in
 * `kept` (absolute paths), then the folders that may be empty now: those a removed file was in, their parents, and
 * those empty already. Every other folder still holds a file the run wrote or kept.
 */
export async function pruneUnwritten(root: string, kept: ReadonlySet<string>, listing?: RunFolderListing) {
  const { files, dirs } = listing ?? (await listRunFolder(root));
  const stale = files.filter((p) => !kept.has(p));
  await Promise.all(stale.map((p) => fs.rm(p, { force: true })));
  // Each such folder with its parents up to the root (a parent already in has its own parents in).
  const emptied = new Set<string>();
  const up = (from: string) => {
    for (let dir = from; dir.length > root.length && !emptied.has(dir); dir = path.dirname(dir)) emptied.add(dir);
  };
  for (const [dir, entries] of dirs) if (entries === 0) up(dir);
  for (const file of stale) up(path.dirname(file));
  // Deepest first; a folder still holding files stays (rmdir refuses it).
  for (const d of [...emptied].sort((a, b) => b.length - a.length)) await fs.rmdir(d).catch(() => undefined);
}

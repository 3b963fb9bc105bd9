import type { ResumeToken } from '../../../machines/upload.machine';

// Chunked uploads in progress, kept in localStorage so that choosing the same file after a page
// reload resumes it: the key is what identifies "the same file" (name, size, last change) plus
// everything that changes the bytes or their cutting (site, category, compression, chunk size).

const STORAGE_KEY = 'banyan:uploads';
const MAX_ENTRIES = 50;
const MAX_AGE_MS = 7 * 24 * 3600_000;

export interface ResumeKey {
  site: number | null;
  cateId: number;
  name: string;
  size: number;
  lastModified: number;
  chunkSize: number;
  compress: boolean;
}

interface Entry extends ResumeToken {
  savedAt: number;
  /** What the screen shows of an interrupted upload ("choose film.mp4 again to resume"). */
  site?: number | null;
  name?: string;
  size?: number;
}

/** An interrupted chunked upload, as the attachment screen lists it after a reload. */
export interface PendingUpload {
  name: string;
  size: number;
  savedAt: number;
}

const keyOf = (k: ResumeKey) => JSON.stringify([k.site, k.cateId, k.name, k.size, k.lastModified, k.chunkSize, k.compress]);

function readAll(): Record<string, Entry> {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return typeof raw === 'object' && raw !== null ? (raw as Record<string, Entry>) : {};
  } catch {
    return {};
  }
}

const listeners = new Set<() => void>();
let version = 0;

function writeAll(entries: Record<string, Entry>) {
  const now = Date.now();
  const kept = Object.entries(entries)
    .filter(([, e]) => now - e.savedAt < MAX_AGE_MS)
    .sort(([, a], [, b]) => b.savedAt - a.savedAt)
    .slice(0, MAX_ENTRIES);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    /* storage full or private mode: this upload cannot resume after a reload */
  }
  version++;
  for (const l of listeners) l();
}

const isToken = (e: unknown): e is Entry =>
  typeof e === 'object' && e !== null && typeof (e as Entry).basename === 'string' && typeof (e as Entry).path === 'string' && (e as Entry).basename !== '';

export const resumeStore = {
  /** For useSyncExternalStore: a change counter and its listeners. */
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  version: () => version,
  find(key: ResumeKey): ResumeToken | null {
    const entry = readAll()[keyOf(key)];
    return isToken(entry) && Date.now() - entry.savedAt < MAX_AGE_MS ? { basename: entry.basename, path: entry.path } : null;
  },
  save(key: ResumeKey, token: ResumeToken) {
    writeAll({ ...readAll(), [keyOf(key)]: { ...token, savedAt: Date.now(), site: key.site, name: key.name, size: key.size } });
  },
  /** Interrupted uploads of a site, newest first: choosing the same file again resumes each. */
  pending(site: number | null): PendingUpload[] {
    const now = Date.now();
    return Object.values(readAll())
      .filter((e) => isToken(e) && now - e.savedAt < MAX_AGE_MS && (e.site ?? null) === site && typeof e.name === 'string' && typeof e.size === 'number')
      .sort((a, b) => b.savedAt - a.savedAt)
      .map((e) => ({ name: e.name!, size: e.size!, savedAt: e.savedAt }));
  },
  /** Drops every interrupted upload of a site (the server drops their chunks after a day). */
  forgetSite(site: number | null) {
    writeAll(Object.fromEntries(Object.entries(readAll()).filter(([, e]) => (e.site ?? null) !== site)));
  },
  forget(key: ResumeKey) {
    const all = readAll();
    delete all[keyOf(key)];
    writeAll(all);
  },
};

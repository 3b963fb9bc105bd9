import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';


// Issue 17: request limits counted cluster-wide. On PostgreSQL every server of a cluster counts its limiter hits
// (API calls, login and SMS-code requests, public form posts) in table rate_counters (migration 0017), one row per
// key and window (from the key's first hit), incremented atomically with INSERT ... ON CONFLICT DO UPDATE ... RETURNING, so two servers
// never double an attacker's budget. PGlite is one process: its limiters keep counting in memory. (The choice is
// PostgreSQL, never Redis: no other service to run.) Windows older than a day are deleted now and then.
//
// Login, code and form limits count every hit in the database before answering (hit(): strict and exact). The
// admin API limit is counted in memory between flushes (hitSoon(): issue 14, no write per API call): a window's
// first hit goes to the database as above, later hits are added up here and written for every key in one
// statement at most API_FLUSH_MS after the first of them, whose answer brings back every server's count. A view of
// the cluster's count older than API_STALE_MS is read again (with the hit) before it is relied on. So one server
// alone counts exactly, and a cluster misses at most the other servers' hits of the last second.

// Counter bumps and cleanups change nothing an in-process cache reads (and the table has no triggers): dbWrites
// does not count them as writes (ignoreWritesTo in server/http/dbWrites.ts).

/** Longest window a counter may use; rows older than this are deleted. */
export const RATE_WINDOW_MAX_MS = 24 * 60 * 60_000;
/** How often (at most) a server deletes passed windows. */
const CLEANUP_EVERY_MS = 60_000;
/** Buffered hits (hitSoon) are written at most this long after the first of them. */
export const API_FLUSH_MS = 400;
/** A buffered key's view of the cluster's count is read again (with a hit) once older than this. */
export const API_STALE_MS = 600;
/** Most buffered keys remembered; beyond it, keys whose windows have passed are dropped first. */
const API_KEYS_MAX = 50_000;

export interface RateHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** ms until the window ends. */
  ttl: number;
}

/** A key's current window as this server counts it between flushes. */
interface BufferedWindow {
  key: string;
  windowMs: number;
  /** ms epoch the window began (its row's window_start). */
  began: number;
  /** The cluster's count as the database last answered it. */
  base: number;
  /** Hits of this server being written now, and not yet sent. */
  inflight: number;
  pending: number;
  /** When the statement that answered `base` was sent (ms epoch). */
  syncedAt: number;
}

type CountRow = { key?: string; count: number | string; window_start: string | Date };

export class RateCounters {
  private lastCleanup = 0;
  private readonly windows = new Map<string, BufferedWindow>();
  /** Windows with hits not yet sent. */
  private dirty = new Set<BufferedWindow>();
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;
  /** Keys whose window is being read from the database (hitNow) right now. */
  private readonly reading = new Map<string, Promise<unknown>>();

  constructor(private readonly db: Executor) {}

  /**
   * Counts one hit of `key` in its window of `windowMs`: the window began at the key's first hit (as in the
   * in-memory stores), rounded down to the second so that first hits on two servers at once meet on one row.
   */
  async hit(key: string, windowMs: number, now = Date.now()): Promise<RateHit> {
    const since = new Date(now - windowMs).toISOString();
    const start = new Date(Math.floor(now / 1000) * 1000).toISOString();
    const res = (await this.db.execute(sql`insert into rate_counters as r (key, window_start, count)
      select ${key}, coalesce((select min(window_start) from rate_counters where key = ${key} and window_start > ${since}::timestamptz), ${start}::timestamptz), 1
      on conflict (key, window_start) do update set count = r.count + 1 returning count, window_start`)) as unknown as {
      rows: Array<{ count: number | string; window_start: string | Date }>;
    };
    this.cleanup(now);
    const row = res.rows[0];
    const began = row ? new Date(row.window_start).getTime() : now;
    return { count: Number(row?.count ?? 1), ttl: Math.max(0, began + windowMs - now) };
  }

  /**
   * Counts one hit of `key` like hit(), from memory when this server's view of the key's window is fresh: the hit
   * is written with the others in the next flush. Answers the cluster's count as this server knows it (exact for
   * one server; other servers' hits of the last second may be missing).
   */
  hitSoon(key: string, windowMs: number, now = Date.now()): RateHit | Promise<RateHit> {
    const w = this.windows.get(key);
    if (this.closed || !w || w.windowMs !== windowMs || now >= w.began + windowMs || now - w.syncedAt > API_STALE_MS) {
      // Calls arriving while the key's window is being read wait for it and are then counted here (a burst
      // at a window's start writes once).
      const reading = this.reading.get(key);
      if (reading && !this.closed) return reading.then(() => this.hitSoon(key, windowMs));
      const hit = this.hitNow(key, windowMs, now).finally(() => this.reading.delete(key));
      this.reading.set(key, hit);
      return hit;
    }
    w.pending++;
    this.dirty.add(w);
    this.flushTimer ??= setTimeout(() => void this.flush(), API_FLUSH_MS).unref();
    return { count: w.base + w.inflight + w.pending, ttl: Math.max(0, w.began + windowMs - now) };
  }

  /** A buffered key's hit written at once (its first of a window, or a stale view), remembered for the next ones. */
  private async hitNow(key: string, windowMs: number, now: number): Promise<RateHit> {
    const sent = Date.now();
    const r = await this.hit(key, windowMs, now);
    const began = now + r.ttl - windowMs;
    let w = this.windows.get(key);
    if (w && w.windowMs === windowMs && w.began === began) {
      w.base = Math.max(w.base, r.count);
      w.syncedAt = Math.max(w.syncedAt, sent);
    } else {
      // Hits still unsent for a passed window are written to its own row (the dirty set holds that window).
      if (this.windows.size >= API_KEYS_MAX) this.prune(now);
      w = { key, windowMs, began, base: r.count, inflight: 0, pending: 0, syncedAt: sent };
      this.windows.set(key, w);
    }
    return { count: w.base + w.inflight + w.pending, ttl: r.ttl };
  }

  /** Writes every buffered hit in one statement and takes back each key's count (every server's hits included). */
  flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    // One flush at a time: hits counted meanwhile go in the next one.
    if (this.flushing) return this.flushing.then(() => this.flush());
    if (!this.dirty.size) return Promise.resolve();
    const batch = [...this.dirty];
    this.dirty = new Set();
    const sent = batch.map((w) => w.pending);
    for (const w of batch) {
      w.inflight += w.pending;
      w.pending = 0;
    }
    const startedAt = Date.now();
    const keys = batch.map((w) => w.key);
    const starts = batch.map((w) => new Date(w.began).toISOString());
    const run = async () => {
      try {
        const res = (await this.db.execute(sql`insert into rate_counters as r (key, window_start, count)
          select * from unnest(${sql.param(keys)}::text[], ${sql.param(starts)}::timestamptz[], ${sql.param(sent)}::int[])
          on conflict (key, window_start) do update set count = r.count + excluded.count returning key, count, window_start`)) as unknown as {
          rows: CountRow[];
        };
        const counts = new Map(res.rows.map((row) => [`${new Date(row.window_start).getTime()} ${row.key}`, Number(row.count)]));
        batch.forEach((w, i) => {
          w.inflight -= sent[i]!;
          const count = counts.get(`${w.began} ${w.key}`);
          if (count !== undefined) {
            w.base = Math.max(w.base + sent[i]!, count);
            w.syncedAt = Math.max(w.syncedAt, startedAt);
          }
        });
      } catch {
        // Not written (database unavailable): the hits stay counted here and go with the next flush.
        batch.forEach((w, i) => {
          w.inflight -= sent[i]!;
          w.pending += sent[i]!;
          this.dirty.add(w);
        });
        if (!this.closed) this.flushTimer ??= setTimeout(() => void this.flush(), API_FLUSH_MS).unref();
      }
    };
    const flushing = run().finally(() => {
      if (this.flushing === flushing) this.flushing = undefined;
    });
    this.flushing = flushing;
    return flushing;
  }

  /** This server's hits of `key` not yet written (to add to a read of the row). */
  unsent(key: string): number {
    const w = this.windows.get(key);
    return w ? w.inflight + w.pending : 0;
  }

  /** Writes what is buffered; later hits are written one by one (the server is closing). */
  async close() {
    this.closed = true;
    await this.flush();
  }

  /** Forgets keys whose windows have passed and that have nothing left to write; all keys when none has. */
  private prune(now: number) {
    for (const [key, w] of this.windows) if (now >= w.began + w.windowMs && !w.pending && !w.inflight) this.windows.delete(key);
    if (this.windows.size >= API_KEYS_MAX) for (const [key, w] of this.windows) if (!w.pending && !w.inflight) this.windows.delete(key);
  }

  /** The hits of `key` in its current window (none counted). */
  async read(key: string, windowMs: number, now = Date.now()): Promise<RateHit> {
    const since = new Date(now - windowMs).toISOString();
    const res = (await this.db.execute(sql`select count, window_start from rate_counters
      where key = ${key} and window_start > ${since}::timestamptz order by window_start limit 1`)) as unknown as {
      rows: Array<{ count: number | string; window_start: string | Date }>;
    };
    const row = res.rows[0];
    if (!row) return { count: 0, ttl: 0 };
    return { count: Number(row.count), ttl: Math.max(0, new Date(row.window_start).getTime() + windowMs - now) };
  }

  /** Deletes passed windows, at most once a minute per server, in the background. */
  private cleanup(now: number) {
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = now;
    const before = new Date(now - RATE_WINDOW_MAX_MS).toISOString();
    void this.db.execute(sql`delete from rate_counters where window_start < ${before}::timestamptz`).catch(() => undefined);
  }
}

const counters = new WeakMap<object, RateCounters>();

/** The database's shared counters on PostgreSQL; undefined on PGlite (one process: limiters count in memory). */
export function rateCountersOf(database: Database): RateCounters | undefined {
  if (database.kind !== 'postgres') return undefined;
  let c = counters.get(database);
  if (!c) counters.set(database, (c = new RateCounters(database.db)));
  return c;
}

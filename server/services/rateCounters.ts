import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';


// Issue 17: request limits counted cluster-wide. On PostgreSQL every server of a cluster counts its limiter hits
// (API calls, login and SMS-code requests, public form posts) in table rate_counters (migration 0017), one row per
// key and window (from the key's first hit), incremented atomically with INSERT ... ON CONFLICT DO UPDATE ... RETURNING, so two servers
// never double an attacker's budget. PGlite is one process: its limiters keep counting in memory. (The choice is
// PostgreSQL, never Redis: no other service to run.) Windows older than a day are deleted now and then.

// Counter bumps and cleanups change nothing an in-process cache reads (and the table has no triggers): dbWrites
// does not count them as writes (ignoreWritesTo in server/http/dbWrites.ts).

/** Longest window a counter may use; rows older than this are deleted. */
export const RATE_WINDOW_MAX_MS = 24 * 60 * 60_000;
/** How often (at most) a server deletes passed windows. */
const CLEANUP_EVERY_MS = 60_000;

export interface RateHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** ms until the window ends. */
  ttl: number;
}

export class RateCounters {
  private lastCleanup = 0;

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

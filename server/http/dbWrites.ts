import type { Database } from '../db/client';

// Which writes this process has made, seen at the driver: what lets in-process caches (the page cache's site
// versions, signed-in sessions, a site's column tree) answer without a database read per request and still
// never serve what an earlier write of this process changed. Every statement that may write (anything but a
// plain SELECT), every transaction (PGlite's, or a client checked out of the PostgreSQL pool), bumps `epoch`
// when it ends; `pending` counts those still running. A value read while `epoch` was E is current for this
// process while `epoch` is still E and nothing is pending. Writes of other processes are not seen by the driver: on
// PostgreSQL one listener per process (listenForVersions, pageCache.ts) hears channels site_versions and
// sessions_changed and moves `epoch` (changed()) at each notification, so every cache here drops what another
// server changed as soon as PostgreSQL delivers its commit (issue 17); sessions also keep a short lifetime.

export class DbWrites {
  /** Bumped when a write or transaction of this process ends (or something else says data changed). */
  epoch = 0;
  /** Writes and transactions under way. */
  pending = 0;
  /**
   * Other processes' writes to what public pages show (site_versions) reach this one, by bumping `epoch`:
   * always on PGlite (no other process), on PostgreSQL while the page cache's listener is up.
   */
  othersHeard: boolean;

  constructor(readonly kind: Database['kind'] = 'pglite') {
    this.othersHeard = kind === 'pglite';
  }

  /** Data changed outside this process's statements (a notification from another process). */
  changed() {
    this.epoch++;
  }

  /** True while nothing written since `epoch` was read (and nothing is being written now) by this process. */
  unchangedSince(epoch: number): boolean {
    return this.epoch === epoch && this.pending === 0;
  }

  /** The same, for what public pages show, by any process (site_versions and the tables whose triggers bump it). */
  siteDataUnchangedSince(epoch: number): boolean {
    return this.othersHeard && this.unchangedSince(epoch);
  }

  /** An epoch to read under: undefined while a write is under way (what is read then is not kept). */
  cleanEpoch(siteData = false): number | undefined {
    return this.pending === 0 && (!siteData || this.othersHeard) ? this.epoch : undefined;
  }

  /** Runs `run` as a write: pending while it runs, a new epoch when it ends (either way). */
  track<T>(run: () => T): T {
    this.pending++;
    let result: T;
    try {
      result = run();
    } catch (err) {
      this.done();
      throw err;
    }
    if (result instanceof Promise) {
      return result.then(
        (v) => {
          this.done();
          return v;
        },
        (err: unknown) => {
          this.done();
          throw err;
        },
      ) as T;
    }
    this.done();
    return result;
  }

  private done() {
    this.pending--;
    this.epoch++;
  }
}

/** A plain SELECT (or VALUES, SHOW) only reads. Everything else counts as a write. */
const READ_ONLY = /^\s*(select|values|show)\b/i;
/** Tables whose inserts change nothing an in-process cache holds (registered by their writers). */
const ignoredInserts = new Set<string>();
/** Tables whose inserts, updates and deletes change nothing an in-process cache holds. */
const ignoredWrites = new Set<string>();
const INSERT_INTO = /^\s*insert\s+into\s+"?([a-z_][a-z0-9_]*)"?[\s(]/i;
const WRITE_TO = /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?[\s(]/i;

/** Inserts into `table` do not count as writes (the table is read by no in-process cache, and has no triggers). */
export function ignoreInsertsInto(table: string) {
  ignoredInserts.add(table.toLowerCase());
}

/**
 * No single-table write to `table` counts (the table is read by no in-process cache and has no triggers): for
 * bookkeeping written on a timer, so that a poll does not drop every cache of the process each time it runs.
 */
export function ignoreWritesTo(table: string) {
  ignoredWrites.add(table.toLowerCase());
}

// Issue 17: the job runner's poll (claims, lease renewals, reaping) and the cluster's schedule firings and request
// counters touch only these tables, which no in-process cache reads and no trigger watches.
for (const table of ['jobs', 'schedule_runs', 'rate_counters']) ignoreWritesTo(table);

/** A statement that only reads, or writes a table no cache reads: it leaves what was read before current. */
export function leavesCachesValid(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  if (READ_ONLY.test(text)) return !/\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b/i.test(text);
  const write = ignoredWrites.size ? WRITE_TO.exec(text) : null;
  if (write && ignoredWrites.has(write[1]!.toLowerCase())) return true;
  const insert = ignoredInserts.size ? INSERT_INTO.exec(text) : null;
  return insert !== null && ignoredInserts.has(insert[1]!.toLowerCase());
}

const textOf = (q: unknown): unknown => (q && typeof q === 'object' && 'text' in q ? (q as { text: unknown }).text : q);

type AnyFn = (...args: never[]) => unknown;
interface Queryable {
  query: AnyFn;
}

/** Wraps `obj.query` so statements that may write are tracked. */
function watchQuery(obj: Queryable, writes: DbWrites) {
  const query = obj.query.bind(obj) as (...args: unknown[]) => unknown;
  obj.query = ((...args: unknown[]) => (leavesCachesValid(textOf(args[0])) ? query(...args) : writes.track(() => query(...args)))) as AnyFn;
}

const watched = new WeakMap<object, DbWrites>();

/** The writes tracker of a database handle (not of a transaction: undefined), once dbWrites has installed it. */
export function writesOf(db: object): DbWrites | undefined {
  return watched.get(db);
}

/**
 * The writes tracker of a database (installed on first use: wraps the driver's entry points). For PGlite:
 * query, exec and transaction; for PostgreSQL: the pool's query and every client checked out of it (drizzle's
 * transactions), as one write from checkout to release.
 */
export function dbWrites(database: Database): DbWrites {
  const known = watched.get(database);
  if (known) return known;
  const writes = new DbWrites(database.kind);
  watched.set(database, writes);
  watched.set(database.db, writes);
  const client = (database.db as unknown as { $client?: unknown }).$client ?? database.pglite;
  if (database.kind === 'pglite') {
    const pglite = (database.pglite ?? client) as Queryable & { exec: AnyFn; transaction: AnyFn };
    watchQuery(pglite, writes);
    const exec = pglite.exec.bind(pglite) as (...args: unknown[]) => unknown;
    pglite.exec = ((...args: unknown[]) => (leavesCachesValid(args[0]) && !String(args[0]).includes(';') ? exec(...args) : writes.track(() => exec(...args)))) as AnyFn;
    const transaction = pglite.transaction.bind(pglite) as (...args: unknown[]) => unknown;
    pglite.transaction = ((...args: unknown[]) => writes.track(() => transaction(...args))) as AnyFn;
  } else if (client) {
    const pool = client as Queryable & { connect: AnyFn };
    watchQuery(pool, writes);
    const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
    pool.connect = ((...args: unknown[]) => {
      // Callback-style checkouts are the pool's own (pool.query, tracked above).
      if (args.length) return connect(...args);
      writes.pending++;
      return (connect() as Promise<{ release: (...a: unknown[]) => unknown }>).then(
        (checkedOut) => {
          const release = checkedOut.release;
          let released = false;
          checkedOut.release = (...a: unknown[]) => {
            if (!released) {
              released = true;
              writes.pending--;
              writes.epoch++;
            }
            checkedOut.release = release;
            return release.apply(checkedOut, a);
          };
          return checkedOut;
        },
        (err: unknown) => {
          writes.pending--;
          throw err;
        },
      );
    }) as AnyFn;
  }
  return writes;
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index';
import { PGliteThread } from './pgliteThread';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded instance, when there is one (backup, tests): in its own thread (pgliteThread.ts), or in this one. */
  pglite?: PGlite | PGliteThread;
  /** The PostgreSQL connection pool, when there is one (session-level locks). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function wrapPglite(client: PGlite | PGliteThread): Database {
  // drizzle's PGlite driver calls only query and transaction, which the thread offers alike.
  const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite: client, close: () => client.close() };
}

export async function openPglite(dataDir: string): Promise<Database> {
  await fs.mkdir(dataDir, { recursive: true });
  // In a thread of its own, so the database's work runs beside the server's event loop (pgliteThread.ts).
  return wrapPglite(await PGliteThread.create({ dataDir }));
}

/** Ports of the PostgreSQL servers this process opened (a refused connection to one means the database is down). */
const databasePorts = new Set<number>();
const NETWORK_DOWN = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/**
 * True when a failure means PostgreSQL cannot be reached right now (stopped, restarting, connection dropped):
 * SQLSTATE class 08 or 57P01-57P03, a dropped connection, or a refused connection to the database's port or
 * under a Drizzle query. The caller answers 503 and the next query tries a fresh connection.
 */
export function databaseUnavailable(err: unknown): boolean {
  let underQuery = false;
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 6; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, port, name, message } = e as { code?: unknown; port?: unknown; name?: unknown; message?: unknown };
    if (name === 'DrizzleQueryError') underQuery = true;
    if (typeof code === 'string' && (code.startsWith('08') || /^57P0[123]$/.test(code))) return true;
    if (typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect/i.test(message)) return true;
    if (typeof code === 'string' && NETWORK_DOWN.has(code) && (underQuery || (typeof port === 'number' && databasePorts.has(port)))) return true;
  }
  return false;
}

export async function openPostgres(url: string): Promise<Database> {
  databasePorts.add(Number(new URL(url).port || 5432));
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client whose connection drops (PostgreSQL restarted, network cut) is an 'error' event on the pool:
  // unheard, it would end the process. The pool has already discarded that client and opens a new connection
  // for the next query; queries while PostgreSQL is down fail (500 envelope) and work again once it is back.
  pool.on('error', (err) => console.warn(`PostgreSQL connection lost (${err.message}); reconnecting on the next query`));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

/** The advisory lock key several servers starting on one PostgreSQL take while they migrate ('banyan' in ASCII). */
export const MIGRATION_LOCK_KEY = 0x62616e79616e;

/**
 * Brings the schema up to date. On PostgreSQL several servers may start together: each waits for a session-level
 * advisory lock first, so one migrates and the others then find nothing left to do.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.kind === 'pglite' || !database.pool) {
    await (database.kind === 'pglite' ? migratePglite(database.db as never, config) : migratePg(database.db as never, config));
    return;
  }
  const lock = await database.pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(database.db as never, config);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
}

/** The migrations this build ships (drizzle's journal). */
export async function expectedMigrations(): Promise<number> {
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** The migrations applied to this database (drizzle's own table). */
export async function appliedMigrations(database: Database): Promise<number> {
  const result = (await database.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)) as unknown as
    | { rows: Array<{ n: number }> }
    | Array<{ n: number }>;
  const rows = Array.isArray(result) ? result : result.rows;
  return Number(rows[0]?.n ?? 0);
}

/** Opens the configured database (PostgreSQL when a URL is given, else PGlite in dataDir) and migrates it. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  const database = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl)
    : await openPglite(path.join(opts.dataDir, 'pglite'));
  await migrateDatabase(database);
  return database;
}

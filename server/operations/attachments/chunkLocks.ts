import type pg from 'pg';
import type { FastifyInstance } from 'fastify';

// Who writes a chunk of an upload, and whether its chunks may reach several servers (issue 17). One writer
// at a time per chunk: in this process always, and across the cluster when chunks are shared (a
// transaction-level advisory lock on (upload, chunk), on a pool connection held only while the chunk is
// copied into place, so a waiting request never holds a connection another one needs to finish).

/**
 * True when the chunks of one upload may reach several servers: PostgreSQL and a shared folder that is not
 * the data folder (README "Running several servers"). One server (PGlite, or no SHARED_DIR) keeps the
 * in-memory bookkeeping of chunks.ts.
 */
export function chunksShared(app: FastifyInstance): boolean {
  return app.ctx.database.kind === 'postgres' && Boolean(app.ctx.database.pool) && app.ctx.config.sharedDir !== app.ctx.config.dataDir;
}

/** One writer at a time per chunk of a session (this process), so two copies of a chunk never interleave. */
const chunkLocks = new Map<string, Promise<void>>();
export async function lockChunkHere(basename: string, index: number): Promise<{ release: () => void; waited: boolean }> {
  const key = `${basename}:${index}`;
  let waited = false;
  while (chunkLocks.has(key)) {
    waited = true;
    await chunkLocks.get(key);
  }
  let release!: () => void;
  chunkLocks.set(key, new Promise<void>((resolve) => (release = resolve)));
  let released = false;
  return {
    waited,
    release: () => {
      if (released) return;
      released = true;
      chunkLocks.delete(key);
      release();
    },
  };
}

/** The advisory lock text of one chunk of an upload (hashed by PostgreSQL to the lock's bigint key). */
export const chunkLockKey = (basename: string, index: number) => `upload-chunk\n${basename}\n${index}`;

/**
 * One writer at a time per chunk: in this process, and with chunks shared by several servers also in the
 * cluster (a transaction-level advisory lock on a connection of its own, held until release).
 */
export async function lockChunk(app: FastifyInstance, basename: string, index: number): Promise<{ release: () => Promise<void>; waited: boolean }> {
  const here = await lockChunkHere(basename, index);
  if (!chunksShared(app)) return { waited: here.waited, release: async () => here.release() };
  let client: pg.PoolClient | undefined;
  try {
    client = await app.ctx.database.pool!.connect();
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [chunkLockKey(basename, index)]);
  } catch (err) {
    client?.release(err as Error);
    here.release();
    throw err;
  }
  const held = client;
  let released = false;
  return {
    waited: here.waited,
    release: async () => {
      if (released) return;
      released = true;
      try {
        await held.query('COMMIT');
        held.release();
      } catch (err) {
        // A connection that cannot commit is closed: its session, and with it the lock, ends.
        held.release(err as Error);
      } finally {
        here.release();
      }
    },
  };
}

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGliteThread } from '../../server/db/pgliteThread';
import { openPglite, type Database } from '../../server/db/client';
import { TEST_DB_KIND } from '../helpers/database';

// The embedded database in its own thread (server/db/pgliteThread.ts): what the server and drizzle rely on of
// PGlite's API behaves as in-process, and the statement's work runs off the server's event loop.

describe.skipIf(TEST_DB_KIND !== 'pglite')('PGlite in its own thread', () => {
  let dir: string;
  let db: PGliteThread;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-pglite-thread-'));
    db = await PGliteThread.create({ dataDir: dir });
    await db.exec('create table t (id int primary key, name text not null, at timestamptz not null default now(), doc jsonb)');
  });

  afterAll(async () => {
    await db?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('answers rows as objects or arrays, with the fields, keeping the text of the types asked for', async () => {
    await db.query('insert into t (id, name, doc) values ($1, $2, $3)', [1, 'one', JSON.stringify({ a: [1, 2] })]);
    const objects = await db.query<{ id: number; name: string; at: unknown; doc: unknown }>('select id, name, at, doc from t where id = $1', [1]);
    expect(objects.rows).toEqual([{ id: 1, name: 'one', at: expect.any(Date), doc: { a: [1, 2] } }]);
    expect(objects.fields.map((f) => f.name)).toEqual(['id', 'name', 'at', 'doc']);
    const arrays = await db.query('select id, at from t', [], { rowMode: 'array', parsers: { 1184: (v: string) => v } });
    expect(arrays.rows[0]).toEqual([1, expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/)]);
    // A parser that changes the value cannot cross to the thread: refused, not silently ignored.
    await expect(db.query('select 1', [], { parsers: { 23: (v: string) => Number(v) * 2 } })).rejects.toThrow(/keep the text/);
  });

  it("keeps PostgreSQL's error fields (the code the server maps to a message)", async () => {
    const err = await db.query('insert into t (id, name) values (1, $1)', ['again']).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_pkey', message: expect.stringMatching(/duplicate key/) });
  });

  it('commits a transaction that returns, rolls back one that throws or calls rollback; others wait for it', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values (2, $1)', ['two']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into t (id, name) values (3, $1)', ['three']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const value = await db.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values (4, $1)', ['four']);
      await tx.rollback();
      return 'rolled back';
    });
    expect(value).toBe('rolled back');
    // A statement outside a transaction waits for it: it sees the committed row, never the uncommitted one.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const inTx = db.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values (5, $1)', ['five']);
      await held;
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = db.query<{ n: number }>('select count(*)::int as n from t where id = 5');
    let answered = false;
    void outside.then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    release();
    await inTx;
    expect((await outside).rows[0]!.n).toBe(1);
    expect((await db.query<{ id: number }>('select id from t order by id')).rows.map((r) => r.id)).toEqual([1, 2, 5]);
  });

  it('loads COPY data from a blob, and exec runs several statements', async () => {
    await db.query('copy t (id, name) from \'/dev/blob\'', [], { blob: new Blob(['10\tten\n11\televen\n']) });
    const results = await db.exec('select count(*)::int as n from t; select max(id) as m from t');
    expect(results.map((r) => r.rows[0])).toEqual([{ n: 5 }, { m: 11 }]);
  });

  it("runs a long statement without holding the server's event loop", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = Date.now();
    // About half a second of work in the database.
    await db.query('select count(*) from generate_series(1, 3000000) g where g % 7 = 0');
    const ms = Date.now() - started;
    clearInterval(timer);
    // The event loop kept turning meanwhile (in-process, the timer could not fire until the statement ended).
    expect(ms).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan(ms / 5 / 4);
  });

  it("runs the server's statements by name, prepared once and planned for each run's values", async () => {
    const sql = 'select name from t where id = $1';
    for (const id of [1, 2, 1]) await db.query(sql, [id]);
    const kept = await db.query<{ statement: string }>("select statement from pg_prepared_statements where name like 'banyan_%'");
    expect(kept.rows.filter((r) => r.statement === sql)).toHaveLength(1);
    expect((await db.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'force_custom_plan' }]);
  });

  it('a closed database refuses statements with a clear error', async () => {
    const other = await PGliteThread.create({ dataDir: path.join(dir, 'other') });
    await other.close();
    await expect(other.query('select 1')).rejects.toThrow(/database is closed/);
  });
});

describe.skipIf(TEST_DB_KIND !== 'pglite')('the server opens PGlite in its own thread', () => {
  let database: Database;
  let dir: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-pglite-open-'));
    database = await openPglite(dir);
  });

  afterAll(async () => {
    await database?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('drizzle runs on it: statements, dates and transactions', async () => {
    expect(database.pglite).toBeInstanceOf(PGliteThread);
    await database.db.execute(sql`create table d (id serial primary key, at timestamptz not null)`);
    const at = new Date('2026-01-02T03:04:05.678Z');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into d (at) values (${at.toISOString()})`);
    });
    const rows = (await database.db.execute(sql`select at from d`)) as unknown as { rows: Array<{ at: string }> };
    expect(new Date(rows.rows[0]!.at).toISOString()).toBe(at.toISOString());
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { ANALYZE_BASE_ROWS, ANALYZE_DELAY_MS, AutoAnalyze } from '../../server/db/pgliteAnalyze.mjs';
import { PGliteThread } from '../../server/db/pgliteThread';

// The embedded database's planner statistics (server/db/pgliteAnalyze.mjs): PGlite has no autovacuum, so its thread
// counts the rows each write changed by table and analyzes a table past autovacuum's threshold (50 rows and a tenth of
// the table); tables holding rows never analyzed are analyzed once after the database opens.

let db: PGlite;
const reltuples = async (table: string) => Number((await db.query<{ n: number }>('select reltuples as n from pg_class where relname = $1', [table])).rows[0]!.n);

beforeAll(async () => {
  db = await PGlite.create();
  await db.exec('create table items (id int primary key, name text); create table other (id int)');
});
afterAll(async () => {
  await db?.close();
});

describe('planner statistics of the embedded database', () => {
  it('analyzes a table once the rows its writes changed pass 50 and a tenth of the table', async () => {
    const auto = new AutoAnalyze(db, 60_000);
    try {
      const insert = 'insert into "items" ("id", "name") select g, \'n\' || g from generate_series($1::int, $2::int) g';
      const add = async (from: number, to: number) => auto.wrote(insert, (await db.query(insert, [from, to])).affectedRows);
      await add(1, ANALYZE_BASE_ROWS - 10);
      expect(await auto.run()).toEqual([]);
      expect(await reltuples('items')).toBeLessThan(0);
      await add(ANALYZE_BASE_ROWS - 9, 1000);
      expect(await auto.run()).toEqual(['items']);
      expect(await reltuples('items')).toBe(1000);
      // Now 50 + 100 rows: 120 updated are not enough, 40 deleted more are.
      const update = 'update "items" set "name" = \'x\' where "id" <= $1';
      auto.wrote(update, (await db.query(update, [120])).affectedRows);
      expect(await auto.run()).toEqual([]);
      const remove = 'delete from "items" where "id" > $1';
      auto.wrote(remove, (await db.query(remove, [960])).affectedRows);
      expect(await auto.run()).toEqual(['items']);
      expect(await reltuples('items')).toBe(960);
    } finally {
      await auto.close();
    }
  });

  it('counts writes only, by the table they change', async () => {
    const auto = new AutoAnalyze(db, 60_000);
    try {
      auto.wrote('select * from items', 500);
      auto.wrote('update "items" set name = name where false', 0);
      auto.wrote('INSERT INTO public.other (id) VALUES (1)', 3);
      auto.wrote('copy "other" from \'/dev/blob\'', 7);
      auto.wrote('merge into other using items on false when not matched then insert values (1)', 2);
      auto.wrote('delete from "no_such_table" where true', 99);
      expect([...auto.changed]).toEqual([
        ['other', 12],
        ['no_such_table', 99],
      ]);
      // A table that is not one of the database's is forgotten; one under its threshold is kept.
      expect(await auto.run()).toEqual([]);
      expect([...auto.changed]).toEqual([['other', 12]]);
    } finally {
      await auto.close();
    }
  });

  it('analyzes once the tables that hold rows and were never analyzed, not the empty ones', async () => {
    await db.exec('create table old_rows (id int); insert into old_rows select generate_series(1, 300); create table empty_one (id int)');
    const auto = new AutoAnalyze(db, 60_000);
    try {
      expect(await auto.analyzeNeverAnalyzed()).toEqual(['old_rows']);
      expect(await reltuples('old_rows')).toBe(300);
      expect(await reltuples('empty_one')).toBeLessThan(0);
      expect(await auto.analyzeNeverAnalyzed()).toEqual([]);
    } finally {
      await auto.close();
    }
  });

  it("the database thread analyzes a table a moment after the server's writes changed enough of it", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-analyze-'));
    const thread = await PGliteThread.create({ dataDir: dir });
    try {
      await thread.exec('create table posts (id int primary key, title text)');
      const written = await thread.query('insert into "posts" ("id", "title") select g, \'t\' || g from generate_series(1, $1::int) g', [2000]);
      expect(written.affectedRows).toBe(2000);
      const read = async () => Number((await thread.query<{ n: number }>("select reltuples as n from pg_class where relname = 'posts'")).rows[0]!.n);
      expect(await read()).toBeLessThan(0);
      // Analyzed ANALYZE_DELAY_MS after the write: waited for, up to a generous limit.
      const limit = Date.now() + ANALYZE_DELAY_MS + 30_000;
      while ((await read()) < 0 && Date.now() < limit) await new Promise((r) => setTimeout(r, 100));
      expect(await read()).toBe(2000);
    } finally {
      await thread.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('the database thread analyzes, a moment after it opens, the tables that hold rows and were never analyzed', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-analyze-open-'));
    try {
      // Rows written through exec are not counted: the table holds rows its statistics never saw (a database from before).
      const first = await PGliteThread.create({ dataDir: dir });
      await first.exec('create table legacy (id int); insert into legacy select generate_series(1, 700)');
      await first.close();
      const thread = await PGliteThread.create({ dataDir: dir });
      try {
        const read = async () => Number((await thread.query<{ n: number }>("select reltuples as n from pg_class where relname = 'legacy'")).rows[0]!.n);
        const limit = Date.now() + ANALYZE_DELAY_MS + 30_000;
        while ((await read()) < 0 && Date.now() < limit) await new Promise((r) => setTimeout(r, 100));
        expect(await read()).toBe(700);
      } finally {
        await thread.close();
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

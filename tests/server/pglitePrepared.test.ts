import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { PreparedStatements } from '../../server/db/pglitePrepared.mjs';

// The embedded database thread's named prepared statements (server/db/pglitePrepared.mjs): every answer is the one
// PGlite's own query() gives (rows, fields, counts, errors), a statement is prepared once and run by name after,
// a statement whose table changed shape is prepared again, the least used ones are closed past the limit, and a
// statement waits for a running transaction as query() does.

let db: PGlite;
let prepared: PreparedStatements;

/** What a result carries that the server reads. */
const shape = (r: { rows: unknown[]; fields: Array<{ name: string; dataTypeID: number }>; affectedRows?: number }) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

beforeAll(async () => {
  db = await PGlite.create();
  await db.exec(`create table t (id int primary key, name text not null, at timestamptz not null default '2026-01-02 03:04:05+00',
    doc jsonb, tags text[], price numeric(10,2), ok boolean default true)`);
  prepared = new PreparedStatements(db, 8);
});
afterAll(async () => {
  await db?.close();
});

describe('named prepared statements in the PGlite thread', () => {
  it('answers as query() does: rows of every type, fields, affected rows, nulls, no rows', async () => {
    const insert = 'insert into t (id, name, doc, tags, price) values ($1, $2, $3, $4, $5) returning id, name, doc, tags, price, at, ok';
    const params = [1, '一', JSON.stringify({ a: [1, 2], b: '二' }), ['x', 'y,z'], '12.50'];
    const mine = await prepared.query(insert, params);
    expect(mine.rows).toEqual([{ id: 1, name: '一', doc: { a: [1, 2], b: '二' }, tags: ['x', 'y,z'], price: '12.50', at: new Date('2026-01-02T03:04:05Z'), ok: true }]);
    const theirs = await db.query(insert.replace('$1', '$1 + 1'), params);
    expect(shape(theirs).fields).toEqual(shape(mine).fields);
    expect(mine.affectedRows).toBe(1);

    for (const [sql, args] of [
      ['select id, name, doc, tags, price, at, ok from t where id = any($1) order by id', [[1, 2]]],
      ['select id, name from t where name = $1 and doc is null', ['nobody']],
      ['select $1::int as n, $2::text as s, $3::jsonb as j', [null, null, null]],
      ['update t set name = $1 where id > $2', ['改', 0]],
      ['delete from t where id = $1', [99]],
      ['with x as (select id from t) select count(*)::int as c from x', []],
    ] as const) {
      const a = shape(await prepared.query(sql, [...args]));
      const b = shape(await db.query(sql, [...args]));
      expect(a, sql).toEqual(b);
    }
    expect((await prepared.query('select id, at from t order by id', [], { rowMode: 'array', parsers: { 1184: (v: string) => v } })).rows).toEqual(
      (await db.query('select id, at from t order by id', [], { rowMode: 'array', parsers: { 1184: (v: string) => v } })).rows,
    );
  });

  it('reads plain answers itself, long ones in several pieces too, and hands any other to PGlite (a notice), with the same rows', async () => {
    const before = { ...prepared.stats };
    // Rows of about 40 kB each, 200 of them: PGlite hands the answer over in many pieces.
    const long = "select g as id, repeat('长' || g::text, 4000) as text, g % 3 = 0 as odd, null::text as nothing from generate_series(1, $1::int) g";
    const mine = await prepared.query(long, [200]);
    expect(mine.rows).toHaveLength(200);
    expect(shape(mine)).toEqual(shape(await db.query(long, [200])));
    expect((await prepared.query(long, [3], { rowMode: 'array' })).rows).toEqual((await db.query(long, [3], { rowMode: 'array' })).rows);
    // A column named __proto__ is a column, not the row's prototype.
    const proto = await prepared.query<Record<string, unknown>>('select $1::int as "__proto__", 2 as b', [1]);
    expect(Object.getPrototypeOf(proto.rows[0])).toBe(Object.prototype);
    expect(Object.entries(proto.rows[0]!)).toEqual([['__proto__', 1], ['b', 2]]);
    expect(prepared.stats.plain - before.plain).toBe(3);
    expect(prepared.stats.parsed - before.parsed).toBe(0);
    await db.exec(`create function noisy(n int) returns int language plpgsql as $$ begin raise notice 'n is %', n; return n * 2; end $$`);
    const noisy = 'select noisy($1::int) as doubled, $2::text as label';
    expect(shape(await prepared.query(noisy, [21, '二十一']))).toEqual(shape(await db.query(noisy, [21, '二十一'])));
    expect((await prepared.query(noisy, [21, 'x'])).rows).toEqual([{ doubled: 42, label: 'x' }]);
    expect(prepared.stats.parsed - before.parsed).toBe(2);
  });

  it('prepares a statement once and runs it by name after', async () => {
    const before = { ...prepared.stats };
    const sql = 'select name from t where id = $1';
    for (let i = 0; i < 5; i++) expect((await prepared.query(sql, [1])).rows).toEqual([{ name: '改' }]);
    expect(prepared.stats.prepared - before.prepared).toBe(1);
    expect(prepared.stats.reused - before.reused).toBe(4);
    const names = await db.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements');
    expect(names.rows).toContainEqual({ name: expect.stringMatching(/^banyan_\d+$/), statement: sql });
  });

  it("gives PostgreSQL's errors with their fields, and the statement stays usable", async () => {
    const sql = 'insert into t (id, name) values ($1, $2)';
    await prepared.query(sql, [10, 'ten']);
    const err = await prepared.query(sql, [10, 'again']).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505', constraint: 't_pkey', query: sql, params: [10, 'again'] });
    const bad = await prepared.query('select nope from t where id = $1', [1]).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: '42703' });
    expect((await prepared.query(sql, [11, 'eleven'])).affectedRows).toBe(1);
    expect((await db.query('select count(*)::int as c from t where id in (10, 11)')).rows).toEqual([{ c: 2 }]);
  });

  it('prepares again a statement whose table changed shape, or that PostgreSQL forgot', async () => {
    await db.exec('create table s (id int, a text)');
    await db.query("insert into s values (1, 'a')");
    const sql = 'select * from s where id = $1';
    expect((await prepared.query(sql, [1])).rows).toEqual([{ id: 1, a: 'a' }]);
    await db.exec("alter table s add column b text default 'b'");
    const stale = prepared.stats.stale;
    expect((await prepared.query(sql, [1])).rows).toEqual([{ id: 1, a: 'a', b: 'b' }]);
    expect(prepared.stats.stale).toBe(stale + 1);
    await db.exec('deallocate all');
    expect((await prepared.query(sql, [1])).rows).toEqual([{ id: 1, a: 'a', b: 'b' }]);
    expect(prepared.stats.stale).toBe(stale + 2);
  });

  it('closes the least recently used statements past its limit', async () => {
    for (let i = 0; i < 20; i++) await prepared.query(`select $1::int + ${i} as n`, [1]);
    expect(prepared.kept.size).toBe(8);
    const held = await db.query<{ c: number }>("select count(*)::int as c from pg_prepared_statements where name like 'banyan_%'");
    expect(held.rows[0]!.c).toBe(8);
  });

  it('waits for a running transaction, as query() does, and sees its outcome', async () => {
    let release!: () => void;
    let started!: () => void;
    const inside = new Promise<void>((r) => (release = r));
    const begun = new Promise<void>((r) => (started = r));
    const tx = db.transaction(async (t) => {
      await t.query("insert into t (id, name) values (50, 'in a transaction')");
      started();
      await inside;
      await t.rollback();
    });
    await begun;
    // Run inside the open transaction, it would see the row (1); waiting for it, it sees the rollback (0).
    const read = prepared.query('select count(*)::int as c from t where id = $1', [50]);
    let answered = false;
    void read.then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    release();
    await tx;
    expect((await read).rows).toEqual([{ c: 0 }]);
  });

  it('takes reads and writes only, not DDL, settings, COPY or typed parameters', () => {
    expect(PreparedStatements.takes('select 1')).toBe(true);
    expect(PreparedStatements.takes('  WITH x AS (select 1) select * from x')).toBe(true);
    expect(PreparedStatements.takes('insert into t values (1)')).toBe(true);
    expect(PreparedStatements.takes('create table x (id int)')).toBe(false);
    expect(PreparedStatements.takes('set statement_timeout = 1')).toBe(false);
    expect(PreparedStatements.takes('begin')).toBe(false);
    expect(PreparedStatements.takes('select 1', { blob: new Blob([]) })).toBe(false);
    expect(PreparedStatements.takes('select $1', { paramTypes: [23] })).toBe(false);
  });
});

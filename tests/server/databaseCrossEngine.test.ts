import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite } from '../helpers/sites';
import { insertColumn, insertModel, saveContent } from '../helpers/contentFixtures';
import { backupPath, takeBackup, tarEntries } from '../helpers/databaseBackups';
import { withDatabase } from '../setup/databaseTemplate';
import { migrateDatabase, openPostgres, wrapPglite, type Database, type Executor } from '../../server/db/client';
import { rowsOf, backupTables } from '../../server/operations/database/catalog';
import { pageQuery } from '../../server/operations/database/backup';
import { restoreBackup } from '../../server/operations/database/restore';
import type { BackupManifest } from '../../models/database';

// A backup taken while 20 clients write, restored into a fresh empty database of the OTHER engine
// (PGlite ⇄ PostgreSQL), then compared table by table, row by row, with the backup's own parts.

const PG_URL = process.env.TEST_DATABASE_URL;
let t: TestApp;
let token: string;
let siteId: number;
let columnId: number;

/** A fresh, migrated, empty database of the engine the app under test does not use. */
async function otherEngine(kind: Database['kind']): Promise<Database> {
  if (kind === 'postgres') {
    const database = wrapPglite(await PGlite.create());
    await migrateDatabase(database);
    return database;
  }
  const name = `banyan_x_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openPostgres(withDatabase(PG_URL!, name));
  await migrateDatabase(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
      await admin.end();
    },
  };
}

/** Every row of a table as PostgreSQL's JSON text (the backup's own encoding), sorted. */
async function tableRows(db: Executor, table: string): Promise<string[]> {
  const info = (await backupTables(db)).find((x) => x.name === table)!;
  const out: string[] = [];
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    let after: string[] | null = null;
    for (;;) {
      const page: Record<string, string>[] = await rowsOf(tx, pageQuery(info, after, 1000));
      if (!page.length) break;
      out.push(...page.map((r) => r.j!));
      const last: Record<string, string> = page.at(-1)!;
      after = (info.key.length ? info.key : ['ctid']).map((_, i) => last[`k${i}`]!);
    }
  });
  return out.sort();
}

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 100_000, login: 1000 } });
  token = await t.login();
  siteId = await createSite(t, token);
  columnId = await insertColumn(t, siteId, await insertModel(t));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('backup across engines', () => {
  const skip = !PG_URL;
  it.skipIf(skip)('a backup taken while 20 clients write restores into an empty database of the other engine, row for row', async () => {
    const api = t.client(token, { siteId });
    // Each client's article is created through the API; then the 20 clients keep writing straight to the
    // database (a new version and its revision in one transaction), so the job queue is not flooded by
    // the static-generation jobs every API save enqueues.
    const mine = await Promise.all(Array.from({ length: 20 }, (_, n) => saveContent(api, columnId, { title: `Writer ${n}` })));
    let writing = true;
    let writes = 0;
    const writer = async (id: number) => {
      while (writing) {
        await t.db.transaction(async (tx) => {
          const [row] = await rowsOf<{ version: number }>(tx, sql`update contents set version = version + 1, title = ${`v${writes}`} where id = ${id} returning version`);
          await tx.execute(sql`insert into content_revisions (content_id, version, snapshot, note) values (${id}, ${row!.version}, '{}'::jsonb, 'writer')`);
        });
        writes++;
        // PGlite answers without touching the event loop: let requests and the job runner in.
        await new Promise((r) => setImmediate(r));
      }
    };
    const writers = mine.map((m) => writer(m.id));
    while (writes < 40) await new Promise((r) => setImmediate(r));
    const { name } = await takeBackup(t, token);
    const writesDuringBackup = writes;
    writing = false;
    await Promise.all(writers);
    expect(writesDuringBackup).toBeGreaterThanOrEqual(40);
    expect(writes).toBeGreaterThan(writesDuringBackup - 20);

    const file = backupPath(t, name);
    const entries = await tarEntries(await fs.readFile(file));
    const manifest = JSON.parse(entries.at(-1)!.body.toString()) as BackupManifest;
    expect(manifest.engine).toBe(t.database.kind);

    const target = await otherEngine(t.database.kind);
    try {
      await restoreBackup(target, file, {
        progress: async () => {},
        cancelled: () => false,
        log: { adminId: 1, adminName: 'test', ip: '127.0.0.1' },
        name,
      });
      for (const table of manifest.tables) {
        const part = entries.find((e) => e.name === `data/${table.name}.ndjson`)!;
        const expected = part.body.toString().split('\n').filter(Boolean).sort();
        let restored = await tableRows(target.db, table.name);
        // The restore adds its own operation-log entry.
        if (table.name === 'opt_logs') restored = restored.filter((r) => !r.includes('"operation":"database.restore"'));
        expect(restored.length, table.name).toBe(table.rows);
        expect(restored, table.name).toEqual(expected);
      }
      // A consistent snapshot: every content has exactly one revision per version, as each save writes both.
      const [torn] = await rowsOf<{ n: string }>(
        target.db,
        sql`select count(*) as n from contents c where c.version <> (select count(*) from content_revisions r where r.content_id = c.id)`,
      );
      expect(Number(torn!.n)).toBe(0);
      const [contentCount] = await rowsOf<{ n: string }>(target.db, sql`select count(*) as n from contents`);
      expect(Number(contentCount!.n)).toBeGreaterThanOrEqual(20);
      // Sequences continue after the restored rows on the other engine too.
      const [next] = await rowsOf<{ id: number }>(target.db, sql`select nextval(pg_get_serial_sequence('public.contents', 'id'))::int as id`);
      const [max] = await rowsOf<{ id: number }>(target.db, sql`select max(id)::int as id from contents`);
      expect(next!.id).toBe(max!.id + 1);
    } finally {
      await target.close();
    }
  }, 180_000);

  it('the source data itself keeps one revision per content version (the invariant checked above)', async () => {
    const [torn] = await rowsOf<{ n: string }>(
      t.db,
      sql`select count(*) as n from contents c where c.version <> (select count(*) from content_revisions r where r.content_id = c.id)`,
    );
    expect(Number(torn!.n)).toBe(0);
  });
});

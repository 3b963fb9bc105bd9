import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, wrapPglite, type Database } from '../../server/db/client';
import { withDatabase } from '../setup/databaseTemplate';

export const TEST_DB_KIND = (process.env.BANYAN_TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/** A fresh, migrated database copied from the run's template: PGlite by default, PostgreSQL in api-postgres. */
export async function freshDatabase(): Promise<Database> {
  if (TEST_DB_KIND === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const template = new URL(inject('postgresTemplate')).pathname.slice(1);
    const name = `banyan_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    const database = await openPostgres(withDatabase(url, name));
    return {
      ...database,
      close: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
        await admin.end();
      },
    };
  }
  const dump = await fs.readFile(inject('pgliteDump'));
  // In the test's own thread: the API tests run many short statements one after another, and each crossing to the
  // server's database thread (server/db/pgliteThread.ts) made them about 40% slower. The thread itself is tested in
  // pgliteThread.test.ts, and the browser and fault tests run the real server, which opens PGlite in its thread.
  return wrapPglite(await PGlite.create({ loadDataDir: new Blob([dump]) }));
}

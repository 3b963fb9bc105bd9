import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { TEST_DB_KIND } from '../helpers/database';
import { withDatabase } from '../setup/databaseTemplate';
import { appliedMigrations, expectedMigrations, migrateDatabase, openPostgres } from '../../server/db/client';

// Issue 17: what a load balancer asks (GET /healthz: the process serves; GET /readyz: the database answers and
// has every migration this build ships), and several servers starting together on one PostgreSQL migrate once.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('health checks', () => {
  it('/healthz answers 200 while the process serves, uncached', async () => {
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 when the database answers and every migration of the build is applied', async () => {
    const expected = await expectedMigrations();
    expect(expected).toBeGreaterThan(10);
    const res = await fetch(`${t.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', database: 'up', migrations: { applied: expected, expected } });
  });

  it('/readyz answers 503 (not a crash) once the database is gone', async () => {
    const other = await startTestApp();
    await other.database.close();
    const res = await fetch(`${other.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    expect((await fetch(`${other.url}/healthz`)).status).toBe(200);
    await other.close().catch(() => undefined);
  });
});

describe.skipIf(TEST_DB_KIND !== 'postgres')('several servers starting together on one PostgreSQL', () => {
  it('four servers migrating an empty database at once: every one succeeds and each migration runs once', async () => {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `banyan_mig_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const servers = await Promise.all(Array.from({ length: 4 }, () => openPostgres(withDatabase(url, name))));
    try {
      await Promise.all(servers.map((s) => migrateDatabase(s)));
      expect(await appliedMigrations(servers[0]!)).toBe(await expectedMigrations());
    } finally {
      await Promise.all(servers.map((s) => s.close()));
      await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
      await admin.end();
    }
  });
});

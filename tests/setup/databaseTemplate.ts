import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openPostgres, wrapPglite } from '../../server/db/client';
import { seedMenus, seedSettings } from '../../server/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDump: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one database per test run and hands it to every test file to copy: a PGlite data-dir dump
 * (a new PGlite costs ~5 s, loading a dump ~1 s), or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.BANYAN_TEST_DB ?? 'pglite';
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `banyan_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
    const tplUrl = withDatabase(url, name);
    const database = await openPostgres(tplUrl);
    await migrateDatabase(database);
    await seedMenus(database.db);
    await seedSettings(database.db);
    await database.close();
    project.provide('postgresTemplate', tplUrl);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
      await admin.end();
    };
  }
  const client = await PGlite.create();
  const database = wrapPglite(client);
  await migrateDatabase(database);
  await seedMenus(database.db);
  await seedSettings(database.db);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-tpl-')), 'template.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteDump', file);
  return async () => {
    await fs.rm(path.dirname(file), { recursive: true, force: true });
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

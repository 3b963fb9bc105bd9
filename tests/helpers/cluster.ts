import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { openPostgres } from '../../server/db/client';
import { seed } from '../../server/db/seed';
import { OutboxSmsSender } from '../../server/services/sms';
import { withDatabase } from '../setup/databaseTemplate';
import { apiClient, SUPER_ACCOUNT, SUPER_PASSWORD, type TestApp } from './app';

// Issue 17: several Banyan servers on one PostgreSQL, in this process: each its own Fastify app, connection pool and
// data folder (unless `sharedDataDir`), all on one database copied from the run's template. PostgreSQL only (the
// api-postgres project); a test file using it skips elsewhere.

export const CLUSTER_AVAILABLE = process.env.BANYAN_TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

export interface Cluster {
  servers: TestApp[];
  /** The database URL every server uses. */
  databaseUrl: string;
  close(): Promise<void>;
}

export async function startCluster(n = 2, overrides: Partial<Config> = {}, opts: { sharedDataDir?: boolean } = {}): Promise<Cluster> {
  const url = process.env.TEST_DATABASE_URL!;
  const template = new URL(inject('postgresTemplate')).pathname.slice(1);
  const name = `banyan_c_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const databaseUrl = withDatabase(url, name);
  const shared = opts.sharedDataDir ? await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-cluster-')) : undefined;
  const servers: TestApp[] = [];
  for (let i = 0; i < n; i++) {
    const dataDir = shared ?? (await fs.mkdtemp(path.join(os.tmpdir(), `banyan-node${i}-`)));
    const config = loadConfig({}, { dataDir, databaseUrl, logRequests: false, port: 0, host: '127.0.0.1', ...overrides });
    const database = await openPostgres(databaseUrl);
    if (i === 0) await seed(database.db, { initialPassword: SUPER_PASSWORD });
    const sms = OutboxSmsSender.inDataDir(dataDir, () => undefined);
    const app = await buildApp({ database, config, sms, distDir: path.join(dataDir, 'no-client') });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const serverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    servers.push({
      app,
      url: serverUrl,
      database,
      db: database.db,
      config,
      sms,
      dataDir,
      client: (token, o) => apiClient(serverUrl, token, o),
      async login(account = SUPER_ACCOUNT, password = SUPER_PASSWORD) {
        const res = await apiClient(serverUrl).post<{ token: string }>('/account/login', { account, password });
        if (res.code !== 0) throw new Error(`login failed: ${res.code} ${res.msg}`);
        return res.data.token;
      },
      async close() {
        await app.close().catch(() => undefined);
        await database.close().catch(() => undefined);
        if (!shared) await fs.rm(dataDir, { recursive: true, force: true });
      },
    });
  }
  return {
    servers,
    databaseUrl,
    async close() {
      for (const s of servers) await s.close();
      if (shared) await fs.rm(shared, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}

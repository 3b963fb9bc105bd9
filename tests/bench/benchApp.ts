import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { seed } from '../../server/db/seed';
import { buildApp } from '../../server/app';
import { OutboxSmsSender } from '../../server/services/sms';
import { serverStats } from './serverStats';

// The real app as a benchmarked server process starts it (siteServer.ts, adminLoad.ts): production config from the
// environment (BENCH_DATABASE_URL, else PGlite in dataDir), seeded, listening on a loopback port, measuring itself
// (serverStats, with its PostgreSQL backends when there are).

export async function startMeasuredApp(dataDir: string, overrides: Partial<Config> = {}, seedOpts: { initialPassword?: string } = {}) {
  const config = loadConfig({ ...process.env, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' }, { dataDir, port: 0, host: '127.0.0.1', logRequests: false, ...overrides });
  const database = await openDatabase(config);
  await seed(database.db, { dataDir, ...seedOpts });
  const app = await buildApp({ database, config, sms: OutboxSmsSender.inDataDir(dataDir, () => undefined), distDir: path.join(dataDir, 'no-client') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const backends = async () => {
    const result = (await database.db.execute(
      sql`select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend'`,
    )) as unknown as { rows: Array<{ pid: number }> };
    return result.rows.map((r) => Number(r.pid));
  };
  const thread = database.pglite && 'osThreadId' in database.pglite ? database.pglite.osThreadId : null;
  const stats = serverStats(app.server, database.kind === 'postgres' ? backends : undefined, thread);
  return { app, database, port, stats };
}

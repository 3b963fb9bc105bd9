import fs from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { seed } from '../../server/db/seed';
import { buildApp } from '../../server/app';
import { OutboxSmsSender } from '../../server/services/sms';

// The server the million-article benchmarks measure, in a process of its own (forked by bigServer.ts): the
// real app in production mode on an already loaded database (DATABASE_URL, or PGlite in DATA_DIR), on a
// loopback port. BENCH_LIMITS=default keeps the shipped request limits (the limiter benchmark); otherwise
// the admin API limit is raised so a 10-second load test is not cut short by the per-session budget.

async function main() {
  const dataDir = process.env.DATA_DIR!;
  await fs.mkdir(dataDir, { recursive: true });
  const limits = process.env.BENCH_LIMITS === 'default' ? {} : { rateLimit: { api: 10_000_000, login: 1000 } };
  const config = loadConfig({ ...process.env, DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' }, { dataDir, port: 0, host: '127.0.0.1', logRequests: false, ...limits });
  const database = await openDatabase(config);
  await seed(database.db, { dataDir });
  const app = await buildApp({ database, config, sms: OutboxSmsSender.inDataDir(dataDir, () => undefined), distDir: path.join(dataDir, 'no-client') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.on('message', async (msg: { type: string }) => {
    if (msg.type === 'stop') {
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
  process.send!({ type: 'ready', port, kind: database.kind });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

import path from 'node:path';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { seed } from '../../server/db/seed';
import { buildApp } from '../../server/app';
import { OutboxSmsSender } from '../../server/services/sms';
import { contents } from '../../server/db/schema/index';

// The server a benchmark measures, in a process of its own (forked by tests/bench/harness.ts): the real
// app on PGlite in the data dir it is given, on a loopback port. It answers 'memory' messages with its
// process.memoryUsage(), so a benchmark can read the server's memory and not its own.


export interface SeedRow {
  title: string;
  description: string;
  body: string;
  published_at: string;
}

async function main() {
  const dataDir = process.env.DATA_DIR!;
  const config = loadConfig({ ...process.env, DATABASE_URL: '' }, { dataDir, port: 0, host: '127.0.0.1', logRequests: false, rateLimit: { api: 100_000, login: 1000 } });
  const database = await openDatabase(config);
  await seed(database.db, { dataDir, initialPassword: process.env.BENCH_PASSWORD! });
  const app = await buildApp({ database, config, sms: OutboxSmsSender.inDataDir(dataDir, () => undefined), distDir: path.join(dataDir, 'no-client') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.on('message', async (msg: { type: string; id?: number; rows?: SeedRow[]; siteId?: number; categoryId?: number }) => {
    if (msg.type === 'seedContents') {
      // Bulk content for a benchmark, published (saving one by one through the API would take minutes;
      // what is measured afterwards goes through the API).
      await database.db.insert(contents).values(
        msg.rows!.map((r) => ({
          siteId: msg.siteId!,
          categoryId: msg.categoryId!,
          title: r.title,
          description: r.description,
          body: r.body,
          status: 1,
          checkStatus: 'published',
          publishedAt: new Date(r.published_at),
        })),
      );
      process.send!({ type: 'seeded', id: msg.id });
    } else if (msg.type === 'memory') {
      if (msg.id !== undefined && typeof global.gc === 'function' && (msg as { gc?: boolean }).gc) global.gc();
      process.send!({ type: 'memory', id: msg.id, usage: process.memoryUsage() });
    } else if (msg.type === 'stop') {
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
  // PGlite's thread id in the operating system (Linux), so a bench can tell its CPU time from the other threads'.
  const databaseThread = (database.pglite as { osThreadId?: number | null } | undefined)?.osThreadId ?? null;
  process.send!({ type: 'ready', port, databaseThread });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

import fs from 'node:fs/promises';
import { startMeasuredApp } from './benchApp';

// The server the million-article benchmarks measure, in a process of its own (forked by bigServer.ts): the
// real app in production mode on an already loaded database (DATABASE_URL, or PGlite in DATA_DIR), on a
// loopback port. BENCH_LIMITS=default keeps the shipped request limits (the limiter benchmark); otherwise
// the admin API limit is raised so a 10-second load test is not cut short by the per-session budget.
// On the parent's 'stats-reset' / 'stats' messages it measures, then reports, what the server itself saw: each
// request's handling time (from Node's 'request' event to the answer's last byte handed to the socket), the
// event loop's delay, the garbage collector's pauses, its CPU time and run-queue wait, and (PostgreSQL) its
// backends' CPU time, to set beside the load generator's latencies.

async function main() {
  const dataDir = process.env.DATA_DIR!;
  await fs.mkdir(dataDir, { recursive: true });
  const limits = process.env.BENCH_LIMITS === 'default' ? {} : { rateLimit: { api: 10_000_000, login: 1000 } };
  const { app, database, port, stats } = await startMeasuredApp(dataDir, limits);
  process.on('message', async (msg: { type: string }) => {
    if (msg.type === 'stats-reset') {
      await stats.reset();
      process.send!({ type: 'stats-reset' });
    } else if (msg.type === 'stats') {
      process.send!({ type: 'stats', stats: await stats.report() });
    } else if (msg.type === 'stop') {
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

import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { seed } from '../../server/db/seed';
import { buildApp } from '../../server/app';
import { OutboxSmsSender } from '../../server/services/sms';
import { contents } from '../../server/db/schema/index';
import { insertSite } from '../helpers/fixtures';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { setUploadSettings } from '../helpers/attachmentFixtures';
import type { TestApp } from '../helpers/app';

// The server the fault tests kill: the real app in production mode, in a process of its own (forked by
// faultHarness.ts), on DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL), on a loopback port. It is what
// server/main.ts starts, less the client build (the admin SPA plays no part in these faults). On its first start
// (FAULT_SETUP=1) it seeds a site, a model, a column and small upload chunks, and reports their ids.
// On the parent's 'dump' message it answers every content row of a column, read straight from the database.

async function main() {
  const dataDir = process.env.DATA_DIR!;
  await fs.mkdir(dataDir, { recursive: true });
  const config = loadConfig(process.env, { dataDir, port: 0, host: '127.0.0.1', logRequests: false, rateLimit: { api: 10_000_000, login: 1000 } });
  const database = await openDatabase(config);
  await seed(database.db, { dataDir, initialPassword: process.env.FAULT_PASSWORD });
  let setup: { siteId: number; columnId: number } | undefined;
  if (process.env.FAULT_SETUP === '1') {
    const t = { db: database.db } as TestApp;
    const siteId = await insertSite(t, 'Faults');
    const columnId = await insertColumn(t, siteId, await insertModel(t), { title: 'Faults' });
    await setUploadSettings(t, { chunk_size: 64, chunk_condition: 64 });
    // FAULT_CONTENTS=n: n published articles in the column (a static generation of the site then runs a while).
    const many = Number(process.env.FAULT_CONTENTS || 0);
    const publishedAt = new Date(Date.now() - 60_000);
    for (let from = 0; from < many; from += 500) {
      const rows = Array.from({ length: Math.min(500, many - from) }, (_, i) => ({
        siteId,
        categoryId: columnId,
        title: `Fault article ${from + i + 1}`,
        body: `<p>${'Body of a fault article. '.repeat(20)}</p>`,
        status: 1,
        checkStatus: 'published',
        publishedAt,
      }));
      await database.db.insert(contents).values(rows);
    }
    setup = { siteId, columnId };
  }
  const app = await buildApp({ database, config, sms: OutboxSmsSender.inDataDir(dataDir, () => undefined), distDir: path.join(dataDir, 'no-client') });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.on('message', async (msg: { type: string; columnId?: number; text?: string }) => {
    if (msg.type === 'dump') {
      const rows = await database.db
        .select({ id: contents.id, title: contents.title, body: contents.body, version: contents.version })
        .from(contents)
        .where(eq(contents.categoryId, msg.columnId!));
      process.send!({ type: 'dump', rows });
    } else if (msg.type === 'sql') {
      // A test's own read of the server's database (rows of a table, a count), answered as plain rows.
      const result = (await database.db.execute(sql.raw(msg.text!))) as unknown as { rows: Record<string, unknown>[] };
      process.send!({ type: 'sql', rows: result.rows });
    } else if (msg.type === 'stop') await stop();
  });
  // As server/main.ts: SIGTERM closes the app (which saves what it keeps in memory) and the database.
  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.send!({ type: 'ready', port, kind: database.kind, setup });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seed } from './db/seed';
import { buildApp } from './app';
import { OutboxSmsSender } from './services/sms';
import { ensureClientBuilt } from './clientBuild';

async function main() {
  const config = loadConfig();
  await ensureClientBuilt();
  const database = await openDatabase(config);
  const seeded = await seed(database.db, { dataDir: config.dataDir, starter: true });
  const app = await buildApp({ database, config, sms: OutboxSmsSender.inDataDir(config.dataDir) });
  await app.listen({ port: config.port, host: config.host });

  const url = `http://localhost:${config.port}/admin/`;
  const lines = [
    '',
    `  Banyan is running on ${database.kind === 'pglite' ? `the embedded database (${config.dataDir})` : 'PostgreSQL'}`,
    `  Admin:    ${url}`,
  ];
  // Issue 17: static output, themes, local uploads, backups and market plugins in the folder every server of a cluster
  // mounts (SHARED_DIR).
  if (config.sharedDir !== config.dataDir) lines.push(`  Shared folder (static output, themes, uploads, backups, plugins): ${config.sharedDir}`);
  if (seeded.initialAdmin) {
    lines.push(`  Account:  ${seeded.initialAdmin.account}`, `  Password: ${seeded.initialAdmin.password}`);
    lines.push(`  (also saved in ${config.dataDir}/initial-admin.txt; you will be asked to change it)`);
  } else {
    lines.push(`  First super-admin credentials: ${config.dataDir}/initial-admin.txt`);
  }
  console.log(lines.join('\n') + '\n');

  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

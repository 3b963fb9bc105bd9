import fs from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import type { TestApp } from './app';
import type { Executor } from '../../server/db/client';
import { backupTables, rowsOf } from '../../server/operations/database/catalog';
import type { Job } from '../../models/job';

/** Starts a backup through the API and waits for its job. */
export async function takeBackup(t: TestApp, token: string): Promise<{ job: Job; name: string }> {
  const res = await t.client(token).post<{ job_id: number }>('/database/backup');
  if (res.code !== 0) throw new Error(`database/backup failed: ${res.code} ${res.msg}`);
  const job = await jobOutcome(t, token, res.data.job_id);
  if (job.status !== 'done') throw new Error(`backup job ${job.status}: ${job.error}`);
  return { job, name: job.result!.name as string };
}

export async function jobOutcome(t: TestApp, token: string, id: number): Promise<Job> {
  await t.app.ctx.jobs.whenIdle();
  return (await t.client(token).get<Job>('/job/read', { id })).data;
}

/** Every backed-up table: its row count and a hash of its rows, to prove data did (not) change. */
export async function fingerprint(db: Executor): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of await backupTables(db)) {
    const [row] = await rowsOf<{ n: string; h: string }>(
      db,
      sql`select count(*) as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from ${sql.identifier(table.name)} x`,
    );
    out[table.name] = `${row!.n}:${row!.h}`;
  }
  return out;
}

/** The entries of a .tar.gz, in order. */
export async function tarEntries(gz: Buffer): Promise<Array<{ name: string; body: Buffer }>> {
  const extract = tar.extract();
  const out: Array<{ name: string; body: Buffer }> = [];
  const done = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const c of entry) chunks.push(c as Buffer);
      out.push({ name: entry.header.name, body: Buffer.concat(chunks) });
    }
  })();
  extract.end(gunzipSync(gz));
  await done;
  return out;
}

/** Packs entries into a .tar.gz. */
export async function packEntries(entries: Array<{ name: string; body: Buffer | string }>): Promise<Buffer> {
  const pack = tar.pack();
  for (const e of entries) pack.entry({ name: e.name }, e.body);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const c of pack) chunks.push(c as Buffer);
  return gzipSync(Buffer.concat(chunks));
}

export const backupPath = (t: TestApp, name: string) => path.join(t.dataDir, 'backups', name);

/** Writes a file into the backups folder under a valid name (a foreign or tampered backup). */
export async function placeBackup(t: TestApp, body: Buffer, stamp: string): Promise<string> {
  const name = `banyan-20200101-${stamp}-abcdef.tar.gz`;
  await fs.mkdir(path.join(t.dataDir, 'backups'), { recursive: true });
  await fs.writeFile(backupPath(t, name), body);
  return name;
}

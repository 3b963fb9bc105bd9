import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/app';
import type { Job } from '../../models/job';
import type { StaticIndex } from '../../models/staticGen';
import { cleanUpFaults, faultData, startFaultServer, type FaultData, type FaultServer } from './faultHarness';

// Issue 15, faults: a job (here a whole-site static generation, long enough to be caught mid-run) running when
// the server stops never stays 'running': after kill -9 the restarted server marks it failed ('interrupted',
// told in the admin's language) and a new run works; after SIGTERM the running job finishes its current step,
// is marked failed the same way before the process exits 0, and leaves no half-built output folder.

const ARTICLES = 1500;
const INTERRUPTED_EN = 'The server stopped while this job was running; it was interrupted, please start it again';
const INTERRUPTED_ZH = '服务器在任务运行时停止，任务已中断，请重新开始';

let server: FaultServer | undefined;
let data: FaultData | undefined;
afterEach(cleanUpFaults);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function readJob(s: FaultServer, token: string, siteId: number, id: number, language: 'zh' | 'en' = 'en') {
  const res = await apiClient(s.url, token, { siteId, language }).get<Job>('/job/read', { id });
  expect(res.code, res.msg).toBe(0);
  return res.data;
}

/** Starts a whole-site run and answers its id once it is running with some pages written (and far from done). */
async function runningGeneration(s: FaultServer, token: string, siteId: number): Promise<number> {
  const started = await apiClient(s.url, token, { siteId }).post<{ job_id: number }>('/staticFile/generate', { scope: 'site' });
  expect(started.code, started.msg).toBe(0);
  const id = started.data.job_id;
  for (const until = Date.now() + 60_000; Date.now() < until; await sleep(20)) {
    const job = await readJob(s, token, siteId, id);
    expect(job.status, 'the run ended before it could be interrupted: seed more articles').not.toMatch(/done|failed|cancelled/);
    if (job.status === 'running' && job.progress >= 1) return id;
  }
  throw new Error('the static generation never got going');
}

/** Polls a job until it leaves queued/running; every answer on the way is recorded. */
async function settle(s: FaultServer, token: string, siteId: number, id: number): Promise<Job> {
  for (const until = Date.now() + 120_000; Date.now() < until; await sleep(100)) {
    const job = await readJob(s, token, siteId, id);
    if (!['queued', 'running'].includes(job.status)) return job;
  }
  throw new Error(`job ${id} never finished`);
}

/** Folders beside the site's output: the output itself and any half-built run folder. */
async function outputFolders(d: FaultData) {
  return (await fs.readdir(path.join(d.dataDir, 'static')).catch(() => [] as string[])).sort();
}

async function generationStopped(interrupt: (s: FaultServer) => Promise<void>) {
  data = await faultData('pglite');
  server = await startFaultServer(data, { setup: true, contents: ARTICLES });
  const { siteId } = server.setup!;
  let token = await server.login();
  const id = await runningGeneration(server, token, siteId);
  await interrupt(server);

  server = await startFaultServer(data);
  token = await server.login();
  // The job the stop caught is failed, never running, and says why in the admin's language.
  const after = await readJob(server, token, siteId, id);
  expect(after.status).toBe('failed');
  expect(after.error).toBe(INTERRUPTED_EN);
  expect((await readJob(server, token, siteId, id, 'zh')).error).toBe(INTERRUPTED_ZH);
  const index = await apiClient(server.url, token, { siteId, language: 'en' }).get<StaticIndex>('/staticFile/index');
  expect(index.data.runs.find((r) => r.id === id)).toMatchObject({ status: 'failed', error: INTERRUPTED_EN });
  expect(index.data.has_output).toBe(false);

  // A new run works, and leaves only the finished output (no folder of the interrupted run).
  const again = await apiClient(server.url, token, { siteId }).post<{ job_id: number }>('/staticFile/generate', { scope: 'site' });
  expect(again.code, again.msg).toBe(0);
  const done = await settle(server, token, siteId, again.data.job_id);
  expect(done.status, done.error).toBe('done');
  expect((done.result as { pages: number }).pages).toBeGreaterThan(ARTICLES);
  expect(await outputFolders(data)).toEqual([`site-${siteId}`]);
  expect((await readJob(server, token, siteId, id)).status).toBe('failed');
  return { siteId, id };
}

describe('a job running when the server stops', () => {
  it('after kill -9, the restarted server shows the run failed ("interrupted"), never running; a new run completes', async () => {
    await generationStopped((s) => s.kill());
  });

  it('after SIGTERM, the run stops at its current step and is marked interrupted before the process exits 0', async () => {
    let folders: string[] = [];
    await generationStopped(async (s) => {
      const started = Date.now();
      await s.terminate();
      // Stopped at a step, not run to its end (1500 pages take far longer than one step).
      expect(Date.now() - started).toBeLessThan(10_000);
      folders = await outputFolders(data!);
      // Before any restart (so not recover()'s doing): the closing server itself marked the run failed.
      const db = await PGlite.create({ dataDir: path.join(data!.dataDir, 'pglite') });
      const { rows } = await db.query<{ status: string; error: string }>(`select status, error from jobs where kind = 'static.generate' order by id desc limit 1`);
      await db.close();
      const row = rows[0];
      expect(row).toEqual({ status: 'failed', error: 'interrupted' });
    });
    // The interrupted run removed its half-built folder itself (a cancelled whole-site run does).
    expect(folders.some((f) => f.includes('.tmp-'))).toBe(false);
  });
});

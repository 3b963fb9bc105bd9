import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/app';
import type { Job } from '../../models/job';
import { cleanUpFaults, faultData, startFaultServer, type FaultData, type FaultServer } from './faultHarness';
import { fill, filesUnder, tmpfsMountWorks } from './diskFaults';

// Issue 15, faults: column and content runs write over a site's live static output (a whole-site run builds a
// new folder and swaps it in, storageFaults.test.ts). When the disk fills up in the middle of such a run, every
// page is still either the old one or the new one, whole: never emptied or cut off, and no temporary file stays.
// "Full" is a small tmpfs mounted over the static folder (root and a mount-capable machine; skipped otherwise).

const run = promisify(execFile);
const JOB_NO_SPACE_EN = 'The disk is full: the job did not finish and what it had written was removed';
/** An article body far larger than the room its old page frees: the new page cannot fit where the old one was. */
const BIG_BODY_SQL = `'<p>' || repeat('A body that no longer fits on the full disk. ', 400) || '</p>'`;

let server: FaultServer;
let data: FaultData;
let siteId: number;
let columnId: number;
let token: string;
const mounted: string[] = [];

const mountWorks = tmpfsMountWorks();
if (!mountWorks) console.warn('staticInPlaceWrites.test.ts: skipped: mounting a small tmpfs needs root and a mount-capable machine');

const staticDir = () => path.join(data.dataDir, 'static');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Mounts a fresh 2 MB tmpfs over the static folder (emptied first). */
async function mountStatic() {
  await fs.rm(staticDir(), { recursive: true, force: true });
  await fs.mkdir(staticDir(), { recursive: true });
  await run('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', staticDir()]);
  mounted.push(staticDir());
}



async function generate(body: Record<string, unknown>): Promise<Job> {
  const api = apiClient(server.url, token, { siteId, language: 'en' });
  const started = await api.post<{ job_id: number }>('/staticFile/generate', body);
  expect(started.code, started.msg).toBe(0);
  for (const until = Date.now() + 120_000; Date.now() < until; await sleep(100)) {
    const job = (await api.get<Job>('/job/read', { id: started.data.job_id })).data;
    if (!['queued', 'running'].includes(job.status)) return job;
  }
  throw new Error('the static generation never finished');
}

/** The detail page file of an article, relative to the static folder. */
async function detailFileOf(articleId: number, output: Record<string, string>): Promise<string> {
  const file = Object.keys(output).find((f) => f.endsWith(`/${articleId}.html`));
  expect(file, `no page for article ${articleId}`).toBeTruthy();
  return file!;
}

beforeAll(async () => {
  data = await faultData('pglite');
  server = await startFaultServer(data, { setup: true, contents: 40 });
  siteId = server.setup!.siteId;
  columnId = server.setup!.columnId;
  token = await server.login();
});

afterEach(async () => {
  for (let dir = mounted.pop(); dir; dir = mounted.pop()) await run('umount', ['-l', dir]);
});

afterAll(cleanUpFaults);

describe.skipIf(!mountWorks)('static pages written over a live output when the disk fills up', () => {
  it('a content run onto a full disk fails clearly and leaves the old page whole, with no temporary file', async () => {
    await mountStatic();
    expect((await generate({ scope: 'site' })).status).toBe('done');
    const before = await filesUnder(staticDir());
    const [article] = await server.query<{ id: number }>(`select id from contents where category_id = ${columnId} order by id limit 1`);
    const page = await detailFileOf(article!.id, before);
    // The article grows (straight in the database: a save through the API would queue the same run itself).
    await server.query(`update contents set body = ${BIG_BODY_SQL} where id = ${article!.id}`);
    const filler = await fill(staticDir());
    const failed = await generate({ scope: 'content', ids: [article!.id] });
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(JOB_NO_SPACE_EN);
    // Every page as it was, byte for byte (the article's own page is not emptied or cut off), and nothing beside.
    await fs.rm(filler);
    expect(await filesUnder(staticDir())).toEqual(before);
    // Room again: the run writes the new page.
    const ok = await generate({ scope: 'content', ids: [article!.id] });
    expect(ok.status, ok.error).toBe('done');
    expect(await fs.readFile(path.join(staticDir(), page), 'utf8')).toContain('A body that no longer fits on the full disk.');
  });

  it('a column run (rendered and written by the worker threads) onto a full disk leaves every old page whole', async () => {
    await mountStatic();
    await server.query(`update contents set body = '<p>Short again.</p>' where category_id = ${columnId}`);
    expect((await generate({ scope: 'site' })).status).toBe('done');
    const before = await filesUnder(staticDir());
    await server.query(`update contents set body = ${BIG_BODY_SQL} where category_id = ${columnId}`);
    const filler = await fill(staticDir());
    const failed = await generate({ scope: 'column', category_id: columnId });
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(JOB_NO_SPACE_EN);
    // A run this size renders in the worker threads, which write the pages themselves.
    await fs.rm(filler);
    expect(await filesUnder(staticDir())).toEqual(before);
    const ok = await generate({ scope: 'column', category_id: columnId });
    expect(ok.status, ok.error).toBe('done');
    expect(ok.result).toMatchObject({ workers: expect.any(Number) });
    expect((ok.result as { workers: number }).workers).toBeGreaterThan(0);
  });
});

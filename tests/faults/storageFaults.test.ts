import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/app';
import { fetchStored, mp4, sha256, uploadFile, type Caller } from '../helpers/attachmentFixtures';
import type { Job } from '../../models/job';
import { cleanUpFaults, faultData, startFaultServer, type FaultData, type FaultServer } from './faultHarness';
import { fill, filesUnder, tmpfsMountWorks } from './diskFaults';

// Issue 15, faults: a full disk or a folder the server may not write. An upload or a static generation that
// cannot be written is refused with a clear message in the caller's language (never the system's message with
// its paths); it leaves no half-written file, no attachment row without its file; and the server answers the
// next request. "Not writable" is a regular file where the folder should be: that refuses writes even to root
// (chmod does not). "Full" is a small tmpfs mounted over the folder: that needs root and mount, otherwise those
// rows are skipped (saying why).

const run = promisify(execFile);
const UNWRITABLE_EN = 'The target folder on the server cannot be written; the file was not saved. Please contact the administrator';
const NO_SPACE_EN = 'The server is out of storage space; the file was not saved. Please contact the administrator';
const NO_SPACE_ZH = '服务器存储空间不足，文件未保存，请联系管理员';
const JOB_NO_SPACE_EN = 'The disk is full: the job did not finish and what it had written was removed';
const JOB_UNWRITABLE_EN = 'The target folder cannot be written: the job did not finish, please check the folder permissions';

let server: FaultServer;
let data: FaultData;
let siteId: number;
let token: string;
const mounted: string[] = [];

/** Mounts a tmpfs of `size` over `dir` (made if missing); false when this machine refuses (not root, no mount). */
async function mountSmall(dir: string, size: string): Promise<boolean> {
  if (process.getuid?.() !== 0) return false;
  await fs.mkdir(dir, { recursive: true });
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
  } catch {
    return false;
  }
  mounted.push(dir);
  return true;
}
const mountWorks = tmpfsMountWorks();
if (!mountWorks) console.warn('storageFaults.test.ts: the full-disk rows are skipped: mounting a small tmpfs needs root and a mount-capable machine');



const caller = (language = 'en'): Caller => ({ token, siteId, language });
const attachmentCount = async () => Number((await server.query<{ n: string }>('select count(*) as n from attachments'))[0]!.n);
const uploadsDir = () => path.join(data.dataDir, 'uploads');
const staticDir = () => path.join(data.dataDir, 'static');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every attachment row's file is on disk, and every stored file has its row: the two never disagree. */
async function rowsMatchFiles() {
  const rows = await server.query<{ path: string }>(`select path from attachments where storage = 1`);
  const files = Object.keys(await filesUnder(uploadsDir())).filter((f) => f !== 'filler.bin');
  expect(files.sort()).toEqual([...new Set(rows.map((r) => r.path))].sort());
}

/** What a refused upload must leave: the same rows, the same files, no temporary file. */
async function nothingChanged(before: { count: number; uploads: Record<string, string> }) {
  expect(await attachmentCount()).toBe(before.count);
  expect(await filesUnder(uploadsDir())).toEqual(before.uploads);
  expect(await filesUnder(path.join(data.dataDir, 'tmp', 'incoming'))).toEqual({});
  await rowsMatchFiles();
}
const snapshot = async () => ({ count: await attachmentCount(), uploads: await filesUnder(uploadsDir()) });

/** The server still answers: a small upload is stored and served. */
async function stillWorks(name: string) {
  const bytes = mp4(4096, name.length);
  const ok = await uploadFile(server.asTestApp, caller(), { name, bytes, mime: 'video/mp4' });
  expect(ok.code, ok.msg).toBe(0);
  expect(sha256((await fetchStored(server.asTestApp, ok.data.url))!)).toBe(sha256(bytes));
  await rowsMatchFiles();
}

async function generate(): Promise<Job> {
  const api = apiClient(server.url, token, { siteId, language: 'en' });
  const started = await api.post<{ job_id: number }>('/staticFile/generate', { scope: 'site' });
  expect(started.code, started.msg).toBe(0);
  for (const until = Date.now() + 120_000; Date.now() < until; await sleep(100)) {
    const job = (await api.get<Job>('/job/read', { id: started.data.job_id })).data;
    if (!['queued', 'running'].includes(job.status)) return job;
  }
  throw new Error('the static generation never finished');
}

beforeAll(async () => {
  data = await faultData('pglite');
  server = await startFaultServer(data, { setup: true, contents: 40 });
  siteId = server.setup!.siteId;
  token = await server.login();
});

afterEach(async () => {
  for (let dir = mounted.pop(); dir; dir = mounted.pop()) await run('umount', ['-l', dir]);
});

afterAll(cleanUpFaults);

describe('uploads when the disk refuses', () => {
  it('an upload into a folder that cannot be written is refused clearly; no row, no file; the next upload works', async () => {
    await stillWorks('before.mp4');
    const before = await snapshot();
    // The site's upload folder replaced by a regular file: no write under it succeeds, not even root's.
    const siteFolder = path.join(uploadsDir(), String(siteId));
    const kept = `${siteFolder}.kept`;
    await fs.rename(siteFolder, kept);
    await fs.writeFile(siteFolder, 'not a folder');
    const refused = await uploadFile(server.asTestApp, caller(), { name: 'blocked.mp4', bytes: mp4(8192, 9), mime: 'video/mp4' });
    expect(refused.code).toBe(500);
    expect(refused.msg).toBe(UNWRITABLE_EN);
    await fs.rm(siteFolder);
    await fs.rename(kept, siteFolder);
    await nothingChanged(before);
    await stillWorks('after-unwritable.mp4');
  });

  it.skipIf(!mountWorks)('an upload onto a full upload disk leaves no partial file and no row, says the disk is full, and the server answers on', async () => {
    // The upload folder on a disk of its own (64 KB), the temporary files on the data disk: the file is copied
    // across, and the copy runs out of room half-way.
    await stillWorks('before-full.mp4');
    // The files stored so far move onto the small disk with it (the mount would hide them otherwise).
    const aside = `${uploadsDir()}.aside`;
    await fs.cp(uploadsDir(), aside, { recursive: true });
    expect(await mountSmall(uploadsDir(), '64k'), 'mount -t tmpfs refused').toBe(true);
    await fs.cp(aside, uploadsDir(), { recursive: true });
    await fs.rm(aside, { recursive: true });
    const before = await snapshot();
    for (const language of ['en', 'zh']) {
      const refused = await uploadFile(server.asTestApp, caller(language), { name: `big-${language}.mp4`, bytes: mp4(200 * 1024, language.length + 20), mime: 'video/mp4' });
      expect(refused.code).toBe(500);
      expect(refused.msg).toBe(language === 'en' ? NO_SPACE_EN : NO_SPACE_ZH);
      await nothingChanged(before);
    }
    // Room for a small file: stored, and served.
    await stillWorks('small-on-full.mp4');
    // Back onto the data disk, files and all.
    await fs.cp(uploadsDir(), aside, { recursive: true });
    await run('umount', ['-l', mounted.pop()!]);
    await fs.cp(aside, uploadsDir(), { recursive: true });
    await fs.rm(aside, { recursive: true });
    await rowsMatchFiles();
  });

  it.skipIf(!mountWorks)('an upload whose body cannot be written to a full temporary disk is refused clearly and leaves nothing', async () => {
    expect(await mountSmall(path.join(data.dataDir, 'tmp'), '64k'), 'mount -t tmpfs refused').toBe(true);
    const before = await snapshot();
    const refused = await uploadFile(server.asTestApp, caller(), { name: 'big-tmp.mp4', bytes: mp4(300 * 1024, 30), mime: 'video/mp4' });
    expect(refused.code).toBe(500);
    expect(refused.msg).toBe(NO_SPACE_EN);
    await nothingChanged(before);
    await stillWorks('small-tmp.mp4');
  });
});

describe('static generation when the disk refuses', () => {
  it.skipIf(!mountWorks)('a run onto a full disk fails clearly, leaves the previous output as it was and no half-built folder', async () => {
    expect(await mountSmall(staticDir(), '2m'), 'mount -t tmpfs refused').toBe(true);
    const first = await generate();
    expect(first.status, first.error).toBe('done');
    const output = await filesUnder(staticDir());
    expect(Object.keys(output).length).toBeGreaterThan(40);
    const filler = await fill(staticDir());
    const failed = await generate();
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(JOB_NO_SPACE_EN);
    await fs.rm(filler);
    // The output of the last good run, byte for byte; nothing of the failed run beside it.
    expect(await filesUnder(staticDir())).toEqual(output);
    expect(await fs.readdir(staticDir())).toEqual([`site-${siteId}`]);
    // Room again: the next run works.
    expect((await generate()).status).toBe('done');
  });

  it('a run into a static folder that cannot be written fails clearly; the next run, once writable, works', async () => {
    const folder = staticDir();
    await fs.rm(folder, { recursive: true, force: true });
    await fs.writeFile(folder, 'not a folder');
    const failed = await generate();
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(JOB_UNWRITABLE_EN);
    await fs.rm(folder);
    const ok = await generate();
    expect(ok.status, ok.error).toBe('done');
  });
});

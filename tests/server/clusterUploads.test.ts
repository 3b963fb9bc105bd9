import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CLUSTER_AVAILABLE, startCluster, type Cluster } from '../helpers/cluster';
import type { TestApp } from '../helpers/app';
import { insertSite } from '../helpers/fixtures';
import { startS3, type S3Peer } from '../helpers/s3';
import { chunksOf, sendChunk, setUploadSettings, sha256, uploadFile, type Caller } from '../helpers/attachmentFixtures';
import { attachments, uploadSessions } from '../../server/db/schema/index';
import { chunkLockKey } from '../../server/operations/attachments/chunkLocks';
import { STORAGE, type ChunkProgress } from '../../models/attachment';
import type { StorageSettings } from '../../models/uploadSettings';

// Issue 17, uploads across a cluster: two servers on one PostgreSQL, each with its own data folder and both with
// one shared folder (SHARED_DIR), storing in one loopback S3 server. Behind a round-robin balancer every request
// may reach either server: the storage setting saved on one is used by the other's next upload, a chunked upload
// whose chunks alternate between them completes once (its chunks live in the shared folder, its row records each
// chunk, an advisory lock keeps two copies of one chunk from interleaving), and instant upload, the recycle bin and
// purging work with a file whatever server stored it.

const CHUNK_KB = 64;
const CHUNK = CHUNK_KB * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** An MP4 (ftyp isom header) of random bytes: any misplaced or lost chunk changes its hash. */
function video(bytes: number): Buffer {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41')]);
  return Buffer.concat([head, randomBytes(bytes - head.length)]);
}
type Token = { resource_temp_basename: string; resource_temp_path: string };
const NO_TOKEN: Token = { resource_temp_basename: '', resource_temp_path: '' };

describe.skipIf(!CLUSTER_AVAILABLE)('uploads on two servers with one shared folder and one S3 bucket', () => {
  let c: Cluster;
  let a: TestApp;
  let b: TestApp;
  let s3: S3Peer;
  let shared: string;
  let caller: Caller;
  let token: string;
  let siteId: number;

  beforeAll(async () => {
    s3 = await startS3();
    shared = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-shared-up-'));
    c = await startCluster(2, { sharedDir: shared, rateLimit: { api: 5000, login: 1000 } });
    [a, b] = c.servers as [TestApp, TestApp];
    token = await a.login();
    siteId = await insertSite(a, `ClusterUp${randomBytes(3).toString('hex')}`);
    caller = { token, siteId, language: 'en' };
    await setUploadSettings(a, { chunk_size: CHUNK_KB, chunk_condition: CHUNK_KB });
  });
  afterAll(async () => {
    await c?.close();
    await s3?.stop();
    if (shared) await fs.rm(shared, { recursive: true, force: true });
  });

  const useStorage = async (on: TestApp, values: Partial<StorageSettings> & { method: StorageSettings['method'] }) => {
    const res = await on.client(token).post('/sysSetting/update', { group: 'storage', values });
    expect(res.code, res.msg).toBe(0);
  };
  const rowOf = async (id: number) => (await a.db.select().from(attachments).where(eq(attachments.id, id)))[0]!;
  const keyOf = (url: string) => url.slice(`${s3.endpoint}/${s3.bucket}/`.length);
  const fields = (bytes: Buffer, name: string, index: number, t: Token, extra: Record<string, string | number> = {}) => ({
    chunk_total: Math.ceil(bytes.length / CHUNK),
    chunk_index: index,
    ...t,
    resource_name: name,
    resource_size: bytes.length,
    resource_hash: sha256(bytes),
    ...extra,
  });
  /** Sends chunk 1 to `on`; answers the upload's token. */
  async function open(on: TestApp, bytes: Buffer, name: string, extra: Record<string, string | number> = {}): Promise<Token> {
    const first = await sendChunk<ChunkProgress>(on, caller, fields(bytes, name, 1, NO_TOKEN, extra), chunksOf(bytes, CHUNK)[0]!);
    expect(first.code, first.msg).toBe(1);
    return { resource_temp_basename: first.data.resource_temp_basename, resource_temp_path: first.data.resource_temp_path };
  }

  it('the storage switched to S3 on one server is used by the other for its next upload: the file lands in the bucket, served at its URL', async () => {
    // B has stored a file locally before: it holds "local" as the storage until it reads the setting again.
    const before = await uploadFile(b, caller, { name: 'before.txt', bytes: Buffer.from('local first'), mime: 'text/plain' });
    expect(before.data.url).toMatch(/^\/uploads\//);
    await useStorage(a, s3.settings('aliyun'));
    const bytes = Buffer.from(`stored by B ${randomBytes(8).toString('hex')}`);
    const res = await uploadFile(b, caller, { name: 'notes.txt', bytes, mime: 'text/plain' });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.url.startsWith(`${s3.endpoint}/${s3.bucket}/`), res.data.url).toBe(true);
    expect(await rowOf(res.data.id)).toMatchObject({ storage: STORAGE.aliyun, path: keyOf(res.data.url) });
    expect(await s3.object(keyOf(res.data.url))).toEqual(bytes);
    // Its URL serves it, and neither server kept a copy on disk.
    const served = await fetch(res.data.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes);
    for (const dir of [path.join(shared, 'uploads', keyOf(res.data.url)), path.join(b.dataDir, 'uploads')]) await expect(fs.stat(dir)).rejects.toThrow(/ENOENT/);
  });

  it('a chunked upload whose chunks alternate A, B, A, B completes once, in the bucket, with the SHA-256 of the original', async () => {
    const bytes = video(6 * CHUNK - 1000);
    const chunks = chunksOf(bytes, CHUNK);
    const t = await open(a, bytes, 'alternate.mp4');
    // The chunks are in the shared folder, not in a server's data folder.
    expect((await fs.stat(path.join(shared, 'tmp', 'uploads', t.resource_temp_basename, 'data'))).isFile()).toBe(true);
    await expect(fs.stat(path.join(a.dataDir, 'tmp', 'uploads', t.resource_temp_basename))).rejects.toThrow(/ENOENT/);
    const codes: number[] = [];
    let last;
    for (const index of [2, 3, 4, 5, 6]) {
      last = await sendChunk<ChunkProgress & { id: number; url: string }>(index % 2 === 0 ? b : a, caller, fields(bytes, 'alternate.mp4', index, t), chunks[index - 1]!);
      codes.push(last.code);
      if (last.code === 1) expect(last.data.received).toEqual(Array.from({ length: index }, (_, i) => i + 1));
    }
    expect(codes, last!.msg).toEqual([1, 1, 1, 1, 0]);
    const key = keyOf(last!.data.url);
    expect(sha256((await s3.object(key))!)).toBe(sha256(bytes));
    expect(await a.db.select({ id: attachments.id }).from(attachments).where(eq(attachments.hash, sha256(bytes)))).toHaveLength(1);
    expect(await a.db.select().from(uploadSessions).where(eq(uploadSessions.basename, t.resource_temp_basename))).toEqual([]);
    await expect(fs.stat(path.join(shared, 'tmp', 'uploads', t.resource_temp_basename))).rejects.toThrow(/ENOENT/);
  });

  it('resume asks either server: both report the chunks the other received', async () => {
    const bytes = video(4 * CHUNK - 10);
    const chunks = chunksOf(bytes, CHUNK);
    const t = await open(b, bytes, 'resume.mp4');
    expect((await sendChunk(a, caller, fields(bytes, 'resume.mp4', 3, t), chunks[2]!)).code).toBe(1);
    for (const s of [a, b]) expect((await s.client(token, { siteId }).get<ChunkProgress>('/attachment/sliceStatus', t)).data.received).toEqual([1, 3]);
    expect((await sendChunk(b, caller, fields(bytes, 'resume.mp4', 2, t), chunks[1]!)).code).toBe(1);
    const done = await sendChunk(a, caller, fields(bytes, 'resume.mp4', 4, t), chunks[3]!);
    expect(done.code, done.msg).toBe(0);
    expect(sha256((await s3.object(keyOf(done.data.url)))!)).toBe(sha256(bytes));
  });

  it('the last two chunks sent at once, one to each server, complete the upload once', async () => {
    const bytes = video(4 * CHUNK - 500);
    const chunks = chunksOf(bytes, CHUNK);
    const t = await open(a, bytes, 'together.mp4');
    expect((await sendChunk(b, caller, fields(bytes, 'together.mp4', 2, t), chunks[1]!)).code).toBe(1);
    const both = await Promise.all([
      sendChunk<ChunkProgress & { id: number; url: string }>(a, caller, fields(bytes, 'together.mp4', 3, t), chunks[2]!),
      sendChunk<ChunkProgress & { id: number; url: string }>(b, caller, fields(bytes, 'together.mp4', 4, t), chunks[3]!),
    ]);
    expect(both.map((r) => r.code).sort(), both.map((r) => r.msg).join(' | ')).toEqual([0, 1]);
    const done = both.find((r) => r.code === 0)!;
    expect(sha256((await s3.object(keyOf(done.data.url)))!)).toBe(sha256(bytes));
    expect(await a.db.select({ id: attachments.id }).from(attachments).where(eq(attachments.hash, sha256(bytes)))).toHaveLength(1);
  });

  it('a chunk another server is writing is waited for: the advisory lock on (upload, chunk) holds across servers', async () => {
    const bytes = video(3 * CHUNK - 100);
    const chunks = chunksOf(bytes, CHUNK);
    const t = await open(a, bytes, 'locked.mp4');
    // Stands in for a server copying chunk 2 of this upload: holds its lock in a transaction of its own.
    const holder = new pg.Client({ connectionString: c.databaseUrl });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [chunkLockKey(t.resource_temp_basename, 2)]);
      let settled = false;
      const pending = sendChunk<ChunkProgress>(b, caller, fields(bytes, 'locked.mp4', 2, t), chunks[1]!).finally(() => (settled = true));
      // B's request waits for the lock (PostgreSQL lists it as an advisory lock not granted) and has not answered.
      let waiting = 0;
      for (let tries = 0; tries < 200 && waiting === 0 && !settled; tries++) {
        await sleep(50);
        waiting = (await holder.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`)).rows[0]!.n;
      }
      expect(waiting).toBe(1);
      expect(settled).toBe(false);
      await holder.query('COMMIT');
      const res = await pending;
      expect(res.code, res.msg).toBe(1);
      expect(res.data.received).toEqual([1, 2]);
    } finally {
      await holder.end();
    }
    const done = await sendChunk(a, caller, fields(bytes, 'locked.mp4', 3, t), chunks[2]!);
    expect(done.code, done.msg).toBe(0);
    expect(sha256((await s3.object(keyOf(done.data.url)))!)).toBe(sha256(bytes));
  });

  it('two different copies of one chunk sent at once to both servers: the file has one of them whole, never a mix', async () => {
    // Chunks of 4 MB are copied in 1 MB pieces: without the lock, pieces of both copies could interleave.
    const big = 4096 * 1024;
    await setUploadSettings(a, { chunk_size: 4096, chunk_condition: 4096 });
    try {
      const original = video(3 * big - 1000);
      const other = Buffer.from(original);
      randomBytes(big).copy(other, big);
      const parts = chunksOf(original, big);
      const name = 'copies.mp4';
      const f = (index: number, t: Token) => ({ chunk_total: 3, chunk_index: index, ...t, resource_name: name, resource_size: original.length });
      const first = await sendChunk<ChunkProgress>(a, caller, f(1, NO_TOKEN), parts[0]!);
      expect(first.code, first.msg).toBe(1);
      const t = { resource_temp_basename: first.data.resource_temp_basename, resource_temp_path: first.data.resource_temp_path };
      const copies = await Promise.all([sendChunk(a, caller, f(2, t), parts[1]!), sendChunk(b, caller, f(2, t), other.subarray(big, 2 * big))]);
      expect(copies.map((r) => r.code)).toEqual([1, 1]);
      const done = await sendChunk(b, caller, f(3, t), parts[2]!);
      expect(done.code, done.msg).toBe(0);
      const stored = sha256((await s3.object(keyOf(done.data.url)))!);
      expect([sha256(original), sha256(other)]).toContain(stored);
    } finally {
      await setUploadSettings(a, { chunk_size: CHUNK_KB, chunk_condition: CHUNK_KB });
    }
  });

  it('instant upload on one server of bytes uploaded on the other points at the bucket copy', async () => {
    const bytes = video(2 * CHUNK);
    const up = await uploadFile(b, caller, { name: 'origin.mp4', bytes });
    expect(up.code, up.msg).toBe(0);
    const hit = await a.client(token, { siteId }).post<{ id: number; url: string }>('/attachment/checkHash', { hash: sha256(bytes), name: 'again.mp4', size: bytes.length });
    expect(hit.code, hit.msg).toBe(0);
    expect(hit.data).toMatchObject({ url: up.data.url });
    expect(hit.data.id).not.toBe(up.data.id);
    expect((await rowOf(hit.data.id)).storage).toBe(STORAGE.aliyun);
  });

  it('a file deleted to the recycle bin on one server and purged on the other leaves the bucket', async () => {
    // A switches to another provider and stores there; B has not stored anything since.
    await useStorage(a, s3.settings('tencent'));
    const bytes = Buffer.from(`purged ${randomBytes(8).toString('hex')}`);
    const up = await uploadFile(a, caller, { name: 'purged.txt', bytes, mime: 'text/plain' });
    expect(up.code, up.msg).toBe(0);
    const key = keyOf(up.data.url);
    expect((await rowOf(up.data.id)).storage).toBe(STORAGE.tencent);
    expect(await s3.object(key)).toEqual(bytes);
    expect((await a.client(token, { siteId }).post('/attachment/delete', { ids: [up.data.id] })).code).toBe(0);
    // Still stored while in the bin.
    expect(await s3.object(key)).toEqual(bytes);
    const purge = await b.client(token).post('/recycleBin/delete', { items: [{ type: 'attachment', id: up.data.id }] });
    expect(purge.code, purge.msg).toBe(0);
    expect(await s3.object(key)).toBeNull();
    expect(await a.db.select().from(attachments).where(eq(attachments.id, up.data.id))).toEqual([]);
    await useStorage(a, { method: 'local' });
  });
});

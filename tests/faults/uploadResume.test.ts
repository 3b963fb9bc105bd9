import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/app';
import { chunksOf, fetchStored, sendChunk, sha256, type Caller } from '../helpers/attachmentFixtures';
import { SAVE } from '../../server/operations/attachments/chunks';
import type { ChunkProgress } from '../../models/attachment';
import { cleanUpFaults, faultData, startFaultServer, type FaultData, type FaultServer } from './faultHarness';

// Issue 15, faults: a chunked upload interrupted by a server restart resumes from the chunks the server kept
// (GET /attachment/sliceStatus), sending only the missing ones; the stored file's SHA-256 is the original's.
// The server records an upload's chunks in its row every SAVE.chunks chunks (before answering that chunk), soon
// after the others, and when it closes: after SIGTERM it kept every acknowledged chunk; after kill -9 at least
// those of the last such save, and never a chunk it had not acknowledged.

const CHUNK = 64 * 1024; // the chunk size faultServer.ts sets in the upload settings
const CHUNKS = SAVE.chunks + 8;

let server: FaultServer | undefined;
let data: FaultData | undefined;
afterEach(cleanUpFaults);

/** An MP4 (ftyp isom header) of random bytes, so that any misplaced or lost chunk changes the hash. */
function video(bytes: number): Buffer {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41')]);
  return Buffer.concat([head, randomBytes(bytes - head.length)]);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Sends chunks 1..sentBefore, stops the server with `interrupt`, restarts it on the same data, asks which chunks
 * it kept, sends only the others, and checks the stored file against the original. Answers the chunks kept.
 */
async function interruptedUpload(sentBefore: number, interrupt: (s: FaultServer) => Promise<void>): Promise<number[]> {
  data = await faultData('pglite');
  server = await startFaultServer(data, { setup: true });
  const { siteId } = server.setup!;
  const bytes = video(CHUNKS * CHUNK - 1000);
  const chunks = chunksOf(bytes, CHUNK);
  expect(chunks).toHaveLength(CHUNKS);
  const name = 'interrupted.mp4';
  const fields = (index: number, token: { resource_temp_basename: string; resource_temp_path: string }) => ({
    chunk_total: CHUNKS,
    chunk_index: index,
    ...token,
    resource_name: name,
    resource_size: bytes.length,
  });

  let c: Caller = { token: await server.login(), siteId };
  const first = await sendChunk<ChunkProgress>(server.asTestApp, c, fields(1, { resource_temp_basename: '', resource_temp_path: '' }), chunks[0]!);
  expect(first.code, first.msg).toBe(1);
  const token = { resource_temp_basename: first.data.resource_temp_basename, resource_temp_path: first.data.resource_temp_path };
  for (const index of range(2, sentBefore)) {
    const res = await sendChunk<ChunkProgress>(server.asTestApp, c, fields(index, token), chunks[index - 1]!);
    expect(res.code, res.msg).toBe(1);
  }
  await interrupt(server);

  // Restarted on the same data, the server still knows the upload and the chunks it kept.
  server = await startFaultServer(data);
  c = { token: await server.login(), siteId };
  const status = await apiClient(server.url, c.token, { siteId }).get<ChunkProgress>('/attachment/sliceStatus', token);
  expect(status.code, status.msg).toBe(0);
  const kept = status.data.received;

  // Only the missing chunks are sent; the last one completes the upload.
  const missing = range(1, CHUNKS).filter((i) => !kept.includes(i));
  let last;
  for (const index of missing) {
    last = await sendChunk<{ id: number; name: string; url: string }>(server.asTestApp, c, fields(index, token), chunks[index - 1]!);
    expect(last.code, last.msg).toBe(index === CHUNKS ? 0 : 1);
  }
  expect(last!.data.name).toBe(name);
  const stored = await fetchStored(server.asTestApp, last!.data.url);
  expect(stored).not.toBeNull();
  expect(stored!.length).toBe(bytes.length);
  expect(sha256(stored!)).toBe(sha256(bytes));
  return kept;
}

describe('upload interrupted by a restart', () => {
  it('after SIGTERM, resumes from every acknowledged chunk; the stored file has the SHA-256 of the original', async () => {
    const kept = await interruptedUpload(5, (s) => s.terminate());
    expect(kept).toEqual(range(1, 5));
  });

  it('after kill -9, resumes from the chunks recorded before it (never one not acknowledged); the SHA-256 matches', async () => {
    const sent = SAVE.chunks + 4;
    const kept = await interruptedUpload(sent, (s) => s.kill());
    expect(kept.slice(0, SAVE.chunks)).toEqual(range(1, SAVE.chunks));
    expect(kept.every((i) => i <= sent)).toBe(true);
  });
});

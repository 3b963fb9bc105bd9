import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiResponse, type TestApp } from '../helpers/app';
import { adminWithRole, looksLikeStack } from '../helpers/fixtures';
import { createSite, uniqueDomain } from '../helpers/sites';
import { changedTables, dbFingerprint } from '../helpers/dbFingerprint';
import { chunksOf, fetchStored, mp4, sendChunk, setUploadSettings, sha256, storedUploads, type Caller, type ChunkToken } from '../helpers/attachmentFixtures';
import { MAX_CHUNK_BYTES, SAVE } from '../../server/operations/attachments/chunks';
import type { ChunkProgress } from '../../models/attachment';

// Issue 15, attack regressions: chunk identity abuse. Admin A has a chunked upload under way (chunks 1 and 3
// of 4 received, out of order). Another admin of the same site, an admin of another site, and A itself with
// hostile fields aim at it: someone else's upload identity, traversal in the identity or the chunk index,
// a chunk beyond the total, a changed total, chunks of the wrong size or bigger than any chunk may be, a size
// that does not add up, a new upload for a site the admin may not manage. Every row is refused with a
// localized message and changes nothing: the same tables, the same files outside the temporary folder, no
// leftover temporary file, A's received chunks byte for byte as sent. Then A completes the upload (the rest
// out of order, one chunk twice) and the stored file has the right SHA-256.

const CHUNK_KB = 64;
const CHUNK = CHUNK_KB * 1024;
const EVIL = `banyan-evil-${process.pid}`;

let t: TestApp;
let superToken: string;
let siteA: number;
let siteB: number;
let a: Caller;
let b: Caller;
let c: Caller;
/** A's upload: the file, its chunks, the identity the server issued and the chunks sent so far. */
const upload = { bytes: Buffer.alloc(0) as Buffer, chunks: [] as Uint8Array[], token: { resource_temp_basename: '', resource_temp_path: '' } as ChunkToken, received: [] as number[] };
const savedSave = { ...SAVE };

beforeAll(async () => {
  // A's row keeps what it had during the rows (no timer writes it behind the fingerprint's back).
  SAVE.afterMs = 10 * 60_000;
  SAVE.chunks = 1000;
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  superToken = await t.login();
  siteA = await createSite(t, superToken, { name: 'Chunks A', domain: uniqueDomain('chunks-a') });
  siteB = await createSite(t, superToken, { name: 'Chunks B', domain: uniqueDomain('chunks-b') });
  await setUploadSettings(t, { chunk_size: CHUNK_KB, chunk_condition: CHUNK_KB });
  const adminA = await adminWithRole(t, superToken, ['attachmentCate'], { site_ids: [siteA] });
  const adminB = await adminWithRole(t, superToken, ['attachmentCate'], { site_ids: [siteA] });
  const adminC = await adminWithRole(t, superToken, ['attachmentCate'], { site_ids: [siteB] });
  a = { token: adminA.token, siteId: siteA, language: 'en' };
  b = { token: adminB.token, siteId: siteA, language: 'en' };
  c = { token: adminC.token, siteId: siteB, language: 'en' };

  upload.bytes = mp4(4 * CHUNK - 1000, 11);
  upload.chunks = chunksOf(upload.bytes, CHUNK);
  const first = await sendChunk<ChunkProgress>(t, a, fields(1, { resource_temp_basename: '', resource_temp_path: '' }), upload.chunks[0]!);
  expect(first.code, first.msg).toBe(1);
  upload.token = { resource_temp_basename: first.data.resource_temp_basename, resource_temp_path: first.data.resource_temp_path };
  const third = await sendChunk<ChunkProgress>(t, a, fields(3), upload.chunks[2]!);
  expect(third.code, third.msg).toBe(1);
  upload.received = third.data.received;
  expect(upload.received).toEqual([1, 3]);
});
afterAll(async () => {
  Object.assign(SAVE, savedSave);
  await t?.close();
});

/** The fields of chunk `index` of A's upload (A's identity unless overridden). */
function fields(index: number | string, extra: Record<string, string | number> = {}): Record<string, string | number> {
  return { chunk_total: 4, chunk_index: index, ...upload.token, resource_name: 'clip.mp4', resource_size: upload.bytes.length, ...extra };
}
const sessionDir = () => path.join(t.dataDir, 'tmp', 'uploads', upload.token.resource_temp_basename);

/** Every file under a folder, relative, sorted ([] when missing). */
async function filesUnder(dir: string, skip: (rel: string) => boolean = () => false): Promise<string[]> {
  const out: string[] = [];
  const walk = async (sub: string) => {
    for (const e of await fs.readdir(path.join(dir, sub), { withFileTypes: true }).catch(() => [])) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (skip(rel)) continue;
      if (e.isDirectory()) await walk(rel);
      else out.push(rel);
    }
  };
  await walk('');
  return out.sort();
}

/** What the disk holds: files outside tmp/, temporary files, A's received chunks as they are on disk, attack names. */
async function disk() {
  const data = await fs.readFile(path.join(sessionDir(), 'data'));
  const evil: string[] = [];
  for (const dir of [os.tmpdir(), '/', '/etc', path.join(t.dataDir, '..')]) {
    for (const name of await fs.readdir(dir).catch(() => [] as string[])) if (name.includes(EVIL)) evil.push(path.join(dir, name));
  }
  return {
    outsideTmp: await filesUnder(t.dataDir, (rel) => rel === 'tmp' || rel.startsWith('pglite')),
    tmp: await filesUnder(path.join(t.dataDir, 'tmp')),
    received: upload.received.map((i) => sha256(data.subarray((i - 1) * CHUNK, (i - 1) * CHUNK + upload.chunks[i - 1]!.length))),
    evil: [...evil, ...(await filesUnder(t.dataDir)).filter((f) => f.includes(EVIL))],
  };
}

interface ChunkAttack {
  who: string;
  attack: string;
  prepare?: () => Promise<unknown>;
  send: () => Promise<ApiResponse>;
  refusal: { status: number; msg: RegExp };
  cleanup?: () => Promise<unknown>;
}

const unknown = /^The upload does not exist or has expired/;
const chunkIndexField = /^The field "chunk_index" must be/;

// prettier-ignore
const ATTACKS: ChunkAttack[] = [
  { who: 'another admin of the site', attack: "send a chunk to A's upload with A's exact identity", send: () => sendChunk(t, b, fields(2), upload.chunks[1]!), refusal: { status: 400, msg: unknown } },
  { who: 'another admin of the site', attack: "send the last chunk to A's upload (to complete it as theirs)", send: () => sendChunk(t, b, fields(4), upload.chunks[3]!), refusal: { status: 400, msg: unknown } },
  { who: 'another admin of the site', attack: "read the progress of A's upload", send: () => t.client(b.token, { language: 'en' }).get('/attachment/sliceStatus', upload.token), refusal: { status: 404, msg: unknown } },
  { who: 'another admin of the site', attack: "send a chunk with A's basename and an empty path", send: () => sendChunk(t, b, fields(2, { resource_temp_path: '' }), upload.chunks[1]!), refusal: { status: 400, msg: unknown } },
  { who: 'an admin of another site', attack: "send a chunk to A's upload naming A's site", send: () => sendChunk(t, { ...c, siteId: siteA }, fields(2), upload.chunks[1]!), refusal: { status: 400, msg: unknown } },
  { who: 'an admin of another site', attack: "send a chunk to A's upload from their own site", send: () => sendChunk(t, c, fields(2), upload.chunks[1]!), refusal: { status: 400, msg: unknown } },
  { who: 'an admin of another site', attack: 'start an upload into a site they may not manage', send: () => sendChunk(t, { ...c, siteId: siteA }, fields(1, { resource_temp_basename: '', resource_temp_path: '' }), upload.chunks[0]!), refusal: { status: 403, msg: /^You may not manage this site/ } },
  { who: 'the uploader', attack: 'send a chunk whose basename climbs out with ../', send: () => sendChunk(t, a, fields(2, { resource_temp_basename: `../../../../${EVIL}` }), upload.chunks[1]!), refusal: { status: 400, msg: unknown } },
  { who: 'the uploader', attack: 'send a chunk whose basename is its own with ../ in front', send: () => sendChunk(t, a, fields(2, { resource_temp_basename: `../${upload.token.resource_temp_basename}` }), upload.chunks[1]!), refusal: { status: 400, msg: unknown } },
  { who: 'the uploader', attack: 'send a chunk whose path climbs out with ../', send: () => sendChunk(t, a, fields(2, { resource_temp_path: `${upload.token.resource_temp_path}/../../../${EVIL}` }), upload.chunks[1]!), refusal: { status: 400, msg: unknown } },
  { who: 'the uploader', attack: 'send a chunk whose path is absolute', send: () => sendChunk(t, a, fields(2, { resource_temp_path: path.join(os.tmpdir(), EVIL) }), upload.chunks[1]!), refusal: { status: 400, msg: unknown } },
  { who: 'the uploader', attack: 'send a chunk whose path is percent-encoded', send: () => sendChunk(t, a, fields(2, { resource_temp_path: `uploads%2f..%2f..%2f${EVIL}` }), upload.chunks[1]!), refusal: { status: 400, msg: unknown } },
  { who: 'the uploader', attack: 'send a chunk whose basename carries a NUL byte', send: () => sendChunk(t, a, fields(2, { resource_temp_basename: `${upload.token.resource_temp_basename}\u0000/../${EVIL}` }), upload.chunks[1]!), refusal: { status: 400, msg: unknown } },
  { who: 'the uploader', attack: 'send a chunk whose index is ../2', send: () => sendChunk(t, a, fields('../2'), upload.chunks[1]!), refusal: { status: 400, msg: chunkIndexField } },
  { who: 'the uploader', attack: 'send a chunk whose index is 2/../../x', send: () => sendChunk(t, a, fields(`2/../../${EVIL}`), upload.chunks[1]!), refusal: { status: 400, msg: chunkIndexField } },
  { who: 'the uploader', attack: 'send chunk 0', send: () => sendChunk(t, a, fields(0), upload.chunks[1]!), refusal: { status: 400, msg: chunkIndexField } },
  { who: 'the uploader', attack: 'send a chunk beyond the declared total', send: () => sendChunk(t, a, fields(5), upload.chunks[1]!), refusal: { status: 400, msg: /^Chunk 5 is out of range \(the file has 4 chunks\)/ } },
  { who: 'the uploader', attack: 'send a chunk far beyond the total (a huge offset)', send: () => sendChunk(t, a, fields(99_999_999), upload.chunks[1]!), refusal: { status: 400, msg: /^Chunk 99999999 is out of range/ } },
  { who: 'the uploader', attack: 'change the chunk total midway', send: () => sendChunk(t, a, fields(2, { chunk_total: 5 }), upload.chunks[1]!), refusal: { status: 400, msg: /^The chunk total does not match this upload \(it is 4\)/ } },
  { who: 'the uploader', attack: 'send a short chunk that is not the last', send: () => sendChunk(t, a, fields(2), upload.chunks[1]!.subarray(0, 100)), refusal: { status: 400, msg: new RegExp(`^Wrong chunk size: every chunk but the last must be ${CHUNK} bytes`) } },
  { who: 'the uploader', attack: 'send a chunk twice the chunk size', send: () => sendChunk(t, a, fields(2), new Uint8Array(2 * CHUNK).fill(0x41)), refusal: { status: 413, msg: /too large/ } },
  { who: 'the uploader', attack: 'send a last chunk that does not add up to the declared size', send: () => sendChunk(t, a, fields(4), Buffer.concat([upload.chunks[3]!, Buffer.from('extra')])), refusal: { status: 400, msg: new RegExp(`^The last chunk must be ${CHUNK - 1000} bytes`) } },
  { who: 'the uploader', attack: 'start an upload whose declared size does not match its chunk total', send: () => sendChunk(t, a, fields(1, { resource_temp_basename: '', resource_temp_path: '', chunk_total: 2 }), upload.chunks[0]!), refusal: { status: 400, msg: /^The chunk total does not match this upload \(it is 4\)/ } },
  {
    who: 'the uploader', attack: 'send a chunk bigger than MAX_CHUNK_BYTES (with the largest chunk size the settings allow)',
    prepare: () => setUploadSettings(t, { chunk_size: MAX_CHUNK_BYTES / 1024, chunk_condition: CHUNK_KB }),
    send: () => sendChunk(t, a, fields(1, { resource_temp_basename: '', resource_temp_path: '', chunk_total: 1, resource_size: MAX_CHUNK_BYTES + 1 }), Buffer.alloc(MAX_CHUNK_BYTES + 1, 0x42)),
    refusal: { status: 413, msg: /too large/ },
    cleanup: () => setUploadSettings(t, { chunk_size: CHUNK_KB, chunk_condition: CHUNK_KB }),
  },
];

describe('chunk identity abuse is refused with nothing changed', () => {
  for (const row of ATTACKS) {
    it(`chunks: ${row.who} cannot ${row.attack}`, async () => {
      await row.prepare?.();
      try {
        const before = await disk();
        const tables = await dbFingerprint(t);
        expect(Object.keys(tables).length).toBeGreaterThan(20);
        const res = await row.send();
        expect({ status: res.status, code: res.code }, res.msg).toEqual({ status: row.refusal.status, code: row.refusal.status });
        expect(res.msg).toMatch(row.refusal.msg);
        expect(looksLikeStack(JSON.stringify(res))).toBe(false);
        expect(changedTables(tables, await dbFingerprint(t))).toEqual([]);
        const after = await disk();
        expect(after).toEqual(before);
        expect(after.evil).toEqual([]);
        // A's upload is as it was.
        const status = await t.client(a.token).get<ChunkProgress>('/attachment/sliceStatus', upload.token);
        expect(status.data.received).toEqual(upload.received);
      } finally {
        await row.cleanup?.();
      }
    });
  }

  it('chunks: the refusal is in the admin’s language', async () => {
    const res = await sendChunk(t, { ...b, language: 'zh-CN' }, fields(2), upload.chunks[1]!);
    expect({ status: res.status, msg: res.msg }).toEqual({ status: 400, msg: '上传会话不存在或已过期，请重新上传' });
  });
});

describe('the owner finishes the upload', () => {
  it('chunks: A completes the upload out of order, one chunk twice, and the stored file has the right SHA-256', async () => {
    const storedBefore = await storedUploads(t);
    for (const index of [4, 3]) {
      const res = await sendChunk(t, a, fields(index), upload.chunks[index - 1]!);
      expect(res.code, res.msg).toBe(1);
    }
    const last = await sendChunk<{ id: number; url: string; name: string }>(t, a, fields(2), upload.chunks[1]!);
    expect(last.code, last.msg).toBe(0);
    expect(last.data.name).toBe('clip.mp4');
    expect(last.data.url).toMatch(new RegExp(`^/uploads/${siteA}/\\d{4}/\\d{2}/${sha256(upload.bytes)}\\.mp4$`));
    expect(sha256((await fetchStored(t, last.data.url))!)).toBe(sha256(upload.bytes));
    const added = (await storedUploads(t)).filter((f) => !storedBefore.includes(f));
    expect(added).toEqual([`uploads/${siteA}/${last.data.url.split('/').slice(3).join('/')}`]);
    await expect(fs.stat(sessionDir())).rejects.toThrow(/ENOENT/);
    expect((await t.client(a.token).get('/attachment/sliceStatus', upload.token)).status).toBe(404);
  });
});

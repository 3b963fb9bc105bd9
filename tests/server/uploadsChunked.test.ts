import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiClient, startTestApp, type TestApp } from '../helpers/app';
import { buildApp } from '../../server/app';
import { MAX_CHUNK_BYTES, SAVE } from '../../server/operations/attachments/chunks';
import { UploadSettings } from '../../models/uploadSettings';
import { adminWithRole, insertSite } from '../helpers/fixtures';
import { chunksOf, exe, fetchStored, image, mp4, sendChunk, setUploadSettings, sha256, uploadFile, uploadInChunks, type Caller } from '../helpers/attachmentFixtures';
import { attachments, uploadSessions } from '../../server/db/schema/index';
import { ATTACHMENT_TYPE, type ChunkProgress } from '../../models/attachment';
import type { OptLog } from '../../models/logs';

// POST /attachment/sliceUploadAndSave (spec §8): code 1 continue, code 0 done; the server issues the
// upload's identity and temporary location; resume with GET /attachment/sliceStatus; instant upload
// with POST /attachment/checkHash.

const CHUNK_KB = 64;
const CHUNK = CHUNK_KB * 1024;

let t: TestApp;
let superToken: string;
let site: number;
let c: Caller;
let other: { token: string };
beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  superToken = await t.login();
  site = await insertSite(t, 'Chunks');
  c = { token: superToken, siteId: site };
  other = await adminWithRole(t, superToken, ['attachmentCate'], { site_ids: [site] });
});
afterAll(() => t?.close());
beforeEach(() => setUploadSettings(t, { chunk_size: CHUNK_KB, chunk_condition: CHUNK_KB }));

const en = (caller = c): Caller => ({ ...caller, language: 'en' });
let fill = 0;
/** A distinct MP4 of about n chunks (the last one shorter). */
const video = (chunks: number) => mp4(chunks * CHUNK - 1000, ++fill);
const rowOf = async (id: number) => (await t.db.select().from(attachments).where(eq(attachments.id, id)))[0]!;

/** Every file under the data dir except the temporary ones (tmp/), relative. */
async function filesOutsideTmp(): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(dir, e.name);
      const rel = path.relative(t.dataDir, p);
      if (rel === 'tmp') continue;
      if (e.isDirectory()) await walk(p);
      else out.push(rel);
    }
  };
  await walk(t.dataDir);
  return out.filter((f) => !f.startsWith('pglite')).sort();
}
const sessionDirs = () => fs.readdir(path.join(t.dataDir, 'tmp', 'uploads')).catch(() => [] as string[]);
async function firstChunk(bytes: Uint8Array, name = 'clip.mp4', caller = c) {
  const chunks = chunksOf(bytes, CHUNK);
  const res = await sendChunk<ChunkProgress>(t, caller, { chunk_total: chunks.length, chunk_index: 1, resource_temp_basename: '', resource_temp_path: '', resource_name: name, resource_size: bytes.length }, chunks[0]!);
  expect(res.code, res.msg).toBe(1);
  return { chunks, token: { resource_temp_basename: res.data.resource_temp_basename, resource_temp_path: res.data.resource_temp_path } };
}

describe('a file in chunks', () => {
  it('answers code 1 to continue, with the identity issued on the first chunk, and code 0 with the file when complete', async () => {
    const bytes = video(3);
    const chunks = chunksOf(bytes, CHUNK);
    expect(chunks).toHaveLength(3);
    const logsBefore = (await t.client(superToken).get<OptLog[]>('/adminOptLog/index', { operation: 'attachment.sliceUploadAndSave' })).count!;
    const { responses, last } = await uploadInChunks(t, en(), { name: 'clip.mp4', bytes, chunkBytes: CHUNK, type: ATTACHMENT_TYPE.video });
    expect(responses.map((r) => r.code)).toEqual([1, 1, 0]);
    const first = responses[0]!.data as ChunkProgress;
    expect(first.resource_temp_basename).toMatch(/^[a-f0-9]{32}$/);
    expect(first.resource_temp_path).toBe(`uploads/${first.resource_temp_basename}`);
    expect(first.received).toEqual([1]);
    expect(responses[1]!.data).toEqual({ ...first, received: [1, 2] });
    expect(last.msg).toBe('Uploaded');
    expect(Object.keys(last.data).sort()).toEqual(['id', 'name', 'url']);
    expect(last.data.name).toBe('clip.mp4');
    expect(await fetchStored(t, last.data.url)).toEqual(bytes);
    expect(await rowOf(last.data.id)).toMatchObject({ siteId: site, type: ATTACHMENT_TYPE.video, mime: 'video/mp4', size: bytes.length, hash: sha256(bytes) });
    // Nothing is left of the upload, and only the completing chunk is in the operation log.
    expect(await t.db.select().from(uploadSessions).where(eq(uploadSessions.basename, first.resource_temp_basename))).toEqual([]);
    expect(await sessionDirs()).not.toContain(first.resource_temp_basename);
    const logs = await t.client(superToken).get<OptLog[]>('/adminOptLog/index', { operation: 'attachment.sliceUploadAndSave' });
    expect(logs.count).toBe(logsBefore + 1);
    expect(logs.data[0]!.content_name).toBe('clip.mp4');
  });

  it('chunks may come in any order, the first one to arrive opening the upload', async () => {
    const bytes = video(4);
    const { responses, last } = await uploadInChunks(t, c, { name: 'shuffled.mp4', bytes, chunkBytes: CHUNK }, { order: [4, 2, 1, 3] });
    expect(responses.map((r) => r.code)).toEqual([1, 1, 1, 0]);
    expect(responses[2]!.data.received).toEqual([1, 2, 4]);
    expect(await fetchStored(t, last.data.url)).toEqual(bytes);
  });

  it('a chunk sent twice is harmless: it replaces itself and the file comes out right', async () => {
    const bytes = video(3);
    const { chunks, token } = await firstChunk(bytes, 'twice.mp4');
    const fields = (index: number) => ({ chunk_total: 3, chunk_index: index, ...token, resource_name: 'twice.mp4', resource_size: bytes.length });
    const again = await sendChunk(t, c, fields(1), chunks[0]!);
    expect([again.code, again.data.received]).toEqual([1, [1]]);
    // A damaged copy sent again is replaced by the good one sent after it.
    expect((await sendChunk(t, c, fields(2), new Uint8Array(CHUNK))).code).toBe(1);
    expect((await sendChunk(t, c, fields(2), chunks[1]!)).data.received).toEqual([1, 2]);
    const done = await sendChunk(t, c, fields(3), chunks[2]!);
    expect(done.code, done.msg).toBe(0);
    expect(await fetchStored(t, done.data.url)).toEqual(bytes);
    // After completion the upload is gone: a late duplicate cannot reopen it.
    expect((await sendChunk(t, c, fields(3), chunks[2]!)).status).toBe(400);
  });

  it('chunks written into place: a resent chunk replaces the one before, a shorter last chunk ends the file, a refused one leaves no trace', async () => {
    // Chunks go straight to their offset of one file and the server keeps a running checksum while they
    // come in order: every replacement must reach the file and the checksum (sent, so it is checked).
    const bytes = video(4);
    const chunks = chunksOf(bytes, CHUNK);
    const first = await sendChunk<ChunkProgress>(t, c, { chunk_total: 4, chunk_index: 1, resource_temp_basename: '', resource_temp_path: '', resource_name: 'placed.mp4', resource_hash: sha256(bytes) }, chunks[0]!);
    expect(first.code, first.msg).toBe(1);
    const token = { resource_temp_basename: first.data.resource_temp_basename, resource_temp_path: first.data.resource_temp_path };
    const fields = (index: number) => ({ chunk_total: 4, chunk_index: index, ...token, resource_name: 'placed.mp4', resource_hash: sha256(bytes) });
    // Without an announced size a longer last chunk is taken, then replaced by the right, shorter one.
    expect((await sendChunk(t, c, fields(4), Buffer.concat([chunks[3]!, Buffer.alloc(100, 1)]))).code).toBe(1);
    expect((await sendChunk(t, c, fields(4), chunks[3]!)).code).toBe(1);
    // A damaged chunk 2 taken in order (the running checksum has seen it), then the good one.
    expect((await sendChunk(t, c, fields(2), new Uint8Array(CHUNK))).code).toBe(1);
    expect((await sendChunk(t, c, fields(2), chunks[1]!)).data.received).toEqual([1, 2, 4]);
    // A refused chunk 3 (too short) is not received and its bytes do not count.
    expect((await sendChunk(t, c, fields(3), chunks[2]!.subarray(0, 1000))).status).toBe(400);
    // A refused copy of an accepted chunk leaves the accepted one in place.
    expect((await sendChunk(t, c, fields(2), chunks[1]!.subarray(0, 10))).status).toBe(400);
    const done = await sendChunk(t, c, fields(3), chunks[2]!);
    expect(done.code, done.msg).toBe(0);
    expect(await fetchStored(t, done.data.url)).toEqual(bytes);
    expect(await rowOf(done.data.id)).toMatchObject({ size: bytes.length, hash: sha256(bytes) });
  });

  it('a missing, non-numeric or out-of-range chunk index is refused, as is a changed chunk total', async () => {
    const bytes = video(3);
    const { chunks, token } = await firstChunk(bytes);
    const base = { chunk_total: 3, ...token, resource_name: 'clip.mp4', resource_size: bytes.length };
    const cases: Array<[Record<string, string | number>, RegExp]> = [
      [{ ...base }, /chunk_index/],
      [{ ...base, chunk_index: 0 }, /chunk_index/],
      [{ ...base, chunk_index: -1 }, /chunk_index/],
      [{ ...base, chunk_index: 'two' }, /chunk_index/],
      [{ ...base, chunk_index: 1.5 }, /chunk_index/],
      [{ ...base, chunk_index: 4 }, /Chunk 4 is out of range \(the file has 3 chunks\)/],
      [{ ...base, chunk_index: 2, chunk_total: 5 }, /chunk total does not match/],
      [{ ...base, chunk_index: 2, chunk_total: 0 }, /chunk_total/],
    ];
    for (const [fields, msg] of cases) {
      const res = await sendChunk(t, en(), fields, chunks[1]!);
      expect([res.status, res.msg], JSON.stringify(fields)).toEqual([400, expect.stringMatching(msg)]);
    }
    // A first chunk beyond its own total opens nothing.
    const sessions = (await t.db.select().from(uploadSessions)).length;
    const beyond = await sendChunk(t, en(), { chunk_total: 2, chunk_index: 3, resource_temp_basename: '', resource_temp_path: '', resource_name: 'x.mp4' }, chunks[2]!);
    expect(beyond.status).toBe(400);
    expect((await t.db.select().from(uploadSessions)).length).toBe(sessions);
    // The upload itself is untouched.
    const status = await t.client(superToken).get<ChunkProgress>('/attachment/sliceStatus', token);
    expect(status.data.received).toEqual([1]);
  });

  it('every chunk but the last has the chunk size of the settings, and no chunk may be larger', async () => {
    const bytes = video(3);
    const { chunks, token } = await firstChunk(bytes);
    const fields = (index: number) => ({ chunk_total: 3, chunk_index: index, ...token, resource_name: 'clip.mp4', resource_size: bytes.length });
    const short = await sendChunk(t, en(), fields(2), chunks[1]!.subarray(0, 1000));
    expect([short.status, short.msg]).toEqual([400, expect.stringMatching(new RegExp(`must be ${CHUNK} bytes`))]);
    const lastWrong = await sendChunk(t, en(), fields(3), chunks[2]!.subarray(1));
    expect([lastWrong.status, lastWrong.msg]).toEqual([400, expect.stringMatching(/last chunk must be/)]);
    const tooBig = await sendChunk(t, en(), fields(2), new Uint8Array(CHUNK * 2));
    expect(tooBig.status).toBe(413);
    const none = await sendChunk(t, en(), fields(2), null);
    expect([none.status, none.msg]).toEqual([400, expect.stringMatching(/Choose a file/)]);
  });
});

describe('the server decides every path', () => {
  it('path tricks in any chunk field are refused or neutralised, and nothing is written outside the temporary directory', async () => {
    const before = await filesOutsideTmp();
    const bytes = video(2);
    const { chunks, token } = await firstChunk(bytes, 'target.mp4');
    const victim = await firstChunk(video(2), 'theirs.mp4', { token: other.token, siteId: site });
    const good = { chunk_total: 2, chunk_index: 2, ...token, resource_name: 'target.mp4', resource_size: bytes.length };
    const hostile: Array<Record<string, string | number>> = [
      { ...good, resource_temp_basename: '../../../../tmp/evil' },
      { ...good, resource_temp_basename: `../${token.resource_temp_basename}` },
      { ...good, resource_temp_basename: '/etc/passwd' },
      { ...good, resource_temp_basename: `${token.resource_temp_basename}\u0000.mp4` },
      { ...good, resource_temp_basename: token.resource_temp_basename.toUpperCase() },
      { ...good, resource_temp_basename: 'f'.repeat(32) },
      { ...good, resource_temp_path: '../../uploads' },
      { ...good, resource_temp_path: `uploads/${token.resource_temp_basename}/../../../../evil` },
      { ...good, resource_temp_path: '/tmp' },
      { ...good, resource_temp_path: `${path.join(t.dataDir, 'tmp', token.resource_temp_path)}` },
      { ...good, resource_temp_path: `uploads/${token.resource_temp_basename}\u0000` },
      { ...good, resource_temp_path: '' },
      { ...good, resource_temp_basename: '' },
      // Another admin's upload, by its exact identity.
      { ...good, ...victim.token },
      { ...good, resource_temp_basename: victim.token.resource_temp_basename },
      { ...good, chunk_index: '../2' },
      { ...good, chunk_index: '2\u0000' },
      { ...good, chunk_total: '/etc/passwd' },
      { ...good, attachment_cate_id: '../../1' },
      { ...good, resource_type: '../2' },
    ];
    for (const fields of hostile) {
      const res = await sendChunk(t, en(), fields, chunks[1]!);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.code).not.toBe(0);
      expect(res.code).not.toBe(1);
    }
    // The other admin's upload is out of sight and unharmed.
    expect((await t.client(superToken).get('/attachment/sliceStatus', victim.token)).status).toBe(404);
    expect((await t.client(other.token).get<ChunkProgress>('/attachment/sliceStatus', victim.token)).data.received).toEqual([1]);
    const own = await t.client(superToken).get<ChunkProgress>('/attachment/sliceStatus', token);
    expect(own.data.received).toEqual([1]);

    // Names are only names: directories and control characters are dropped, the stored path is the server's.
    for (const name of ['../../../../etc/evil.mp4', '/etc/cron.d/evil.mp4', 'C:\\Windows\\evil.mp4', 'ev\u0000il.mp4']) {
      const file = video(2);
      const res = await uploadInChunks(t, c, { name, bytes: file, chunkBytes: CHUNK });
      expect(res.last.code, `${name}: ${res.last.msg}`).toBe(0);
      expect(res.last.data.name).toBe('evil.mp4');
      expect(res.last.data.url).toBe(`/uploads/${site}/${(await rowOf(res.last.data.id)).path.split('/').slice(1).join('/')}`);
      expect(res.last.data.url).toMatch(new RegExp(`^/uploads/${site}/\\d{4}/\\d{2}/${sha256(file)}\\.mp4$`));
    }
    // A hostile file name on the chunk part itself changes nothing either.
    const form = new FormData();
    const lone = video(1);
    for (const [k, v] of Object.entries({ chunk_total: 1, chunk_index: 1, resource_temp_basename: '', resource_temp_path: '', resource_name: 'lone.mp4' })) form.append(k, String(v));
    form.append('resource_chunk', new Blob([new Uint8Array(lone)]), '../../../../../tmp/escape.mp4');
    const res = await fetch(`${t.url}/api/attachment/sliceUploadAndSave`, { method: 'POST', headers: { 'x-token': superToken, 'x-site-id': String(site) }, body: form });
    expect((await res.json()).code).toBe(0);

    const after = await filesOutsideTmp();
    const added = after.filter((f) => !before.includes(f));
    expect(added.length).toBe(5);
    for (const f of added) expect(f).toMatch(new RegExp(`^uploads/${site}/\\d{4}/\\d{2}/[a-f0-9]{64}\\.mp4$`));
    await expect(fs.stat('/tmp/escape.mp4')).rejects.toThrow(/ENOENT/);
    await expect(fs.stat('/tmp/evil')).rejects.toThrow(/ENOENT/);
    await expect(fs.stat(path.join(t.dataDir, '..', 'evil'))).rejects.toThrow(/ENOENT/);
    // Temporary files are only session directories and the one file their chunks are written into.
    for (const dir of await sessionDirs()) {
      expect(dir).toMatch(/^[a-f0-9]{32}$/);
      for (const f of await fs.readdir(path.join(t.dataDir, 'tmp', 'uploads', dir))) expect(f).toBe('data');
    }
  });
});

describe('what the assembled file must be', () => {
  it('an executable sent in chunks as .mp4 is refused when complete, and nothing of it is kept', async () => {
    const bytes = Buffer.concat([exe(), Buffer.alloc(2 * CHUNK, 1)]);
    const before = await filesOutsideTmp();
    const { responses, last, token } = await uploadInChunks(t, en(), { name: 'movie.mp4', bytes, chunkBytes: CHUNK });
    expect(responses.slice(0, -1).every((r) => r.code === 1)).toBe(true);
    expect([last.status, last.msg]).toEqual([415, expect.stringMatching(/Web pages, scripts and executables/)]);
    expect(await filesOutsideTmp()).toEqual(before);
    expect(await sessionDirs()).not.toContain(token.resource_temp_basename);
    expect((await t.client(superToken).get('/attachment/sliceStatus', token)).status).toBe(404);
  });

  it('a picture whose bytes are not the claimed format is refused when complete', async () => {
    const png = Buffer.concat([await image('png', 8, 8, { seed: 5 }), Buffer.alloc(CHUNK)]);
    const { last } = await uploadInChunks(t, en(), { name: 'pic.jpg', bytes: png, chunkBytes: CHUNK });
    expect([last.status, last.msg]).toEqual([415, expect.stringMatching(/does not match its \.jpg extension/)]);
  });

  it('the assembled size must be the announced one, and the checksum must match when sent', async () => {
    const bytes = video(2);
    const wrongTotal = await uploadInChunks(t, en(), { name: 'a.mp4', bytes, chunkBytes: CHUNK }, { extra: { resource_size: bytes.length + CHUNK } });
    expect([wrongTotal.last.status, wrongTotal.last.msg]).toEqual([400, expect.stringMatching(/chunk total does not match/)]);
    const wrongLast = await uploadInChunks(t, en(), { name: 'a.mp4', bytes, chunkBytes: CHUNK }, { extra: { resource_size: bytes.length - 10 } });
    expect([wrongLast.last.status, wrongLast.last.msg]).toEqual([400, expect.stringMatching(/last chunk must be/)]);
    const wrongHash = await uploadInChunks(t, en(), { name: 'a.mp4', bytes, chunkBytes: CHUNK }, { extra: { resource_hash: sha256(Buffer.from('other')) } });
    expect([wrongHash.last.status, wrongHash.last.msg]).toEqual([400, expect.stringMatching(/checksum does not match/)]);
    const right = await uploadInChunks(t, en(), { name: 'a.mp4', bytes, chunkBytes: CHUNK }, { extra: { resource_hash: sha256(bytes) } });
    expect(right.last.code, right.last.msg).toBe(0);
  });

  it('the kind limit is checked on the first chunk, before the rest is sent', async () => {
    await setUploadSettings(t, { chunk_size: CHUNK_KB, video: { max_kb: CHUNK_KB * 2 } });
    const bytes = video(3);
    const res = await uploadInChunks(t, en(), { name: 'long.mp4', bytes, chunkBytes: CHUNK });
    expect(res.responses).toHaveLength(1);
    expect([res.last.status, res.last.msg]).toEqual([413, expect.stringMatching(/128 KB at most/)]);
    const html = await uploadInChunks(t, en(), { name: 'page.html', bytes, chunkBytes: CHUNK });
    expect([html.last.status, html.responses.length]).toEqual([415, 1]);
  });
});

describe('resume and instant upload', () => {
  it('after a reload the upload resumes from the chunks the server reports, with a new session token', async () => {
    const bytes = video(4);
    const first = await uploadInChunks(t, c, { name: 'resumed.mp4', bytes, chunkBytes: CHUNK }, { order: [1, 3] });
    expect(first.responses.map((r) => r.code)).toEqual([1, 1]);
    // The page reloads: the browser kept only the token; the admin signs in again.
    const token = await t.login();
    const caller = { token, siteId: site };
    const status = await t.client(token).get<ChunkProgress>('/attachment/sliceStatus', first.token);
    expect(status.data).toEqual({ ...first.token, received: [1, 3] });
    const missing = [1, 2, 3, 4].filter((i) => !status.data.received.includes(i));
    const rest = await uploadInChunks(t, caller, { name: 'resumed.mp4', bytes, chunkBytes: CHUNK }, { order: missing, token: first.token });
    expect(rest.responses.map((r) => r.code)).toEqual([1, 0]);
    expect(await fetchStored(t, rest.last.data.url)).toEqual(bytes);
  });

  it('sliceStatus knows nothing of made-up or malformed identities', async () => {
    const res = await t.client(superToken, { language: 'en' }).get('/attachment/sliceStatus', { resource_temp_basename: 'f'.repeat(32), resource_temp_path: `uploads/${'f'.repeat(32)}` });
    expect([res.status, res.msg]).toEqual([404, expect.stringMatching(/does not exist or has expired/)]);
    expect((await t.client(superToken).get('/attachment/sliceStatus', { resource_temp_basename: '../x', resource_temp_path: '/etc' })).status).toBe(404);
    expect((await t.client(superToken).get('/attachment/sliceStatus', {})).status).toBe(400);
  });

  it('a file whose hash is already stored completes at once, without sending its bytes', async () => {
    const bytes = video(2);
    const first = await uploadFile(t, c, { name: 'original.mp4', bytes });
    expect(first.code, first.msg).toBe(0);
    const before = await filesOutsideTmp();
    const cate = await t.client(superToken, { siteId: site }).post<{ id: number }>('/attachmentCate/save', { parent_id: 0, title: 'instant' });
    const hit = await t.client(superToken, { siteId: site }).post('/attachment/checkHash', { hash: sha256(bytes), name: 'copy.mp4', size: bytes.length, type: ATTACHMENT_TYPE.video, attachment_cate_id: cate.data.id });
    expect(hit.code, hit.msg).toBe(0);
    expect(hit.data).toMatchObject({ name: 'copy.mp4', url: first.data.url });
    expect(hit.data.id).not.toBe(first.data.id);
    expect(await rowOf(hit.data.id)).toMatchObject({ cateId: cate.data.id, type: ATTACHMENT_TYPE.video, size: bytes.length, hash: sha256(bytes) });
    expect(await filesOutsideTmp()).toEqual(before);

    const post = (body: Record<string, unknown>) => t.client(superToken, { siteId: site }).post('/attachment/checkHash', body);
    // Unknown bytes, another size, or a name claiming another format: upload normally (data null).
    expect((await post({ hash: sha256(Buffer.from('never stored')), name: 'n.mp4', size: 12 })).data).toBeNull();
    expect((await post({ hash: sha256(bytes), name: 'copy.mp4', size: bytes.length + 1 })).data).toBeNull();
    expect((await post({ hash: sha256(bytes), name: 'copy.png', size: bytes.length })).data).toBeNull();
    expect((await post({ hash: sha256(bytes), name: 'copy.html', size: bytes.length })).data).toBeNull();
    // A format no longer allowed is not completed either.
    await setUploadSettings(t, { video: { formats: ['mov'] } });
    expect((await post({ hash: sha256(bytes), name: 'copy.mp4', size: bytes.length })).data).toBeNull();
    // Malformed hashes are refused.
    expect((await post({ hash: '../etc/passwd', name: 'x.mp4', size: 1 })).status).toBe(400);
  });

  it('instant upload reuses the file also after its first attachment went to the recycle bin', async () => {
    const bytes = video(1);
    const first = await uploadFile(t, c, { name: 'gone.mp4', bytes });
    expect((await t.client(superToken, { siteId: site }).post('/attachment/delete', { ids: [first.data.id] })).code).toBe(0);
    const hit = await t.client(superToken, { siteId: site }).post('/attachment/checkHash', { hash: sha256(bytes), name: 'back.mp4', size: bytes.length });
    expect(hit.data).toMatchObject({ url: first.data.url });
    // Purging the first keeps the file for the second.
    expect((await t.client(superToken).post('/recycleBin/delete', { items: [{ type: 'attachment', id: first.data.id }] })).code).toBe(0);
    expect(await fetchStored(t, hit.data.url)).toEqual(bytes);
  });
});

describe('an upload kept in memory while its chunks come', () => {
  const defaults = { ...SAVE };
  afterEach(() => Object.assign(SAVE, defaults));

  /** Statements sent to the database from now on that concern one upload (its basename or its row id) or read the upload settings. */
  function watchUpload(basename: string, rowId: number) {
    const client = (t.db as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } }).session.client;
    const original = client.query;
    const seen: string[] = [];
    client.query = function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text ?? '');
      const params = Array.isArray(args[1]) ? args[1] : [];
      const verb = text.trim().split(/\s+/)[0]!.toLowerCase();
      if (/upload_sessions/.test(text) && (params.includes(basename) || params[params.length - 1] === rowId)) seen.push(verb);
      if (/from "settings"/.test(text) && params.includes('upload')) seen.push(`${verb} settings`);
      return original.apply(this, args);
    } as typeof original;
    return () => {
      client.query = original;
      return seen;
    };
  }
  const rowOfUpload = async (basename: string) => (await t.db.select().from(uploadSessions).where(eq(uploadSessions.basename, basename)))[0];

  /** A second server on the same database and data directory, as after a restart. */
  async function secondServer(): Promise<TestApp> {
    const app = await buildApp({ database: t.database, config: t.config, sms: t.sms, distDir: path.join(t.dataDir, 'no-client') });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return { ...t, app, url, client: (token, opts) => apiClient(url, token, opts), close: () => app.close() };
  }

  it('chunks in order ask the database nothing about their upload or the settings; its row catches up every few chunks', async () => {
    Object.assign(SAVE, { chunks: 3, afterMs: 60_000 });
    const bytes = video(8);
    const { chunks, token } = await firstChunk(bytes, 'counted.mp4');
    const fields = (index: number) => ({ chunk_total: 8, chunk_index: index, ...token, resource_name: 'counted.mp4', resource_size: bytes.length, resource_hash: sha256(bytes) });
    const row = (await rowOfUpload(token.resource_temp_basename))!;
    const stop = watchUpload(token.resource_temp_basename, row.id);
    let answers: number[][] = [];
    try {
      for (const index of [2, 3, 4, 5, 6, 7]) answers.push((await sendChunk<ChunkProgress>(t, c, fields(index), chunks[index - 1]!)).data.received);
    } finally {
      // Chunks 1-3 are recorded with the third, 4-6 with the sixth; no chunk reads the row or the settings.
      expect(stop()).toEqual(['update', 'update']);
    }
    expect(answers[5]).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await rowOfUpload(token.resource_temp_basename))!.received).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await t.client(superToken).get<ChunkProgress>('/attachment/sliceStatus', token)).data.received).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const done = await sendChunk(t, c, fields(8), chunks[7]!);
    expect(done.code, done.msg).toBe(0);
    expect(await fetchStored(t, done.data.url)).toEqual(bytes);
    expect(await rowOfUpload(token.resource_temp_basename)).toBeUndefined();
  });

  it('an upload keeps the chunk size it started with, and a longer chunk writes nothing past its own place', async () => {
    const bytes = video(5);
    const { chunks, token } = await firstChunk(bytes, 'steady.mp4');
    const fields = (index: number) => ({ chunk_total: 5, chunk_index: index, ...token, resource_name: 'steady.mp4', resource_size: bytes.length, resource_hash: sha256(bytes) });
    expect((await sendChunk(t, c, fields(3), chunks[2]!)).code).toBe(1);
    // The chunk size changes while the upload runs: its chunks keep the size it started with.
    await setUploadSettings(t, { chunk_size: CHUNK_KB * 2, chunk_condition: CHUNK_KB });
    // Chunk 2 with 100 bytes too many (the request does not say so beforehand): refused, chunk 3 untouched.
    const longer = Buffer.concat([chunks[1]!, Buffer.alloc(100, 0xee)]);
    expect((await sendChunk(t, c, fields(2), longer)).status).toBe(413);
    for (const index of [2, 4]) expect((await sendChunk(t, c, fields(index), chunks[index - 1]!)).code).toBe(1);
    const done = await sendChunk(t, c, fields(5), chunks[4]!);
    expect(done.code, done.msg).toBe(0);
    expect(await fetchStored(t, done.data.url)).toEqual(bytes);
  });

  it('the bound a chunk request is read with is the largest chunk size the settings allow', () => {
    expect(UploadSettings.safeParse({ chunk_size: MAX_CHUNK_BYTES / 1024 }).success).toBe(true);
    expect(UploadSettings.safeParse({ chunk_size: MAX_CHUNK_BYTES / 1024 + 1 }).success).toBe(false);
  });

  it('after a crash the upload resumes from its row, which never lists a chunk the file lacks', async () => {
    Object.assign(SAVE, { chunks: 2, afterMs: 60_000 });
    const bytes = video(6);
    const first = await uploadInChunks(t, c, { name: 'crashed.mp4', bytes, chunkBytes: CHUNK, type: ATTACHMENT_TYPE.video }, { order: [1, 2, 3, 4, 5] });
    expect(first.responses.map((r) => r.code)).toEqual([1, 1, 1, 1, 1]);
    // The first server stops answering without closing (it never writes its memory down); another starts.
    const second = await secondServer();
    try {
      const status = await second.client(superToken).get<ChunkProgress>('/attachment/sliceStatus', first.token);
      expect(status.data.received).toEqual([1, 2, 3, 4]);
      const missing = [1, 2, 3, 4, 5, 6].filter((i) => !status.data.received.includes(i));
      const rest = await uploadInChunks(second, c, { name: 'crashed.mp4', bytes, chunkBytes: CHUNK, type: ATTACHMENT_TYPE.video }, { order: missing, token: first.token, extra: { resource_hash: sha256(bytes) } });
      expect(rest.responses.map((r) => r.code)).toEqual([1, 0]);
      expect(await fetchStored(second, rest.last.data.url)).toEqual(bytes);
    } finally {
      await second.close();
    }
  });

  it('a server that closes first writes down the chunks its rows had not recorded yet', async () => {
    Object.assign(SAVE, { chunks: 100, afterMs: 60_000 });
    const bytes = video(5);
    const second = await secondServer();
    let token: { resource_temp_basename: string; resource_temp_path: string };
    try {
      const sent = await uploadInChunks(second, c, { name: 'closing.mp4', bytes, chunkBytes: CHUNK }, { order: [1, 2, 4] });
      expect(sent.responses.map((r) => r.code)).toEqual([1, 1, 1]);
      token = sent.token;
      expect((await rowOfUpload(token.resource_temp_basename))!.received).toEqual([]);
    } finally {
      await second.close();
    }
    expect((await rowOfUpload(token.resource_temp_basename))!.received).toEqual([1, 2, 4]);
    // The server still running reads the row and finishes the upload.
    const rest = await uploadInChunks(t, c, { name: 'closing.mp4', bytes, chunkBytes: CHUNK }, { order: [3, 5], token });
    expect(rest.responses.map((r) => r.code)).toEqual([1, 0]);
    expect(await fetchStored(t, rest.last.data.url)).toEqual(bytes);
  });
});

import { createHash, randomBytes, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { uploadSessions } from '../../db/schema/index';
import type { AuthContext } from '../../http/context';
import { ApiError, badRequest, forbidden } from '../../http/errors';
import { canManageSite } from '../sites';
import { requireCate } from './categories';
import { BLOCKED_EXTENSIONS, extensionOf, kindFor } from './formats';
import { checkSize } from './inspect';
import { ingestFile } from './ingest';
import type { Placement } from './multipart';
import { incomingDir, removeQuietly, sessionsDir, writeStreamAt, type WrittenFile } from './tempFiles';
import { chunksShared, lockChunk, lockChunkHere } from './chunkLocks';
import type { ChunkFields, ChunkProgress } from '../../../models/attachment';
import type { UploadedFile } from '../../../models/content';
import type { UploadSettings } from '../../../models/uploadSettings';

// Chunked uploads (spec §8 "Chunk upload"). The first chunk opens a session: the server draws its
// basename (128 random bits) and temporary path. Later chunks must send both back; they are only looked
// up among the sessions (kept in memory, else in upload_sessions; with the caller's admin id), never
// joined into a file path. Every chunk is written at its own offset of one file,
// <dataDir>/tmp/uploads/<basename>/data, so a chunk sent twice just replaces itself and the complete
// file needs no assembly. A chunk whose upload is known before its
// bytes arrive (the fields come first, as the admin's uploader sends them) is streamed straight there;
// otherwise (the first chunk, a chunk sent again, fields after the bytes) it goes to a temporary file
// first and is copied into place once accepted, so a refused resend never damages an accepted chunk.
// While chunks come in order the process keeps the file's running SHA-256, so completing reads only
// what that hash has not seen (nothing, for an upload sent in order).
// The process also keeps each upload it serves in memory (its row and the chunks accepted), so a chunk
// asks the database nothing about its upload: the row's `received` is brought up to date every
// SAVE.chunks chunks, SAVE.afterMs after a chunk it has not recorded, and when the server closes. The
// row may lag behind the file but never runs ahead of it (a chunk is recorded only once its bytes are
// written), so after a crash the upload resumes from what the row says, sending again at most the few
// chunks it had not recorded yet (spec §8 resume). An upload keeps the chunk size it started with, so
// its chunks need no settings read either. Like the chunk locks and running hashes, this assumes
// the chunks of one upload reach one server process (a second one would only see what the row says).
//
// Several servers (issue 17: PostgreSQL and a SHARED_DIR of their own) behind a round-robin balancer: the
// chunks of one upload reach every server. The chunk files then live in <sharedDir>/tmp/uploads (always
// there: sharedDir is dataDir on one server); the upload's chunk size is kept beside them (chunk-size), each
// chunk is recorded in the row at once (the row's `received`, unioned by one UPDATE, decides completion),
// the row is read on every request, no running hash is kept (another server may rewrite a chunk it saw),
// and a chunk is not streamed straight into place: it lands in this server's tmp/incoming and is copied
// under the in-process lock plus a PostgreSQL advisory lock on (upload, chunk), held only for the copy.

type Session = typeof uploadSessions.$inferSelect;

/** Sessions idle this long are dropped (with their chunks) when a new one starts. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** Open sessions an admin may keep; starting one more drops the oldest. */
export const SESSIONS_PER_ADMIN = 20;

const BASENAME = /^[a-f0-9]{32}$/;
const TEMP_PATH = /^uploads\/[a-f0-9]{32}$/;
function forbiddenUnlessManaged(auth: AuthContext, siteId: number) {
  if (!canManageSite(auth, siteId)) throw forbidden('error.siteForbidden');
}

const unknownSession = () => badRequest('attachment.sessionUnknown', {}, { issues: [{ field: 'resource_temp_basename' }] });

/** A session's chunk directory, from the server's own record (the basename is checked once more). */
function sessionDir(sharedDir: string, session: Pick<Session, 'basename'>): string {
  if (!BASENAME.test(session.basename)) throw new Error('corrupt upload session');
  return path.join(sessionsDir(sharedDir), session.basename);
}
const dataFile = (dir: string) => path.join(dir, 'data');
/** The upload's chunk size in bytes, written when it opens (read by servers that did not open it). */
const chunkSizeFile = (dir: string) => path.join(dir, 'chunk-size');

/**
 * Running SHA-256 of a session's file over its chunks 1..next-1, kept while they came in order (by
 * basename; this process only). Dropped when one of those chunks is written again, when the session
 * ends, and beyond MAX_RUNNING_HASHES (the oldest first): completing then hashes the rest from disk.
 */
const runningHashes = new Map<string, { next: number; hash: Hash }>();
const MAX_RUNNING_HASHES = 1000;
function startRunningHash(basename: string) {
  if (runningHashes.size >= MAX_RUNNING_HASHES) runningHashes.delete(runningHashes.keys().next().value!);
  runningHashes.set(basename, { next: 1, hash: createHash('sha256') });
}
/** A copy of the running hash to feed chunk `index` into, when it is the next one. */
function hashFor(basename: string, index: number): Hash | null {
  const running = runningHashes.get(basename);
  return running && running.next === index ? running.hash.copy() : null;
}
/** Before chunk `index` is written: a chunk the running hash has seen makes it stale. */
function dropRunningHashIfRewritten(basename: string, index: number) {
  const running = runningHashes.get(basename);
  if (running && index < running.next) runningHashes.delete(basename);
}
/** After chunk `index` was written with `fed` and accepted: the running hash moves past it. */
function afterWrite(basename: string, index: number, fed: Hash | null) {
  const running = runningHashes.get(basename);
  if (running && fed && index === running.next) runningHashes.set(basename, { next: index + 1, hash: fed });
}

/**
 * An upload this process serves: its row as read or saved (`received` there may lag), the chunks
 * accepted (a superset of the row's), and how many of them the row has not recorded yet.
 */
interface LiveUpload {
  session: Session;
  /** Its chunk size in bytes, from the settings when it started (or when this process first saw it). */
  chunkBytes: number;
  received: Set<number>;
  unsaved: number;
  timer: NodeJS.Timeout | null;
}
/** The largest chunk any settings allow (chunk_size is at most 100 × 1024 KB). */
export const MAX_CHUNK_BYTES = 100 * 1024 * 1024;
/** Upload settings, read at most once per request and only when needed. */
export type SettingsOnce = () => Promise<UploadSettings>;
/** When the row of an upload catches up with the chunks accepted (tests may change these). */
export const SAVE = { chunks: 16, afterMs: 2000 };
const MAX_LIVE_UPLOADS = 1000;
/** Per server instance (a restarted server starts with none and reads the rows). */
const liveUploads = new WeakMap<FastifyInstance, Map<string, LiveUpload>>();
function liveOf(app: FastifyInstance): Map<string, LiveUpload> {
  let map = liveUploads.get(app);
  if (!map) liveUploads.set(app, (map = new Map()));
  return map;
}

/** Starts keeping an upload in memory, from its row (beyond the limit, the one idle longest is saved and let go). */
function keepLive(app: FastifyInstance, session: Session, chunkBytes: number): LiveUpload {
  const map = liveOf(app);
  const known = map.get(session.basename);
  if (known) return known;
  if (map.size >= MAX_LIVE_UPLOADS) {
    const [, oldest] = map.entries().next().value!;
    void saveLive(app, oldest).catch(() => undefined);
    forgetLive(app, oldest.session.basename);
  }
  const upload: LiveUpload = { session, chunkBytes, received: new Set(session.received), unsaved: 0, timer: null };
  map.set(session.basename, upload);
  return upload;
}
function forgetLive(app: FastifyInstance, basename: string) {
  const map = liveOf(app);
  const upload = map.get(basename);
  if (upload?.timer) clearTimeout(upload.timer);
  map.delete(basename);
}

/**
 * Records the chunks accepted in the upload's row (adding to what the row has, never removing).
 * Answers false when the row is gone (the upload is forgotten here too).
 */
async function saveLive(app: FastifyInstance, upload: LiveUpload): Promise<boolean> {
  if (upload.timer) clearTimeout(upload.timer);
  upload.timer = null;
  const saving = upload.unsaved;
  const indexes = JSON.stringify([...upload.received]);
  const [row] = await app.ctx.db
    .update(uploadSessions)
    .set({
      received: sql`(select coalesce(jsonb_agg(distinct e order by e), '[]'::jsonb) from jsonb_array_elements(${uploadSessions.received} || ${indexes}::jsonb) e)`,
      updatedAt: new Date(),
    })
    .where(eq(uploadSessions.id, upload.session.id))
    .returning();
  if (!row) {
    if (liveOf(app).get(upload.session.basename) === upload) forgetLive(app, upload.session.basename);
    return false;
  }
  upload.session = row;
  upload.unsaved = Math.max(0, upload.unsaved - saving);
  return true;
}
/** Adds one chunk to the row's `received` (chunks shared by several servers); null when the row is gone. */
async function recordChunk(app: FastifyInstance, upload: LiveUpload, index: number): Promise<Session | null> {
  const [row] = await app.ctx.db
    .update(uploadSessions)
    .set({
      received: sql`(select coalesce(jsonb_agg(distinct e order by e), '[]'::jsonb) from jsonb_array_elements(${uploadSessions.received} || ${JSON.stringify([index])}::jsonb) e)`,
      updatedAt: new Date(),
    })
    .where(eq(uploadSessions.id, upload.session.id))
    .returning();
  upload.unsaved = 0;
  if (!row) return null;
  upload.session = row;
  for (const i of row.received) upload.received.add(i);
  return row;
}
function saveLater(app: FastifyInstance, upload: LiveUpload) {
  if (upload.timer || !upload.unsaved) return;
  upload.timer = setTimeout(() => {
    upload.timer = null;
    if (liveOf(app).get(upload.session.basename) === upload) void saveLive(app, upload).catch(() => undefined);
  }, SAVE.afterMs);
  upload.timer.unref();
}

/** Brings every row up to date with the chunks accepted (the server is closing). */
export async function saveLiveUploads(app: FastifyInstance): Promise<void> {
  const uploads = [...liveOf(app).values()].filter((u) => u.unsaved > 0);
  await Promise.all(uploads.map((u) => saveLive(app, u).catch(() => undefined)));
  for (const u of liveOf(app).values()) if (u.timer) clearTimeout(u.timer);
  liveUploads.delete(app);
}

/** A placement that also carries the upload it was checked against, for receiveChunk. */
export interface ChunkPlacement extends Placement {
  upload: LiveUpload;
  session: Session;
  index: number;
}

/**
 * Where the bytes of a chunk request go, decided from the fields before them: the chunk's offset in its
 * session's file when the session is the caller's, the chunk belongs to it and has not been received
 * yet. Anything else (null) goes to a temporary file and through every check of receiveChunk.
 */
export async function placeChunk(app: FastifyInstance, auth: AuthContext, raw: Record<string, string>, settings: SettingsOnce): Promise<ChunkPlacement | null> {
  // Shared by several servers: through a temporary file, so the cluster lock is held only while copying.
  if (chunksShared(app)) return null;
  const index = Number(raw.chunk_index);
  if (!Number.isSafeInteger(index) || index < 1 || String(index) !== raw.chunk_index) return null;
  let upload = await findUpload(app, auth, raw.resource_temp_basename ?? '', raw.resource_temp_path ?? '', settings);
  if (!upload) return null;
  const session = upload.session;
  if (!canManageSite(auth, session.siteId) || index > session.chunkTotal || raw.chunk_total !== String(session.chunkTotal)) return null;
  const lock = await lockChunkHere(session.basename, index);
  if (lock.waited) upload = await findUpload(app, auth, session.basename, session.tempPath, settings);
  if (!upload || upload.received.has(index)) {
    lock.release();
    return null;
  }
  return {
    file: dataFile(sessionDir(app.ctx.config.sharedDir, session)),
    start: (index - 1) * upload.chunkBytes,
    limit: upload.chunkBytes,
    hash: hashFor(session.basename, index),
    release: lock.release,
    upload,
    session,
    index,
  };
}

const progressOf = (u: LiveUpload): ChunkProgress => ({
  resource_temp_basename: u.session.basename,
  resource_temp_path: u.session.tempPath,
  received: [...u.received].sort((a, b) => a - b),
});

export type ChunkOutcome = { done: false; progress: ChunkProgress } | { done: true; file: UploadedFile };

/** Finds the caller's own session by exactly the basename and path it was given; 400 for anything else. */
async function findSession(app: FastifyInstance, auth: AuthContext, basename: string, tempPath: string): Promise<Session | null> {
  if (!BASENAME.test(basename) || !TEMP_PATH.test(tempPath)) return null;
  const [row] = await app.ctx.db
    .select()
    .from(uploadSessions)
    .where(and(eq(uploadSessions.basename, basename), eq(uploadSessions.tempPath, tempPath), eq(uploadSessions.adminId, auth.adminId)));
  return row ?? null;
}

/**
 * How many bytes the chunk a request's fields announce may have: its upload's chunk size, or for a new
 * upload (or one this process cannot find) the settings' chunk size.
 */
export async function chunkLimit(app: FastifyInstance, auth: AuthContext, raw: Record<string, string>, settings: SettingsOnce): Promise<number> {
  const known = liveOf(app).get(raw.resource_temp_basename ?? '');
  if (known && known.session.tempPath === raw.resource_temp_path && known.session.adminId === auth.adminId) return known.chunkBytes;
  // Shared by several servers: an upload another server opened has its own chunk size.
  const other = chunksShared(app) && raw.resource_temp_basename ? await findUpload(app, auth, raw.resource_temp_basename, raw.resource_temp_path ?? '', settings) : null;
  return other ? other.chunkBytes : (await settings()).chunk_size * 1024;
}

/** The caller's own upload, as kept in memory or else read from its row (and kept from then on). */
async function findUpload(app: FastifyInstance, auth: AuthContext, basename: string, tempPath: string, settings: SettingsOnce): Promise<LiveUpload | null> {
  const map = liveOf(app);
  const known = map.get(basename);
  if (chunksShared(app)) {
    // Other servers record chunks too: the row says what is received, this process only remembers the chunk size.
    const row = await findSession(app, auth, basename, tempPath);
    if (!row) {
      if (known) forgetLive(app, basename);
      return null;
    }
    if (known) {
      known.session = row;
      known.received = new Set(row.received);
      known.unsaved = 0;
      return known;
    }
    return keepLive(app, row, await sharedChunkBytes(app, row, settings));
  }
  if (known) {
    if (known.session.tempPath !== tempPath || known.session.adminId !== auth.adminId) return null;
    // The most recently used last: the limit lets go of the upload idle longest.
    map.delete(basename);
    map.set(basename, known);
    return known;
  }
  const session = await findSession(app, auth, basename, tempPath);
  return session ? keepLive(app, session, (await settings()).chunk_size * 1024) : null;
}

/** The chunk size an upload opened with, as written beside its chunks (else the settings'). */
async function sharedChunkBytes(app: FastifyInstance, session: Session, settings: SettingsOnce): Promise<number> {
  const text = await fs.readFile(chunkSizeFile(sessionDir(app.ctx.config.sharedDir, session)), 'utf8').catch(() => '');
  const bytes = Number(text.trim());
  return Number.isSafeInteger(bytes) && bytes > 0 && bytes <= MAX_CHUNK_BYTES ? bytes : (await settings()).chunk_size * 1024;
}

export async function sliceStatus(app: FastifyInstance, auth: AuthContext, q: { resource_temp_basename: string; resource_temp_path: string }, settings: SettingsOnce): Promise<ChunkProgress> {
  const upload = await findUpload(app, auth, q.resource_temp_basename, q.resource_temp_path, settings);
  if (!upload) throw new ApiError(404, 'attachment.sessionUnknown');
  forbiddenUnlessManaged(auth, upload.session.siteId);
  return progressOf(upload);
}

/** What can be checked of a new upload before any of its bytes are kept: format, kind limits, category. */
async function checkNewUpload(app: FastifyInstance, auth: AuthContext, siteId: number, f: ChunkFields, settings: UploadSettings) {
  const ext = extensionOf(f.resource_name);
  if (!ext) throw new ApiError(415, 'attachment.noExtension', { format: '' });
  if (BLOCKED_EXTENSIONS.has(ext)) throw new ApiError(415, 'attachment.dangerous', { format: ext });
  const kind = kindFor(ext, settings, f.resource_type);
  if (!kind) throw new ApiError(415, 'attachment.formatNotAllowed', { format: ext });
  const chunkBytes = settings.chunk_size * 1024;
  if (f.resource_size !== undefined) {
    checkSize(f.resource_size, kind, settings);
    const total = Math.ceil(f.resource_size / chunkBytes);
    if (f.chunk_total !== total) throw badRequest('attachment.chunkTotalChanged', { total }, { issues: [{ field: 'chunk_total' }] });
  } else {
    // Without an announced size, the chunk count alone must fit the kind's limit.
    checkSize((f.chunk_total - 1) * chunkBytes + 1, kind, settings);
  }
  if (f.chunk_index > f.chunk_total) throw badRequest('attachment.chunkIndex', { index: f.chunk_index, total: f.chunk_total }, { issues: [{ field: 'chunk_index' }] });
  await requireCate(app.ctx.db, auth, siteId, f.attachment_cate_id);
}

/** Opens a session for the first chunk: the server draws its basename and temporary path. */
async function openSession(app: FastifyInstance, auth: AuthContext, siteId: number, f: ChunkFields, chunkBytes: number): Promise<Session> {
  await dropStaleSessions(app, auth.adminId);

  const basename = randomBytes(16).toString('hex');
  const shared = chunksShared(app);
  if (!shared) startRunningHash(basename);
  const [session] = await app.ctx.db
    .insert(uploadSessions)
    .values({
      basename,
      tempPath: `uploads/${basename}`,
      siteId,
      adminId: auth.adminId,
      name: f.resource_name,
      type: f.resource_type ?? 0,
      cateId: f.attachment_cate_id,
      chunkTotal: f.chunk_total,
      size: f.resource_size ?? 0,
      hash: f.resource_hash ?? '',
    })
    .returning();
  const dir = sessionDir(app.ctx.config.sharedDir, session!);
  await fs.mkdir(dir, { recursive: true });
  if (shared) await fs.writeFile(chunkSizeFile(dir), String(chunkBytes));
  keepLive(app, session!, chunkBytes);
  return session!;
}

/** Every chunk but the last is exactly chunk_size KB; the last one is what remains of the announced size. */
function checkChunkSize(session: Pick<Session, 'chunkTotal' | 'size'>, index: number, bytes: number, chunkBytes: number) {
  const field = { issues: [{ field: 'resource_chunk' }] };
  if (index < session.chunkTotal) {
    if (bytes !== chunkBytes) throw badRequest('attachment.chunkSize', { size: chunkBytes }, field);
    return;
  }
  const expected = session.size > 0 ? session.size - (session.chunkTotal - 1) * chunkBytes : undefined;
  if (expected !== undefined && bytes !== expected) throw badRequest('attachment.lastChunkSize', { size: expected }, field);
  if (bytes < 1 || bytes > chunkBytes) throw badRequest('attachment.chunkSize', { size: chunkBytes }, field);
}

/** Records one chunk; the call that brings the last missing one assembles and stores the file. */
export async function receiveChunk(
  app: FastifyInstance,
  auth: AuthContext,
  siteIdOfRequest: () => number,
  f: ChunkFields,
  chunk: (WrittenFile & { placement?: Placement }) | null,
  settings: SettingsOnce,
): Promise<ChunkOutcome> {
  if (!chunk) throw badRequest('attachment.fileRequired', {}, { issues: [{ field: 'resource_chunk' }] });
  const fresh = f.resource_temp_basename === '' && f.resource_temp_path === '';
  const placed = chunk.placement as ChunkPlacement | undefined;
  let known: LiveUpload | null = null;
  let siteId = 0;
  let chunkBytes: number;
  if (placed && (placed.session.basename !== f.resource_temp_basename || placed.session.tempPath !== f.resource_temp_path || placed.index !== f.chunk_index)) {
    throw new Error('chunk placed for other fields');
  }
  if (fresh) {
    siteId = siteIdOfRequest();
    const current = await settings();
    await checkNewUpload(app, auth, siteId, f, current);
    chunkBytes = current.chunk_size * 1024;
  } else {
    known = placed?.upload ?? (await findUpload(app, auth, f.resource_temp_basename, f.resource_temp_path, settings));
    if (!known) throw unknownSession();
    const s = known.session;
    forbiddenUnlessManaged(auth, s.siteId);
    if (f.chunk_total !== s.chunkTotal) throw badRequest('attachment.chunkTotalChanged', { total: s.chunkTotal }, { issues: [{ field: 'chunk_total' }] });
    if (f.chunk_index > s.chunkTotal) throw badRequest('attachment.chunkIndex', { index: f.chunk_index, total: s.chunkTotal }, { issues: [{ field: 'chunk_index' }] });
    chunkBytes = known.chunkBytes;
  }
  // Sizes are checked against the request before a session is opened for it.
  checkChunkSize(known?.session ?? { chunkTotal: f.chunk_total, size: f.resource_size ?? 0 }, f.chunk_index, chunk.size, chunkBytes);
  const session = known?.session ?? (await openSession(app, auth, siteId, f, chunkBytes));

  const dir = sessionDir(app.ctx.config.sharedDir, session);
  const file = dataFile(dir);
  const start = (f.chunk_index - 1) * chunkBytes;
  let fed: Hash | null;
  dropRunningHashIfRewritten(session.basename, f.chunk_index);
  if (placed) {
    if (placed.file !== file || placed.start !== start) throw new Error('chunk placed elsewhere');
    fed = placed.hash;
  } else {
    // Accepted: copied into place (one writer per chunk at a time).
    const lock = await lockChunk(app, session.basename, f.chunk_index);
    try {
      fed = hashFor(session.basename, f.chunk_index);
      await fs.mkdir(dir, { recursive: true });
      await writeStreamAt(createReadStream(chunk.file, { highWaterMark: 1024 * 1024 }), file, start, fed);
      // The last chunk ends the file (a longer copy of it refused earlier may have been written there).
      if (f.chunk_index === session.chunkTotal) await fs.truncate(file, start + chunk.size);
    } finally {
      await lock.release();
    }
  }
  if (placed && f.chunk_index === session.chunkTotal) await fs.truncate(file, start + chunk.size);
  // Recorded in memory; the row catches up every SAVE.chunks chunks and soon after the last one.
  const upload = liveOf(app).get(session.basename) ?? (await findUpload(app, auth, session.basename, session.tempPath, settings));
  if (!upload) throw unknownSession();
  upload.received.add(f.chunk_index);
  upload.unsaved++;
  afterWrite(session.basename, f.chunk_index, fed);
  if (chunksShared(app)) {
    // Recorded at once; what the row then holds (every server's chunks) decides whether the file is complete.
    const row = await recordChunk(app, upload, f.chunk_index);
    if (!row) throw unknownSession();
    if (row.received.length < session.chunkTotal) return { done: false, progress: progressOf(upload) };
  } else if (upload.received.size < session.chunkTotal) {
    if (upload.unsaved >= SAVE.chunks) {
      if (!(await saveLive(app, upload))) throw unknownSession();
    } else saveLater(app, upload);
    return { done: false, progress: progressOf(upload) };
  }

  // The request that deletes the session owns the assembly; a concurrent last chunk just reports progress.
  const [claimed] = await app.ctx.db.delete(uploadSessions).where(eq(uploadSessions.id, upload.session.id)).returning();
  if (!claimed) {
    // Shared: the row was complete a moment ago, so a request on another server (or here) claimed it.
    if (chunksShared(app)) {
      forgetLive(app, session.basename);
      return { done: false, progress: progressOf(upload) };
    }
    // The row is gone while this process still kept the upload (dropped elsewhere): the upload is unknown.
    if (liveOf(app).get(session.basename) === upload) {
      forgetLive(app, session.basename);
      throw unknownSession();
    }
    return { done: false, progress: progressOf(upload) };
  }
  forgetLive(app, session.basename);
  return { done: true, file: await completeUpload(app, { ...claimed, received: [...upload.received] }, upload.chunkBytes, await settings()) };
}

async function completeUpload(app: FastifyInstance, session: Session, chunkBytes: number, settings: UploadSettings): Promise<UploadedFile> {
  const dir = sessionDir(app.ctx.config.sharedDir, session);
  let keepForRetry = false;
  try {
    const assembled = await assemble(dir, session.basename, chunkBytes);
    if (session.size > 0 && assembled.size !== session.size) throw badRequest('attachment.sizeMismatch', { size: session.size });
    if (session.hash && assembled.sha256 !== session.hash) throw badRequest('attachment.hashMismatch');
    return await ingestFile(
      app,
      { file: assembled.file, name: session.name, size: assembled.size, sha256: assembled.sha256 },
      { siteId: session.siteId, adminId: session.adminId, cateId: session.cateId, type: session.type || undefined, reduceImg: false, settings, pluginHooks: true },
    );
  } catch (err) {
    // A refused file is final; anything else (storage down) keeps the chunks so the last one can be re-sent.
    if (!(err instanceof ApiError)) {
      keepForRetry = true;
      await unshare(dataFile(dir));
      const { id: _id, ...again } = session;
      // Read again from the new row by the next chunk (this process forgot the upload when it claimed it).
      await app.ctx.db.insert(uploadSessions).values({ ...again, received: session.received.filter((i) => i !== session.chunkTotal) }).catch(() => (keepForRetry = false));
    }
    throw err;
  } finally {
    if (!keepForRetry) await removeQuietly(dir);
  }
}

/**
 * The complete file and its SHA-256: the running hash where the chunks came in order, finished with the
 * bytes it has not seen, streamed from disk (never a whole-file buffer). The file handed on is a hard
 * link to the chunks' file, so a failed store can keep the chunks for a retry.
 */
async function assemble(dir: string, basename: string, chunkBytes: number): Promise<WrittenFile> {
  const data = dataFile(dir);
  // A session begun before chunks were written into place kept numbered .part files: put them in place.
  const legacy = (await fs.readdir(dir)).filter((n) => /^\d+\.part$/.test(n));
  for (const part of legacy) await writeStreamAt(createReadStream(path.join(dir, part)), data, (parseInt(part, 10) - 1) * chunkBytes, null);
  const running = legacy.length ? undefined : runningHashes.get(basename);
  runningHashes.delete(basename);
  const { size } = await fs.stat(data);
  const hash = running?.hash ?? createHash('sha256');
  const from = running ? (running.next - 1) * chunkBytes : 0;
  if (from < size) for await (const piece of createReadStream(data, { start: from, highWaterMark: 1024 * 1024 })) hash.update(piece as Buffer);
  const file = path.join(dir, 'assembled');
  await fs.link(data, file).catch(() => fs.copyFile(data, file));
  return { file, size, sha256: hash.digest('hex') };
}

/** Gives the chunks' file an inode of its own again (it may share one with a stored copy). */
async function unshare(file: string) {
  const stat = await fs.stat(file).catch(() => null);
  if (!stat || stat.nlink < 2) return;
  await fs.copyFile(file, `${file}.copy`);
  await fs.rename(`${file}.copy`, file);
}

/**
 * Drops sessions idle for a day and the caller's oldest beyond SESSIONS_PER_ADMIN, with their chunks;
 * also chunk directories and stray temporary files no session owns any more (left by a crash).
 */
async function dropStaleSessions(app: FastifyInstance, adminId: number) {
  const db = app.ctx.db;
  const cutoff = new Date(Date.now() - SESSION_TTL_MS);
  const stale = await db.delete(uploadSessions).where(lt(uploadSessions.updatedAt, cutoff)).returning({ basename: uploadSessions.basename });
  const own = await db
    .select({ id: uploadSessions.id, basename: uploadSessions.basename })
    .from(uploadSessions)
    .where(eq(uploadSessions.adminId, adminId))
    .orderBy(desc(uploadSessions.updatedAt), desc(uploadSessions.id))
    .offset(SESSIONS_PER_ADMIN - 1);
  if (own.length) await db.delete(uploadSessions).where(inArray(uploadSessions.id, own.map((s) => s.id)));
  for (const s of [...stale, ...own]) {
    runningHashes.delete(s.basename);
    forgetLive(app, s.basename);
  }
  const sharedDir = app.ctx.config.sharedDir;
  await Promise.all([...stale, ...own].map((s) => removeQuietly(sessionDir(sharedDir, s))));
  await removeOrphans(app, cutoff);
}

/**
 * Removes what no session row names and nothing has touched for SESSION_TTL_MS: chunk folders in the shared
 * folder (another server's live upload has its row, or was opened after the rows were read and so is new)
 * and this server's own temporary files. A folder counts as touched when its chunks' file was written.
 */
async function removeOrphans(app: FastifyInstance, cutoff: Date) {
  const live = new Set((await app.ctx.db.select({ basename: uploadSessions.basename }).from(uploadSessions)).map((s) => s.basename));
  for (const root of [sessionsDir(app.ctx.config.sharedDir), incomingDir(app.ctx.config.dataDir)]) {
    for (const name of await fs.readdir(root).catch(() => [] as string[])) {
      if (live.has(name)) continue;
      const entry = path.join(root, name);
      const stat = await fs.stat(entry).catch(() => null);
      if (!stat || stat.mtime >= cutoff) continue;
      const data = stat.isDirectory() ? await fs.stat(dataFile(entry)).catch(() => null) : null;
      if (data && data.mtime >= cutoff) continue;
      await removeQuietly(entry);
    }
  }
}


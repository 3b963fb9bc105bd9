import fs from 'node:fs/promises';
import { and, eq, like, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { attachments } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type { Storage } from '../../services/storage';
import { ApiError } from '../../http/errors';
import { ATTACHMENT_TYPE } from '../../../models/attachment';
import type { UploadedFile } from '../../../models/content';
import type { UploadSettings } from '../../../models/uploadSettings';
import { displayName } from './formats';
import { inspectFile, type Inspected } from './inspect';
import { sanitizeSvg } from './svg';
import { hashFile, removeQuietly } from './tempFiles';
import { notify, wants } from '../../pluginHost/hookPoints';

// A file received in full (one request, or assembled from chunks) becomes an attachment: checked,
// sanitised or downscaled where asked, stored once per content hash, recorded for the site.

/** reduce_img=1 narrows images wider than this (keeping the original when that is not smaller). */
export const REDUCE_IMG_WIDTH = 1920;
const REDUCIBLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

export interface ReceivedFile {
  /** A temporary file this call owns: moved into storage or removed. */
  file: string;
  name: string;
  size: number;
  sha256: string;
}

export interface IngestTarget {
  siteId: number;
  adminId: number | null;
  cateId: number;
  /** Declared attachment type (1-5), if any. */
  type?: number;
  reduceImg: boolean;
  settings: UploadSettings;
  /** Admin uploads (one request or chunked) run the plugins' upload.beforeStore and upload.stored hooks. */
  pluginHooks?: boolean;
}

export async function ingestFile(app: FastifyInstance, received: ReceivedFile, target: IngestTarget): Promise<UploadedFile> {
  const made: string[] = [];
  try {
    const inspected = await inspectFile(received.file, { name: received.name, size: received.size, type: target.type }, target.settings);
    let current = { file: received.file, size: received.size, sha256: received.sha256 };
    if (inspected.svg) current = await sanitizedCopy(current.file, made);
    else if (target.reduceImg && inspected.kind === 'image') current = await reducedCopy(current, inspected, target.settings, made);
    if (target.pluginHooks) current = await pluginCopy(app, current, inspected, received.name, target.siteId, made);
    const stored = await store(app, current, inspected, received.name, target);
    if (target.pluginHooks) {
      notify(app.ctx.plugins, 'upload.stored', () => ({ siteId: target.siteId, attachmentId: stored.id, url: stored.url, mime: inspected.mime, size: current.size }));
    }
    return stored;
  } finally {
    await Promise.all([received.file, ...made].map(removeQuietly));
  }
}

async function sanitizedCopy(file: string, made: string[]) {
  const clean = sanitizeSvg(await fs.readFile(file, 'utf8'));
  if (clean === null) throw new ApiError(415, 'attachment.badSvg');
  const out = `${file}.clean.svg`;
  made.push(out);
  await fs.writeFile(out, clean);
  return { file: out, ...(await hashFile(out)) };
}

async function reducedCopy(current: { file: string; size: number; sha256: string }, inspected: Inspected, settings: UploadSettings, made: string[]) {
  if (!REDUCIBLE.has(inspected.mime) || !inspected.width || inspected.width <= REDUCE_IMG_WIDTH) return current;
  const out = `${current.file}.reduced`;
  made.push(out);
  try {
    await sharp(current.file, { limitInputPixels: settings.image_max_pixels })
      .rotate()
      .resize({ width: REDUCE_IMG_WIDTH, withoutEnlargement: true })
      .toFile(out);
  } catch {
    throw new ApiError(415, 'attachment.badImage');
  }
  const reduced = await hashFile(out);
  return reduced.size < current.size ? { file: out, ...reduced } : current;
}

/** upload.beforeStore: the bytes the last enabled plugin that answered put in place of the upload's (same format). */
async function pluginCopy(app: FastifyInstance, current: { file: string; size: number; sha256: string }, inspected: Inspected, name: string, siteId: number, made: string[]) {
  const host = app.ctx.plugins;
  if (!wants(host, 'upload.beforeStore')) return current;
  let bytes: Buffer = await fs.readFile(current.file);
  let changed = false;
  for (const { result } of await host.run('upload.beforeStore', { siteId, name, mime: inspected.mime, bytes })) {
    if (Buffer.isBuffer(result) && result.length > 0) {
      bytes = result;
      changed = true;
    }
  }
  if (!changed) return current;
  const out = `${current.file}.plugin`;
  made.push(out);
  await fs.writeFile(out, bytes);
  return { file: out, ...(await hashFile(out)) };
}

/** Year and month folders keep directories small; the hash names the bytes, so equal files share a key. */
export function storageKey(siteId: number, sha256: string, ext: string, now = new Date()): string {
  return `${siteId}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${sha256}.${ext}`;
}

async function store(
  app: FastifyInstance,
  current: { file: string; size: number; sha256: string },
  inspected: Inspected,
  name: string,
  target: IngestTarget,
): Promise<UploadedFile> {
  const db = app.ctx.db;
  const storage = await app.storageFor(db);
  // The same bytes in the same format are stored once: a later upload points at the stored copy.
  const [same] = await db
    .select({ path: attachments.path, url: attachments.url })
    .from(attachments)
    .where(and(eq(attachments.hash, current.sha256), eq(attachments.storage, storage.kind), ne(attachments.path, ''), like(attachments.path, `%.${inspected.ext}`)))
    .limit(1);
  let key = same?.path;
  let url = same?.url;
  const stored = !key || !url;
  if (!key || !url) {
    key = storageKey(target.siteId, current.sha256, inspected.ext);
    url = await storage.putFile(key, current.file, inspected.mime);
  }
  try {
    return await insertRow(db, storage.kind, key, url, current, inspected, name, target);
  } catch (err) {
    // The row could not be written: the file stored for it goes too, unless a row written meanwhile (the same
    // bytes uploaded at once by someone else) points at it. The database row and the file never disagree.
    if (stored) await removeUnreferenced(db, storage, key).catch((e: unknown) => app.log.error({ err: e, key }, 'upload: could not remove the file of a row that failed'));
    throw err;
  }
}

async function removeUnreferenced(db: Executor, storage: Storage, key: string) {
  const [used] = await db
    .select({ id: attachments.id })
    .from(attachments)
    .where(and(eq(attachments.storage, storage.kind), eq(attachments.path, key)))
    .limit(1);
  if (!used) await storage.delete(key);
}

async function insertRow(
  db: Executor,
  kind: number,
  key: string,
  url: string,
  current: { size: number; sha256: string },
  inspected: Inspected,
  name: string,
  target: IngestTarget,
): Promise<UploadedFile> {
  const [row] = await db
    .insert(attachments)
    .values({
      siteId: target.siteId,
      cateId: target.cateId,
      name: displayName(name),
      url,
      type: ATTACHMENT_TYPE[inspected.kind],
      storage: kind,
      path: key,
      mime: inspected.mime,
      size: current.size,
      hash: current.sha256,
      createdBy: target.adminId,
    })
    .returning({ id: attachments.id, name: attachments.name, url: attachments.url });
  return row!;
}

import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { settings } from '../../server/db/schema/index';
import { UploadSettings } from '../../models/uploadSettings';
import type { TestApp, ApiResponse } from './app';

// Files and calls of the attachment tests: multipart uploads over real HTTP, chunks, upload settings.

export interface Caller {
  token: string;
  siteId: number;
  language?: string;
}

const headersOf = (c: Caller) => {
  const h: Record<string, string> = { 'x-token': c.token, 'x-site-id': String(c.siteId) };
  if (c.language) h['x-language'] = c.language;
  return h;
};

async function postForm<T>(t: TestApp, c: Caller, url: string, form: FormData): Promise<ApiResponse<T>> {
  const res = await fetch(`${t.url}/api${url}`, { method: 'POST', headers: headersOf(c), body: form });
  const text = await res.text();
  try {
    return { ...JSON.parse(text), status: res.status };
  } catch {
    return { code: res.status, msg: text, data: null as T, status: res.status };
  }
}

/** POST /attachment/uploadAndSave with one file and the given fields. */
export function uploadFile<T = { id: number; name: string; url: string }>(
  t: TestApp,
  c: Caller,
  file: { name: string; bytes: Uint8Array; mime?: string },
  fields: Record<string, string | number> = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  form.append('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: file.mime ?? 'application/octet-stream' }), file.name);
  return postForm<T>(t, c, '/attachment/uploadAndSave', form);
}

/** POST /attachment/sliceUploadAndSave with one chunk (fields first, as browsers send them). */
export function sendChunk<T = any>(t: TestApp, c: Caller, fields: Record<string, string | number>, chunk: Uint8Array | null) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  if (chunk) form.append('resource_chunk', new Blob([chunk as Uint8Array<ArrayBuffer>]), 'blob');
  return postForm<T>(t, c, '/attachment/sliceUploadAndSave', form);
}

/** Stores the 'upload' system setting (the defaults plus these changes). */
export async function setUploadSettings(t: TestApp, changes: Record<string, unknown> = {}) {
  const value = UploadSettings.parse(changes);
  await t.db
    .insert(settings)
    .values({ key: 'upload', value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  return value;
}

/** The bytes served at a stored file's public URL (404 answers null). */
export async function fetchStored(t: TestApp, url: string): Promise<Buffer | null> {
  const res = await fetch(new URL(url, t.url));
  return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
}

/** Every file under the app's upload folder, relative to its data folder, sorted (what an upload left on disk). */
export async function storedUploads(t: TestApp): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await fs.readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else out.push(path.relative(t.dataDir, p));
    }
  };
  await walk(path.join(t.dataDir, 'uploads'));
  return out.sort();
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A real raster image of the given size (noise makes sizes realistic; solid keeps big ones small). */
export function image(format: 'png' | 'jpeg' | 'webp' | 'gif', width: number, height: number, opts: { solid?: boolean; seed?: number } = {}) {
  const base = sharp({ create: { width, height, channels: 3, background: { r: (opts.seed ?? 40) % 256, g: 120, b: 200 }, ...(opts.solid ? {} : { noise: { type: 'gaussian', mean: 128, sigma: 30 } }) } });
  return base.toFormat(format, format === 'png' ? { compressionLevel: 9 } : {}).toBuffer();
}

/** A 2×2 24-bit BMP (sharp cannot write BMP). */
export function bmp(width = 2, height = 2): Buffer {
  const row = Math.ceil((width * 3) / 4) * 4;
  const pixels = row * height;
  const b = Buffer.alloc(54 + pixels, 0x80);
  b.write('BM', 0, 'ascii');
  b.writeUInt32LE(54 + pixels, 2);
  b.writeUInt32LE(0, 6);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(width, 18);
  b.writeInt32LE(height, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(0, 30);
  b.writeUInt32LE(pixels, 34);
  return b;
}

/** An MP4 header (ftyp isom) followed by filler: what file-type recognises as video/mp4. */
export function mp4(bytes = 4096, fill = 7): Buffer {
  const head = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41')]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length), fill)]);
}

export const pdf = (extra = '') => Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n${extra}\ntrailer\n<<>>\n%%EOF\n`);
export const exe = () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]);
export const elf = () => Buffer.concat([Buffer.from([0x7f]), Buffer.from('ELF'), Buffer.from([2, 1, 1]), Buffer.alloc(200)]);
export const html = () => Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

/** The bytes cut into chunks of `size` bytes (the last one shorter), 1-based as the protocol counts. */
export function chunksOf(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += size) out.push(bytes.subarray(start, Math.min(start + size, bytes.length)));
  return out;
}

export type ChunkToken = {
  resource_temp_basename: string;
  resource_temp_path: string;
};

/**
 * Sends the chunks of a file in the given order (default 1..n), carrying the token the first answer
 * issues. Answers every response; the last one completes the upload when all went well.
 */
export async function uploadInChunks(
  t: TestApp,
  c: Caller,
  file: { name: string; bytes: Uint8Array; chunkBytes: number; type?: number },
  opts: { order?: number[]; extra?: Record<string, string | number>; token?: ChunkToken } = {},
) {
  const chunks = chunksOf(file.bytes, file.chunkBytes);
  const order = opts.order ?? chunks.map((_, i) => i + 1);
  let token: ChunkToken = opts.token ?? { resource_temp_basename: '', resource_temp_path: '' };
  const responses: Array<ApiResponse<any>> = [];
  for (const index of order) {
    const res = await sendChunk(
      t,
      c,
      {
        chunk_total: chunks.length,
        chunk_index: index,
        ...token,
        resource_name: file.name,
        ...(file.type ? { resource_type: file.type } : {}),
        resource_size: file.bytes.length,
        ...opts.extra,
      },
      chunks[index - 1]!,
    );
    responses.push(res);
    if (res.code === 1 && res.data?.resource_temp_basename) token = { resource_temp_basename: res.data.resource_temp_basename, resource_temp_path: res.data.resource_temp_path };
    if (res.code !== 1) break;
  }
  return { responses, last: responses[responses.length - 1]!, token };
}

import { createHash, randomUUID, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// Temporary files of uploads: single requests land in <dataDir>/tmp/incoming (each server its own), chunked
// uploads keep their chunks in <sharedDir>/tmp/uploads/<session basename>, where every server of a cluster
// finds them (sharedDir is dataDir on one server). Every path here is made by the server.

export const incomingDir = (dataDir: string) => path.join(dataDir, 'tmp', 'incoming');
export const sessionsDir = (sharedDir: string) => path.join(sharedDir, 'tmp', 'uploads');

/** Directories this process made or found (an upload request need not ask the file system again). */
const madeDirs = new Set<string>();

/** A fresh file name in tmp/incoming (the directory exists afterwards). */
export async function incomingFile(dataDir: string): Promise<string> {
  const dir = incomingDir(dataDir);
  if (!madeDirs.has(dir)) {
    await fs.mkdir(dir, { recursive: true });
    madeDirs.add(dir);
  }
  return path.join(dir, randomUUID());
}


/** Passes bytes through while counting and hashing them. */
export class HashingTap extends Transform {
  readonly hash: Hash = createHash('sha256');
  bytes = 0;
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    done(null, chunk);
  }
}

export interface WrittenFile {
  file: string;
  size: number;
  sha256: string;
}

/**
 * Passes bytes through while counting them (and feeding a hash when given one). Beyond `limit` bytes
 * nothing more is passed on (nor hashed), only counted: the caller sees `bytes > limit` and refuses.
 */
class CountingTap extends Transform {
  bytes = 0;
  constructor(
    readonly hash: Hash | null,
    readonly limit = Infinity,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void) {
    const room = this.limit - this.bytes;
    this.bytes += chunk.length;
    if (room >= chunk.length) {
      this.hash?.update(chunk);
      done(null, chunk);
      return;
    }
    const kept = chunk.subarray(0, Math.max(0, room));
    this.hash?.update(kept);
    done(null, kept.length ? kept : undefined);
  }
}

/**
 * Streams a request's file part to disk, hashing on the way unless `hash: false` (a chunk's own hash is
 * never used: the assembled file's is): never the whole file in memory. A temp directory removed since
 * it was made is made again.
 */
export async function writeStreamToFile(source: Readable, file: string, opts: { hash?: boolean; limit?: number } = {}): Promise<WrittenFile> {
  const tap = new CountingTap(opts.hash === false ? null : createHash('sha256'), opts.limit);
  const handle = await fs.open(file, 'w').catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
    madeDirs.delete(path.dirname(file));
    await fs.mkdir(path.dirname(file), { recursive: true });
    return fs.open(file, 'w');
  });
  // The stream owns the handle and closes it, whatever happens.
  await pipeline(source, tap, handle.createWriteStream({ highWaterMark: 1024 * 1024 }));
  return { file, size: tap.bytes, sha256: tap.hash ? tap.hash.digest('hex') : '' };
}

/**
 * Streams bytes into an existing file at a byte offset (the file is created when missing, never
 * truncated), feeding `hash` when given. Answers the number of bytes the source had: beyond `limit`
 * bytes nothing more is written (nor hashed), so an answer above the limit means a refused, cut write.
 */
export async function writeStreamAt(source: Readable | AsyncIterable<Buffer>, file: string, start: number, hash: Hash | null, limit = Infinity): Promise<number> {
  const handle = await fs.open(file, fs.constants.O_WRONLY | fs.constants.O_CREAT);
  const tap = new CountingTap(hash, limit);
  await pipeline(source, tap, handle.createWriteStream({ start, highWaterMark: 1024 * 1024 }));
  return tap.bytes;
}

/** SHA-256 and size of a file on disk, streamed. */
export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const tap = new HashingTap();
  await pipeline(createReadStream(file), tap, async function* (source) {
    for await (const chunk of source) void chunk;
  });
  return { size: tap.bytes, sha256: tap.hash.digest('hex') };
}

export const removeQuietly = (p: string) => fs.rm(p, { recursive: true, force: true }).catch(() => undefined);

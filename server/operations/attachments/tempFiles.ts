import { createHash, randomUUID, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// Temporary files of uploads, all under <dataDir>/tmp: single requests land in tmp/incoming, chunked
// uploads keep their chunks in tmp/uploads/<session basename>. Every path here is made by the server.

export const incomingDir = (dataDir: string) => path.join(dataDir, 'tmp', 'incoming');
export const sessionsDir = (dataDir: string) => path.join(dataDir, 'tmp', 'uploads');

/** A fresh file name in tmp/incoming (the directory exists afterwards). */
export async function incomingFile(dataDir: string): Promise<string> {
  const dir = incomingDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
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

/** Streams a request's file part to disk, hashing on the way: never the whole file in memory. */
export async function writeStreamToFile(source: Readable, file: string): Promise<WrittenFile> {
  const tap = new HashingTap();
  await pipeline(source, tap, createWriteStream(file));
  return { file, size: tap.bytes, sha256: tap.hash.digest('hex') };
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

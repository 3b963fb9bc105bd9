import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Executor } from '../db/client';
import type { Config } from '../config';

// Where uploaded bytes live: local disk (served at /uploads/ by server/app.ts) or S3-compatible object
// storage (server/services/objectStorage.ts). Which one takes new uploads is a system setting
// (server/services/storageRegistry.ts); each attachment records the kind that holds it.

export interface Storage {
  /** Kind recorded in attachments.storage: 1 local disk, 2-4 object storage kinds (models/attachment.ts STORAGE). */
  readonly kind: number;
  /** Stores the bytes under key (a relative path such as "3/2024/05/abc.png") and answers their public URL. */
  put(key: string, bytes: Uint8Array, mime: string): Promise<string>;
  /**
   * Stores the file at localPath under key without reading it into memory (local disk: moved or copied;
   * object storage: multipart upload streamed from the file) and answers the public URL. Local disk
   * moves the file away; callers remove localPath afterwards either way (fs.rm with force).
   */
  putFile(key: string, localPath: string, mime: string): Promise<string>;
  /** The whole object, into memory: for small files only (the connection test, thumbnails). */
  read(key: string): Promise<Buffer>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The URL the stored key is served at. */
  publicUrl(key: string): string;
}

/** Keys are relative paths of safe segments: no "..", no absolute paths, no odd characters. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  const ok = segments.length > 0 && segments.every((s) => /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(s) && !s.includes('..'));
  if (!ok) throw new Error(`unsafe storage key: ${key}`);
}

export const LOCAL_STORAGE = 1;
export const UPLOADS_PREFIX = '/uploads/';

/**
 * Writes a file under a temporary name beside it and renames it into place once complete: a full disk or a
 * failed copy leaves no half-written file at the public key (the partial one is removed).
 */
async function writeWhole(file: string, write: (part: string) => Promise<unknown>) {
  const part = `${file}.part-${randomUUID()}`;
  try {
    await write(part);
    await fs.rename(part, file);
  } catch (err) {
    await fs.rm(part, { force: true }).catch(() => undefined);
    throw err;
  }
}

/**
 * Where local-disk uploads live: <sharedDir>/uploads (config.sharedDir, default the data folder), so every server of
 * a cluster serves the files another received. Temporary chunks stay in each server's own data folder.
 */
export const localUploadsDir = (config: Pick<Config, 'sharedDir'>) => path.join(config.sharedDir, 'uploads');

/** Files under <sharedDir>/uploads, public at /uploads/<key>. */
export class LocalStorage implements Storage {
  readonly kind = LOCAL_STORAGE;
  constructor(
    readonly root: string,
    readonly publicPrefix: string = UPLOADS_PREFIX,
  ) {}

  private fileOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  publicUrl(key: string): string {
    assertSafeKey(key);
    return this.publicPrefix + key;
  }

  async put(key: string, bytes: Uint8Array): Promise<string> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await writeWhole(file, (part) => fs.writeFile(part, bytes));
    return this.publicUrl(key);
  }

  async putFile(key: string, localPath: string): Promise<string> {
    const file = this.fileOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    try {
      // Same file system: a rename, no bytes copied.
      await fs.rename(localPath, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      // Another device (a temp dir elsewhere): copied as a stream, then the source removed.
      await writeWhole(file, (part) => pipeline(createReadStream(localPath), createWriteStream(part)));
      await fs.rm(localPath, { force: true });
    }
    return this.publicUrl(key);
  }

  read(key: string): Promise<Buffer> {
    return fs.readFile(this.fileOf(key));
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.fileOf(key), { force: true });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where new uploads go now (follows the 'storage' system setting as last loaded by this process). */
    readonly storage: Storage;
    /** Where a new upload goes: re-reads the 'storage' setting first (use it when storing a new file). */
    storageFor(db?: Executor): Promise<Storage>;
    /** The storage that holds files of this kind (attachments.storage); null for network URLs (5) and unknown kinds. */
    storageOfKind(kind: number): Storage | null;
  }
}

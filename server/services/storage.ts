import fs from 'node:fs/promises';
import path from 'node:path';

// Where uploaded bytes live. Local disk for now (served at /uploads/ by server/app.ts); issue 4 adds
// object storage behind the same interface.

export interface Storage {
  /** Kind recorded in attachments.storage: 1 local disk, 2-4 object storage kinds. */
  readonly kind: number;
  /** Stores the bytes under key (a relative path such as "3/2024/05/abc.png") and answers their public URL. */
  put(key: string, bytes: Uint8Array, mime: string): Promise<string>;
  delete(key: string): Promise<void>;
}

/** Keys are relative paths of safe segments: no "..", no absolute paths, no odd characters. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  const ok = segments.length > 0 && segments.every((s) => /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(s) && !s.includes('..'));
  if (!ok) throw new Error(`unsafe storage key: ${key}`);
}

export const LOCAL_STORAGE = 1;
export const UPLOADS_PREFIX = '/uploads/';

/** Files under <dataDir>/uploads, public at /uploads/<key>. */
export class LocalStorage implements Storage {
  readonly kind = LOCAL_STORAGE;
  constructor(
    readonly root: string,
    readonly publicPrefix: string = UPLOADS_PREFIX,
  ) {}

  async put(key: string, bytes: Uint8Array): Promise<string> {
    assertSafeKey(key);
    const file = path.join(this.root, key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, bytes);
    return this.publicPrefix + key;
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await fs.rm(path.join(this.root, key), { force: true });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads are stored (server/app.ts chooses it). */
    storage: Storage;
  }
}

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { insertSite } from '../helpers/fixtures';
import { PNG_1X1, uploadFile } from '../helpers/contentFixtures';
import { startS3, type S3Peer } from '../helpers/s3';
import { attachments, settings } from '../../server/db/schema/index';
import { STORAGE } from '../../models/attachment';
import type { StorageSettings } from '../../models/uploadSettings';
import type { ObjectStorage } from '../../server/services/objectStorage';

// Storage backends against a real S3-compatible server on loopback (s3rver): new uploads go where the
// 'storage' setting says, each attachment remembers its storage, switching never moves files.

// A collector to call between memory samples (vitest does not start node with --expose-gc).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let t: TestApp;
let s3: S3Peer;
let superToken: string;
let site: number;

beforeAll(async () => {
  s3 = await startS3();
  t = await startTestApp();
  superToken = await t.login();
  site = await insertSite(t, 'Storage');
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const useStorage = async (values: Partial<StorageSettings> & { method: StorageSettings['method'] }) => {
  const res = await t.client(superToken).post('/sysSetting/update', { group: 'storage', values });
  expect(res.code, res.msg).toBe(0);
};
const upload = async () => {
  const res = await uploadFile(t, superToken, site, { name: 'photo.png', bytes: PNG_1X1 });
  expect(res.code, res.msg).toBe(0);
  const [row] = await t.db.select().from(attachments).where(eq(attachments.id, res.data.id));
  return { ...res.data, row: row! } as { id: number; url: string; row: typeof attachments.$inferSelect };
};
const onLocalDisk = (key: string) => fs.readFile(path.join(t.dataDir, 'uploads', key)).catch(() => null);

describe('choosing where new uploads go', () => {
  for (const method of ['aliyun', 'qiniu', 'tencent'] as const) {
    it(`after switching to ${method} storage an upload lands in the bucket at the provider URL`, async () => {
      await useStorage(s3.settings(method));
      const file = await upload();
      const base = `${s3.endpoint}/${s3.bucket}/`;
      expect(file.url.startsWith(base), file.url).toBe(true);
      const key = file.url.slice(base.length);
      expect(file.row).toMatchObject({ storage: STORAGE[method], path: key, url: file.url });
      expect(await s3.object(key)).toEqual(PNG_1X1);
      expect(await onLocalDisk(key)).toBeNull();
      // The provider serves it at that URL (s3rver answers signed reads only, so read through the API).
      expect((await t.app.storageOfKind(STORAGE[method])!.read(key)).equals(PNG_1X1)).toBe(true);
    });
  }

  it('a root address gives public URLs on that host with the protocol header', async () => {
    await useStorage(s3.settings('aliyun', { root_url: 'https://cdn.example.com/', protocol: 'https' }));
    const file = await upload();
    expect(file.url).toBe(`https://cdn.example.com/${file.row.path}`);
    expect(await s3.object(file.row.path)).toEqual(PNG_1X1);
    await useStorage(s3.settings('aliyun', { root_url: 'img.example.org', protocol: 'http' }));
    expect((await upload()).url).toMatch(/^http:\/\/img\.example\.org\/\d+\/\d{4}\/\d{2}\/[\w-]+\.png$/);
  });

  it('switching back to local storage affects only new uploads', async () => {
    await useStorage(s3.settings('tencent'));
    const before = await upload();
    await useStorage({ method: 'local' });
    const after = await upload();

    expect(after.url).toBe(`/uploads/${after.row.path}`);
    expect(after.row.storage).toBe(STORAGE.local);
    expect(await onLocalDisk(after.row.path)).toEqual(PNG_1X1);
    expect(await s3.object(after.row.path)).toBeNull();
    expect((await fetch(t.url + after.url)).status).toBe(200);

    // The earlier file stays in the bucket, and its attachment still says so.
    const [earlier] = await t.db.select().from(attachments).where(eq(attachments.id, before.id));
    expect(earlier).toMatchObject({ storage: STORAGE.tencent, url: before.url });
    expect(await s3.object(before.row.path)).toEqual(PNG_1X1);
  });

  it('a file stays deletable from the provider that holds it after switching to another one', async () => {
    await useStorage(s3.settings('qiniu'));
    const held = await upload();
    await useStorage(s3.settings('aliyun', { bucket: 'another-bucket' }));
    // Deleting uses the storage of the attachment's kind, with the settings last saved for it.
    const holder = t.app.storageOfKind(held.row.storage)!;
    expect(holder.kind).toBe(STORAGE.qiniu);
    await holder.delete(held.row.path);
    expect(await s3.object(held.row.path)).toBeNull();
    expect(t.app.storageOfKind(STORAGE.network)).toBeNull();
    expect(t.app.storageOfKind(STORAGE.local)!.kind).toBe(STORAGE.local);
    await useStorage({ method: 'local' });
  });

  it('a setting changed by another server process is followed by the next upload', async () => {
    await useStorage({ method: 'local' });
    // Another process writes the setting; this one learns it when it next stores a file.
    await t.db.update(settings).set({ value: s3.settings('tencent') }).where(eq(settings.key, 'storage'));
    expect(t.app.storage.kind).toBe(STORAGE.local);
    expect((await t.app.storageFor()).kind).toBe(STORAGE.tencent);
    expect(t.app.storage.kind).toBe(STORAGE.tencent);
    await useStorage({ method: 'local' });
  });

  it('keys that could escape the storage are refused by every storage', async () => {
    await useStorage(s3.settings('aliyun'));
    for (const storage of [t.app.storageOfKind(STORAGE.local)!, t.app.storageOfKind(STORAGE.aliyun)!]) {
      for (const key of ['../x.png', '/etc/passwd', 'a/../../b', 'a//b', '.hidden', 'a b.png']) {
        await expect(storage.put(key, PNG_1X1, 'image/png'), key).rejects.toThrow(/unsafe storage key/);
      }
    }
    await useStorage({ method: 'local' });
  });
});

describe('storing a large file from disk', () => {
  const MB = 1024 * 1024;
  /**
   * Big enough that holding it whole would stand out from what streaming keeps alive (two or three
   * 5 MB parts on the client, the part s3rver is receiving in this same process), small enough for
   * s3rver to take in a few seconds.
   */
  // Large enough that a file held whole stands well above what streaming it costs: two 5 MB parts in flight on
  // each side (the client, and the loopback S3 server running in this process) with their buffers.
  const FILE_MB = 96;
  let dir: string;
  let file: string;
  let digest: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-big-'));
    file = path.join(dir, 'big.bin');
    const handle = await fs.open(file, 'w');
    const hash = createHash('sha256');
    for (let i = 0; i < FILE_MB; i++) {
      const chunk = randomBytes(MB);
      hash.update(chunk);
      await handle.write(chunk);
    }
    await handle.close();
    digest = hash.digest('hex');
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  /**
   * Live memory (heap plus buffers) after a forced collection. A full collection takes a good part of
   * a second on a busy machine, so it is sampled only at the start and once per part sent.
   */
  const live = () => {
    gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };

  it(`a ${FILE_MB} MB file streams to object storage in parts, two at a time, without being held in memory`, async () => {
    await useStorage(s3.settings('aliyun'));
    const storage = t.app.storage as ObjectStorage;
    // Count the multipart requests as the S3 client sends them.
    let parts = 0;
    let peak = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    const name = `count-parts-${Date.now()}`;
    storage.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName !== 'UploadPartCommand') return next(args);
        // While parts are in flight (every other one, collections are slow): a file held whole would be alive here.
        if (parts++ % 2 === 0) peak = Math.max(peak, live());
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        try {
          return await next(args);
        } finally {
          inFlight--;
        }
      },
      { step: 'initialize', name },
    );
    const copy = path.join(dir, 'copy.bin');
    await fs.copyFile(file, copy);
    let url = '';
    const base = live();
    try {
      url = await storage.putFile('streamed/big.bin', copy, 'application/octet-stream');
      const growth = peak - base;
      expect(growth, `grew by ${(growth / MB).toFixed(1)} MB`).toBeLessThan((FILE_MB * MB * 2) / 3);
    } finally {
      storage.client.middlewareStack.remove(name);
    }
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/streamed/big.bin`);
    expect(parts).toBe(Math.ceil(FILE_MB / 5));
    expect(maxInFlight).toBeLessThanOrEqual(2);
    const stored = await s3.object('streamed/big.bin');
    expect(stored?.length).toBe(FILE_MB * MB);
    expect(createHash('sha256').update(stored!).digest('hex')).toBe(digest);
    await useStorage({ method: 'local' });
  }, 60_000);

  it(`a ${FILE_MB} MB file is moved onto local storage without being read`, async () => {
    const storage = t.app.storageOfKind(STORAGE.local)!;
    // The temporary file lives under the data dir, on the same file system as the uploads.
    const copy = path.join(t.dataDir, 'local.bin');
    await fs.copyFile(file, copy);
    const inode = (await fs.stat(copy)).ino;
    const url = await storage.putFile('moved/big.bin', copy, 'application/octet-stream');
    expect(url).toBe('/uploads/moved/big.bin');
    const target = path.join(t.dataDir, 'uploads', 'moved', 'big.bin');
    // Renamed, not copied: the same inode, and the source is gone.
    expect((await fs.stat(target)).ino).toBe(inode);
    await expect(fs.stat(copy)).rejects.toThrow(/ENOENT/);
    const stored = await fs.readFile(target);
    expect(createHash('sha256').update(stored).digest('hex')).toBe(digest);
  }, 60_000);
});

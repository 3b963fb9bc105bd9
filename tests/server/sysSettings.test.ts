import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole, insertSite } from '../helpers/fixtures';
import { fetchStored, image, mp4, pdf, sha256, uploadFile, uploadInChunks, setUploadSettings, type Caller } from '../helpers/attachmentFixtures';
import { startS3, S3_SECRET, type S3Peer } from '../helpers/s3';
import { attachments, optLogs } from '../../server/db/schema/index';
import { STORAGE } from '../../models/attachment';
import type { SysSettingsView } from '../../models/sysSettings';
import type { StorageSettings } from '../../models/uploadSettings';

// System settings (/SysSetting/index): upload limits for admins of the menu, storage for super-admins
// only, secrets write-only; switching storage affects new uploads only (issue 4 "Storage backends").

let t: TestApp;
let s3: S3Peer;
let superToken: string;
let site: number;
let settingsAdmin: { token: string };
let uploader: { token: string };
beforeAll(async () => {
  s3 = await startS3();
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  superToken = await t.login();
  site = await insertSite(t, 'Sys');
  settingsAdmin = await adminWithRole(t, superToken, ['sysSetting', 'attachmentCate'], { site_ids: [site] });
  uploader = await adminWithRole(t, superToken, ['attachmentCate'], { site_ids: [site] });
});
afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

const as = (token: string, language?: string) => t.client(token, { siteId: site, language });
const view = async (token = superToken) => {
  const res = await as(token).get<SysSettingsView>('/sysSetting/index');
  expect(res.code, res.msg).toBe(0);
  return res.data;
};
const update = (group: string, values: Record<string, unknown>, token = superToken, language = 'en') => as(token, language).post('/sysSetting/update', { group, values });
async function useStorage(values: Partial<StorageSettings> & { method: StorageSettings['method'] }) {
  const res = await update('storage', values);
  expect(res.code, res.msg).toBe(0);
}
const c = (): Caller => ({ token: superToken, siteId: site });
const rowOf = async (id: number) => (await t.db.select().from(attachments).where(eq(attachments.id, id)))[0]!;

describe('reading and saving system settings', () => {
  it('a super-admin reads every group with the defaults of the spec', async () => {
    const data = await view();
    expect(data.upload).toMatchObject({ chunk_size: 2048, image: { formats: ['jpeg', 'jpg', 'png', 'svg', 'gif', 'bmp', 'webp'] } });
    expect(data.storage).toMatchObject({ method: 'local', secret_access_key: '', secret_set: false });
    expect(data.site).toEqual({ copyright: expect.any(String), filing_number: expect.any(String) });
    expect(data.session).toEqual({ single_login: false });
  });

  it('upload settings are saved and validated field by field', async () => {
    const res = await update('upload', { chunk_size: 1024, chunk_condition: 4096, image: { max_kb: 500, formats: ['PNG', 'jpg'] } }, settingsAdmin.token);
    expect(res.code, res.msg).toBe(0);
    const data = await view(settingsAdmin.token);
    expect(data.upload).toMatchObject({ chunk_size: 1024, chunk_condition: 4096, image: { max_kb: 500, formats: ['png', 'jpg'] }, video: { max_kb: 1024 * 1024 } });
    const bad = await update('upload', { chunk_size: 10 }, settingsAdmin.token);
    expect([bad.status, JSON.stringify(bad.data)]).toEqual([400, expect.stringContaining('values.chunk_size')]);
    const badFormat = await update('upload', { file: { formats: ['../exe'] } }, settingsAdmin.token);
    expect(badFormat.status).toBe(400);
    expect((await update('nothing', {})).status).toBe(400);
    await setUploadSettings(t);
  });

  it('storage and session belong to super-admins: others neither see nor change them', async () => {
    const data = await view(settingsAdmin.token);
    expect(data.storage).toBeNull();
    expect(data.session).toBeNull();
    expect((await update('storage', s3.settings('aliyun'), settingsAdmin.token)).status).toBe(403);
    expect((await update('session', { single_login: true }, settingsAdmin.token)).status).toBe(403);
    expect((await as(settingsAdmin.token).post('/sysSetting/testStorage', s3.settings('aliyun'))).status).toBe(403);
    expect((await view()).storage?.method).toBe('local');
    // Without the menu, not even the index.
    expect((await as(uploader.token).get('/sysSetting/index')).status).toBe(403);
    expect((await update('upload', {}, uploader.token)).status).toBe(403);
  });

  it('the footer group is saved for the menu holders', async () => {
    expect((await update('site', { copyright: '© Test', filing_number: 'ICP-1' }, settingsAdmin.token)).code).toBe(0);
    expect((await view(settingsAdmin.token)).site).toEqual({ copyright: '© Test', filing_number: 'ICP-1' });
  });
});

describe('object storage settings', () => {
  it('the secret is write-only: never answered, never logged, kept when the form sends it empty', async () => {
    const saved = await as(superToken).post('/sysSetting/update', { group: 'storage', values: s3.settings('aliyun') });
    expect(saved.code, saved.msg).toBe(0);
    expect(JSON.stringify(saved)).not.toContain(S3_SECRET);
    const raw = await (await fetch(`${t.url}/api/sysSetting/index`, { headers: { 'x-token': superToken } })).text();
    expect(raw).not.toContain(S3_SECRET);
    const data = await view();
    expect(data.storage).toMatchObject({ method: 'aliyun', access_key_id: s3.settings('aliyun').access_key_id, bucket: s3.bucket, endpoint: s3.endpoint, secret_access_key: '', secret_set: true });

    // Saved again as the form shows it (secret empty): the stored secret still works.
    expect((await update('storage', { ...s3.settings('aliyun'), secret_access_key: '' })).code).toBe(0);
    const up = await uploadFile(t, c(), { name: 'kept-secret.pdf', bytes: pdf('secret kept') });
    expect(up.code, up.msg).toBe(0);
    expect(up.data.url.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
    expect(JSON.stringify(await t.db.select().from(optLogs))).not.toContain(S3_SECRET);
    await useStorage({ method: 'local' });
  });

  it('a provider method needs its key id, secret, bucket and a region or endpoint, each named when missing', async () => {
    const base = s3.settings('tencent');
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ ...base, access_key_id: '' }, 'values.access_key_id', /required|必填/i],
      [{ ...base, bucket: '' }, 'values.bucket', /required|必填/i],
      [{ ...base, region: '', endpoint: '' }, 'values.region', /region or the endpoint/],
      [{ ...base, method: 'dropbox' }, 'values.method', /./],
      [{ ...base, protocol: 'ftp' }, 'values.protocol', /./],
    ];
    for (const [values, field, msg] of cases) {
      const res = await update('storage', values);
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res.data), field).toContain(field);
      expect(res.msg, field).toMatch(msg);
    }
    expect((await view()).storage?.method).toBe('local');
  });

  it('a first provider setting without a secret is refused (there is none to keep)', async () => {
    const fresh = await startTestApp();
    try {
      const token = await fresh.login();
      const res = await fresh.client(token, { language: 'en' }).post('/sysSetting/update', { group: 'storage', values: { ...s3.settings('qiniu'), secret_access_key: '' } });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.data)).toContain('values.secret_access_key');
    } finally {
      await fresh.close();
    }
  });

  it('the connection test writes, reads back and deletes a probe, and reports the provider error without the secret', async () => {
    const ok = await as(superToken, 'en').post('/sysSetting/testStorage', s3.settings('aliyun'));
    expect([ok.code, ok.msg]).toEqual([0, expect.stringMatching(/Connected/)]);
    expect(await fs.readdir(path.join(s3.directory, s3.bucket)).catch(() => [])).not.toContain('banyan-probe');
    const noBucket = await as(superToken, 'en').post('/sysSetting/testStorage', s3.settings('aliyun', { bucket: 'no-such-bucket' }));
    expect([noBucket.status, noBucket.msg]).toEqual([400, expect.stringMatching(/Connection failed: .*NoSuchBucket|bucket/i)]);
    const badKey = await as(superToken, 'en').post('/sysSetting/testStorage', s3.settings('aliyun', { access_key_id: 'UNKNOWNKEY' }));
    expect([badKey.status, badKey.msg]).toEqual([400, expect.stringMatching(/Connection failed: .*InvalidAccessKeyId|access key/i)]);
    for (const res of [ok, noBucket, badKey]) expect(JSON.stringify(res)).not.toContain(S3_SECRET);
    // Testing never changes the saved choice.
    expect((await view()).storage?.method).toBe('local');
    const local = await as(superToken, 'en').post('/sysSetting/testStorage', { method: 'local' });
    expect(local.code, local.msg).toBe(0);
  });
});

describe('switching storage', () => {
  it('new uploads go to object storage; each attachment remembers its storage and old local files still serve', async () => {
    await useStorage({ method: 'local' });
    const localBytes = await image('png', 6, 6, { seed: 201 });
    const before = await uploadFile(t, c(), { name: 'local.png', bytes: localBytes });
    expect(before.data.url).toMatch(/^\/uploads\//);

    await useStorage(s3.settings('aliyun'));
    const remoteBytes = await image('png', 6, 6, { seed: 202 });
    const remote = await uploadFile(t, { token: uploader.token, siteId: site }, { name: 'remote.png', bytes: remoteBytes });
    expect(remote.code, remote.msg).toBe(0);
    const row = await rowOf(remote.data.id);
    expect(row).toMatchObject({ storage: STORAGE.aliyun, url: `${s3.endpoint}/${s3.bucket}/${row.path}` });
    expect(await s3.object(row.path)).toEqual(remoteBytes);
    await expect(fs.stat(path.join(t.dataDir, 'uploads', row.path))).rejects.toThrow(/ENOENT/);

    // A chunked upload lands there too.
    await setUploadSettings(t, { chunk_size: 64, chunk_condition: 64 });
    const video = mp4(150 * 1024, 33);
    const chunked = await uploadInChunks(t, c(), { name: 'remote.mp4', bytes: video, chunkBytes: 64 * 1024 });
    expect(chunked.last.code, chunked.last.msg).toBe(0);
    const chunkedRow = await rowOf(chunked.last.data.id);
    expect(chunkedRow.storage).toBe(STORAGE.aliyun);
    expect(await s3.object(chunkedRow.path)).toEqual(video);
    await setUploadSettings(t);

    // The local file from before still serves, and its record still says local.
    expect(await fetchStored(t, before.data.url)).toEqual(localBytes);
    expect((await rowOf(before.data.id)).storage).toBe(STORAGE.local);

    // Back to local: new files go to disk, the bucket's files stay where they are.
    await useStorage({ method: 'local' });
    const after = await uploadFile(t, c(), { name: 'after.png', bytes: await image('png', 6, 6, { seed: 203 }) });
    expect(after.data.url).toMatch(/^\/uploads\//);
    expect(await rowOf(remote.data.id)).toMatchObject({ storage: STORAGE.aliyun, url: remote.data.url });
    expect(await s3.object(row.path)).toEqual(remoteBytes);

    // Instant upload of bytes held in the bucket points at the bucket's copy.
    const instant = await as(superToken).post('/attachment/checkHash', { hash: sha256(remoteBytes), name: 'again.png', size: remoteBytes.length });
    expect(instant.data).toMatchObject({ url: remote.data.url });
    expect((await rowOf(instant.data.id)).storage).toBe(STORAGE.aliyun);

    // Purging removes the object from the bucket that holds it, once nothing else points at it.
    expect((await as(superToken).post('/attachment/delete', { ids: [remote.data.id, instant.data.id] })).code).toBe(0);
    const purge = await as(superToken).post('/recycleBin/delete', { items: [{ type: 'attachment', id: remote.data.id }, { type: 'attachment', id: instant.data.id }] });
    expect(purge.code, purge.msg).toBe(0);
    expect(await s3.object(row.path)).toBeNull();
    expect(await fetchStored(t, before.data.url)).toEqual(localBytes);
  });
});

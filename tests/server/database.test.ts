import fs from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { startTestApp, SUPER_PASSWORD, type TestApp } from '../helpers/app';
import { adminWithRole } from '../helpers/fixtures';
import { createSite } from '../helpers/sites';
import { insertColumn, insertModel, saveContent } from '../helpers/contentFixtures';
import { backupPath, fingerprint, jobOutcome, packEntries, placeBackup, takeBackup, tarEntries } from '../helpers/databaseBackups';
import { contents, jobs, optLogs } from '../../server/db/schema/index';
import { backupIfDue } from '../../server/operations/database/jobs';
import { currentSchemaVersion } from '../../server/operations/database/catalog';
import { BACKUP_NAME_PATTERN, type DatabaseIndex } from '../../models/database';

let t: TestApp;
let token: string;
let siteId: number;
let columnId: number;
const api = () => t.client(token, { siteId });

const restore = async (name: string, password = SUPER_PASSWORD) => {
  const res = await api().post<{ job_id: number }>('/database/restore', { name, password });
  if (res.code !== 0) return { res, job: null };
  return { res, job: await jobOutcome(t, token, res.data.job_id) };
};

/** A restore of this file is refused with this reason and leaves every table as it was. */
async function expectRefused(name: string, reason: string) {
  const { opt_logs: logsBefore, ...before } = await fingerprint(t.db);
  const { res, job } = await restore(name);
  expect(res.code).toBe(0);
  expect(job!.status).toBe('failed');
  expect(job!.error).toMatch(new RegExp(`^database\\.refused\\.${reason}`));
  const { opt_logs: logsAfter, ...after } = await fingerprint(t.db);
  expect(after).toEqual(before);
  // The operation log only gained the restore request itself.
  expect(Number(logsAfter!.split(':')[0])).toBe(Number(logsBefore!.split(':')[0]) + 1);
}

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
  token = await t.login();
  siteId = await createSite(t, token);
  columnId = await insertColumn(t, siteId, await insertModel(t));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('database backup', () => {
  it('a super-admin backs up, lists, downloads and deletes a backup', async () => {
    await saveContent(api(), columnId, { title: 'Listed article' });
    const { job, name } = await takeBackup(t, token);
    expect(name).toMatch(BACKUP_NAME_PATTERN);
    expect(job.progress).toBe(100);

    const index = await api().get<DatabaseIndex>('/database/index');
    const entry = index.data.files.find((f) => f.name === name)!;
    expect(entry).toMatchObject({ schema_version: await currentSchemaVersion() });
    expect(entry.tables).toBeGreaterThan(20);
    expect(entry.rows).toBeGreaterThan(0);
    expect(entry.size).toBe((await fs.stat(backupPath(t, name))).size);

    const res = await fetch(`${t.url}/api/database/download?name=${name}`, { headers: { 'x-token': token } });
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(await fs.readFile(backupPath(t, name)))).toBe(true);
    const entries = await tarEntries(body);
    expect(entries.at(-1)!.name).toBe('manifest.json');
    const manifest = JSON.parse(entries.at(-1)!.body.toString());
    expect(manifest).toMatchObject({ format: 1, product: 'banyan', engine: t.database.kind });
    const names = manifest.tables.map((x: { name: string }) => x.name);
    expect(names).toContain('contents');
    for (const volatile of ['sessions', 'jobs', 'auth_codes', 'login_throttle', 'upload_sessions']) expect(names).not.toContain(volatile);
    const part = entries.find((e) => e.name === 'data/contents.ndjson')!;
    expect(part.body.toString()).toContain('Listed article');

    expect((await api().post('/database/delete', { name })).code).toBe(0);
    expect((await api().get<DatabaseIndex>('/database/index')).data.files.map((f) => f.name)).not.toContain(name);
    await expect(fs.stat(backupPath(t, name))).rejects.toThrow();
  });

  it('a restore brings back a deleted article and drops what was written after the backup', async () => {
    const kept = await saveContent(api(), columnId, { title: 'Kept article' });
    const { name } = await takeBackup(t, token);
    expect((await api().post('/content/delete', { ids: [kept.id] })).code).toBe(0);
    const later = await saveContent(api(), columnId, { title: 'Written later' });
    const live = () => t.db.select({ id: contents.id }).from(contents).where(and(eq(contents.id, kept.id), isNull(contents.deletedAt)));
    expect(await live()).toHaveLength(0);

    const { job } = await restore(name);
    expect(job!.status).toBe('done');
    expect(await live()).toHaveLength(1);
    expect(await t.db.select().from(contents).where(eq(contents.id, later.id))).toHaveLength(0);
    // Sequences continue after the restored rows; the restorer is still signed in.
    const next = await saveContent(api(), columnId, { title: 'After restore' });
    expect(next.id).toBeGreaterThan(kept.id);
    expect((await api().get('/database/index')).code).toBe(0);
    const [entry] = await t.db.select().from(optLogs).where(and(eq(optLogs.operation, 'database.restore'), eq(optLogs.contentName, name)));
    expect(entry).toBeDefined();
  });

  it('names outside the list or with a path are refused', async () => {
    for (const name of ['../pglite/PG_VERSION', 'banyan-20200101-000000-abcdef.tar.gz/../x', '/etc/passwd']) {
      expect((await api().post('/database/delete', { name })).code).toBe(400);
      expect((await api().post('/database/restore', { name, password: SUPER_PASSWORD })).code).toBe(400);
      const res = await fetch(`${t.url}/api/database/download?name=${encodeURIComponent(name)}`, { headers: { 'x-token': token } });
      expect(res.status).toBe(400);
    }
    const unknown = 'banyan-19990101-000000-zzzzzz.tar.gz';
    expect((await api().post('/database/delete', { name: unknown })).code).toBe(404);
    expect((await api().post('/database/restore', { name: unknown, password: SUPER_PASSWORD })).code).toBe(404);
  });

  it('an admin who is not super-admin cannot back up, restore, delete, download or schedule', async () => {
    const { name } = await takeBackup(t, token);
    const other = await adminWithRole(t, token, ['database']);
    const client = t.client(other.token);
    expect((await client.get('/database/index')).code).toBe(0);
    expect((await client.post('/database/backup')).code).toBe(403);
    expect((await client.post('/database/restore', { name, password: other.password })).code).toBe(403);
    expect((await client.post('/database/delete', { name })).code).toBe(403);
    expect((await client.post('/database/schedule', { interval_hours: 1, retention: 3 })).code).toBe(403);
    const res = await fetch(`${t.url}/api/database/download?name=${name}`, { headers: { 'x-token': other.token } });
    expect(res.status).toBe(403);
    await fs.stat(backupPath(t, name));
  });

  it('a wrong password refuses the restore, says why and is logged', async () => {
    const { name } = await takeBackup(t, token);
    const before = await t.db.select({ id: jobs.id }).from(jobs);
    const res = await t.client(token, { language: 'en' }).post('/database/restore', { name, password: 'not-the-password' });
    expect(res.code).toBe(403);
    expect(res.msg).toBe('The password is not correct; nothing was restored');
    expect(await t.db.select({ id: jobs.id }).from(jobs)).toHaveLength(before.length);
    const logged = await t.db.select().from(optLogs).where(and(eq(optLogs.operation, 'database.restoreDenied'), eq(optLogs.contentName, name)));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.content).not.toContain('not-the-password');
  });

  it('a flipped byte is refused with every table unchanged', async () => {
    const { name } = await takeBackup(t, token);
    const body = await fs.readFile(backupPath(t, name));
    body[Math.floor(body.length / 2)]! ^= 0x01;
    const tampered = await placeBackup(t, body, '000001');
    await saveContent(api(), columnId, { title: 'Written after the backup' });
    await expectRefused(tampered, '(unreadable|structure|checksum)');
  });

  it('a part whose bytes do not match its manifest is refused even when the gzip is sound', async () => {
    const { name } = await takeBackup(t, token);
    const entries = await tarEntries(await fs.readFile(backupPath(t, name)));
    const part = entries.find((e) => e.name === 'data/contents.ndjson')!;
    part.body = Buffer.from(part.body.toString().replace(/Kept article/g, 'Kept articlf'));
    await expectRefused(await placeBackup(t, await packEntries(entries), '000002'), 'checksum');
  });

  it('a truncated file is refused', async () => {
    const { name } = await takeBackup(t, token);
    const body = await fs.readFile(backupPath(t, name));
    await expectRefused(await placeBackup(t, body.subarray(0, Math.floor(body.length * 0.7)), '000003'), '(unreadable|structure)');
  });

  it('foreign files are refused: random gzip, a tar without manifest', async () => {
    await expectRefused(await placeBackup(t, gzipSync(randomBytes(4096)), '000004'), 'structure');
    await expectRefused(await placeBackup(t, randomBytes(4096), '000005'), 'unreadable');
    const noManifest = await packEntries([{ name: 'data/contents.ndjson', body: '{"id":1}\n' }]);
    await expectRefused(await placeBackup(t, noManifest, '000006'), 'manifest');
  });

  it('a backup of another schema version is refused', async () => {
    const { name } = await takeBackup(t, token);
    const entries = await tarEntries(await fs.readFile(backupPath(t, name)));
    const manifest = entries.at(-1)!;
    manifest.body = Buffer.from(JSON.stringify({ ...JSON.parse(manifest.body.toString()), schema_version: '0000_older' }));
    await expectRefused(await placeBackup(t, await packEntries(entries), '000007'), 'schema');
  });

  it('scheduled backups run when due and keep only the newest by retention', async () => {
    expect((await api().post('/database/schedule', { interval_hours: 1, retention: 2 })).code).toBe(0);
    expect((await api().get<DatabaseIndex>('/database/index')).data.schedule).toEqual({ interval_hours: 1, retention: 2 });
    const hour = 3_600_000;
    // Not due: a backup was just taken by the tests above.
    expect(await backupIfDue(t.app)).toBeNull();
    let now = Date.now();
    for (let i = 0; i < 3; i++) {
      now += hour + 1000;
      expect(await backupIfDue(t.app, now)).toEqual(expect.any(Number));
      await t.app.ctx.jobs.whenIdle();
      // Each run counts from its own job's time, which is the real clock here.
      await t.db.update(jobs).set({ createdAt: new Date(now) }).where(eq(jobs.kind, 'backup'));
    }
    const files = (await api().get<DatabaseIndex>('/database/index')).data.files;
    expect(files).toHaveLength(2);
    expect((await api().post('/database/schedule', { interval_hours: 0, retention: 2 })).code).toBe(0);
    expect(await backupIfDue(t.app, now + 10 * hour)).toBeNull();
  });
});

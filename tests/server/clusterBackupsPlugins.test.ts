import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { CLUSTER_AVAILABLE, startCluster, type Cluster } from '../helpers/cluster';
import type { TestApp } from '../helpers/app';
import { SUPER_PASSWORD } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { getPage } from '../helpers/publicFixtures';
import { insertColumn, insertModel, saveContent } from '../helpers/contentFixtures';
import { generateTestKey, signedPackage, testManifest, writeCatalogue } from '../helpers/pluginPackage';
import { contents } from '../../server/db/schema/index';
import { VISITSTATS_ID } from '../../server/pluginHost/builtin/visitstats';
import type { DatabaseIndex } from '../../models/database';
import type { Job } from '../../models/job';

// Issue 17, backups and market plugins across a cluster: two servers on one PostgreSQL, each with its own data
// folder, both with one shared folder (SHARED_DIR). A backup made on one is listed, downloaded and restored on the
// other; a market plugin installed, disabled, upgraded or uninstalled on one is loaded or dropped by the other within
// a second (channel plugin_changes), its files in the shared folder.

/** How long the other server may take to hear a change. */
const WITHIN_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` holds or `ms` pass; answers whether it held (and the last value seen). */
async function within<T>(ms: number, read: () => Promise<T> | T, check: (v: T) => boolean): Promise<{ held: boolean; last: T }> {
  const end = Date.now() + ms;
  let last = await read();
  while (!check(last) && Date.now() < end) {
    await sleep(25);
    last = await read();
  }
  return { held: check(last), last };
}

const key = generateTestKey();
const catalogueDir = fs.mkdtempSync(path.join(os.tmpdir(), 'banyan-cmarket-'));
let shared: string;
let c: Cluster;
let a: TestApp;
let b: TestApp;
let token: string;
let siteId: number;
const domain = uniqueDomain('cplugins');

const api = (s: TestApp) => s.client(token, { siteId, language: 'en' });

/** Waits for a job through `s`'s API (the job may run on either server). */
async function jobOn(s: TestApp, id: number): Promise<Job> {
  let job = (await api(s).get<Job>('/job/read', { id })).data;
  for (const until = Date.now() + 60_000; Date.now() < until && ['queued', 'running', 'cancelling'].includes(job.status); await sleep(100)) {
    job = (await api(s).get<Job>('/job/read', { id })).data;
  }
  return job;
}

beforeAll(async () => {
  if (!CLUSTER_AVAILABLE) return;
  writeCatalogue(catalogueDir, []);
  shared = fs.mkdtempSync(path.join(os.tmpdir(), 'banyan-cshared-'));
  c = await startCluster(2, {
    sharedDir: shared,
    rateLimit: { api: 5000, login: 1000 },
    pluginKeys: [key.publicRaw],
    pluginCatalogueDir: catalogueDir,
    allowPrivateFetchForTests: true,
  });
  [a, b] = c.servers as [TestApp, TestApp];
  token = await a.login();
  siteId = await createSite(a, token, { name: 'Cluster Plugins', domain });
}, 60_000);

afterAll(async () => {
  await c?.close();
  if (shared) fs.rmSync(shared, { recursive: true, force: true });
  fs.rmSync(catalogueDir, { recursive: true, force: true });
});

describe.skipIf(!CLUSTER_AVAILABLE)('backups shared by two servers', () => {
  it('a backup made on one server is listed and downloaded on the other, and restored from it', async () => {
    const columnId = await insertColumn(a, siteId, await insertModel(a));
    const kept = await saveContent(api(a), columnId, { title: 'Kept across the cluster' });
    // The builtin plugin is enabled when the backup is taken.
    expect((await api(a).post('/plugin/install', { id: VISITSTATS_ID })).code).toBe(0);

    const started = await api(a).post<{ job_id: number }>('/database/backup');
    expect(started.code).toBe(0);
    const job = await jobOn(a, started.data.job_id);
    expect(job.status, job.error ?? '').toBe('done');
    const name = job.result!.name as string;
    expect(fs.existsSync(path.join(shared, 'backups', name))).toBe(true);
    for (const s of [a, b]) expect(fs.existsSync(path.join(s.dataDir, 'backups', name))).toBe(false);

    // Listed and downloaded on both servers, whichever ran the job.
    for (const s of [a, b]) {
      const index = await api(s).get<DatabaseIndex>('/database/index');
      expect(index.data.files.map((f) => f.name)).toContain(name);
      expect(index.data.files.find((f) => f.name === name)!.tables).toBeGreaterThan(0);
    }
    const download = await fetch(`${b.url}/api/database/download?name=${name}`, { headers: { 'x-token': token } });
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.equals(fs.readFileSync(path.join(shared, 'backups', name)))).toBe(true);

    // Changes after the backup: the article deleted, the plugin disabled (on A; B follows).
    expect((await api(a).post('/content/delete', { ids: [kept.id] })).code).toBe(0);
    expect((await api(a).post('/plugin/disable', { id: VISITSTATS_ID })).code).toBe(0);
    expect((await within(WITHIN_MS, () => b.app.ctx.plugins.isEnabled(VISITSTATS_ID), (on) => !on)).held).toBe(true);

    // Restored from B: the article is back, and both servers' plugin hosts follow the restored rows.
    const restore = await api(b).post<{ job_id: number }>('/database/restore', { name, password: SUPER_PASSWORD });
    expect(restore.code).toBe(0);
    const restored = await jobOn(b, restore.data.job_id);
    expect(restored.status, restored.error ?? '').toBe('done');
    const live = await a.db.select({ id: contents.id }).from(contents).where(and(eq(contents.id, kept.id), isNull(contents.deletedAt)));
    expect(live).toHaveLength(1);
    for (const s of [a, b]) expect((await within(WITHIN_MS, () => s.app.ctx.plugins.isEnabled(VISITSTATS_ID), (on) => on)).held).toBe(true);

    // Deleted on A: gone from B's list too.
    expect((await api(a).post('/database/delete', { name })).code).toBe(0);
    expect((await api(b).get<DatabaseIndex>('/database/index')).data.files.map((f) => f.name)).not.toContain(name);
  });
});

describe.skipIf(!CLUSTER_AVAILABLE)('market plugins shared by two servers', () => {
  const id = `cl${process.pid % 100000}`;
  const marker = `data-plugin="${id}"`;
  const page = (s: TestApp) => getPage(s, '/', domain);
  const publish = (version: string, body: string) =>
    writeCatalogue(catalogueDir, [signedPackage(key.privateKey, { manifest: testManifest(id, version, { inject: { body: `<div class="${body}" ${marker}>${body}</div>` } }) })]);

  it('installed on one server, its hook runs on the other within a second; disable, enable and upgrade follow', async () => {
    publish('1.0.0', 'first-version');
    // B has served the page (and may cache it) before the install.
    expect((await page(b)).body).not.toContain(marker);
    expect(b.app.ctx.plugins.definition(id)).toBeUndefined();

    expect(await api(a).post('/plugin/marketInstall', { id })).toMatchObject({ code: 0 });
    expect(fs.existsSync(path.join(shared, 'plugins', id, '1.0.0', 'manifest.json'))).toBe(true);
    expect(fs.existsSync(path.join(a.dataDir, 'plugins', id))).toBe(false);
    const seen = await within(WITHIN_MS, () => page(b), (p) => p.body.includes('first-version'));
    expect(seen.held, 'B injects the plugin installed on A').toBe(true);

    expect((await api(b).post('/plugin/disable', { id })).code).toBe(0);
    expect((await within(WITHIN_MS, () => page(a), (p) => !p.body.includes(marker))).held, 'disabled on B, gone on A').toBe(true);
    expect((await api(a).post('/plugin/enable', { id })).code).toBe(0);
    expect((await within(WITHIN_MS, () => page(b), (p) => p.body.includes(marker))).held, 'enabled on A, back on B').toBe(true);

    publish('1.1.0', 'second-version');
    expect(await api(a).post('/plugin/upgrade', { id })).toMatchObject({ code: 0 });
    const upgraded = await within(WITHIN_MS, () => page(b), (p) => p.body.includes('second-version'));
    expect(upgraded.held, 'B runs the upgraded version').toBe(true);
    expect(upgraded.last.body).not.toContain('first-version');
    expect(b.app.ctx.plugins.definition(id)?.manifest.version).toBe('1.1.0');
  });

  it('uninstalled on the other server, it is gone on the first within a second, files included', async () => {
    expect((await page(a)).body).toContain(marker);
    expect(await api(b).post('/plugin/uninstall', { id, confirm: true })).toMatchObject({ code: 0 });
    const gone = await within(WITHIN_MS, () => page(a), (p) => !p.body.includes(marker));
    expect(gone.held, 'uninstalled on B, gone on A').toBe(true);
    expect((await within(WITHIN_MS, () => a.app.ctx.plugins.definition(id), (d) => d === undefined)).held).toBe(true);
    expect(fs.existsSync(path.join(shared, 'plugins', id))).toBe(false);
    // Offered again on both.
    for (const s of [a, b]) {
      const row = ((await api(s).get('/plugin/market')).data.packages as Array<{ id: string; status: string }>).find((p) => p.id === id);
      expect(row?.status).toBe('notInstalled');
    }
  });
});

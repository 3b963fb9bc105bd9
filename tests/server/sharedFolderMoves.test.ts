import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, SUPER_PASSWORD, type TestApp } from '../helpers/app';
import { jobOutcome, takeBackup } from '../helpers/databaseBackups';
import { generateTestKey, signedPackage, testManifest, writeCatalogue } from '../helpers/pluginPackage';
import { moveLegacyBackups } from '../../server/operations/database/files';
import { moveLegacyPlugins } from '../../server/pluginHost/market/store';
import type { DatabaseIndex } from '../../models/database';

// Issue 17: backups and market plugin files moved from DATA_DIR to SHARED_DIR. A server started with a SHARED_DIR
// of its own moves the backups and plugin packages its DATA_DIR held before (claimed by a rename, picked up again
// after a crash, idempotent), and lists, downloads and restores the moved backups.

const key = generateTestKey();
const catalogueDir = fs.mkdtempSync(path.join(os.tmpdir(), 'banyan-mvmarket-'));
const tmp = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `banyan-${name}-`));
let before: TestApp;
let backupName: string;
const pluginId = `mv${process.pid % 100000}`;

beforeAll(async () => {
  // A server of before: backups and plugins in its data folder (no SHARED_DIR).
  writeCatalogue(catalogueDir, [signedPackage(key.privateKey, { manifest: testManifest(pluginId) })]);
  before = await startTestApp({ rateLimit: { api: 2000, login: 1000 }, pluginKeys: [key.publicRaw], pluginCatalogueDir: catalogueDir });
  const token = await before.login();
  backupName = (await takeBackup(before, token)).name;
  expect((await before.client(token).post('/plugin/marketInstall', { id: pluginId })).code).toBe(0);
  expect(fs.existsSync(path.join(before.dataDir, 'backups', backupName))).toBe(true);
  expect(fs.existsSync(path.join(before.dataDir, 'plugins', pluginId, '1.0.0', 'manifest.json'))).toBe(true);
}, 60_000);

afterAll(async () => {
  await before?.close();
  fs.rmSync(catalogueDir, { recursive: true, force: true });
});

describe('moving DATA_DIR backups and plugins into SHARED_DIR', () => {
  it('a server started with a shared folder moves the old backups there, lists, downloads and restores them', async () => {
    const dataDir = tmp('mvdata');
    const sharedDir = tmp('mvshared');
    fs.cpSync(path.join(before.dataDir, 'backups'), path.join(dataDir, 'backups'), { recursive: true });
    const t = await startTestApp({ dataDir, sharedDir, rateLimit: { api: 2000, login: 1000 } });
    try {
      expect(fs.existsSync(path.join(dataDir, 'backups'))).toBe(false);
      expect(fs.readdirSync(dataDir).filter((e) => e.startsWith('.backups-moving-'))).toEqual([]);
      expect(fs.existsSync(path.join(sharedDir, 'backups', backupName))).toBe(true);
      expect(fs.existsSync(path.join(sharedDir, 'backups', `${backupName}.json`))).toBe(true);

      const token = await t.login();
      const index = await t.client(token).get<DatabaseIndex>('/database/index');
      const entry = index.data.files.find((f) => f.name === backupName);
      expect(entry?.tables).toBeGreaterThan(0);
      const download = await fetch(`${t.url}/api/database/download?name=${backupName}`, { headers: { 'x-token': token } });
      expect(download.status).toBe(200);
      const res = await t.client(token).post<{ job_id: number }>('/database/restore', { name: backupName, password: SUPER_PASSWORD });
      expect(res.code).toBe(0);
      const job = await jobOutcome(t, token, res.data.job_id);
      expect(job.status, job.error ?? '').toBe('done');
    } finally {
      await t.close();
      fs.rmSync(sharedDir, { recursive: true, force: true });
    }
  });

  it('a claim left by a server stopped midway is finished; a backup already moved is kept; running again changes nothing', async () => {
    const dataDir = tmp('mvclaim');
    const sharedDir = tmp('mvclaimshared');
    const claim = path.join(dataDir, '.backups-moving-stopped');
    fs.mkdirSync(claim, { recursive: true });
    fs.mkdirSync(path.join(sharedDir, 'backups'), { recursive: true });
    const file = path.join(before.dataDir, 'backups', backupName);
    // Stopped after the first backup moved: it is in the shared folder and still in the claim.
    const other = backupName.replace(/-[a-z0-9]{6}\.tar\.gz$/, '-zzzzzz.tar.gz');
    fs.copyFileSync(file, path.join(claim, backupName));
    fs.copyFileSync(file, path.join(sharedDir, 'backups', backupName));
    fs.copyFileSync(file, path.join(claim, other));
    fs.copyFileSync(`${file}.json`, path.join(claim, `${other}.json`));
    // And a new backups folder written since.
    const third = backupName.replace(/-[a-z0-9]{6}\.tar\.gz$/, '-yyyyyy.tar.gz');
    fs.mkdirSync(path.join(dataDir, 'backups'));
    fs.copyFileSync(file, path.join(dataDir, 'backups', third));
    try {
      expect(await moveLegacyBackups(dataDir, sharedDir)).toBe(2);
      expect(fs.readdirSync(dataDir)).toEqual([]);
      expect(fs.readdirSync(path.join(sharedDir, 'backups')).sort()).toEqual([backupName, third, other, `${other}.json`].sort());
      expect(await moveLegacyBackups(dataDir, sharedDir)).toBe(0);
      // The same folder for both: nothing to move.
      fs.mkdirSync(path.join(dataDir, 'backups'));
      expect(await moveLegacyBackups(dataDir, dataDir)).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'backups'))).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(sharedDir, { recursive: true, force: true });
    }
  });

  it('installed market plugin packages move to the shared folder whole, once', async () => {
    const dataDir = tmp('mvplug');
    const sharedDir = tmp('mvplugshared');
    fs.cpSync(path.join(before.dataDir, 'plugins'), path.join(dataDir, 'plugins'), { recursive: true });
    try {
      expect(await moveLegacyPlugins(dataDir, sharedDir)).toBe(1);
      expect(fs.existsSync(path.join(dataDir, 'plugins'))).toBe(false);
      expect(fs.readdirSync(dataDir)).toEqual([]);
      expect(fs.readFileSync(path.join(sharedDir, 'plugins', pluginId, '1.0.0', 'manifest.json'), 'utf8')).toBe(
        fs.readFileSync(path.join(before.dataDir, 'plugins', pluginId, '1.0.0', 'manifest.json'), 'utf8'),
      );
      expect(await moveLegacyPlugins(dataDir, sharedDir)).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(sharedDir, { recursive: true, force: true });
    }
  });
});

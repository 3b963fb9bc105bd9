import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLUSTER_AVAILABLE, startCluster } from '../helpers/cluster';
import type { TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { getPage, insertPublished } from '../helpers/publicFixtures';
import { siteThemesDir } from '../../server/public/themes';
import { pageCacheOf } from '../../server/public/pageCache';
import { urls } from '../../server/public/urls';
import { fetchStored, uploadFile } from '../helpers/attachmentFixtures';
import { themeZip, uploadPackage } from '../helpers/zipThemes';
import { lockThemeFile } from '../../server/operations/themes/history';

// Issue 17, static output and theme files across a cluster: two servers on one PostgreSQL, each with its own data
// folder and both with one shared folder (SHARED_DIR). A static generation started on one is found by the other;
// a theme file saved on one renders on the other's live page within a second (channel theme_files drops the
// other's parsed templates), and the editor's history, in the database, is listed and restored from either.

const FOLDER = 'ocean';
const INDEX = 'templates/index.liquid';
/** How long the other server may take to hear a change. */
const WITHIN_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` holds or `ms` pass; answers whether it held (and the last value seen). */
async function within<T>(ms: number, read: () => Promise<T>, check: (v: T) => boolean): Promise<{ held: boolean; last: T }> {
  const end = Date.now() + ms;
  let last = await read();
  while (!check(last) && Date.now() < end) {
    await sleep(50);
    last = await read();
  }
  return { held: check(last), last };
}

const withMarker = (text: string, marker: string) => text.replace('{% block content %}', `{% block content %}<p id="edit-marker">${marker}</p>`);

/** Two servers with their own data folders and one shared folder; the site uses the installed ocean theme. */
async function sharedCluster(overrides: Parameters<typeof startCluster>[1] = {}) {
  const shared = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-shared-'));
  const c = await startCluster(2, { sharedDir: shared, rateLimit: { api: 5000, login: 1000 }, ...overrides });
  const [a, b] = c.servers as [TestApp, TestApp];
  const token = await a.login();
  const domain = uniqueDomain('cshared');
  const siteId = await createSite(a, token, { name: 'Cluster Shared', domain });
  const onA = a.client(token, { siteId, language: 'en' });
  expect((await onA.post('/templeteLibrary/install', { package: 'banyan-ocean.zip', folder: FOLDER })).code).toBe(0);
  expect((await onA.post('/theme/activate', { folder: FOLDER })).code).toBe(0);
  return {
    c,
    a,
    b,
    shared,
    token,
    siteId,
    domain,
    api: (s: TestApp) => s.client(token, { siteId, language: 'en' }),
    home: (s: TestApp) => getPage(s, urls.home(), domain),
    async close() {
      await c.close();
      await fs.rm(shared, { recursive: true, force: true });
    },
  };
}

describe.skipIf(!CLUSTER_AVAILABLE)('static output and theme files shared by two servers', () => {
  let s: Awaited<ReturnType<typeof sharedCluster>>;
  let a: TestApp;
  let b: TestApp;
  let title: string;
  beforeAll(async () => {
    s = await sharedCluster();
    ({ a, b } = s);
    const column = await insertColumn(a, s.siteId, await insertModel(a), { title: 'News' });
    title = (await insertPublished(a, s.siteId, column, { title: 'Shared folder article' })).title;
  });
  afterAll(() => s?.close());

  it('each server keeps its own data folder; the theme installed on one is in the shared folder, active on the other', async () => {
    expect(a.config.dataDir).not.toBe(b.config.dataDir);
    expect([a.config.sharedDir, b.config.sharedDir]).toEqual([s.shared, s.shared]);
    expect((await fs.stat(path.join(siteThemesDir(s.shared, s.siteId), FOLDER, INDEX))).isFile()).toBe(true);
    await expect(fs.stat(path.join(a.dataDir, 'themes'))).rejects.toThrow(/ENOENT/);
    const themes = (await s.api(b).get('/theme/index')).data as Array<{ folder: string; active: boolean }>;
    expect(themes.find((t) => t.folder === FOLDER)?.active).toBe(true);
    expect((await s.home(b)).body).toContain(title);
  });

  it('a file uploaded to local disk on one server is served by the other', async () => {
    const bytes = Buffer.from(`shared upload ${Date.now()}`);
    const res = await uploadFile(a, { token: s.token, siteId: s.siteId }, { name: 'notes.txt', bytes, mime: 'text/plain' });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.url).toMatch(/^\/uploads\//);
    expect(await fetchStored(b, res.data.url)).toEqual(bytes);
    await expect(fs.stat(path.join(a.dataDir, 'uploads'))).rejects.toThrow(/ENOENT/);
  });

  it('a theme package uploaded on one server is offered and installed on the other', async () => {
    const up = await uploadPackage(a, s.token, 'cluster-pkg.zip', themeZip('cluster-pkg'));
    expect(up.code, up.msg).toBe(0);
    const offered = (await s.api(b).get('/templeteLibrary/index')).data as Array<{ package: string; source: string }>;
    expect(offered.find((p) => p.package === 'cluster-pkg.zip')?.source).toBe('uploaded');
    expect((await s.api(b).post('/templeteLibrary/install', { package: 'cluster-pkg.zip', folder: 'cluster-pkg' })).code).toBe(0);
    expect(((await s.api(a).get('/theme/index')).data as Array<{ folder: string }>).map((t) => t.folder)).toContain('cluster-pkg');
  });

  it('a static generation started on one server is written to the shared folder, and the other finds it', async () => {
    const started = await s.api(a).post<{ job_id: number }>('/staticFile/generate', { scope: 'site' });
    expect(started.code, started.msg).toBe(0);
    let job: { status: string; error?: string } = { status: 'queued' };
    for (const until = Date.now() + 60_000; Date.now() < until && ['queued', 'running'].includes(job.status); await sleep(100)) {
      job = (await s.api(b).get('/job/read', { id: started.data.job_id })).data;
    }
    expect(job.status, job.error).toBe('done');
    const index = (await s.api(b).get('/staticFile/index')).data as { output: string; has_output: boolean };
    expect(index).toMatchObject({ output: path.join(s.shared, 'static', `site-${s.siteId}`), has_output: true });
    const page = await fs.readFile(path.join(index.output, 'index.html'), 'utf8');
    expect(page).toContain(title);
    // Nothing went to either server's own data folder.
    for (const server of [a, b]) await expect(fs.stat(path.join(server.dataDir, 'static'))).rejects.toThrow(/ENOENT/);
  });

  it('a theme file saved on one server renders on the other’s live page within a second, and the other lists its history', async () => {
    const original = (await s.api(a).get('/theme/fileRead', { folder: FOLDER, path: INDEX })).data.content as string;
    // B parses the template and caches the page.
    expect((await s.home(b)).body).not.toContain('edit-marker');
    expect((await s.home(b)).headers['x-page-cache']).toBe('hit');
    const marker = `on-a-${Date.now()}`;
    const saved = await s.api(a).post('/theme/fileUpdate', { folder: FOLDER, path: INDEX, content: withMarker(original, marker) });
    expect(saved).toMatchObject({ code: 0, data: { changed: true } });
    const seen = await within(WITHIN_MS, () => s.home(b), (p) => p.body.includes(marker));
    expect(seen.held).toBe(true);
    const listed = (await s.api(b).get('/theme/fileVersions', { folder: FOLDER, path: INDEX })).data as Array<{ version: string }>;
    expect(listed.map((v) => v.version)).toEqual([saved.data.version]);
    expect((await s.api(b).get('/theme/fileVersion', { folder: FOLDER, path: INDEX, version: saved.data.version })).data.content).toBe(original);
  });

  it('a version saved on one server is restored on the other, and the first renders it within a second', async () => {
    const [version] = (await s.api(a).get('/theme/fileVersions', { folder: FOLDER, path: INDEX })).data as Array<{ version: string }>;
    expect((await s.home(a)).body).toContain('edit-marker');
    const restored = await s.api(b).post('/theme/fileRestore', { folder: FOLDER, path: INDEX, version: version!.version });
    expect(restored).toMatchObject({ code: 0, msg: 'The chosen version was restored' });
    expect(await fs.readFile(path.join(siteThemesDir(s.shared, s.siteId), FOLDER, INDEX), 'utf8')).not.toContain('edit-marker');
    const seen = await within(WITHIN_MS, () => s.home(a), (p) => !p.body.includes('edit-marker'));
    expect(seen.held).toBe(true);
    // The text the restore replaced (saved on A) is a version too, listed on A.
    const after = (await s.api(a).get('/theme/fileVersions', { folder: FOLDER, path: INDEX })).data as Array<{ version: string }>;
    expect(after).toHaveLength(2);
    expect((await s.api(a).get('/theme/fileVersion', { folder: FOLDER, path: INDEX, version: after[0]!.version })).data.content).toContain('edit-marker');
  });

  it('a save on one server waits while another holds the file, so no replaced text is lost', async () => {
    const file = 'assets/style.css';
    const onDisk = () => fs.readFile(path.join(siteThemesDir(s.shared, s.siteId), FOLDER, file), 'utf8');
    const before = await onDisk();
    const versionsBefore = ((await s.api(a).get('/theme/fileVersions', { folder: FOLDER, path: file })).data as unknown[]).length;
    let settled = false;
    let save: Promise<{ code: number }> | undefined;
    // Server A holds the file (as during its own save) while B is asked to save it.
    await a.db.transaction(async (tx) => {
      await lockThemeFile(tx, { siteId: s.siteId, folder: FOLDER, path: file });
      save = s.api(b).post('/theme/fileUpdate', { folder: FOLDER, path: file, content: '/* saved on B */' });
      void save.then(() => (settled = true));
      await sleep(300);
      expect(settled).toBe(false);
      expect(await onDisk()).toBe(before);
    });
    expect((await save!).code).toBe(0);
    expect(await onDisk()).toBe('/* saved on B */');
    const listed = (await s.api(a).get('/theme/fileVersions', { folder: FOLDER, path: file })).data as Array<{ version: string }>;
    expect(listed).toHaveLength(versionsBefore + 1);
    expect((await s.api(a).get('/theme/fileVersion', { folder: FOLDER, path: file, version: listed[0]!.version })).data.content).toBe(before);
  });

  it('saves of one file on both servers at once each keep the text they replaced', async () => {
    const file = 'assets/style.css';
    const start = ((await s.api(a).get('/theme/fileVersions', { folder: FOLDER, path: file })).data as unknown[]).length;
    const texts = Array.from({ length: 8 }, (_, i) => `/* ${i % 2 ? 'B' : 'A'} ${i} */`);
    const results = await Promise.all(texts.map((text, i) => s.api(i % 2 ? b : a).post('/theme/fileUpdate', { folder: FOLDER, path: file, content: text })));
    expect(results.map((r) => r.code)).toEqual(texts.map(() => 0));
    const listed = (await s.api(a).get('/theme/fileVersions', { folder: FOLDER, path: file })).data as Array<{ version: string }>;
    expect(listed).toHaveLength(start + texts.length);
    const kept = await Promise.all(listed.map(async (v) => (await s.api(b).get('/theme/fileVersion', { folder: FOLDER, path: file, version: v.version })).data.content as string));
    const final = await fs.readFile(path.join(siteThemesDir(s.shared, s.siteId), FOLDER, file), 'utf8');
    // Every text but the one left in the file was replaced, and kept, exactly once.
    expect(kept.filter((k) => texts.includes(k)).sort()).toEqual(texts.filter((t) => t !== final).sort());
  });
});

describe.skipIf(!CLUSTER_AVAILABLE)('theme changes reach another server whose page cache is off', () => {
  let s: Awaited<ReturnType<typeof sharedCluster>>;
  beforeAll(async () => {
    s = await sharedCluster({ pageCacheBytes: 0 });
  });
  afterAll(() => s?.close());

  it('a template saved on one server renders on the other within a second (its parsed templates are dropped)', async () => {
    expect(pageCacheOf(s.b.app)!.enabled).toBe(false);
    const original = (await s.api(s.a).get('/theme/fileRead', { folder: FOLDER, path: INDEX })).data.content as string;
    expect((await s.home(s.b)).body).not.toContain('edit-marker'); // B parses and keeps the template
    const marker = `no-cache-${Date.now()}`;
    expect((await s.api(s.a).post('/theme/fileUpdate', { folder: FOLDER, path: INDEX, content: withMarker(original, marker) })).code).toBe(0);
    const seen = await within(WITHIN_MS, () => s.home(s.b), (p) => p.body.includes(marker));
    expect(seen.held).toBe(true);
  });
});

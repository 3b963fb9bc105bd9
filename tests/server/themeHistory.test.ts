import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel } from '../helpers/contentFixtures';
import { getPage, insertPublished, runStaticJob } from '../helpers/publicFixtures';
import { sites, themeFileVersions } from '../../server/db/schema/index';
import { DEFAULT_THEME_DIR, HISTORY_DIR, siteThemesDir } from '../../server/public/themes';
import { THEME_EDIT_LIMITS, versionStamp } from '../../models/themeFiles';
import { loadConfig } from '../../server/config';

// Issue 17: the theme editor's history is kept in the database (table theme_file_versions), not in files beside the
// theme, so every server lists and restores the same versions. Runs on PGlite and on PostgreSQL.

const FOLDER = 'ocean';
const INDEX = 'templates/index.liquid';

describe('theme file history in the database', () => {
  let t: TestApp;
  let token: string;
  const site = { id: 0, domain: uniqueDomain('theme-history') };
  const api = (lang = 'en') => t.client(token, { siteId: site.id, language: lang });
  const save = (content: string, file = INDEX) => api().post('/theme/fileUpdate', { folder: FOLDER, path: file, content });
  const versions = async (file = INDEX) => (await api().get('/theme/fileVersions', { folder: FOLDER, path: file })).data as Array<{ version: string; size: number; created_at: string }>;
  const rowsOf = (folder = FOLDER) =>
    t.db.select().from(themeFileVersions).where(and(eq(themeFileVersions.siteId, site.id), eq(themeFileVersions.folder, folder)));

  beforeAll(async () => {
    t = await startTestApp({ rateLimit: { api: 5000, login: 1000 } });
    token = await t.login();
    site.id = await createSite(t, token, { name: 'Theme History', domain: site.domain });
    expect((await api().post('/templeteLibrary/install', { package: 'banyan-ocean.zip', folder: FOLDER })).code).toBe(0);
  });
  afterAll(() => t?.close());

  it('a save records the replaced text with its author and size; the list and the version read come from the table', async () => {
    const original = (await api().get('/theme/fileRead', { folder: FOLDER, path: INDEX })).data.content as string;
    const saved = await save(`${original}\n{% comment %}first edit 文{% endcomment %}`);
    expect(saved).toMatchObject({ code: 0, data: { changed: true } });
    const [row] = (await rowsOf()).filter((r) => r.version === saved.data.version);
    expect(row).toMatchObject({ path: INDEX, content: original, size: Buffer.byteLength(original), folder: FOLDER });
    expect(row!.authorId).toBe((await api().get('/admin/current')).data.id);
    expect(await versions()).toEqual([{ version: saved.data.version, size: Buffer.byteLength(original), created_at: expect.any(String) }]);
    const read = await api().get('/theme/fileVersion', { folder: FOLDER, path: INDEX, version: saved.data.version });
    expect(read.data).toEqual({ version: saved.data.version, content: original });
    // Nothing is written beside the theme any more.
    await expect(fs.stat(path.join(siteThemesDir(t.config.sharedDir, site.id), HISTORY_DIR))).rejects.toThrow(/ENOENT/);
  });

  it(`keeps at most ${THEME_EDIT_LIMITS.versions} versions per file, dropping the oldest`, async () => {
    const file = 'assets/style.css';
    const texts = Array.from({ length: THEME_EDIT_LIMITS.versions + 3 }, (_, i) => `/* edit ${i} */`);
    for (const text of texts) expect((await save(text, file)).code).toBe(0);
    const listed = await versions(file);
    expect(listed).toHaveLength(THEME_EDIT_LIMITS.versions);
    expect((await rowsOf()).filter((r) => r.path === file)).toHaveLength(THEME_EDIT_LIMITS.versions);
    // Newest first: the last replaced text is the one before the final save.
    const newest = await api().get('/theme/fileVersion', { folder: FOLDER, path: file, version: listed[0]!.version });
    expect(newest.data.content).toBe(texts[texts.length - 2]);
    const oldest = await api().get('/theme/fileVersion', { folder: FOLDER, path: file, version: listed[listed.length - 1]!.version });
    expect(oldest.data.content).toBe(texts[texts.length - 2 - (THEME_EDIT_LIMITS.versions - 1)]);
  });

  it('after a static generation, a saved template still changes the live page at once', async () => {
    // The run renders with the app's live renderer; it must stay the one a theme change clears.
    const column = await insertColumn(t, site.id, await insertModel(t), { title: 'News' });
    await insertPublished(t, site.id, column, { title: 'Static then edit' });
    expect((await api().post('/theme/activate', { folder: FOLDER })).code).toBe(0);
    const home = async () => (await getPage(t, '/', site.domain)).body;
    expect(await home()).toContain('Static then edit');
    await runStaticJob(t, token, site.id, { scope: 'site' });
    const text = (await api().get('/theme/fileRead', { folder: FOLDER, path: INDEX })).data.content as string;
    const marker = `after-static-${Date.now()}`;
    expect((await save(text.replace('{% block content %}', `{% block content %}<p>${marker}</p>`))).code).toBe(0);
    expect(await home()).toContain(marker);
  });

  it('deleting a theme deletes its versions', async () => {
    const api2 = api();
    expect((await api2.post('/templeteLibrary/install', { package: 'banyan-ocean.zip', folder: 'scratch' })).code).toBe(0);
    const text = (await api2.get('/theme/fileRead', { folder: 'scratch', path: INDEX })).data.content as string;
    expect((await api2.post('/theme/fileUpdate', { folder: 'scratch', path: INDEX, content: `${text}<!-- x -->` })).code).toBe(0);
    expect(await rowsOf('scratch')).toHaveLength(1);
    expect((await api2.post('/theme/delete', { folder: 'scratch' })).code).toBe(0);
    expect(await rowsOf('scratch')).toHaveLength(0);
    expect((await rowsOf()).length).toBeGreaterThan(0);
  });
});

describe('the former on-disk history moves into the database at start', () => {
  let t: TestApp;
  let shared: string;
  let outside: string;
  const stamp = (ms: number) => versionStamp(new Date(Date.UTC(2025, 0, 2, 3, 4, 5, ms)));
  const ids = [stamp(1), stamp(2), `${stamp(2)}-1`];

  beforeAll(async () => {
    // A shared folder as an older Banyan left it: site 1 (the seeded default site) with theme ocean and its history.
    shared = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-history-import-'));
    outside = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-history-outside-'));
    const siteDir = siteThemesDir(shared, 1);
    await fs.cp(DEFAULT_THEME_DIR, path.join(siteDir, FOLDER), { recursive: true });
    const history = path.join(siteDir, HISTORY_DIR, FOLDER, ...INDEX.split('/'));
    await fs.mkdir(history, { recursive: true });
    for (const [i, id] of ids.entries()) await fs.writeFile(path.join(history, id), `old text ${i}`);
    // Left out: a link to a file outside, a hidden name, a name that is no version id, binary text, a folder that
    // is no theme folder name.
    await fs.writeFile(path.join(outside, 'secret'), 'secret outside');
    await fs.symlink(path.join(outside, 'secret'), path.join(history, stamp(9)));
    await fs.writeFile(path.join(history, `.${stamp(10)}`), 'hidden');
    await fs.writeFile(path.join(history, 'notes.txt'), 'not a version');
    await fs.writeFile(path.join(history, stamp(11)), 'a\0b');
    await fs.mkdir(path.join(siteDir, HISTORY_DIR, '..bad', 'templates', 'index.liquid'), { recursive: true }).catch(() => undefined);
    await fs.mkdir(path.join(siteDir, HISTORY_DIR, 'Bad Folder', 'x.liquid'), { recursive: true });
    await fs.writeFile(path.join(siteDir, HISTORY_DIR, 'Bad Folder', 'x.liquid', stamp(12)), 'odd');
    t = await startTestApp({ sharedDir: shared });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(shared, { recursive: true, force: true });
    await fs.rm(outside, { recursive: true, force: true });
  });

  it('lists, reads and restores the versions that were files, and leaves no .history folder behind', async () => {
    const [site] = await t.db.select({ id: sites.id }).from(sites).where(eq(sites.id, 1));
    expect(site).toBeDefined();
    const api = t.client(await t.login(), { siteId: 1, language: 'en' });
    const listed = (await api.get('/theme/fileVersions', { folder: FOLDER, path: INDEX })).data as Array<{ version: string; size: number }>;
    expect(listed.map((v) => v.version)).toEqual([...ids].reverse());
    expect(listed[0]!.size).toBe(Buffer.byteLength('old text 2'));
    expect((await api.get('/theme/fileVersion', { folder: FOLDER, path: INDEX, version: ids[0] })).data.content).toBe('old text 0');
    expect(await t.db.select().from(themeFileVersions)).toHaveLength(ids.length);
    expect((await fs.readdir(siteThemesDir(shared, 1))).filter((n) => n.startsWith('.'))).toEqual([]);
    const restored = await api.post('/theme/fileRestore', { folder: FOLDER, path: INDEX, version: ids[1] });
    expect(restored.code, restored.msg).toBe(0);
    expect(await fs.readFile(path.join(siteThemesDir(shared, 1), FOLDER, INDEX), 'utf8')).toBe('old text 1');
    // The link's target was never read into the table nor changed.
    expect(await fs.readFile(path.join(outside, 'secret'), 'utf8')).toBe('secret outside');
    expect((await t.db.select().from(themeFileVersions)).some((r) => r.content.includes('secret'))).toBe(false);
  });

  it('keeps each server’s own files in its data folder and the themes in the shared one', async () => {
    expect(t.config.sharedDir).toBe(shared);
    expect(t.config.dataDir).not.toBe(shared);
    await expect(fs.stat(path.join(t.dataDir, 'themes'))).rejects.toThrow(/ENOENT/);
  });
});

describe('SHARED_DIR', () => {
  it('defaults to the data folder, so one server changes nothing', () => {
    expect(loadConfig({ DATA_DIR: '/srv/banyan-data' }).sharedDir).toBe('/srv/banyan-data');
    expect(loadConfig({}, { dataDir: '/tmp/own' }).sharedDir).toBe('/tmp/own');
    expect(loadConfig({ DATA_DIR: '/srv/banyan-data', SHARED_DIR: '/mnt/banyan-shared' })).toMatchObject({ dataDir: '/srv/banyan-data', sharedDir: '/mnt/banyan-shared' });
  });
});

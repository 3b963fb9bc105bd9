import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole } from '../helpers/fixtures';
import { createSite, uniqueDomain } from '../helpers/sites';
import { getPage } from '../helpers/publicFixtures';
import { DEFAULT_THEME_DIR, siteThemesDir } from '../../server/public/themes';
import { THEME_EDIT_LIMITS, VERSION_ID } from '../../models/themeFiles';
import { and, asc, eq } from 'drizzle-orm';
import { themeFileVersions } from '../../server/db/schema/index';

// The online theme file editor (issue 6): list, read, save with history, restore, and every way out of the
// theme folder refused with nothing written.

let t: TestApp;
let token: string;
const site = { id: 0, domain: uniqueDomain('theme-files') };
const FOLDER = 'ocean';
const INDEX = 'templates/index.liquid';

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 } });
  token = await t.login();
  site.id = await createSite(t, token, { name: 'Theme Files Site', domain: site.domain });
  const api = t.client(token, { siteId: site.id });
  expect((await api.post('/templeteLibrary/install', { package: 'banyan-ocean.zip', folder: FOLDER })).code).toBe(0);
  expect((await api.post('/theme/activate', { folder: FOLDER })).code).toBe(0);
});
afterAll(() => t?.close());

const api = (lang = 'en') => t.client(token, { siteId: site.id, language: lang });
const themeDir = () => path.join(siteThemesDir(t.dataDir, site.id), FOLDER);
/** The versions the database keeps of a file (issue 17: no longer files under .history/), oldest first. */
const historyOf = (file: string) =>
  t.db
    .select({ version: themeFileVersions.version, content: themeFileVersions.content })
    .from(themeFileVersions)
    .where(and(eq(themeFileVersions.siteId, site.id), eq(themeFileVersions.folder, FOLDER), eq(themeFileVersions.path, file)))
    .orderBy(asc(themeFileVersions.id));
const onDisk = (file: string) => fs.readFile(path.join(themeDir(), file), 'utf8');
const read = (file: string, folder = FOLDER) => api().get('/theme/fileRead', { folder, path: file });
const save = (file: string, content: string, folder = FOLDER) => api().post('/theme/fileUpdate', { folder, path: file, content });
const home = async () => (await getPage(t, '/', site.domain)).body;
const withMarker = (text: string, marker: string) => text.replace('{% block content %}', `{% block content %}<p id="edit-marker">${marker}</p>`);

describe('listing and reading theme files', () => {
  it('lists every file of an installed theme, templates only on the templates screen', async () => {
    const all = await api().get('/theme/files', { folder: FOLDER });
    expect(all.code).toBe(0);
    expect(all.data).toMatchObject({ folder: FOLDER, readOnly: false });
    const paths = all.data.files.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['theme.json', INDEX, 'templates/partials/header.liquid', 'assets/style.css']));
    expect(all.data.files.find((f: { path: string }) => f.path === 'assets/style.css')).toMatchObject({ editable: true });
    const templates = await api().get('/theme/tempFiles', { folder: FOLDER });
    expect(templates.code).toBe(0);
    const tpl = templates.data.files.map((f: { path: string }) => f.path);
    expect(tpl).toContain(INDEX);
    expect(tpl).toContain('templates/partials/header.liquid');
    expect(tpl.every((p: string) => p.startsWith('templates/') && p.endsWith('.liquid'))).toBe(true);
  });

  it('reads a template of the installed theme', async () => {
    const res = await read(INDEX);
    expect(res).toMatchObject({ code: 0, data: { folder: FOLDER, path: INDEX, readOnly: false } });
    expect(res.data.content).toBe(await onDisk(INDEX));
  });

  it('shows the shipped default theme read-only and refuses to save it', async () => {
    const list = await api().get('/theme/files', { folder: 'default' });
    expect(list.data.readOnly).toBe(true);
    expect((await read(INDEX, 'default')).data).toMatchObject({ readOnly: true });
    const before = await fs.readFile(path.join(DEFAULT_THEME_DIR, INDEX), 'utf8');
    const res = await save(INDEX, 'hacked', 'default');
    expect(res).toMatchObject({ code: 403, status: 403 });
    expect(res.msg).toMatch(/read-only/);
    const zh = await api('zh').post('/theme/fileUpdate', { folder: 'default', path: INDEX, content: 'hacked' });
    expect(zh.msg).toContain('只读');
    expect(await fs.readFile(path.join(DEFAULT_THEME_DIR, INDEX), 'utf8')).toBe(before);
    expect((await api().get('/theme/fileVersions', { folder: 'default', path: INDEX })).data).toEqual([]);
  });

  it('an unknown theme folder or file is 404', async () => {
    expect((await read(INDEX, 'nope')).status).toBe(404);
    expect((await read('templates/missing.liquid')).status).toBe(404);
    expect((await read('templates/missing.liquid')).msg).toContain('missing.liquid');
    expect((await api().get('/theme/files', { folder: 'nope' })).status).toBe(404);
  });
});

describe('saving keeps history; restore puts a version back', () => {
  it('a save changes the public home page at once and keeps the previous text as a version', async () => {
    const original = await onDisk(INDEX);
    const marker = `saved-${Date.now()}`;
    expect(await home()).not.toContain(marker); // parses and caches the template
    const res = await save(INDEX, withMarker(original, marker));
    expect(res).toMatchObject({ code: 0, data: { changed: true } });
    expect(res.data.version).toMatch(VERSION_ID);
    expect(await onDisk(INDEX)).toContain(marker);
    expect(await home()).toContain(`<p id="edit-marker">${marker}</p>`);
    // The previous text, one row per version in the database; nothing under .history/ on disk.
    expect(await historyOf(INDEX)).toEqual([{ version: res.data.version, content: original }]);
    await expect(fs.stat(path.join(siteThemesDir(t.dataDir, site.id), '.history'))).rejects.toThrow(/ENOENT/);
    // Saving the same text again adds no version.
    const same = await save(INDEX, withMarker(original, marker));
    expect(same).toMatchObject({ code: 0, data: { changed: false } });
    expect(await historyOf(INDEX)).toHaveLength(1);
  });

  it('lists versions newest first, reads one, and restores it (keeping the replaced text too)', async () => {
    const before = await onDisk(INDEX);
    const second = `second-${Date.now()}`;
    expect((await save(INDEX, withMarker(before, second))).code).toBe(0);
    const versions = (await api().get('/theme/fileVersions', { folder: FOLDER, path: INDEX })).data as Array<{ version: string; created_at: string; size: number }>;
    expect(versions).toHaveLength(2);
    expect(versions[0]!.version > versions[1]!.version).toBe(true);
    expect(Date.parse(versions[0]!.created_at)).toBeGreaterThan(Date.now() - 60_000);
    const oldest = versions[1]!;
    const text = await api().get('/theme/fileVersion', { folder: FOLDER, path: INDEX, version: oldest.version });
    expect(text.code).toBe(0);
    expect(text.data.content).not.toContain('edit-marker');
    expect(oldest.size).toBe(Buffer.byteLength(text.data.content));

    expect(await home()).toContain(second);
    const restored = await api().post('/theme/fileRestore', { folder: FOLDER, path: INDEX, version: oldest.version });
    expect(restored).toMatchObject({ code: 0, msg: 'The chosen version was restored' });
    expect(await onDisk(INDEX)).toBe(text.data.content);
    expect(await home()).not.toContain('edit-marker');
    const after = (await api().get('/theme/fileVersions', { folder: FOLDER, path: INDEX })).data as Array<{ version: string }>;
    expect(after).toHaveLength(3);
    const keptText = await api().get('/theme/fileVersion', { folder: FOLDER, path: INDEX, version: after[0]!.version });
    expect(keptText.data.content).toContain(second);
  });

  it('an unknown version is 404 and restores nothing', async () => {
    const before = await onDisk(INDEX);
    const res = await api().post('/theme/fileRestore', { folder: FOLDER, path: INDEX, version: '20200101T000000000Z' });
    expect(res.status).toBe(404);
    expect(await onDisk(INDEX)).toBe(before);
    const bad = await api().post('/theme/fileRestore', { folder: FOLDER, path: INDEX, version: '../../active.json' });
    expect(bad.status).toBe(400);
  });

  it('saves the stylesheet too, served at once under /theme-assets/', async () => {
    const css = `${await onDisk('assets/style.css')}\n.edited-${process.pid} { color: red; }\n`;
    expect((await save('assets/style.css', css)).code).toBe(0);
    expect((await getPage(t, '/theme-assets/style.css', site.domain)).body).toContain(`.edited-${process.pid}`);
  });
});

describe('nothing outside the theme folder is reached', () => {
  let outside: string;
  beforeAll(async () => {
    outside = path.join(t.dataDir, 'outside.txt');
    await fs.writeFile(outside, 'secret outside the theme');
    await fs.symlink(outside, path.join(themeDir(), 'templates', 'link.liquid'));
    await fs.mkdir(path.join(t.dataDir, 'outside-dir'), { recursive: true });
    await fs.writeFile(path.join(t.dataDir, 'outside-dir', 'x.liquid'), 'outside dir');
    await fs.symlink(path.join(t.dataDir, 'outside-dir'), path.join(themeDir(), 'linked-dir'));
    await fs.writeFile(path.join(themeDir(), 'assets', 'run.sh'), 'echo hi');
  });

  const cases: Array<[string, string, number]> = [
    ['parent ../', '../active.json', 400],
    ['nested ../', 'templates/../../active.json', 400],
    ['absolute', '/etc/passwd', 400],
    ['backslash', 'templates\\..\\..\\active.json', 400],
    ['drive letter', 'C:/windows/win.ini', 400],
    ['NUL byte', 'templates/index.liquid\0.txt', 400],
    ['reserved .history', `.history/${FOLDER}/${INDEX}`, 403],
    ['hidden file', 'templates/.secret.liquid', 403],
    ['symlink to a file outside', 'templates/link.liquid', 403],
    ['symlinked directory', 'linked-dir/x.liquid', 403],
    ['disallowed extension', 'assets/run.sh', 400],
    ['double-encoded ../ stays literal', '%2e%2e/active.json', 400],
  ];
  for (const [name, filePath, status] of cases) {
    it(`refuses ${name} for reading and saving, writing nothing`, async () => {
      const r = await read(filePath);
      expect(r.status, r.msg).toBe(status);
      expect(r.code).toBe(status);
      expect(r.msg.length).toBeGreaterThan(5);
      const w = await save(filePath, 'PWNED');
      expect(w.status, w.msg).toBe(status);
      expect((await api().get('/theme/fileVersions', { folder: FOLDER, path: filePath })).status).toBe(status);
      expect(await fs.readFile(outside, 'utf8')).toBe('secret outside the theme');
      expect(await fs.readFile(path.join(t.dataDir, 'outside-dir', 'x.liquid'), 'utf8')).toBe('outside dir');
      expect(await fs.readFile(path.join(siteThemesDir(t.dataDir, site.id), 'active.json'), 'utf8')).not.toContain('PWNED');
    });
  }

  it('refuses a percent-encoded ../ in the raw query string', async () => {
    const res = await api().get(`/theme/fileRead?folder=${FOLDER}&path=%2e%2e%2factive.json`);
    expect(res.status).toBe(400);
    expect(res.msg).toContain('../active.json');
    const folder = await api().get(`/theme/fileRead?folder=%2e%2e&path=${encodeURIComponent(INDEX)}`);
    expect(folder.status).toBe(400);
  });

  it('localizes the refusal', async () => {
    expect((await api('zh').get('/theme/fileRead', { folder: FOLDER, path: '../active.json' })).msg).toContain('文件路径无效');
    expect((await api('en').get('/theme/fileRead', { folder: FOLDER, path: '../active.json' })).msg).toContain('Invalid file path');
  });

  it('does not list links or hidden files', async () => {
    await fs.writeFile(path.join(themeDir(), 'templates', '.hidden.liquid'), 'x');
    const paths = (await api().get('/theme/files', { folder: FOLDER })).data.files.map((f: { path: string }) => f.path);
    expect(paths).not.toContain('templates/link.liquid');
    expect(paths.some((p: string) => p.startsWith('linked-dir'))).toBe(false);
    expect(paths).not.toContain('templates/.hidden.liquid');
    expect(paths).toContain('assets/run.sh');
    expect((await api().get('/theme/files', { folder: FOLDER })).data.files.find((f: { path: string }) => f.path === 'assets/run.sh').editable).toBe(false);
  });

  it('refuses oversized content with 413 and NUL content with 400, leaving the file as it was', async () => {
    const before = await onDisk(INDEX);
    const versions = (await historyOf(INDEX)).length;
    const big = await save(INDEX, 'x'.repeat(THEME_EDIT_LIMITS.fileBytes + 1));
    expect(big).toMatchObject({ status: 413, code: 413 });
    expect(big.msg).toContain('512 KB');
    const nul = await save(INDEX, 'a\0b');
    expect(nul.status).toBe(400);
    const huge = await save(INDEX, 'x'.repeat(THEME_EDIT_LIMITS.fileBytes * 5));
    expect(huge.status).toBe(413);
    expect(await onDisk(INDEX)).toBe(before);
    expect(await historyOf(INDEX)).toHaveLength(versions);
  });

  it('another site does not see this site’s theme', async () => {
    const other = await createSite(t, token, { name: 'Other Theme Site', domain: uniqueDomain('theme-files-other') });
    const res = await t.client(token, { siteId: other, language: 'en' }).get('/theme/fileRead', { folder: FOLDER, path: INDEX });
    expect(res.status).toBe(404);
  });
});

describe('who may read and edit', () => {
  it('an admin with the files screen reads but may not save or restore', async () => {
    const admin = await adminWithRole(t, token, ['theme', 'themeFiles'], { site_ids: [site.id] });
    const client = t.client(admin.token, { siteId: site.id, language: 'en' });
    const before = await onDisk(INDEX);
    expect((await client.get('/theme/files', { folder: FOLDER })).code).toBe(0);
    expect((await client.get('/theme/fileRead', { folder: FOLDER, path: 'assets/style.css' })).code).toBe(0);
    const res = await client.post('/theme/fileUpdate', { folder: FOLDER, path: INDEX, content: 'PWNED' });
    expect(res).toMatchObject({ status: 403, msg: 'Only super-admins may change theme files' });
    const zh = await t.client(admin.token, { siteId: site.id, language: 'zh' }).post('/theme/fileUpdate', { folder: FOLDER, path: INDEX, content: 'PWNED' });
    expect(zh.msg).toContain('超级管理员');
    const versions = (await client.get('/theme/fileVersions', { folder: FOLDER, path: INDEX })).data as Array<{ version: string }>;
    const restore = await client.post('/theme/fileRestore', { folder: FOLDER, path: INDEX, version: versions[0]!.version });
    expect(restore.status).toBe(403);
    expect(await onDisk(INDEX)).toBe(before);
  });

  it('an admin with the templates screen reads templates only', async () => {
    const admin = await adminWithRole(t, token, ['themeTempFiles'], { site_ids: [site.id] });
    const client = t.client(admin.token, { siteId: site.id, language: 'en' });
    expect((await client.get('/theme/tempFiles', { folder: FOLDER })).code).toBe(0);
    expect((await client.get('/theme/files', { folder: FOLDER })).status).toBe(403);
    expect((await client.get('/theme/fileRead', { folder: FOLDER, path: INDEX })).code).toBe(0);
    const css = await client.get('/theme/fileRead', { folder: FOLDER, path: 'assets/style.css' });
    expect(css).toMatchObject({ status: 403, msg: 'You may not view this theme file' });
  });

  it('an admin without theme screens reads nothing', async () => {
    const admin = await adminWithRole(t, token, ['templeteLibrary'], { site_ids: [site.id] });
    const client = t.client(admin.token, { siteId: site.id, language: 'en' });
    expect((await client.get('/theme/fileRead', { folder: FOLDER, path: INDEX })).status).toBe(403);
    expect((await client.get('/theme/tempFiles', { folder: FOLDER })).status).toBe(403);
  });
});

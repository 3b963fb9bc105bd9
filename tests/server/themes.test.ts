import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole } from '../helpers/fixtures';
import { createSite, uniqueDomain } from '../helpers/sites';
import { getPage } from '../helpers/publicFixtures';
import { buildZip, folderEntries, type ZipEntry } from '../helpers/zip';
import { listTree, themeZip, uploadPackage } from '../helpers/zipThemes';
import { DEFAULT_THEME_DIR, siteThemesDir } from '../../server/public/themes';
import { dataLibraryDir } from '../../server/operations/themes/library';

let t: TestApp;
let token: string;
const site = { id: 0, domain: uniqueDomain('themes') };

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 1200, login: 1000 } });
  token = await t.login();
  site.id = await createSite(t, token, { name: 'Theme Site', domain: site.domain });
});
afterAll(() => t?.close());

const api = () => t.client(token, { siteId: site.id, language: 'en' });
const themesOf = async () => (await api().get('/theme/index')).data as Array<{ folder: string; name: string; active: boolean; shipped: boolean; version: string; language: string }>;
const siteDir = () => siteThemesDir(t.dataDir, site.id);

describe('themes of a site', () => {
  it('lists the shipped default as active before anything is installed', async () => {
    const list = await themesOf();
    expect(list).toEqual([expect.objectContaining({ folder: 'default', name: 'Banyan Corporate', active: true, shipped: true, language: 'multi' })]);
  });

  it('offers the shipped library package with its theme.json and preview', async () => {
    const { code, data } = await api().get('/templeteLibrary/index');
    expect(code).toBe(0);
    const ocean = data.find((p: { package: string }) => p.package === 'banyan-ocean.zip');
    expect(ocean).toMatchObject({ name: 'Banyan Ocean', source: 'shipped', language: 'multi', version: '1.0.0' });
    expect(ocean.preview).toMatch(/^data:image\/png;base64,/);
  });

  it('installs a package, activates it (the public page changes) and goes back to the default', async () => {
    const marker = `marker-${process.pid}-${Date.now()}`;
    expect((await uploadPackage(t, token, 'marked.zip', themeZip(marker, 'Marked'))).code).toBe(0);
    const installed = await api().post('/templeteLibrary/install', { package: 'marked.zip' });
    expect(installed).toMatchObject({ code: 0, data: { folder: 'marked', name: 'Marked' } });
    expect((await themesOf()).find((th) => th.folder === 'marked')).toMatchObject({ active: false, version: '2.0.0', language: 'en' });
    expect((await getPage(t, '/', site.domain)).body).not.toContain(marker);

    expect((await api().post('/theme/activate', { folder: 'marked' })).code).toBe(0);
    expect((await themesOf()).filter((th) => th.active).map((th) => th.folder)).toEqual(['marked']);
    const page = await getPage(t, '/', site.domain);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`<p id="marker">${marker}</p>`);

    expect((await api().post('/theme/activate', { folder: 'default' })).code).toBe(0);
    expect((await getPage(t, '/', site.domain)).body).not.toContain(marker);
    expect((await themesOf()).find((th) => th.folder === 'default')!.active).toBe(true);
  });

  it('installs the shipped colour variant under a chosen folder; a taken folder is refused', async () => {
    const res = await api().post('/templeteLibrary/install', { package: 'banyan-ocean.zip', folder: 'ocean' });
    expect(res).toMatchObject({ code: 0, data: { folder: 'ocean' } });
    await api().post('/theme/activate', { folder: 'ocean' });
    expect((await getPage(t, '/theme-assets/style.css', site.domain)).body).toContain('#1e40af');
    const again = await api().post('/templeteLibrary/install', { package: 'banyan-ocean.zip', folder: 'ocean' });
    expect(again.code).not.toBe(0);
    expect(again.msg).toContain('ocean');
    const bad = await api().post('/templeteLibrary/install', { package: 'banyan-ocean.zip', folder: '../x' });
    expect(bad.code).not.toBe(0);
    expect(bad.msg).toBe('Folder is not in a valid format');
    expect((await api().post('/templeteLibrary/install', { package: 'missing.zip' })).code).not.toBe(0);
  });

  it('delete refuses the active theme and the shipped default, and removes an inactive one', async () => {
    expect((await api().post('/theme/activate', { folder: 'ocean' })).code).toBe(0);
    const active = await api().post('/theme/delete', { folder: 'ocean' });
    expect(active.code).not.toBe(0);
    expect(active.msg).toMatch(/active/i);
    const shipped = await api().post('/theme/delete', { folder: 'default' });
    expect(shipped.code).not.toBe(0);
    expect(shipped.msg).toMatch(/default/i);
    expect((await api().post('/theme/delete', { folder: 'nope' })).code).not.toBe(0);
    expect((await api().post('/theme/activate', { folder: 'nope' })).code).not.toBe(0);

    expect((await api().post('/theme/delete', { folder: 'marked' })).code).toBe(0);
    await expect(fs.stat(path.join(siteDir(), 'marked'))).rejects.toThrow();
    expect((await themesOf()).map((th) => th.folder)).toEqual(['default', 'ocean']);
  });

  it('needs the theme permissions; only super-admins upload', async () => {
    const viewer = await adminWithRole(t, token, ['templeteLibrary'], { site_ids: [site.id] });
    const noTheme = await t.client(viewer.token, { siteId: site.id }).get('/theme/index');
    expect(noTheme.code).not.toBe(0);
    expect((await t.client(viewer.token, { siteId: site.id }).get('/templeteLibrary/index')).code).toBe(0);
    const upload = await uploadPackage(t, viewer.token, 'viewer.zip', themeZip('viewer'));
    expect(upload.code).not.toBe(0);
    await expect(fs.stat(path.join(dataLibraryDir(t.dataDir), 'viewer.zip'))).rejects.toThrow();
  });
});

describe('hostile packages are refused with nothing written', () => {
  const base = () => folderEntries(DEFAULT_THEME_DIR);
  const zeros = (n: number) => Buffer.alloc(n);
  const MB = 1024 * 1024;
  const cases: Array<[string, () => ZipEntry[], RegExp]> = [
    ['zip-slip ../evil.liquid', () => [...base(), { name: '../evil.liquid', data: 'x' }], /\.\.\/evil\.liquid/],
    ['nested zip-slip', () => [...base(), { name: 'templates/../../evil.liquid', data: 'x' }], /evil\.liquid/],
    ['absolute /tmp/x', () => [...base(), { name: '/tmp/x.txt', data: 'x' }], /\/tmp\/x/],
    ['backslash path', () => [...base(), { name: '..\\evil.txt', data: 'x' }], /evil/],
    ['drive letter', () => [...base(), { name: 'C:/evil.txt', data: 'x' }], /C:/],
    ['symlink entry', () => [...base(), { name: 'templates/link.liquid', data: '/etc/passwd', mode: 0o120777 }], /link\.liquid/],
    ['disallowed extension', () => [...base(), { name: 'assets/run.sh', data: 'rm -rf /' }], /run\.sh/],
    ['too many entries', () => [...base(), ...Array.from({ length: 500 }, (_, i) => ({ name: `assets/n${i}.txt`, data: 'n' }))], /500/],
    ['one file over 5 MB', () => [...base(), { name: 'assets/big.txt', data: zeros(5 * MB + 1) }], /big\.txt/],
    ['zip bomb over 30 MB in total', () => [...base(), ...Array.from({ length: 7 }, (_, i) => ({ name: `assets/b${i}.txt`, data: zeros(4.5 * MB) }))], /30 MB/],
    ['zip bomb with a lying header', () => [...base(), { name: 'assets/lie.txt', data: zeros(6 * MB), claimSize: 100 }], /./],
    ['missing theme.json', () => base().filter((e) => e.name !== 'theme.json'), /theme\.json/],
    ['missing templates/index.liquid', () => base().filter((e) => e.name !== 'templates/index.liquid'), /index\.liquid/],
  ];

  it.each(cases)('%s: upload refused', async (_label, entries, msg) => {
    const before = await listTree(dataLibraryDir(t.dataDir));
    const res = await uploadPackage(t, token, 'hostile.zip', buildZip(entries()));
    expect(res.code).not.toBe(0);
    expect(res.msg).toMatch(msg);
    expect(await listTree(dataLibraryDir(t.dataDir))).toEqual(before);
  });

  it.each(cases)('%s: install from a library file refused', async (_label, entries, msg) => {
    await fs.mkdir(dataLibraryDir(t.dataDir), { recursive: true });
    const file = path.join(dataLibraryDir(t.dataDir), 'planted.zip');
    await fs.writeFile(file, buildZip(entries()));
    try {
      const before = await listTree(siteDir());
      const res = await api().post('/templeteLibrary/install', { package: 'planted.zip', folder: 'planted' });
      expect(res.code).not.toBe(0);
      expect(res.msg).toMatch(msg);
      expect(await listTree(siteDir())).toEqual(before);
      await expect(fs.stat(path.join(t.dataDir, 'evil.liquid'))).rejects.toThrow();
      expect((await api().get('/templeteLibrary/index')).data.map((p: { package: string }) => p.package)).not.toContain('planted.zip');
    } finally {
      await fs.rm(file, { force: true });
    }
  });
});

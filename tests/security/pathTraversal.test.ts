import fs from 'node:fs/promises';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type ApiResponse, type TestApp } from '../helpers/app';
import { looksLikeStack } from '../helpers/fixtures';
import { getPage } from '../helpers/publicFixtures';
import { createSite, uniqueDomain } from '../helpers/sites';
import { changedTables, dbFingerprint } from '../helpers/dbFingerprint';
import { buildZip, folderEntries, type ZipEntry } from '../helpers/zip';
import { listTree, themeZip, uploadPackage } from '../helpers/zipThemes';
import { catalogueEntry, generateTestKey, packageZip, signedPackage, testManifest, writeCatalogue, type PackageSpec } from '../helpers/pluginPackage';
import { DEFAULT_THEME_DIR, siteThemesDir } from '../../server/public/themes';
import { dataLibraryDir } from '../../server/operations/themes/library';

// Issue 15, attack regressions: path traversal and zip slip. Three ways to put files on the server: the theme
// editor (read, save, versions, restore), the template library (package upload and install) and market plugin
// packages. Every hostile path (`../`, `..\`, absolute, drive letters, percent-encoding, NUL bytes, symbolic
// links) and every hostile zip (zip-slip names, link entries, duplicates, bombs with true or lying headers) is
// refused with a localized message, and nothing changes: the data folder holds exactly the same files, no file
// named after the attack appears anywhere (the data folder, its parent the temp folder, /, /etc), the file a
// link points at is untouched and every table has the same digest.

const EVIL = `banyan-evil-${process.pid}`;
const FOLDER = 'ocean';
const MB = 1024 * 1024;

const key = generateTestKey();
const catalogueDir = mkdtempSync(path.join(os.tmpdir(), 'banyan-traversal-market-'));
/** A file outside the data folder that a symbolic link inside the theme points at. */
const outsideDir = mkdtempSync(path.join(os.tmpdir(), 'banyan-traversal-outside-'));
const OUTSIDE_TEXT = 'secret outside the theme';

let t: TestApp;
let token: string;
const site = { id: 0, domain: uniqueDomain('traversal') };
let ids = 0;
const newId = () => `tr${process.pid % 100000}x${++ids}`;

beforeAll(async () => {
  writeCatalogue(catalogueDir, []);
  t = await startTestApp({ rateLimit: { api: 5000, login: 1000 }, pluginKeys: [key.publicRaw], pluginCatalogueDir: catalogueDir });
  token = await t.login();
  site.id = await createSite(t, token, { name: 'Traversal Site', domain: site.domain });
  const api = t.client(token, { siteId: site.id });
  const installed = await api.post('/templeteLibrary/install', { package: 'banyan-ocean.zip', folder: FOLDER });
  expect(installed.code, installed.msg).toBe(0);
  expect((await api.post('/theme/activate', { folder: FOLDER })).code).toBe(0);
  await fs.writeFile(path.join(outsideDir, `${EVIL}-target.liquid`), OUTSIDE_TEXT);
  await fs.symlink(path.join(outsideDir, `${EVIL}-target.liquid`), path.join(themeDir(), 'templates', 'linked.liquid'));
  await fs.symlink(outsideDir, path.join(themeDir(), 'linkeddir'));
  await fs.writeFile(path.join(outsideDir, `${EVIL}-target.css`), `/* ${OUTSIDE_TEXT} */`);
  await fs.symlink(path.join(outsideDir, `${EVIL}-target.css`), path.join(themeDir(), 'assets', 'linked.css'));
  await fs.writeFile(path.join(themeDir(), 'secret.css'), `/* ${OUTSIDE_TEXT} */`);
});
afterAll(async () => {
  await t?.close();
  await fs.rm(catalogueDir, { recursive: true, force: true });
  await fs.rm(outsideDir, { recursive: true, force: true });
});

const api = (lang = 'en') => t.client(token, { siteId: site.id, language: lang });
const themeDir = () => path.join(siteThemesDir(t.dataDir, site.id), FOLDER);
const read = (p: string, folder = FOLDER) => api().get('/theme/fileRead', { folder, path: p });
const save = (p: string, content = `PWNED ${EVIL}`, folder = FOLDER) => api().post('/theme/fileUpdate', { folder, path: p, content });
const upload = (entries: ZipEntry[], filename = 'hostile.zip') => uploadPackage(t, token, filename, buildZip(entries));

/** The shipped theme's files plus these entries: a package that is valid but for them. */
const themeWith = (...extra: ZipEntry[]) => [...folderEntries(DEFAULT_THEME_DIR), ...extra];
const zeros = (n: number) => Buffer.alloc(n);

/** Plants a package in the data library (as if uploaded before the checks) for the install rows. */
async function plant(name: string, entries: ZipEntry[]) {
  await fs.mkdir(dataLibraryDir(t.dataDir), { recursive: true });
  await fs.writeFile(path.join(dataLibraryDir(t.dataDir), name), buildZip(entries));
}

/** Lists a signed package in the market catalogue (the signature is good: only the zip's content is hostile). */
function publish(spec: PackageSpec) {
  const pkg = signedPackage(key.privateKey, spec);
  writeCatalogue(catalogueDir, [pkg]);
  return spec.manifest.id;
}
const plugin = (id: string, entries: ZipEntry[], extra: Partial<PackageSpec> = {}): PackageSpec => ({ manifest: testManifest(id), entries, ...extra });
const install = (id: string) => api().post('/plugin/marketInstall', { id });

/** Every path under the data folder (PGlite's own files aside), and every file named after the attack anywhere. */
async function filesystem() {
  const data = (await listTree(t.dataDir)).filter((p) => !p.startsWith('pglite'));
  const evil: string[] = [];
  for (const dir of [os.tmpdir(), path.dirname(t.dataDir), '/', '/etc', path.dirname(siteThemesDir(t.dataDir, site.id))]) {
    for (const name of await fs.readdir(dir).catch(() => [] as string[])) if (name.includes(EVIL)) evil.push(path.join(dir, name));
  }
  for (const p of data) if (p.includes(EVIL)) evil.push(p);
  for (const p of await listTree(outsideDir)) if (!p.startsWith(`${EVIL}-target.`)) evil.push(path.join(outsideDir, p));
  return { data, evil: [...new Set(evil)].sort(), outside: await fs.readFile(path.join(outsideDir, `${EVIL}-target.liquid`), 'utf8') };
}

interface AttackRow {
  surface: 'theme editor' | 'template library' | 'plugin package';
  attack: string;
  /** Sets the stage before the "before" picture (plants a package, lists a plugin). */
  prepare?: () => Promise<unknown> | unknown;
  send: () => Promise<ApiResponse>;
  refusal: { status: number; msg: RegExp };
}

const badPath = /^Invalid file path/;
const pkgPath = /^Path not allowed in the package: /;
const pluginPath = /^Unsafe entry in the plugin package: /;
const badFolder = /^Folder is not in a valid format/;
const badPackageName = /^Template package is not in a valid format/;

// prettier-ignore
const ATTACKS: AttackRow[] = [
  // The theme editor: every file route walks the path segment by segment with lstat.
  { surface: 'theme editor', attack: 'read ../ out of the theme', send: () => read('../active.json'), refusal: { status: 400, msg: badPath } },
  { surface: 'theme editor', attack: 'save through nested ../', send: () => save(`templates/../../${EVIL}.liquid`), refusal: { status: 400, msg: badPath } },
  { surface: 'theme editor', attack: 'save through ..\\ (backslashes)', send: () => save(`templates\\..\\..\\${EVIL}.liquid`), refusal: { status: 400, msg: badPath } },
  { surface: 'theme editor', attack: 'save to an absolute path', send: () => save(path.join(os.tmpdir(), `${EVIL}.liquid`)), refusal: { status: 400, msg: badPath } },
  { surface: 'theme editor', attack: 'save to a drive letter path', send: () => save(`C:\\${EVIL}.liquid`), refusal: { status: 400, msg: badPath } },
  { surface: 'theme editor', attack: 'read a percent-encoded ../ (raw query string)', send: () => api().get(`/theme/fileRead?folder=${FOLDER}&path=%2e%2e%2f%2e%2e%2factive.json`), refusal: { status: 400, msg: badPath } },
  { surface: 'theme editor', attack: 'save a double-encoded ../ (kept literal, refused)', send: () => save(`%2e%2e%2f${EVIL}.liquid`), refusal: { status: 400, msg: badPath } },
  { surface: 'theme editor', attack: 'save with a NUL byte cutting the path', send: () => save(`templates/index.liquid\u0000/../../${EVIL}.liquid`), refusal: { status: 400, msg: badPath } },
  { surface: 'theme editor', attack: 'save through a symbolic link to a file outside', send: () => save('templates/linked.liquid'), refusal: { status: 403, msg: /^Symbolic links and files outside the theme folder/ } },
  { surface: 'theme editor', attack: 'save into a symbolically linked folder', send: () => save(`linkeddir/${EVIL}-target.liquid`), refusal: { status: 403, msg: /^Symbolic links and files outside the theme folder/ } },
  { surface: 'theme editor', attack: 'list the versions of the reserved .history folder', send: () => api().get('/theme/fileVersions', { folder: FOLDER, path: `.history/${FOLDER}/templates/index.liquid` }), refusal: { status: 403, msg: /^Hidden files and the reserved folder/ } },
  { surface: 'theme editor', attack: 'restore a version over ../', send: () => api().post('/theme/fileRestore', { folder: FOLDER, path: '../active.json', version: '20240101T000000000Z' }), refusal: { status: 400, msg: badPath } },
  { surface: 'theme editor', attack: 'name the theme folder ../', send: () => read('templates/index.liquid', `../site-${site.id}`), refusal: { status: 400, msg: badFolder } },
  // The template library: the whole zip is checked in memory before anything is written.
  { surface: 'template library', attack: 'upload a zip-slip entry ../../x', send: () => upload(themeWith({ name: `../../${EVIL}.liquid`, data: 'x' })), refusal: { status: 400, msg: pkgPath } },
  { surface: 'template library', attack: 'upload a nested zip-slip entry templates/../../x', send: () => upload(themeWith({ name: `templates/../../${EVIL}.liquid`, data: 'x' })), refusal: { status: 400, msg: pkgPath } },
  { surface: 'template library', attack: 'upload an absolute entry /etc/x', send: () => upload(themeWith({ name: `/etc/${EVIL}.txt`, data: 'x' })), refusal: { status: 400, msg: pkgPath } },
  { surface: 'template library', attack: 'upload a drive letter entry C:\\x', send: () => upload(themeWith({ name: `C:\\${EVIL}.txt`, data: 'x' })), refusal: { status: 400, msg: pkgPath } },
  { surface: 'template library', attack: 'upload a backslash zip-slip entry ..\\..\\x', send: () => upload(themeWith({ name: `..\\..\\${EVIL}.txt`, data: 'x' })), refusal: { status: 400, msg: pkgPath } },
  { surface: 'template library', attack: 'upload an entry with a NUL byte', send: () => upload(themeWith({ name: `templates/a.liquid\u0000/../../${EVIL}.liquid`, data: 'x' })), refusal: { status: 400, msg: pkgPath } },
  { surface: 'template library', attack: 'upload a symbolic link entry', send: () => upload(themeWith({ name: `templates/${EVIL}.liquid`, data: '/etc/passwd', mode: 0o120777 })), refusal: { status: 400, msg: /^Links and special files are not allowed/ } },
  { surface: 'template library', attack: 'upload a symbolic link to a folder followed by a file through it', send: () => upload(themeWith({ name: 'assets/up.txt', data: '../../..', mode: 0o120777 }, { name: `assets/up/${EVIL}.txt`, data: 'x' })), refusal: { status: 400, msg: /^Links and special files are not allowed/ } },
  { surface: 'template library', attack: 'upload duplicate entries of one file', send: () => upload(themeWith({ name: 'templates/index.liquid', data: `{{ 'second copy ${EVIL}' }}` })), refusal: { status: 400, msg: /^Path not allowed in the package: templates\/index\.liquid/ } },
  { surface: 'template library', attack: 'upload a zip bomb (40 MB of zeros in 30 KB)', send: () => upload(themeWith(...Array.from({ length: 10 }, (_, i) => ({ name: `assets/${EVIL}-${i}.txt`, data: zeros(4 * MB) })))), refusal: { status: 400, msg: /^The package exceeds 30 MB when unpacked/ } },
  { surface: 'template library', attack: 'upload a zip bomb whose header claims 100 bytes', send: () => upload(themeWith({ name: `assets/${EVIL}.txt`, data: zeros(8 * MB), claimSize: 100 })), refusal: { status: 400, msg: /^(The package is not a valid zip file|File .* exceeds)/ } },
  { surface: 'template library', attack: 'upload an entry whose header claims 4 GB', send: () => upload(themeWith({ name: `assets/${EVIL}.txt`, data: 'tiny', claimSize: 0xffffffff })), refusal: { status: 400, msg: /^(The package is not a valid zip file|File .* exceeds)/ } },
  { surface: 'template library', attack: 'upload a package file named ..', send: () => uploadPackage(t, token, '..', themeZip(EVIL)), refusal: { status: 400, msg: /^Invalid package file name/ } },
  { surface: 'template library', attack: 'install a package named ../../x.zip', send: () => api().post('/templeteLibrary/install', { package: `../../${EVIL}.zip`, folder: 'x' }), refusal: { status: 400, msg: badPackageName } },
  { surface: 'template library', attack: 'install into the folder ../x', send: () => api().post('/templeteLibrary/install', { package: 'banyan-ocean.zip', folder: `../${EVIL}` }), refusal: { status: 400, msg: badFolder } },
  { surface: 'template library', attack: 'install a planted zip-slip package', prepare: () => plant('planted-slip.zip', themeWith({ name: `../../${EVIL}.liquid`, data: 'x' })), send: () => api().post('/templeteLibrary/install', { package: 'planted-slip.zip', folder: 'planted' }), refusal: { status: 400, msg: pkgPath } },
  { surface: 'template library', attack: 'install a planted package with a link entry', prepare: () => plant('planted-link.zip', themeWith({ name: `templates/${EVIL}.liquid`, data: path.join(outsideDir, `${EVIL}-target.liquid`), mode: 0o120777 })), send: () => api().post('/templeteLibrary/install', { package: 'planted-link.zip', folder: 'planted' }), refusal: { status: 400, msg: /^Links and special files are not allowed/ } },
  // Market plugin packages: signed by a trusted key, yet refused for what is inside.
  ...(() => {
    const rows: Array<[string, () => PackageSpec, RegExp]> = [
      ['a zip-slip entry ../../x', () => plugin(newId(), [{ name: `../../${EVIL}.png`, data: 'x' }]), pluginPath],
      ['an absolute entry /etc/x', () => plugin(newId(), [{ name: `/etc/${EVIL}.png`, data: 'x' }]), pluginPath],
      ['a drive letter entry C:\\x', () => plugin(newId(), [{ name: `C:\\${EVIL}.png`, data: 'x' }]), pluginPath],
      ['a backslash zip-slip entry', () => plugin(newId(), [{ name: `assets\\..\\..\\${EVIL}.png`, data: 'x' }]), pluginPath],
      ['an entry with a NUL byte', () => plugin(newId(), [{ name: `assets/a.png\u0000/../../${EVIL}.png`, data: 'x' }]), pluginPath],
      ['a symbolic link entry', () => plugin(newId(), [{ name: 'assets/logo.png', data: path.join(outsideDir, `${EVIL}-target.liquid`), mode: 0o120777 }]), /^Symbolic links and special files are not allowed in the plugin package/],
      ['a duplicate manifest.json', (id = newId()) => plugin(id, [{ name: 'manifest.json', data: JSON.stringify(testManifest(id, '1.0.0', { capabilities: ['page.inject', 'db.own'] })) }]), /^Unsafe entry in the plugin package: “manifest\.json”/],
      ['a zip bomb (one entry of 64 MB)', () => plugin(newId(), [{ name: `assets/${EVIL}.css`, data: zeros(64 * MB) }]), /^File .* in the plugin package exceeds 1 MB/],
      ['a zip bomb whose header claims 10 bytes', () => plugin(newId(), [{ name: `assets/${EVIL}.css`, data: zeros(3 * MB), claimSize: 10 }]), /^(The plugin package is not a valid zip file|File .* exceeds)/],
    ];
    return rows.map(([attack, spec, msg]): AttackRow => {
      let id = '';
      return { surface: 'plugin package', attack: `install a package with ${attack}`, prepare: () => (id = publish(spec())), send: () => install(id), refusal: { status: 400, msg } };
    });
  })(),
  {
    surface: 'plugin package', attack: 'install from a catalogue naming the zip ../x.zip',
    prepare: () => {
      const id = `trcat${process.pid % 100000}`;
      const zip = packageZip(plugin(id, []));
      const entry = { ...catalogueEntry(zip, key.privateKey, { id, version: '1.0.0' }), file: `../${EVIL}.zip` };
      return fs.writeFile(path.join(catalogueDir, 'index.json'), JSON.stringify({ packages: [entry] }));
    },
    send: () => install(`trcat${process.pid % 100000}`),
    refusal: { status: 400, msg: /catalogue/i },
  },
  { surface: 'plugin package', attack: 'install the plugin id ../../x', send: () => install(`../../${EVIL}`), refusal: { status: 400, msg: /^Invalid plugin id: / } },
];

describe('path traversal and zip slip are refused with nothing written', () => {
  for (const row of ATTACKS) {
    it(`${row.surface}: cannot ${row.attack}`, async () => {
      await row.prepare?.();
      const files = await filesystem();
      const tables = await dbFingerprint(t);
      const res = await row.send();
      expect({ status: res.status, code: res.code }, res.msg).toEqual({ status: row.refusal.status, code: row.refusal.status });
      expect(res.msg).toMatch(row.refusal.msg);
      expect(res.msg, 'an untranslated message key').not.toMatch(/^[a-z]+(\.[A-Za-z]+)+$/);
      expect(looksLikeStack(JSON.stringify(res))).toBe(false);
      expect(await filesystem()).toEqual(files);
      expect(files.evil).toEqual([]);
      expect(files.outside).toBe(OUTSIDE_TEXT);
      expect(changedTables(tables, await dbFingerprint(t))).toEqual([]);
    });
  }
});

// The public theme assets (/theme-assets/<file>) are served from the active theme's assets/ folder only.
const outsideFromAssets = () => path.relative(path.join(themeDir(), 'assets'), path.join(outsideDir, `${EVIL}-target.css`));
// prettier-ignore
const ASSET_PATHS: Array<[string, () => string]> = [
  ['../ out of assets/', () => '/theme-assets/../secret.css'],
  ['percent-encoded ../', () => '/theme-assets/%2e%2e%2fsecret.css'],
  ['percent-encoded ../ up to the temp folder', () => `/theme-assets/${encodeURIComponent(outsideFromAssets())}`],
  ['backslashes', () => `/theme-assets/${encodeURIComponent(outsideFromAssets().replace(/\//g, '\\'))}`],
  ['double-encoded ../', () => '/theme-assets/%252e%252e%252fsecret.css'],
  ['a NUL byte', () => '/theme-assets/..%2fsecret.css%00.css'],
  ['an absolute path', () => `/theme-assets/${encodeURIComponent(path.join(outsideDir, `${EVIL}-target.css`))}`],
  ['a symbolic link to a file outside', () => '/theme-assets/linked.css'],
];

describe('public theme assets stay inside the theme', () => {
  for (const [attack, url] of ASSET_PATHS) {
    it(`theme assets: a visitor cannot read through ${attack}`, async () => {
      const page = await getPage(t, url(), site.domain);
      expect(page.status).toBe(404);
      expect(page.body).not.toContain(OUTSIDE_TEXT);
    });
  }

  it('theme assets: the theme’s own stylesheet is served', async () => {
    const files = (await fs.readdir(path.join(themeDir(), 'assets'))).filter((f) => f.endsWith('.css') && f !== 'linked.css');
    expect((await getPage(t, `/theme-assets/${files[0]}`, site.domain)).status).toBe(200);
  });
});

describe('what is accepted stays inside', () => {
  it('template library: a package file name with ../ is kept as its base name inside the library', async () => {
    const before = await filesystem();
    const res = await uploadPackage(t, token, `../../${EVIL}-named.zip`, themeZip(`named-${EVIL}`));
    expect(res.code, res.msg).toBe(0);
    expect(res.data.package).toBe(`${EVIL}-named.zip`);
    const after = await filesystem();
    const added = after.data.filter((p) => !before.data.includes(p));
    expect(added).toEqual([`theme-library/${EVIL}-named.zip`]);
    expect(after.evil).toEqual([`theme-library/${EVIL}-named.zip`]);
    await fs.rm(path.join(dataLibraryDir(t.dataDir), `${EVIL}-named.zip`));
  });

  it('template library: a percent-encoded entry name stays a literal name inside the theme folder', async () => {
    await plant('percent.zip', themeWith({ name: `templates/%2e%2e%2f%2e%2e%2f${EVIL}.liquid`, data: 'literal' }));
    const res = await api().post('/templeteLibrary/install', { package: 'percent.zip', folder: 'percent' });
    expect(res.code, res.msg).toBe(0);
    const installed = path.join(siteThemesDir(t.dataDir, site.id), 'percent');
    expect(await fs.readFile(path.join(installed, 'templates', `%2e%2e%2f%2e%2e%2f${EVIL}.liquid`), 'utf8')).toBe('literal');
    expect((await filesystem()).evil.filter((p) => !p.includes('percent'))).toEqual([]);
  });

  it('the refusal is in the admin’s language', async () => {
    const zh = await api('zh-CN').post('/theme/fileUpdate', { folder: FOLDER, path: `../${EVIL}.liquid`, content: 'x' });
    expect({ status: zh.status, msg: zh.msg }).toEqual({ status: 400, msg: `文件路径无效：../${EVIL}.liquid` });
    const pkg = await uploadPackage(t, token, 'hostile.zip', buildZip(themeWith({ name: `../${EVIL}.liquid`, data: 'x' })));
    expect(pkg.msg).toBe(`Path not allowed in the package: ../${EVIL}.liquid`);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(buildZip(themeWith({ name: `../${EVIL}.liquid`, data: 'x' })))]), 'hostile.zip');
    const res = await fetch(`${t.url}/api/templeteLibrary/upload`, { method: 'POST', headers: { 'x-token': token, 'x-language': 'zh-CN' }, body: form });
    expect((await res.json()).msg).toBe(`模板包中的路径不允许：../${EVIL}.liquid`);
  });
});

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole } from '../helpers/fixtures';
import { createSite, uniqueDomain } from '../helpers/sites';
import { getPage } from '../helpers/publicFixtures';
import { generateTestKey, signedPackage, testManifest, writeCatalogue, type PackageSpec } from '../helpers/pluginPackage';
import { pluginEvents, plugins } from '../../server/db/schema/index';
import { fetchPackageBytes, loadCatalogue, SHIPPED_CATALOGUE_DIR } from '../../server/pluginHost/market/catalogue';
import { readPluginPackage } from '../../server/pluginHost/market/package';
import { trustedKeys, verifySignedPackage } from '../../server/pluginHost/market/signature';

// The plugin market (issue 13): signed packages from a local catalogue (the test's own key, trusted through
// config.pluginKeys) or from a URL (a loopback server; config.allowPrivateFetchForTests lets the fetch reach
// it). A package that fails any check changes nothing: no folder, no plugins row, no events, no tables.

const key = generateTestKey();
const stranger = generateTestKey();
const catalogueDir = fs.mkdtempSync(path.join(os.tmpdir(), 'banyan-market-'));
let published: Array<ReturnType<typeof signedPackage>> = [];
let t: TestApp;
let token: string;
const site = { id: 0, domain: uniqueDomain('market') };
let ids = 0;
const newId = () => `t${process.pid % 100000}x${++ids}`;

beforeAll(async () => {
  writeCatalogue(catalogueDir, []);
  t = await startTestApp({ rateLimit: { api: 2000, login: 1000 }, pluginKeys: [key.publicRaw], pluginCatalogueDir: catalogueDir, allowPrivateFetchForTests: true });
  token = await t.login();
  site.id = await createSite(t, token, { name: 'Market Site', domain: site.domain });
});
afterAll(() => t?.close());

const api = (lang = 'en') => t.client(token, { language: lang });
const publish = (pkg: ReturnType<typeof signedPackage>) => {
  published = [...published.filter((p) => p.entry.id !== pkg.entry.id), pkg];
  writeCatalogue(catalogueDir, published);
  return pkg.entry.id;
};
const pluginDir = (id: string) => path.join(t.dataDir, 'plugins', id);
const tableExists = async (name: string) => {
  const res = (await t.db.execute(sql`select to_regclass(${name}) as t`)) as unknown as { rows: Array<{ t: string | null }> };
  return res.rows[0]!.t !== null;
};
const rowOf = async (id: string) => (await t.db.select().from(plugins).where(eq(plugins.id, id)))[0];
const eventsOf = async (id: string) => (await t.db.select().from(pluginEvents).where(eq(pluginEvents.pluginId, id)).orderBy(asc(pluginEvents.id))).map((e) => e.type);
const marketRow = async (id: string) => ((await api().get('/plugin/market')).data.packages as Array<{ id: string; status: string; installed_version: string | null }>).find((p) => p.id === id);

/** Nothing of plugin `id` exists anywhere. */
async function expectNothingWritten(id: string) {
  expect(fs.existsSync(pluginDir(id))).toBe(false);
  expect(await rowOf(id)).toBeUndefined();
  expect(await eventsOf(id)).toEqual([]);
  expect(await tableExists(`plugin_${id}_items`)).toBe(false);
  expect(t.app.ctx.plugins.definition(id)).toBeUndefined();
}

const withTable = (id: string, version = '1.0.0', extra: Partial<PackageSpec> = {}): PackageSpec => ({
  manifest: testManifest(id, version, { capabilities: ['page.inject', 'db.own'] }),
  migrations: { '001_items.sql': `CREATE TABLE plugin_${id}_items (id serial PRIMARY KEY, name varchar(100) NOT NULL DEFAULT '');\nINSERT INTO plugin_${id}_items (name) VALUES ('first');` },
  ...extra,
});

describe('installing from the market', () => {
  it('a super-admin installs a signed package: files stored, table created, events appended, injection on the public page', async () => {
    const id = publish(signedPackage(key.privateKey, withTable(newId())));
    expect(await marketRow(id)).toMatchObject({ status: 'notInstalled', installed_version: null });

    const res = await api().post('/plugin/marketInstall', { id });
    expect(res).toMatchObject({ code: 0, msg: 'The plugin is installed and enabled' });
    expect(fs.existsSync(path.join(pluginDir(id), '1.0.0', 'manifest.json'))).toBe(true);
    expect(fs.existsSync(path.join(pluginDir(id), '1.0.0', 'migrations', '001_items.sql'))).toBe(true);
    expect(await rowOf(id)).toMatchObject({ source: 'market', version: '1.0.0', state: 'enabled' });
    expect(await eventsOf(id)).toEqual(['plugin.install', 'plugin.installed']);
    expect(await tableExists(`plugin_${id}_items`)).toBe(true);
    expect(await marketRow(id)).toMatchObject({ status: 'installed', installed_version: '1.0.0' });

    const page = await getPage(t, '/', site.domain);
    expect(page.body).toContain(`<div class="test-hello" data-plugin="${id}">hello</div>`);

    const again = await api().post('/plugin/marketInstall', { id });
    expect(again).toMatchObject({ code: 409, msg: `Plugin ${id} is already installed; upgrade it instead` });
  });

  it('a package with a bad signature is refused and nothing is written', async () => {
    const id = newId();
    const forged = signedPackage(stranger.privateKey, withTable(id));
    publish({ zip: forged.zip, entry: forged.entry });
    const res = await api().post('/plugin/marketInstall', { id });
    expect(res).toMatchObject({ code: 400, msg: `Bad signature on package ${id}: not installed` });
    await expectNothingWritten(id);

    // A trusted key's signature of another package does not carry over either.
    const other = signedPackage(key.privateKey, withTable(newId()));
    publish({ zip: forged.zip, entry: { ...forged.entry, signature: other.entry.signature } });
    expect(await api('zh').post('/plugin/marketInstall', { id })).toMatchObject({ code: 400, msg: `插件包 ${id} 的签名无效，未安装` });
    await expectNothingWritten(id);
  });

  it('a package whose bytes differ from the catalogue is refused', async () => {
    const id = newId();
    const pkg = signedPackage(key.privateKey, withTable(id));
    const tampered = Buffer.from(pkg.zip);
    tampered[40] = tampered[40]! ^ 0xff;
    publish({ zip: tampered, entry: pkg.entry });
    expect(await api().post('/plugin/marketInstall', { id })).toMatchObject({ code: 400, msg: `Package ${id} does not match the size or checksum in the catalogue` });
    await expectNothingWritten(id);
  });

  it.each([
    ['a zip-slip entry', { name: '../x.png', data: 'x' }, 'Unsafe entry in the plugin package: “../x.png”'],
    ['an absolute entry', { name: '/etc/x.png', data: 'x' }, 'Unsafe entry in the plugin package: “/etc/x.png”'],
    ['a symbolic link', { name: 'assets/logo.png', data: '/etc/passwd', mode: 0o120777 }, 'Symbolic links and special files are not allowed in the plugin package: “assets/logo.png”'],
    ['a script', { name: 'assets/run.js', data: 'process.exit()' }, 'File not allowed in the plugin package: “assets/run.js”'],
  ])('a signed package with %s is refused and nothing is written', async (_what, entry, msg) => {
    const id = newId();
    publish(signedPackage(key.privateKey, withTable(id, '1.0.0', { entries: [entry] })));
    const res = await api().post('/plugin/marketInstall', { id });
    expect(res.code).toBe(400);
    expect(res.msg).toContain(msg.slice(0, -1));
    await expectNothingWritten(id);
  });

  it('a migration naming a table that is not the plugin’s is refused before any SQL runs', async () => {
    const id = newId();
    const sqlText = `CREATE TABLE plugin_${id}_items (id serial PRIMARY KEY);\nDROP TABLE admins;`;
    publish(signedPackage(key.privateKey, withTable(id, '1.0.0', { migrations: { '001_items.sql': sqlText } })));
    const res = await api().post('/plugin/marketInstall', { id });
    expect(res.code).toBe(400);
    expect(res.msg).toContain('Migration 001_items.sql is not allowed: admins');
    await expectNothingWritten(id);
    expect(await tableExists('admins')).toBe(true);
  });

  it('refuses a version other than the catalogue’s, a package without manifest and a package with code hooks', async () => {
    const a = newId();
    publish(signedPackage(key.privateKey, withTable(a, '1.0.0'), { id: a, version: '1.0.1' }));
    expect(await api().post('/plugin/marketInstall', { id: a })).toMatchObject({ code: 400, msg: 'Version mismatch: the catalogue says 1.0.1, the package 1.0.0' });
    await expectNothingWritten(a);

    const b = newId();
    publish(signedPackage(key.privateKey, { ...withTable(b), noManifest: true }));
    expect(await api().post('/plugin/marketInstall', { id: b })).toMatchObject({ code: 400, msg: 'Not a plugin package: no valid manifest.json' });
    await expectNothingWritten(b);

    const c = newId();
    publish(signedPackage(key.privateKey, { manifest: testManifest(c, '1.0.0', { capabilities: ['http.fetch'], hooks: ['content.afterSave'] }) }));
    expect((await api().post('/plugin/marketInstall', { id: c })).msg).toContain('never code');
    await expectNothingWritten(c);
  });

  it('an unknown id is a 404 and only super-admins may use the market', async () => {
    expect(await api().post('/plugin/marketInstall', { id: 'nosuchplugin' })).toMatchObject({ code: 404, msg: 'The plugin market has no plugin nosuchplugin' });
    const editor = await adminWithRole(t, token, ['plugin']);
    const id = publish(signedPackage(key.privateKey, withTable(newId())));
    expect(await t.client(editor.token, { language: 'en' }).get('/plugin/market')).toMatchObject({ code: 403, msg: 'Only super-admins can manage the plugin market' });
    expect((await t.client(editor.token).post('/plugin/marketInstall', { id })).code).toBe(403);
    await expectNothingWritten(id);
  });
});

describe('upgrading', () => {
  it('keeps settings and the disabled state, runs only the new migrations and replaces the stored files', async () => {
    const id = newId();
    publish(signedPackage(key.privateKey, withTable(id, '1.0.0')));
    expect((await api().post('/plugin/marketInstall', { id })).code).toBe(0);
    expect((await api().post('/plugin/saveSettings', { id, values: { text: 'kept' } })).code).toBe(0);
    expect((await api().post('/plugin/disable', { id })).code).toBe(0);

    const v2 = withTable(id, '1.1.0', {
      migrations: {
        '001_items.sql': `CREATE TABLE plugin_${id}_items (id serial PRIMARY KEY, name varchar(100) NOT NULL DEFAULT '');\nINSERT INTO plugin_${id}_items (name) VALUES ('first');`,
        '002_note.sql': `ALTER TABLE plugin_${id}_items ADD COLUMN note text NOT NULL DEFAULT 'v2';`,
      },
    });
    publish(signedPackage(key.privateKey, v2));
    expect(await marketRow(id)).toMatchObject({ status: 'upgradable', installed_version: '1.0.0' });

    expect(await api().post('/plugin/upgrade', { id })).toMatchObject({ code: 0, msg: 'Plugin upgraded' });
    expect(await rowOf(id)).toMatchObject({ version: '1.1.0', state: 'disabled', settings: { text: 'kept' } });
    expect(await eventsOf(id)).toEqual(['plugin.install', 'plugin.installed', 'plugin.disable', 'plugin.upgrade']);
    const rows = (await t.db.execute(sql.raw(`select name, note from plugin_${id}_items`))) as unknown as { rows: unknown[] };
    expect(rows.rows).toEqual([{ name: 'first', note: 'v2' }]);
    expect(fs.readdirSync(pluginDir(id))).toEqual(['1.1.0']);
    expect(t.app.ctx.plugins.definition(id)?.manifest.version).toBe('1.1.0');
    expect(t.app.ctx.plugins.isEnabled(id)).toBe(false);
    expect(await marketRow(id)).toMatchObject({ status: 'installed', installed_version: '1.1.0' });

    expect(await api().post('/plugin/upgrade', { id })).toMatchObject({ code: 409, msg: `Plugin ${id} is already up to date` });
  });

  it('a newer package that fails verification leaves the installed version as it was', async () => {
    const id = newId();
    publish(signedPackage(key.privateKey, withTable(id, '1.0.0')));
    expect((await api().post('/plugin/marketInstall', { id })).code).toBe(0);
    publish(signedPackage(stranger.privateKey, withTable(id, '2.0.0')));
    expect((await api().post('/plugin/upgrade', { id })).code).toBe(400);
    expect(await rowOf(id)).toMatchObject({ version: '1.0.0', state: 'enabled' });
    expect(await eventsOf(id)).toEqual(['plugin.install', 'plugin.installed']);
    expect(fs.readdirSync(pluginDir(id))).toEqual(['1.0.0']);
  });
});

describe('a catalogue from a URL', () => {
  it('lists and installs the packages of a configured market URL, then goes back to the local catalogue', async () => {
    const remoteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'banyan-remote-market-'));
    const id = newId();
    writeCatalogue(remoteDir, [signedPackage(key.privateKey, withTable(id))]);
    const server = http.createServer((req, res) => {
      const file = path.join(remoteDir, path.basename(req.url ?? ''));
      if (!req.url?.startsWith('/market/') || !fs.existsSync(file)) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': file.endsWith('.json') ? 'application/json' : 'application/zip' }).end(fs.readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/market/index.json`;
      expect(await api().post('/plugin/marketUrl', { url: 'ftp://example.com/x' })).toMatchObject({ code: 400 });
      expect(await api().post('/plugin/marketUrl', { url })).toMatchObject({ code: 0, msg: 'Plugin market address saved' });
      const view = (await api().get('/plugin/market')).data;
      expect(view.url).toBe(url);
      expect(view.packages.map((p: { id: string }) => p.id)).toEqual([id]);
      expect((await api().post('/plugin/marketInstall', { id })).code).toBe(0);
      expect(await rowOf(id)).toMatchObject({ version: '1.0.0', state: 'enabled' });
      expect(await tableExists(`plugin_${id}_items`)).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      expect((await api().post('/plugin/marketUrl', { url: '' })).code).toBe(0);
    }
    expect((await api().get('/plugin/market')).data).toMatchObject({ url: '', error: null });

    // An address that does not answer: the market says so, with the address in use.
    const dead = 'http://127.0.0.1:1/index.json';
    expect((await api().post('/plugin/marketUrl', { url: dead })).code).toBe(0);
    const view = await api().get('/plugin/market');
    expect(view.data).toMatchObject({ url: dead, packages: [] });
    expect(view.data.error).toBe(`Cannot read the plugin market at ${dead}: the server cannot be reached`);
    expect((await api().post('/plugin/marketUrl', { url: '' })).code).toBe(0);
  });
});

describe('the shipped catalogue', () => {
  it('lists siteverify and noticebar, signed with Banyan’s market key and passing every check', async () => {
    const source = { kind: 'dir' as const, dir: SHIPPED_CATALOGUE_DIR };
    const { catalogue } = await loadCatalogue(t.app.ctx, source);
    expect(catalogue.packages.map((p) => p.id).sort()).toEqual(['noticebar', 'siteverify']);
    for (const entry of catalogue.packages) {
      const bytes = await fetchPackageBytes(t.app.ctx, source, entry);
      expect(() => verifySignedPackage(bytes, entry, trustedKeys([]))).not.toThrow();
      expect(() => verifySignedPackage(bytes, entry, trustedKeys([key.publicRaw]).slice(1))).toThrow();
      const pkg = await readPluginPackage(bytes, entry);
      expect(pkg.manifest.inject).toBeDefined();
    }
  });
});

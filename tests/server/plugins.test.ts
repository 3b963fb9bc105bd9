import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../helpers/app';
import { adminWithRole } from '../helpers/fixtures';
import { createSite, uniqueDomain } from '../helpers/sites';
import { insertColumn, insertModel, saveContent, serveOnLoopback } from '../helpers/contentFixtures';
import { registerTestPlugin, testPlugin, uniquePluginId } from '../helpers/plugins';
import { contents, pluginEvents, plugins } from '../../server/db/schema/index';
import { PluginHost } from '../../server/pluginHost/host';
import { restoreEnabledPlugins } from '../../server/pluginHost/restore';
import { checkPluginSql, PluginSqlError } from '../../server/pluginHost/sqlGuard';
import { requestRemote, RemoteFetchError } from '../../server/services/remoteFetch';
import { pluginTables } from '../../server/operations/plugins/lifecycle';
import type { PluginDefinition } from '../../server/pluginHost/types';
import type { PluginDetail, PluginEventEntry, PluginListItem, PluginPageView, PluginSettingsView } from '../../models/plugin';
import type { MenuItem } from '../../models/menu';

// Plugins (/Plugin/index): every call of the installed tab, the lifecycle the server enforces with the chart
// (409 for what it refuses), migrations confined to the plugin's own tables, the capability-shaped context,
// hooks of disabled plugins, menus and pages that vanish with a disable, settings with secrets, permissions.
// Every plugin here is a test-only definition registered on this app's host.

let t: TestApp;
let token: string;
let siteId: number;
let columnId: number;

beforeAll(async () => {
  t = await startTestApp({ rateLimit: { api: 3000, login: 1000 }, allowPrivateFetchForTests: true });
  token = await t.login();
  siteId = await createSite(t, token, { name: '插件站', domain: uniqueDomain('plugins') });
  columnId = await insertColumn(t, siteId, await insertModel(t));
});
afterAll(() => t?.close());

const api = (language?: string, tok = token) => t.client(tok, { language, siteId });
const install = (id: string) => api().post<PluginDetail>('/plugin/install', { id });
const events = async (id: string) => (await api().get<PluginEventEntry[]>('/plugin/events', { id })).data;
const read = async (id: string, language?: string) => (await api(language).get<PluginDetail>('/plugin/read', { id })).data;
const tablesOf = (id: string) => pluginTables(t.db, id);
const register = (def: PluginDefinition) => registerTestPlugin(t, def);
const fresh = (extra: Partial<PluginDefinition> = {}, manifest: Parameters<typeof testPlugin>[2] = {}) => register(testPlugin(uniquePluginId(), extra, manifest));

function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((i) => [i, ...flatten(i.children)]);
}
const userMenu = async (tok = token, language?: string) => (await t.client(tok, { language }).get<{ authority: string[]; menu: MenuItem[] }>('/adminmenu/getUserMenuList')).data;

describe('lifecycle', () => {
  it('lists a known plugin as not installed, in the reader’s language', async () => {
    const def = fresh();
    const zh = (await api('zh').get<PluginListItem[]>('/plugin/index')).data.find((p) => p.id === def.manifest.id)!;
    expect(zh).toMatchObject({ state: 'notInstalled', version: '', available_version: '1.0.0', name: def.manifest.name.zh, source: 'builtin', has_settings: true });
    const en = (await api('en').get<PluginListItem[]>('/plugin/index')).data.find((p) => p.id === def.manifest.id)!;
    expect(en.name).toBe(def.manifest.name.en);
    expect(en.description).toBe('Used by tests only');
  });

  it('install runs the migrations into prefixed tables and enables the plugin; the trail records it', async () => {
    const def = fresh();
    const id = def.manifest.id;
    const res = await install(id);
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ state: 'enabled', version: '1.0.0', tables: [`plugin_${id}_items`] });
    expect(t.app.ctx.plugins.isEnabled(id)).toBe(true);
    expect(await tablesOf(id)).toEqual([`plugin_${id}_items`]);
    expect((await events(id)).map((e) => e.type)).toEqual(['plugin.installed', 'plugin.install']);
    expect((await events(id))[1]).toMatchObject({ payload: { version: '1.0.0' }, by_name: expect.any(String) });
    const [row] = await t.db.select().from(plugins).where(eq(plugins.id, id));
    expect(row).toMatchObject({ state: 'enabled', version: '1.0.0' });
    expect(row!.installedAt).toBeInstanceOf(Date);
  });

  it('refuses what the chart refuses with 409 and changes nothing', async () => {
    const def = fresh();
    const id = def.manifest.id;
    expect((await api().post('/plugin/enable', { id })).code).toBe(409);
    expect((await api().post('/plugin/uninstall', { id, confirm: true })).code).toBe(409);
    await install(id);
    const before = (await events(id)).length;
    const again = await api('en').post('/plugin/install', { id });
    expect(again).toMatchObject({ code: 409, msg: 'The plugin is already installed' });
    expect((await api().post('/plugin/enable', { id })).code).toBe(409);
    expect((await events(id)).length).toBe(before);
    expect((await read(id)).state).toBe('enabled');
  });

  it('disable and enable take effect at once; disabled stays disabled and keeps its tables', async () => {
    const def = fresh();
    const id = def.manifest.id;
    await install(id);
    expect((await api().post<PluginDetail>('/plugin/disable', { id })).data.state).toBe('disabled');
    expect(t.app.ctx.plugins.isEnabled(id)).toBe(false);
    expect((await api().post('/plugin/disable', { id })).code).toBe(409);
    expect(await tablesOf(id)).toEqual([`plugin_${id}_items`]);
    expect((await api().post<PluginDetail>('/plugin/enable', { id })).data.state).toBe('enabled');
    expect(t.app.ctx.plugins.isEnabled(id)).toBe(true);
  });

  it('uninstall needs a confirm, drops the plugin’s tables and forgets its settings', async () => {
    const def = fresh({ uninstallSql: [] });
    const id = def.manifest.id;
    await install(id);
    await api().post('/plugin/saveSettings', { id, values: { greeting: 'hey' } });
    expect((await read(id)).tables).toEqual([`plugin_${id}_items`]);
    const unconfirmed = await api('en').post('/plugin/uninstall', { id });
    expect(unconfirmed.code).toBe(400);
    expect(unconfirmed.msg).toContain('confirm');
    const res = await api().post<PluginDetail & { dropped: string[] }>('/plugin/uninstall', { id, confirm: true });
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ state: 'notInstalled', version: '', tables: [], dropped: [`plugin_${id}_items`] });
    expect(await tablesOf(id)).toEqual([]);
    expect(t.app.ctx.plugins.isEnabled(id)).toBe(false);
    const [row] = await t.db.select().from(plugins).where(eq(plugins.id, id));
    expect(row!.settings).toEqual({});
    // Installed again, it starts from the defaults.
    await install(id);
    expect((await api().get<PluginSettingsView>('/plugin/settings', { id })).data.values.greeting).toBe('hello');
  });

  it('a migration naming a table outside the plugin’s prefix fails the install and rolls back its tables', async () => {
    const id = uniquePluginId();
    register(testPlugin(id, { migrations: [`CREATE TABLE plugin_${id}_ok (id int); CREATE TABLE stolen_${id} (id int)`] }));
    const res = await api('en').post('/plugin/install', { id });
    expect(res.code).toBe(500);
    expect(res.msg).toContain(`stolen_${id}`);
    const detail = await read(id);
    expect(detail).toMatchObject({ state: 'failed', tables: [] });
    expect(detail.last_error).toContain(`stolen_${id}`);
    expect(t.app.ctx.plugins.isEnabled(id)).toBe(false);
    expect((await events(id)).map((e) => e.type)).toEqual(['plugin.installFailed', 'plugin.install']);
    // A failed plugin may be cleaned up.
    expect((await api().post('/plugin/enable', { id })).code).toBe(409);
    expect((await api().post<PluginDetail>('/plugin/uninstall', { id, confirm: true })).data.state).toBe('notInstalled');
  });

  it('a migration that errors rolls back the tables made before it; a retry installs once the plugin is fixed', async () => {
    const id = uniquePluginId();
    const def = register(testPlugin(id, { migrations: [`CREATE TABLE plugin_${id}_a (id int)`, `CREATE TABLE plugin_${id}_b (id no_such_type)`] }));
    expect((await install(id)).code).toBe(500);
    expect(await tablesOf(id)).toEqual([]);
    expect((await read(id)).state).toBe('failed');
    def.migrations = [`CREATE TABLE plugin_${id}_a (id int)`];
    expect((await install(id)).data).toMatchObject({ state: 'enabled', tables: [`plugin_${id}_a`], last_error: '' });
  });

  it('an unknown plugin answers 404', async () => {
    expect((await api().post('/plugin/install', { id: 'nosuchplugin' })).code).toBe(404);
    expect((await api().get('/plugin/read', { id: 'nosuchplugin' })).code).toBe(404);
    expect((await api().post('/plugin/install', { id: 'Bad-Id' })).code).toBe(400);
  });

  it('the enabled set is restored from the database at start', async () => {
    const a = fresh();
    const b = fresh();
    await install(a.manifest.id);
    await install(b.manifest.id);
    await api().post('/plugin/disable', { id: b.manifest.id });
    const host = new PluginHost(() => ({}) as never);
    host.register(a);
    host.register(b);
    await restoreEnabledPlugins({ ...t.app.ctx, plugins: host });
    expect(host.isEnabled(a.manifest.id)).toBe(true);
    expect(host.isEnabled(b.manifest.id)).toBe(false);
  });
});

describe('the plugin context', () => {
  it('holds only what the manifest’s capabilities grant', async () => {
    const bare = fresh({}, { capabilities: [] });
    const ctx = t.app.ctx.plugins.context(bare);
    expect(ctx.db).toBeUndefined();
    expect(ctx.http).toBeUndefined();
    expect(ctx.content).toBeUndefined();
    expect(ctx.stats).toBeUndefined();
    const all = fresh({}, { capabilities: ['db.own', 'http.fetch', 'content.read', 'stats.read'] });
    const full = t.app.ctx.plugins.context(all);
    expect(full.db && full.http && full.content && full.stats).toBeTruthy();
  });

  it('db.own reaches the plugin’s own tables and refuses every other table', async () => {
    const def = fresh();
    const id = def.manifest.id;
    await install(id);
    const db = t.app.ctx.plugins.context(def).db!;
    await db.query(`INSERT INTO plugin_${id}_items (name) VALUES ($1), ($2)`, ['a', "b'; drop table admins; --"]);
    expect(await db.query<{ name: string }>(`SELECT name FROM plugin_${id}_items WHERE name <> $1 ORDER BY id`, ['zzz'])).toEqual([{ name: 'a' }, { name: "b'; drop table admins; --" }]);
    for (const sql of [
      'SELECT * FROM admins',
      `SELECT * FROM plugin_${id}_items, sessions`,
      `SELECT * FROM plugin_${id}_items JOIN admins ON true`,
      `SELECT * FROM plugin_${id}_items WHERE id IN (SELECT id FROM admins)`,
      `SELECT * FROM plugin_${id}_items; DROP TABLE admins`,
      `SELECT * FROM public.plugin_${id}_items`,
      `UPDATE admins SET nickname = 'x'`,
      `INSERT INTO plugin_other_items VALUES (1)`,
      `SELECT query_to_xml('select * from admins', true, true, '')`,
      `COPY plugin_${id}_items TO '/tmp/x'`,
    ]) {
      await expect(db.query(sql), sql).rejects.toBeInstanceOf(PluginSqlError);
    }
    expect(() => checkPluginSql(`CREATE INDEX plugin_${id}_i ON admins (id)`, id)).toThrow(PluginSqlError);
    expect(() => checkPluginSql(`CREATE TABLE plugin_${id}_x (a int references admins(id))`, id)).toThrow(PluginSqlError);
    expect(checkPluginSql(`SELECT extract(year from created) FROM plugin_${id}_a a JOIN plugin_${id}_b b USING (id)`, id).tables).toEqual([`plugin_${id}_a`, `plugin_${id}_b`]);
  });

  it('http.fetch posts through the SSRF-safe client; without the test setting loopback is refused', async () => {
    const peer = await serveOnLoopback({
      '/hook': (req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => res.writeHead(201, { 'content-type': 'text/plain' }).end(`${req.method} ${req.headers['content-type']} ${body}`));
      },
    });
    try {
      const def = fresh({}, { capabilities: ['http.fetch'] });
      const http1 = t.app.ctx.plugins.context(def).http!;
      expect(await http1.request(peer.url('/hook'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' })).toEqual({ status: 201, body: 'POST application/json {"a":1}' });
      await expect(requestRemote(peer.url('/hook'), { method: 'POST', body: 'x' })).rejects.toMatchObject({ reason: 'private_address' });
      await expect(requestRemote('file:///etc/passwd', { method: 'GET' })).rejects.toBeInstanceOf(RemoteFetchError);
    } finally {
      await peer.close();
    }
  });

  it('content.read reads an item and a site’s address; stats.read answers a count per day', async () => {
    const def = fresh({}, { capabilities: ['content.read', 'stats.read'] });
    const ctx = t.app.ctx.plugins.context(def);
    const saved = await saveContent(api(), columnId, { status: 1 });
    expect(await ctx.content!.read(saved.id)).toMatchObject({ id: saved.id, siteId, title: saved.title });
    expect(await ctx.content!.read(99_999_999)).toBeNull();
    expect(await ctx.content!.siteBaseUrl(siteId)).toMatch(/^http:\/\/plugins-/);
    const days = await ctx.stats!.daily(siteId, '2026-01-01', '2026-01-03');
    expect(days).toEqual([
      { day: '2026-01-01', pv: 0, uv: 0 },
      { day: '2026-01-02', pv: 0, uv: 0 },
      { day: '2026-01-03', pv: 0, uv: 0 },
    ]);
  });
});

describe('hooks', () => {
  it('a hook that throws is logged and the request still succeeds; a disabled plugin’s hooks do not run', async () => {
    const throwing = fresh(
      { hooks: { 'content.beforeSave': () => { throw new Error('plugin bug'); } } },
      { capabilities: ['content.write'], hooks: ['content.beforeSave'] },
    );
    const renaming = fresh({ hooks: { 'content.beforeSave': (p) => ({ title: `${p.draft.title} [checked]` }) } }, { capabilities: ['content.write'], hooks: ['content.beforeSave'] });
    await install(throwing.manifest.id);
    await install(renaming.manifest.id);
    const logged = vi.spyOn(t.app.log, 'error');
    try {
      const saved = await saveContent(api(), columnId, { title: 'Hooked' });
      const [row] = await t.db.select({ title: contents.title }).from(contents).where(eq(contents.id, saved.id));
      expect(row!.title).toBe('Hooked [checked]');
      expect(logged.mock.calls.some((c) => String(c[1]).includes(throwing.manifest.id))).toBe(true);
      await api().post('/plugin/disable', { id: renaming.manifest.id });
      const second = await saveContent(api(), columnId, { title: 'Plain' });
      const [row2] = await t.db.select({ title: contents.title }).from(contents).where(eq(contents.id, second.id));
      expect(row2!.title).toBe('Plain');
    } finally {
      logged.mockRestore();
      await api().post('/plugin/disable', { id: throwing.manifest.id });
    }
  });
});

describe('menus and pages', () => {
  const withPage = () =>
    fresh(
      {
        pages: {
          report: async (ctx, query) => ({
            columns: [
              { name: 'day', title: { zh: '日期', en: 'Day' } },
              { name: 'note', title: { zh: '=备注', en: 'Note' } },
            ],
            rows: [
              { day: '2026-01-01', note: `=cmd ${query.q ?? ''}` },
              { day: '2026-01-02', note: `id ${ctx.id}` },
            ],
            exportable: true,
          }),
        },
      },
      { menus: [{ page: 'report', title: { zh: '测试报表', en: 'Test report' }, icon: 'chart' }] },
    );

  it('an enabled plugin’s pages appear under the plugin menu and vanish at once when it is disabled', async () => {
    const def = withPage();
    const id = def.manifest.id;
    const path = `/PluginPage/${id}/report`;
    expect(flatten((await userMenu()).menu).some((m) => m.path === path)).toBe(false);
    await install(id);
    const menu = await userMenu(token, 'en');
    const item = flatten(menu.menu).find((m) => m.path === path)!;
    expect(item).toMatchObject({ title: 'Test report', icon: 'chart', hidden: false });
    expect(menu.authority).toContain(path);
    // The plugin list stays reachable beside the pages.
    expect(flatten(menu.menu).find((m) => m.key === 'plugin')!.path).toBe('/Plugin/index');
    const page = await api('en').get<PluginPageView>('/plugin/page', { id, page: 'report', q: 'x' });
    expect(page.data).toMatchObject({ title: 'Test report', columns: [{ name: 'day', title: 'Day' }, { name: 'note', title: 'Note' }], exportable: true });
    expect(page.data.rows[0]).toEqual({ day: '2026-01-01', note: '=cmd x' });
    expect((await api().get('/plugin/page', { id, page: 'nosuch' })).code).toBe(404);

    await api().post('/plugin/disable', { id });
    const after = await userMenu();
    expect(flatten(after.menu).some((m) => m.path === path)).toBe(false);
    expect(after.authority).not.toContain(path);
    expect((await api().get('/plugin/page', { id, page: 'report' })).code).toBe(404);
    expect((await api().get('/plugin/pageExport', { id, page: 'report' })).code).toBe(404);
  });

  it('a page exports as CSV with a BOM, formula-like cells neutralised', async () => {
    const def = withPage();
    await install(def.manifest.id);
    const res = await fetch(`${t.url}/api/plugin/pageExport?id=${def.manifest.id}&page=report`, { headers: { 'x-token': token } });
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
    expect(text.startsWith("\uFEFF日期,'=备注\r\n")).toBe(true); // a column title from the plugin is a cell too
    expect(text).toContain("2026-01-01,'=cmd ");
    await api().post('/plugin/disable', { id: def.manifest.id });
  });
});

describe('settings', () => {
  it('answers defaults with secrets write-only, validates naming the field, keeps a stored secret on empty', async () => {
    const def = fresh();
    const id = def.manifest.id;
    expect((await api().get('/plugin/settings', { id })).code).toBe(409);
    await install(id);
    const view = (await api('en').get<PluginSettingsView>('/plugin/settings', { id })).data;
    expect(view.fields.map((f) => [f.name, f.label, f.type])).toEqual([
      ['greeting', 'Greeting', 'text'],
      ['api_token', 'API token', 'password'],
      ['limit', 'Limit', 'number'],
    ]);
    expect(view.values).toEqual({ greeting: 'hello', api_token: '', api_token_set: false, limit: 10 });

    const bad = await api('en').post('/plugin/saveSettings', { id, values: { greeting: 'x', limit: 'many' } });
    expect(bad).toMatchObject({ code: 400, msg: 'Limit must be a number' });
    expect((await api('zh').post('/plugin/saveSettings', { id, values: { greeting: '  ' } })).msg).toBe('问候语不能为空');
    expect((await api('en').post('/plugin/saveSettings', { id, values: { greeting: 'x', bogus: 1 } })).msg).toContain('bogus');

    expect((await api().post('/plugin/saveSettings', { id, values: { greeting: 'hi', api_token: 's3cret', limit: 3 } })).code).toBe(0);
    const saved = (await api().get<PluginSettingsView>('/plugin/settings', { id })).data.values;
    expect(saved).toEqual({ greeting: 'hi', api_token: '', api_token_set: true, limit: 3 });
    expect(await t.app.ctx.plugins.context(def).settings()).toEqual({ greeting: 'hi', api_token: 's3cret', limit: 3 });
    await api().post('/plugin/saveSettings', { id, values: { greeting: 'hi again', api_token: '', limit: 3 } });
    expect((await t.app.ctx.plugins.context(def).settings()).api_token).toBe('s3cret');
    // The secret never reaches the operation log.
    const log = await api().get<Array<{ content: string }>>('/adminOptLog/index', { operation: 'plugin.saveSettings', limit: 50 });
    expect(log.data.some((e) => e.content.includes('s3cret'))).toBe(false);
  });
});

describe('permissions', () => {
  it('an editor without the plugin menu gets 403 on every call; one holding it may use them', async () => {
    const def = fresh();
    const id = def.manifest.id;
    const without = await adminWithRole(t, token, ['content']);
    const withMenu = await adminWithRole(t, token, ['plugin']);
    const calls: Array<[string, string, Record<string, unknown>]> = [
      ['GET', '/plugin/index', {}],
      ['GET', '/plugin/read', { id }],
      ['POST', '/plugin/install', { id }],
      ['POST', '/plugin/enable', { id }],
      ['POST', '/plugin/disable', { id }],
      ['POST', '/plugin/uninstall', { id, confirm: true }],
      ['GET', '/plugin/settings', { id }],
      ['POST', '/plugin/saveSettings', { id, values: {} }],
      ['GET', '/plugin/events', { id }],
      ['GET', '/plugin/page', { id, page: 'x' }],
      ['GET', '/plugin/pageExport', { id, page: 'x' }],
    ];
    for (const [method, url, args] of calls) {
      const c = t.client(without.token);
      const res = method === 'GET' ? await c.get(url, args) : await c.post(url, args);
      expect(res.code, url).toBe(403);
    }
    expect(await tablesOf(id)).toEqual([]);
    const c = t.client(withMenu.token);
    expect((await c.get('/plugin/index')).code).toBe(0);
    expect((await c.post<PluginDetail>('/plugin/install', { id })).data.state).toBe('enabled');
    const trail = await events(id);
    expect(trail[0]!.by).toBe(withMenu.id);
  });

  it('plugin pages are in the menu only for roles holding the plugin menu', async () => {
    const def = fresh({ pages: { p: async () => ({ columns: [], rows: [] }) } }, { menus: [{ page: 'p', title: { zh: '页', en: 'Page' }, icon: 'puzzle' }] });
    await install(def.manifest.id);
    const editor = await adminWithRole(t, token, ['content']);
    const path = `/PluginPage/${def.manifest.id}/p`;
    const menu = await userMenu(editor.token);
    expect(flatten(menu.menu).some((m) => m.path === path)).toBe(false);
    expect(menu.authority).not.toContain(path);
    await api().post('/plugin/disable', { id: def.manifest.id });
  });
});

describe('the event log', () => {
  it('is the truth: the projection follows the replayed events', async () => {
    const def = fresh();
    const id = def.manifest.id;
    await install(id);
    await api().post('/plugin/disable', { id });
    const rows = await t.db.select().from(pluginEvents).where(eq(pluginEvents.pluginId, id));
    expect(rows.map((r) => r.type)).toEqual(['plugin.install', 'plugin.installed', 'plugin.disable']);
    expect((await read(id)).state).toBe('disabled');
  });
});


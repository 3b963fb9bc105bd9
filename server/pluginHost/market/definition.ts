import type { Template } from 'liquidjs';
import { injectionEngine } from './package';
import { checkMigrationStatements } from './sqlRule';
import type { PluginDefinition, PluginPageData } from '../types';
import type { PluginManifest } from '../../../models/plugin';

// A market plugin as the host knows it, built from its (verified) manifest and files: its page.render hook
// renders the manifest's inject.head/body with LiquidJS (no file system, output escaped, render limits), with
// `settings` (the stored values, defaults filled in) and `page` ({ path, kind, site_id }) in scope. Its menu
// pages show its current settings. A template that fails is logged and skipped by the host.

const engine = injectionEngine();

export function marketDefinition(manifest: PluginManifest, files: ReadonlyMap<string, Buffer>): PluginDefinition {
  const migrationFiles = [...files.keys()].filter((f) => f.startsWith('migrations/')).sort();
  const migrations = migrationFiles.map((f) => files.get(f)!.toString('utf8'));
  const tables = [...new Set(migrations.flatMap((sql) => checkMigrationStatements(manifest.id, sql)))];
  const parse = (source: string | undefined): Template[] | null => (source ? engine.parse(source) : null);
  const head = parse(manifest.inject?.head);
  const body = parse(manifest.inject?.body);

  const settingsPage = async (ctx: Parameters<NonNullable<PluginDefinition['pages']>[string]>[0]): Promise<PluginPageData> => {
    const values = await ctx.settings();
    return {
      columns: [
        { name: 'setting', title: { zh: '设置', en: 'Setting' } },
        { name: 'value', title: { zh: '当前值', en: 'Current value' } },
      ],
      rows: manifest.settings.map((f) => ({ setting: `${f.label.zh} / ${f.label.en}`, value: f.type === 'password' ? '••••' : String(values[f.name] ?? '') })),
    };
  };

  return {
    manifest,
    source: 'market',
    migrations,
    uninstallSql: tables.reverse().map((t) => `DROP TABLE IF EXISTS ${t} CASCADE`),
    hooks:
      head || body
        ? {
            'page.render': async (payload, ctx) => {
              const scope = { settings: await ctx.settings(), page: { path: payload.path, kind: payload.kind, site_id: payload.siteId } };
              const render = async (tpl: Template[] | null) => (tpl ? String(await engine.render(tpl, scope)) : undefined);
              return { head: await render(head), body: await render(body) };
            },
          }
        : {},
    pages: Object.fromEntries(manifest.menus.map((m) => [m.page, settingsPage])),
  };
}

import { PluginManifest, type PluginManifest as Manifest } from '../../models/plugin';
import type { PluginDefinition } from '../../server/pluginHost/types';
import type { TestApp } from './app';

// Test-only plugin definitions, registered on a test app's host (never in production code).

let seq = 0;
/** A fresh plugin id (ids are letters and digits). */
export const uniquePluginId = (prefix = 't') => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`.slice(0, 30);

export function testManifest(id: string, extra: Partial<Manifest> = {}): Manifest {
  return PluginManifest.parse({
    id,
    name: { zh: `测试插件 ${id}`, en: `Test plugin ${id}` },
    version: '1.0.0',
    author: 'Banyan tests',
    description: { zh: '只在测试中使用', en: 'Used by tests only' },
    ...extra,
  });
}

/** A plugin with one table of its own (plugin_<id>_items) and a settings form. */
export function testPlugin(id: string, extra: Partial<PluginDefinition> = {}, manifest: Partial<Manifest> = {}): PluginDefinition {
  return {
    manifest: testManifest(id, {
      capabilities: ['db.own'],
      settings: [
        { name: 'greeting', label: { zh: '问候语', en: 'Greeting' }, type: 'text', required: true, default: 'hello' },
        { name: 'api_token', label: { zh: '接口密钥', en: 'API token' }, type: 'password', required: false },
        { name: 'limit', label: { zh: '条数', en: 'Limit' }, type: 'number', required: false, default: 10 },
      ],
      ...manifest,
    }),
    source: 'builtin',
    migrations: [`CREATE TABLE plugin_${id}_items (id serial primary key, name text not null)`],
    hooks: {},
    ...extra,
  };
}

export function registerTestPlugin(t: TestApp, def: PluginDefinition): PluginDefinition {
  t.app.ctx.plugins.register(def);
  return def;
}

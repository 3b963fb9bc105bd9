import type { OpLogCalls, OpLogContext } from './types';
import { registerTestPlugin, testPlugin, uniquePluginId } from '../../helpers/plugins';

/** One call per mutating route of /Plugin/index's installed tab, each on a test-only plugin of its own. */

const ok = async <T = any>(res: Promise<{ code: number; msg: string; data: T }>) => {
  const r = await res;
  if (r.code !== 0) throw new Error(`call failed: ${r.code} ${r.msg}`);
  return r.data;
};
const client = ({ t, superToken }: OpLogContext) => t.client(superToken);
/** A registered test plugin, installed (and so enabled) unless told otherwise; returns its id and zh name. */
const plugin = async (ctx: OpLogContext, install = true) => {
  const def = registerTestPlugin(ctx.t, testPlugin(uniquePluginId('log')));
  if (install) await ok(client(ctx).post('/plugin/install', { id: def.manifest.id }));
  return { id: def.manifest.id, name: def.manifest.name.zh };
};

export const pluginCalls: OpLogCalls = {
  '/api/plugin/install': async (ctx) => (await plugin(ctx)).name,
  '/api/plugin/disable': async (ctx) => {
    const p = await plugin(ctx);
    await ok(client(ctx).post('/plugin/disable', { id: p.id }));
    return p.name;
  },
  '/api/plugin/enable': async (ctx) => {
    const p = await plugin(ctx);
    await ok(client(ctx).post('/plugin/disable', { id: p.id }));
    await ok(client(ctx).post('/plugin/enable', { id: p.id }));
    return p.name;
  },
  '/api/plugin/uninstall': async (ctx) => {
    const p = await plugin(ctx);
    await ok(client(ctx).post('/plugin/uninstall', { id: p.id, confirm: true }));
    return p.name;
  },
  '/api/plugin/saveSettings': async (ctx) => {
    const p = await plugin(ctx);
    await ok(client(ctx).post('/plugin/saveSettings', { id: p.id, values: { greeting: 'hi', api_token: 's3cret', limit: 5 } }));
    return p.name;
  },
};

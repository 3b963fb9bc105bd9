import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { listenToChannels } from '../../db/channelListener';
import { plugins } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type { AppContext } from '../../http/context';
import type { PluginHost } from '../../pluginHost/host';
import { storedDefinition } from '../../pluginHost/market/store';

// Plugin lifecycle changes reach every server (issue 17). Each server's plugin host keeps the definitions it knows
// (built-ins are code; market plugins are rebuilt from SHARED_DIR/plugins) and the set of enabled plugins. Every
// lifecycle event (install, installed, enable, disable, uninstall, uninstalled, upgrade, failures) notifies channel
// plugin_changes in the transaction that appends it, so at its commit; every other server listening on it reads that
// plugin's row again and loads (a new version from the shared folder), enables, disables or forgets it. The server
// that made the change keeps its host up to date itself (lifecycle.ts, marketInstall.ts), so it skips its own
// notifications: they carry its host's origin. A restore notifies '*': every server, the restoring one included,
// reads every plugin again. Settings need nothing: the host reads them from the database at each call.
// PGlite is one server: nothing listens there (the notification is harmless).

export const PLUGIN_CHANNEL = 'plugin_changes';
/** Every plugin (after a restore). */
export const ALL_PLUGINS = '*';

const origins = new WeakMap<PluginHost, string>();
/** A host's origin in notifications (one per app, also when several apps share a process, as in the tests). */
export function originOf(host: PluginHost): string {
  let origin = origins.get(host);
  if (!origin) {
    origin = randomUUID();
    origins.set(host, origin);
  }
  return origin;
}

/** Tells every server, at the commit of `tx`, that plugin `id` (or every plugin) changed; `from`: the host that did it. */
export async function notifyPluginChange(tx: Executor, id: string, from?: PluginHost) {
  await tx.execute(sql`select pg_notify(${PLUGIN_CHANNEL}, ${JSON.stringify({ id, from: from ? originOf(from) : null })})`);
}

// ---- Bringing one host in line with the database, one plugin at a time.

const locks = new WeakMap<PluginHost, Map<string, Promise<void>>>();
const queued = new WeakMap<PluginHost, Set<string>>();

/**
 * Runs `work` for plugin `id` after any other work for it on this host (an install or upgrade that registers a
 * definition before its events commit, a sync): they never interleave.
 */
export function withPluginLock<T>(host: PluginHost, id: string, work: () => Promise<T>): Promise<T> {
  let byId = locks.get(host);
  if (!byId) locks.set(host, (byId = new Map()));
  const run = (byId.get(id) ?? Promise.resolve()).then(work);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  byId.set(id, tail);
  void tail.then(() => byId.get(id) === tail && byId.delete(id));
  return run;
}

type SyncCtx = Pick<AppContext, 'db' | 'plugins' | 'config'>;

/** Reads plugin `id`'s row and makes the host agree: its definition (market: the stored version) and enabled or not. */
async function syncPluginNow(ctx: SyncCtx, id: string, warn: (msg: string) => void) {
  const host = ctx.plugins;
  const [row] = await ctx.db.select({ source: plugins.source, state: plugins.state, version: plugins.version }).from(plugins).where(eq(plugins.id, id));
  const known = host.definition(id);
  if (!row || row.state === 'notInstalled') {
    if (known?.source === 'market') host.unregister(id);
    else host.setEnabled(id, false);
    return;
  }
  if (row.source === 'market' && known?.source !== 'builtin' && known?.manifest.version !== row.version) {
    const def = await storedDefinition(ctx.config.sharedDir, id, row.version);
    if (def) host.register(def);
    else warn(`plugins: ${id} ${row.version} is installed but its files are missing from the shared folder`);
  }
  host.setEnabled(id, row.state === 'enabled');
}

/** Syncs plugin `id` on this host (queued after work in progress on it; a second request while one waits is merged). */
export function syncPlugin(ctx: SyncCtx, id: string, warn: (msg: string) => void = () => {}): Promise<void> {
  let waiting = queued.get(ctx.plugins);
  if (!waiting) queued.set(ctx.plugins, (waiting = new Set()));
  if (waiting.has(id)) return locks.get(ctx.plugins)?.get(id) ?? Promise.resolve();
  waiting.add(id);
  return withPluginLock(ctx.plugins, id, () => {
    waiting.delete(id);
    return syncPluginNow(ctx, id, warn);
  });
}

/** Syncs every plugin the database lists or the host knows. */
export async function syncAllPlugins(ctx: SyncCtx, warn?: (msg: string) => void): Promise<void> {
  const rows = await ctx.db.select({ id: plugins.id }).from(plugins);
  const ids = new Set([...rows.map((r) => r.id), ...ctx.plugins.all().map((d) => d.manifest.id)]);
  await Promise.all([...ids].map((id) => syncPlugin(ctx, id, warn)));
}

/** After a restore (any plugin may have changed): this server syncs every plugin now and tells the others. */
export async function announceAllPluginsChanged(ctx: SyncCtx, warn?: (msg: string) => void) {
  await notifyPluginChange(ctx.db, ALL_PLUGINS, ctx.plugins);
  await syncAllPlugins(ctx, warn);
}

/** On PostgreSQL, listens on plugin_changes and syncs the plugin each notification of another server names. */
export function listenForPluginChanges(app: FastifyInstance) {
  const own = originOf(app.ctx.plugins);
  const warn = (msg: string) => app.log.warn(msg);
  const failed = (err: unknown) => app.log.error({ err }, 'plugins: sync failed');
  listenToChannels(app, [PLUGIN_CHANNEL], {
    heard: (payload) => {
      let note: { id?: unknown; from?: unknown };
      try {
        note = JSON.parse(payload) as typeof note;
      } catch {
        return;
      }
      if (typeof note.id !== 'string' || note.from === own) return;
      void (note.id === ALL_PLUGINS ? syncAllPlugins(app.ctx, warn) : syncPlugin(app.ctx, note.id, warn)).catch(failed);
    },
    // Changes made while no one listened (first start, a lost connection) were not heard: read every plugin again.
    listening: () => void syncAllPlugins(app.ctx, warn).catch(failed),
    lost: (err) => app.log.warn({ err }, 'plugins: plugin_changes listener lost'),
  });
}

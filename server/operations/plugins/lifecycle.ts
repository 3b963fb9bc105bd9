import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { AppContext } from '../../http/context';
import { ApiError, notFound } from '../../http/errors';
import { checkPluginSql, PluginSqlError, splitStatements } from '../../pluginHost/sqlGuard';
import type { PluginDefinition } from '../../pluginHost/types';
import { appendPluginEvent } from './events';
import type { PluginSnapshot } from '../../../machines/plugin.machine';

// Install, enable, disable, uninstall and upgrade: each appends the admin's intent to the plugin's event log
// (refused with 409 when the chart refuses it), does the work, then appends the outcome. The host's enabled
// set changes only after the transaction that enabled or disabled the plugin committed.

type Ctx = Pick<AppContext, 'db' | 'plugins'>;

/** A known plugin's definition, or 404. */
export function definitionOf(ctx: Pick<AppContext, 'plugins'>, id: string): PluginDefinition {
  const def = ctx.plugins.definition(id);
  if (!def) throw notFound('plugin.notFound');
  return def;
}

/** The plugin's tables that exist now (what an uninstall drops). */
export async function pluginTables(db: Executor, id: string): Promise<string[]> {
  const prefix = `plugin_${id}_`;
  const res = (await db.execute(
    sql`select tablename from pg_tables where schemaname = current_schema() and left(tablename, ${prefix.length}) = ${prefix} order by tablename`,
  )) as unknown as { rows: Array<{ tablename: string }> };
  return res.rows.map((r) => r.tablename);
}

/** Every statement of the given SQL, each checked to touch only the plugin's tables (PluginSqlError otherwise). */
export function checkedStatements(id: string, sources: readonly string[]): string[] {
  return sources.flatMap(splitStatements).map((stmt) => {
    checkPluginSql(stmt, id);
    return stmt;
  });
}

const reasonOf = (err: unknown) => (err instanceof PluginSqlError ? err.message : err instanceof Error ? err.message : String(err)).slice(0, 500);

export interface LifecycleResult {
  snapshot: PluginSnapshot;
  /** The reason the work failed (the plugin is now failed), or null. */
  failure: string | null;
}

/** notInstalled | failed → installing → enabled (migrations ran) | failed (they were rolled back). */
export async function installPlugin(ctx: Ctx, by: number, id: string): Promise<LifecycleResult> {
  const def = definitionOf(ctx, id);
  await ctx.db.transaction((tx) => appendPluginEvent(tx, def, { type: 'plugin.install', version: def.manifest.version }, by, ctx.plugins));
  try {
    const snapshot = await ctx.db.transaction(async (tx) => {
      for (const stmt of checkedStatements(id, def.migrations ?? [])) await tx.execute(sql.raw(stmt));
      return appendPluginEvent(tx, def, { type: 'plugin.installed' }, by, ctx.plugins);
    });
    ctx.plugins.setEnabled(id, true);
    return { snapshot, failure: null };
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const reason = reasonOf(err);
    const snapshot = await ctx.db.transaction((tx) => appendPluginEvent(tx, def, { type: 'plugin.installFailed', reason }, by, ctx.plugins));
    return { snapshot, failure: reason };
  }
}

export async function setPluginEnabled(ctx: Ctx, by: number, id: string, on: boolean): Promise<PluginSnapshot> {
  const def = definitionOf(ctx, id);
  const snapshot = await ctx.db.transaction((tx) => appendPluginEvent(tx, def, { type: on ? 'plugin.enable' : 'plugin.disable' }, by, ctx.plugins));
  ctx.plugins.setEnabled(id, on);
  return snapshot;
}

/** enabled | disabled | failed → uninstalling → notInstalled (its tables dropped) | failed. */
export async function uninstallPlugin(ctx: Ctx, by: number, id: string): Promise<LifecycleResult & { dropped: string[] }> {
  const def = definitionOf(ctx, id);
  await ctx.db.transaction((tx) => appendPluginEvent(tx, def, { type: 'plugin.uninstall' }, by, ctx.plugins));
  // Its hooks stop at once, whatever the outcome.
  ctx.plugins.setEnabled(id, false);
  try {
    return await ctx.db.transaction(async (tx) => {
      for (const stmt of checkedStatements(id, def.uninstallSql ?? [])) await tx.execute(sql.raw(stmt));
      const left = await pluginTables(tx, id);
      for (const table of left) await tx.execute(sql.raw(`DROP TABLE IF EXISTS "${table}" CASCADE`));
      const snapshot = await appendPluginEvent(tx, def, { type: 'plugin.uninstalled' }, by, ctx.plugins);
      return { snapshot, failure: null, dropped: left };
    });
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const reason = reasonOf(err);
    const snapshot = await ctx.db.transaction((tx) => appendPluginEvent(tx, def, { type: 'plugin.uninstallFailed', reason }, by, ctx.plugins));
    return { snapshot, failure: reason, dropped: [] };
  }
}

/**
 * A newer version of an installed plugin (the market's upgrade): settings and enabled/disabled are kept.
 * `def` is the new definition; it replaces the old one on the host once the event is stored. Its `migrations`
 * are not run here: the caller runs what the new version adds (checked with `checkedStatements`) in `work`.
 */
export async function upgradePlugin(ctx: Ctx, by: number, def: PluginDefinition, work?: (tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0]) => Promise<void>): Promise<PluginSnapshot> {
  const snapshot = await ctx.db.transaction(async (tx) => {
    const after = await appendPluginEvent(tx, def, { type: 'plugin.upgrade', version: def.manifest.version }, by, ctx.plugins);
    if (work) await work(tx);
    return after;
  });
  const wasEnabled = ctx.plugins.isEnabled(def.manifest.id);
  ctx.plugins.register(def);
  ctx.plugins.setEnabled(def.manifest.id, wasEnabled);
  return snapshot;
}

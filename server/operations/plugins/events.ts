import { asc, eq, sql } from 'drizzle-orm';
import { pluginEvents, plugins } from '../../db/schema/index';
import type { Executor, Tx } from '../../db/client';
import { conflict } from '../../http/errors';
import { pluginRefusal, pluginState, replayPlugin, type PluginSnapshot } from '../../../machines/plugin.machine';
import type { PluginEvent } from '../../../models/plugin';
import type { PluginDefinition } from '../../pluginHost/types';
import type { PluginHost } from '../../pluginHost/host';
import { notifyPluginChange } from './changes';

// A plugin's event log (the truth) and its projection row in `plugins` (for listing). Appending an event locks
// the projection row, replays every stored event through the lifecycle chart (machines/plugin.machine.ts),
// refuses (409) what the chart refuses, stores the event and writes the state derived from all events again.

export type PluginEventRow = typeof pluginEvents.$inferSelect;

/** A stored event as the chart takes it. */
export function toPluginEvent(row: Pick<PluginEventRow, 'type' | 'payload'>): PluginEvent {
  const p = row.payload ?? {};
  switch (row.type) {
    case 'plugin.install':
    case 'plugin.upgrade':
      return { type: row.type, version: String(p.version ?? '') };
    case 'plugin.installFailed':
    case 'plugin.uninstallFailed':
      return { type: row.type, reason: String(p.reason ?? '') };
    default:
      return { type: row.type as Exclude<PluginEvent['type'], 'plugin.install' | 'plugin.upgrade' | 'plugin.installFailed' | 'plugin.uninstallFailed'> };
  }
}

/** The payload column of an event. */
function payloadOf(event: PluginEvent): Record<string, unknown> {
  const { type: _type, ...rest } = event;
  return rest;
}

export async function eventRowsOf(db: Executor, id: string): Promise<PluginEventRow[]> {
  return db.select().from(pluginEvents).where(eq(pluginEvents.pluginId, id)).orderBy(asc(pluginEvents.id));
}

/** A plugin's lifecycle snapshot now, replayed from its events. */
export async function pluginSnapshotOf(db: Executor, id: string): Promise<PluginSnapshot> {
  return replayPlugin((await eventRowsOf(db, id)).map(toPluginEvent));
}

/**
 * Appends `event` to the plugin's log inside `tx`, refusing (409 plugin.refused.<reason>) what the chart
 * refuses, and projects the new state. The projection row is created first so there is always a row to lock:
 * concurrent appends to one plugin wait for each other and each sees the other's event. The other servers hear of
 * it at the commit (channel plugin_changes, changes.ts); `from` is the host that applies the change itself.
 */
export async function appendPluginEvent(tx: Tx, def: PluginDefinition, event: PluginEvent, by: number, from?: PluginHost): Promise<PluginSnapshot> {
  const id = def.manifest.id;
  await tx.insert(plugins).values({ id, source: def.source, manifest: def.manifest }).onConflictDoNothing();
  await tx.select({ id: plugins.id }).from(plugins).where(eq(plugins.id, id)).for('update');
  const events = (await eventRowsOf(tx, id)).map(toPluginEvent);
  const before = replayPlugin(events);
  const reason = pluginRefusal(before, event);
  if (reason) throw conflict(`plugin.refused.${reason}`);
  const after = replayPlugin([...events, event]);
  await tx.insert(pluginEvents).values({ pluginId: id, type: event.type, payload: payloadOf(event), by });
  const state = pluginState(after);
  const uninstalled = event.type === 'plugin.uninstalled';
  await tx
    .update(plugins)
    .set({
      state,
      version: after.context.version,
      lastError: after.context.lastError,
      source: def.source,
      // The manifest in force: taken on install and upgrade; settings go with an uninstall.
      ...(event.type === 'plugin.install' || event.type === 'plugin.upgrade' ? { manifest: def.manifest } : {}),
      ...(event.type === 'plugin.installed' ? { installedAt: sql`now()` } : {}),
      // Settings go with an uninstall; a (re)install starts from the defaults; an upgrade keeps them.
      ...(uninstalled ? { settings: {}, installedAt: null } : {}),
      ...(event.type === 'plugin.install' ? { settings: {} } : {}),
      updatedAt: new Date(),
    })
    .where(eq(plugins.id, id));
  await notifyPluginChange(tx, id, from);
  return after;
}

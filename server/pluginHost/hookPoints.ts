import type { FastifyInstance } from 'fastify';
import { HOOK_CAPABILITY, type PluginHook } from '../../models/plugin';
import type { Db } from '../db/client';
import { claimScheduleSlot, schedulePeriod } from '../jobs/runner';
import type { PluginHost } from './host';
import type { HookPayloads } from './types';

// The hook points' side of the plugin host: operations that hold only the database (content saving, the
// import job) find the app's host through it; each point asks `wants` first, so a point costs nothing while
// no enabled plugin hooks it; fire-and-forget points (after save, after store, after publish) never delay or
// fail their caller. The schedule timer lives here too.

const hosts = new WeakMap<Db, PluginHost>();

/** The plugin host of the app that owns this database (undefined before the app is built). */
export const pluginHostOf = (db: Db): PluginHost | undefined => hosts.get(db);

/** Whether any enabled plugin hooks this point (and may: it declared the capability). */
export function wants(host: PluginHost | undefined, hook: PluginHook): host is PluginHost {
  if (!host) return false;
  return host.enabledPlugins().some((d) => d.manifest.hooks.includes(hook) && d.manifest.capabilities.includes(HOOK_CAPABILITY[hook]) && Boolean(d.hooks[hook]));
}

/** Runs a hook without waiting for it; what it throws is logged by the host, what is left is swallowed. */
export function notify<H extends PluginHook>(host: PluginHost | undefined, hook: H, payload: () => Promise<HookPayloads[H] | null> | HookPayloads[H] | null) {
  if (!wants(host, hook)) return;
  void (async () => {
    const p = await payload();
    if (p) await host.run(hook, p);
  })().catch(() => undefined);
}

/** How often the schedule timer looks for due plugins. */
export const SCHEDULE_TICK_MS = 60_000;

/**
 * Runs the `schedule` hook of each enabled plugin whose manifest.schedule_minutes have passed since its last
 * run (or since it was first seen enabled). `last` holds each plugin's last run time (ms).
 */
export async function runDueSchedules(
  host: PluginHost,
  last: Map<string, number>,
  now: Date,
  /** Issue 17: claims a plugin's firing for the cluster (each server keeps its own `last`); absent, every firing runs. */
  claim?: (pluginId: string, slot: string) => Promise<boolean>,
): Promise<string[]> {
  const ran: string[] = [];
  const enabled = new Set<string>();
  for (const def of host.enabledPlugins()) {
    const m = def.manifest;
    const handler = def.hooks.schedule;
    if (!handler || m.schedule_minutes <= 0 || !m.hooks.includes('schedule') || !m.capabilities.includes('schedule')) continue;
    enabled.add(m.id);
    const prev = last.get(m.id);
    if (prev === undefined) {
      last.set(m.id, now.getTime());
      continue;
    }
    if (now.getTime() - prev < m.schedule_minutes * 60_000) continue;
    last.set(m.id, now.getTime());
    if (claim && !(await claim(m.id, schedulePeriod(now.getTime(), m.schedule_minutes * 60_000)).catch(() => false))) continue;
    try {
      await handler({ now }, host.context(def));
      ran.push(m.id);
    } catch (err) {
      host.context(def).log('schedule hook failed', err);
    }
  }
  // A plugin disabled and enabled again starts its interval afresh.
  for (const id of [...last.keys()]) if (!enabled.has(id)) last.delete(id);
  return ran;
}

/** Makes the app's host reachable by database and starts the per-process schedule timer (stopped on close). */
export function installPluginHooks(app: FastifyInstance) {
  const host = app.ctx.plugins;
  hosts.set(app.ctx.db, host);
  const last = new Map<string, number>();
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const claim = (id: string, slot: string) => claimScheduleSlot(app.ctx.db, `plugin:${id}`, slot);
    void runDueSchedules(host, last, new Date(), claim).finally(() => (running = false));
  }, SCHEDULE_TICK_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { created, stamp, ts } from './columns';
import type { PluginManifest } from '../../../models/plugin';

// Plugins (issue 13): the event log each plugin's lifecycle state is replayed from (the truth), and a
// projection row per plugin for listing, settings and restoring the enabled set at start.

/** Every lifecycle event of every plugin, append-only; `by` keeps the admin id (0: the system). */
export const pluginEvents = pgTable(
  'plugin_events',
  {
    id: serial('id').primaryKey(),
    pluginId: text('plugin_id').notNull(),
    /** plugin.install | plugin.installed | plugin.installFailed | plugin.enable | plugin.disable | plugin.upgrade | … */
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    by: integer('by').notNull().default(0),
    createdAt: created(),
  },
  (t) => [index('plugin_events_plugin_idx').on(t.pluginId, t.id)],
);

/** The projection of a plugin's events (state, version) plus its settings and the manifest it was installed with. */
export const plugins = pgTable('plugins', {
  id: text('id').primaryKey(),
  /** builtin | market */
  source: text('source').notNull(),
  version: text('version').notNull().default(''),
  manifest: jsonb('manifest').$type<PluginManifest>().notNull(),
  state: text('state').notNull().default('notInstalled'),
  settings: jsonb('settings').$type<Record<string, string | number | boolean>>().notNull().default({}),
  lastError: text('last_error').notNull().default(''),
  installedAt: ts('installed_at'),
  updatedAt: stamp('updated_at'),
});

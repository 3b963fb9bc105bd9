import { z } from 'zod';

// Plugins (spec §2 /Plugin/index, §4 "Plugin: not installed, enabled, disabled"): the manifest every plugin
// declares, built-in (code shipped with Banyan) or from the market (a signed zip, declarative only: its
// manifest, its migrations, its settings schema, its menus and its page injections; never a script).

/** A plugin id: lower-case, starts with a letter, used as the prefix of its tables (`plugin_<id>_…`). */
export const PLUGIN_ID = /^[a-z][a-z0-9]{1,29}$/;
export const PluginId = z.string().regex(PLUGIN_ID, { message: 'plugin.badId' });

/** Semantic version "1.2.3". */
export const PLUGIN_VERSION = /^\d{1,4}\.\d{1,4}\.\d{1,4}$/;

/** The named points a plugin may hook. */
export const PLUGIN_HOOKS = [
  /** Before a content item is stored: may change title/description/body (capability content.write). */
  'content.beforeSave',
  /** After a content item is stored (capability content.read). */
  'content.afterSave',
  /** A public page is rendered: may return head and body injections (capability page.inject). */
  'page.render',
  /** A static generation run finished (capability content.read). */
  'static.published',
  /** An uploaded file is about to be stored: may return replacement bytes (capability upload.transform). */
  'upload.beforeStore',
  /** An uploaded file was stored (capability content.read). */
  'upload.stored',
  /** Runs every manifest.schedule_minutes minutes (capability schedule). */
  'schedule',
] as const;
export type PluginHook = (typeof PLUGIN_HOOKS)[number];

/** What a plugin may ask for; its context holds only what it declared. */
export const PLUGIN_CAPABILITIES = [
  'content.read',
  'content.write',
  'page.inject',
  'upload.transform',
  /** Outbound HTTP through the SSRF-safe client. */
  'http.fetch',
  /** Its own tables (plugin_<id>_*). */
  'db.own',
  /** Read visit statistics. */
  'stats.read',
  'schedule',
] as const;
export type PluginCapability = (typeof PLUGIN_CAPABILITIES)[number];

/** Which capability each hook needs. */
export const HOOK_CAPABILITY: Record<PluginHook, PluginCapability> = {
  'content.beforeSave': 'content.write',
  'content.afterSave': 'content.read',
  'page.render': 'page.inject',
  'static.published': 'content.read',
  'upload.beforeStore': 'upload.transform',
  'upload.stored': 'content.read',
  schedule: 'schedule',
};

/** A text in both languages (zh is the default). */
export const PluginText = z.object({ zh: z.string().trim().min(1).max(200), en: z.string().trim().min(1).max(200) });
export type PluginText = z.infer<typeof PluginText>;

/** One field of a plugin's settings form (rendered by the admin as a form; validated on the server). */
export const PluginSettingField = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,39}$/),
  label: PluginText,
  type: z.enum(['text', 'textarea', 'password', 'number', 'switch', 'select', 'url']),
  required: z.boolean().default(false),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  options: z.array(z.object({ value: z.string(), label: PluginText })).max(50).optional(),
  help: PluginText.optional(),
});
export type PluginSettingField = z.infer<typeof PluginSettingField>;

/** A menu entry a plugin adds under /Plugin/index; it opens /PluginPage/<id>/<page>. */
export const PluginMenu = z.object({
  page: z.string().regex(/^[a-z][a-z0-9-]{0,29}$/),
  title: PluginText,
  icon: z.string().max(40).default('puzzle'),
});
export type PluginMenu = z.infer<typeof PluginMenu>;

export const PluginManifest = z.object({
  id: PluginId,
  name: PluginText,
  version: z.string().regex(PLUGIN_VERSION),
  author: z.string().trim().min(1).max(100),
  description: PluginText,
  capabilities: z.array(z.enum(PLUGIN_CAPABILITIES)).max(PLUGIN_CAPABILITIES.length).default([]),
  hooks: z.array(z.enum(PLUGIN_HOOKS)).max(PLUGIN_HOOKS.length).default([]),
  menus: z.array(PluginMenu).max(10).default([]),
  settings: z.array(PluginSettingField).max(40).default([]),
  /** Minutes between `schedule` hook runs (0: none). */
  schedule_minutes: z.number().int().min(0).max(10080).default(0),
  /** Declarative page injections of market plugins (Liquid, with `settings` in scope). */
  inject: z.object({ head: z.string().max(20_000).optional(), body: z.string().max(20_000).optional() }).optional(),
});
export type PluginManifest = z.infer<typeof PluginManifest>;

/** A plugin's state as the admin sees it (derived by replaying its events through machines/plugin.machine.ts). */
export const PLUGIN_STATES = ['notInstalled', 'installing', 'enabled', 'disabled', 'uninstalling', 'failed'] as const;
export type PluginState = (typeof PLUGIN_STATES)[number];

/**
 * The events of a plugin's lifecycle (machines/plugin.machine.ts), stored in plugin_events. The admin sends the
 * intents (install, enable, disable, uninstall, upgrade); the server appends the outcomes (installed, installFailed,
 * uninstalled, uninstallFailed) after running or undoing the plugin's migrations.
 */
export type PluginEvent =
  | { type: 'plugin.install'; version: string }
  | { type: 'plugin.installed' }
  | { type: 'plugin.installFailed'; reason: string }
  | { type: 'plugin.enable' }
  | { type: 'plugin.disable' }
  | { type: 'plugin.uninstall' }
  | { type: 'plugin.uninstalled' }
  | { type: 'plugin.uninstallFailed'; reason: string }
  | { type: 'plugin.upgrade'; version: string };
export type PluginEventType = PluginEvent['type'];
export const PLUGIN_EVENT_TYPES = [
  'plugin.install',
  'plugin.installed',
  'plugin.installFailed',
  'plugin.enable',
  'plugin.disable',
  'plugin.uninstall',
  'plugin.uninstalled',
  'plugin.uninstallFailed',
  'plugin.upgrade',
] as const satisfies readonly PluginEventType[];

/** Whether version a is newer than b ("1.10.0" > "1.9.3"). */
export function isNewerVersion(a: string, b: string): boolean {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) > (pb[i] ?? 0);
  return false;
}

// The /plugin/* API (server/routes/plugins.ts).

export const PluginIdBody = z.object({ id: PluginId });
export type PluginIdBody = z.infer<typeof PluginIdBody>;

/** Uninstalling drops the plugin's tables: the client must have shown them and send confirm: true. */
export const PluginUninstallBody = z.object({ id: PluginId, confirm: z.literal(true, { message: 'plugin.confirmRequired' }) });
export type PluginUninstallBody = z.infer<typeof PluginUninstallBody>;

export const PluginSettingValue = z.union([z.string().max(20_000), z.number(), z.boolean()]);
export const PluginSaveSettingsBody = z.object({ id: PluginId, values: z.record(z.string().max(40), PluginSettingValue) });
export type PluginSaveSettingsBody = z.infer<typeof PluginSaveSettingsBody>;

export const PluginPageQuery = z.object({ id: PluginId, page: PluginMenu.shape.page });
export type PluginPageQuery = z.infer<typeof PluginPageQuery>;

/** Most characters a text setting keeps. */
export const PLUGIN_SETTING_MAX_CHARS = 2000;

/** One plugin as GET /plugin/index lists it (texts in the caller's language). */
export interface PluginListItem {
  id: string;
  source: 'builtin' | 'market';
  state: PluginState;
  /** The installed version ('' when not installed). */
  version: string;
  /** The version the code (or stored package) provides. */
  available_version: string;
  name: string;
  description: string;
  author: string;
  capabilities: PluginCapability[];
  hooks: PluginHook[];
  /** Menu pages (shown in the admin menu while enabled). */
  menus: Array<{ page: string; title: string; icon: string; path: string }>;
  has_settings: boolean;
  last_error: string;
  installed_at: string | null;
}

/** GET /plugin/read: the list item plus the tables an uninstall would drop. */
export interface PluginDetail extends PluginListItem {
  tables: string[];
}

/** One field of GET /plugin/settings (label and help in the caller's language). */
export interface PluginSettingsField {
  name: string;
  label: string;
  type: PluginSettingField['type'];
  required: boolean;
  help: string;
  options: Array<{ value: string; label: string }>;
}

/** GET /plugin/settings: secret (password) values are '' with `<name>_set` telling whether one is stored. */
export interface PluginSettingsView {
  id: string;
  fields: PluginSettingsField[];
  values: Record<string, string | number | boolean>;
}

/** GET /plugin/events: the trail. */
export interface PluginEventEntry {
  id: number;
  type: PluginEventType;
  payload: Record<string, unknown>;
  by: number;
  by_name: string;
  created_at: string;
}

/** GET /plugin/page: a plugin page's table, titles in the caller's language. */
export interface PluginPageView {
  id: string;
  page: string;
  title: string;
  columns: Array<{ name: string; title: string }>;
  rows: Array<Record<string, string | number>>;
  exportable: boolean;
  /** The plugin has a settings form (the page offers it). */
  has_settings: boolean;
}

export { pluginPagePath, PLUGIN_PAGE_PREFIX, PLUGIN_LIST_PATH, PLUGIN_PAGE_REST } from './pluginPaths';

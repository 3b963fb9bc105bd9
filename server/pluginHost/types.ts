import type { PluginCapability, PluginHook, PluginManifest } from '../../models/plugin';

// The plugin API: what a plugin is (a manifest plus hook handlers) and the context it receives. A plugin's
// context holds only what its manifest's capabilities grant; the host (server/pluginHost/host.ts) calls the
// hooks of enabled plugins only, catches and logs what a hook throws, and never lets one fail a request.

/** Payload and result of each named hook point. */
export interface HookPayloads {
  'content.beforeSave': {
    siteId: number;
    /** null for a new item. */
    contentId: number | null;
    draft: { title: string; description: string; content: string };
  };
  'content.afterSave': { siteId: number; contentId: number; created: boolean; published: boolean; url: string | null };
  'page.render': { siteId: number; path: string; kind: string };
  'static.published': { siteId: number; urls: string[] };
  'upload.beforeStore': { siteId: number | null; name: string; mime: string; bytes: Buffer };
  'upload.stored': { siteId: number | null; attachmentId: number; url: string; mime: string; size: number };
  schedule: { now: Date };
}

export interface HookResults {
  /** Fields to change in the draft (others kept). */
  'content.beforeSave': Partial<HookPayloads['content.beforeSave']['draft']> | void;
  'content.afterSave': void;
  /** HTML put before </head> and before </body>. */
  'page.render': { head?: string; body?: string } | void;
  'static.published': void;
  /** Replacement bytes (same mime), or nothing to keep the upload as it is. */
  'upload.beforeStore': Buffer | void;
  'upload.stored': void;
  schedule: void;
}

export type HookHandler<H extends PluginHook> = (payload: HookPayloads[H], ctx: PluginContext) => Promise<HookResults[H]> | HookResults[H];

/** Settings values as the plugin's settings form stores them. */
export type PluginSettingsValues = Record<string, string | number | boolean>;

/** What a plugin may use. Members it did not ask for are absent (undefined), not stubs. */
export interface PluginContext {
  readonly id: string;
  readonly capabilities: ReadonlySet<PluginCapability>;
  /** The plugin's current settings (defaults filled in). */
  settings(): Promise<PluginSettingsValues>;
  /** Written to the server log with the plugin id. */
  log(message: string, err?: unknown): void;
  /** http.fetch: a POST/GET through the SSRF-safe client (public addresses only unless the host allows loopback in tests). */
  http?: {
    request(url: string, init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number }): Promise<{ status: number; body: string }>;
  };
  /** db.own: SQL on the plugin's own tables only (every table named must start with plugin_<id>_). */
  db?: {
    query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  };
  /** content.read: read published content of a site. */
  content?: {
    read(contentId: number): Promise<{ id: number; siteId: number; title: string; url: string | null; published: boolean } | null>;
    /** The public base URL (scheme + domain) of a site, or null. */
    siteBaseUrl(siteId: number): Promise<string | null>;
  };
  /** stats.read: daily visit counts of a site. */
  stats?: {
    daily(siteId: number, from: string, to: string): Promise<Array<{ day: string; pv: number; uv: number }>>;
  };
}

/** A plugin as the host knows it: built-ins are code; market plugins are built from their manifest. */
export interface PluginDefinition {
  manifest: PluginManifest;
  /** SQL run on install (tables must be named plugin_<id>_*); undone by `uninstallSql` after a confirm. */
  migrations?: string[];
  uninstallSql?: string[];
  hooks: { [H in PluginHook]?: HookHandler<H> };
  /** Pages the plugin's menus open: server-side data for /PluginPage/<id>/<page> (rendered by the admin as a table or its settings form). */
  pages?: Record<string, (ctx: PluginContext, query: Record<string, string>) => Promise<PluginPageData>>;
  /** Where it came from. */
  source: 'builtin' | 'market';
}

/** What a plugin page shows: a table (and optionally a downloadable export). */
export interface PluginPageData {
  columns: Array<{ name: string; title: { zh: string; en: string } }>;
  rows: Array<Record<string, string | number>>;
  /** Offered as CSV download by GET /plugin/pageExport. */
  exportable?: boolean;
}

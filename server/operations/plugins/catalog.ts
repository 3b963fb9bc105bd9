import { desc, eq, inArray } from 'drizzle-orm';
import { admins, pluginEvents, plugins } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type { AppContext } from '../../http/context';
import type { PluginDefinition } from '../../pluginHost/types';
import { definitionOf, pluginTables } from './lifecycle';
import type { Language } from '../../../models/language';
import {
  pluginPagePath,
  PLUGIN_STATES,
  type PluginDetail,
  type PluginEventEntry,
  type PluginEventType,
  type PluginListItem,
  type PluginManifest,
  type PluginState,
} from '../../../models/plugin';

// What /Plugin/index lists: every plugin the host knows (built-ins and installed market plugins) with the
// state its projection row holds, texts in the caller's language; one plugin with its tables; its event trail.

type PluginRow = typeof plugins.$inferSelect;

function toItem(def: PluginDefinition, row: PluginRow | undefined, lang: Language): PluginListItem {
  const state: PluginState = row && (PLUGIN_STATES as readonly string[]).includes(row.state) ? (row.state as PluginState) : 'notInstalled';
  // While installed, the manifest stored with the install is the one in force (a market upgrade replaces it).
  const m: PluginManifest = state === 'notInstalled' || !row ? def.manifest : { ...def.manifest, ...row.manifest };
  return {
    id: m.id,
    source: def.source,
    state,
    version: row?.version ?? '',
    available_version: def.manifest.version,
    name: m.name[lang],
    description: m.description[lang],
    author: m.author,
    capabilities: [...m.capabilities],
    hooks: [...m.hooks],
    menus: m.menus.map((menu) => ({ page: menu.page, title: menu.title[lang], icon: menu.icon, path: pluginPagePath(m.id, menu.page) })),
    has_settings: m.settings.length > 0,
    last_error: row?.lastError ?? '',
    installed_at: row?.installedAt ? row.installedAt.toISOString() : null,
  };
}

export async function listPlugins(ctx: Pick<AppContext, 'db' | 'plugins'>, lang: Language): Promise<PluginListItem[]> {
  const defs = ctx.plugins.all();
  const rows = defs.length ? await ctx.db.select().from(plugins).where(inArray(plugins.id, defs.map((d) => d.manifest.id))) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return defs.map((d) => toItem(d, byId.get(d.manifest.id), lang));
}

export async function readPlugin(ctx: Pick<AppContext, 'db' | 'plugins'>, id: string, lang: Language): Promise<PluginDetail> {
  const def = definitionOf(ctx, id);
  const [row] = await ctx.db.select().from(plugins).where(eq(plugins.id, id));
  return { ...toItem(def, row, lang), tables: await pluginTables(ctx.db, id) };
}

/** The plugin's row (settings, manifest in force), if it was ever installed. */
export async function pluginRow(db: Executor, id: string): Promise<PluginRow | undefined> {
  const [row] = await db.select().from(plugins).where(eq(plugins.id, id));
  return row;
}

/** The trail, newest first. */
export async function pluginTrail(ctx: Pick<AppContext, 'db' | 'plugins'>, id: string): Promise<PluginEventEntry[]> {
  definitionOf(ctx, id);
  const rows = await ctx.db
    .select({ e: pluginEvents, nickname: admins.nickname })
    .from(pluginEvents)
    .leftJoin(admins, eq(admins.id, pluginEvents.by))
    .where(eq(pluginEvents.pluginId, id))
    .orderBy(desc(pluginEvents.id));
  return rows.map(({ e, nickname }) => ({
    id: e.id,
    type: e.type as PluginEventType,
    payload: e.payload,
    by: e.by,
    by_name: nickname ?? '',
    created_at: e.createdAt.toISOString(),
  }));
}

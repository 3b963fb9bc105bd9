import type { AppContext } from '../../http/context';
import { notFound } from '../../http/errors';
import type { Language } from '../../../models/language';
import type { PluginPageView } from '../../../models/plugin';
import { neutraliseCell } from '../../../models/form';

// A plugin's menu page (/PluginPage/<id>/<page>): the table its definition computes, only while the plugin
// is enabled (a disabled plugin's pages answer 404 at once), and the same table as a CSV download.

type Ctx = Pick<AppContext, 'plugins'>;

export async function pluginPage(ctx: Ctx, id: string, page: string, query: Record<string, string>, lang: Language): Promise<PluginPageView> {
  const def = ctx.plugins.definition(id);
  if (!def || !ctx.plugins.isEnabled(id)) throw notFound('plugin.notFound');
  const menu = def.manifest.menus.find((m) => m.page === page);
  const build = def.pages?.[page];
  if (!menu || !build) throw notFound('plugin.pageNotFound');
  const data = await build(ctx.plugins.context(def), query);
  return {
    id,
    page,
    title: menu.title[lang],
    columns: data.columns.map((c) => ({ name: c.name, title: c.title[lang] })),
    rows: data.rows,
    exportable: Boolean(data.exportable),
    has_settings: def.manifest.settings.length > 0,
  };
}

const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The page's table as CSV (UTF-8 with BOM so spreadsheet programs read Chinese right). */
export async function pluginPageCsv(ctx: Ctx, id: string, page: string, query: Record<string, string>, lang: Language): Promise<{ name: string; body: Buffer }> {
  const view = await pluginPage(ctx, id, page, query, lang);
  if (!view.exportable) throw notFound('plugin.pageNotFound');
  // Spreadsheet programs run cells that start like a formula, header cells (the plugin's column titles) included.
  const lines = [view.columns.map((c) => neutraliseCell(c.title)), ...view.rows.map((r) => view.columns.map((c) => (typeof r[c.name] === 'number' ? String(r[c.name]) : neutraliseCell(String(r[c.name] ?? '')))))];
  const text = lines.map((l) => l.map(csvCell).join(',')).join('\r\n');
  return { name: `${id}-${page}.csv`, body: Buffer.from('\uFEFF' + text + '\r\n', 'utf8') };
}

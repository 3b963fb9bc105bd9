import { eq } from 'drizzle-orm';
import { plugins } from '../../db/schema/index';
import type { AppContext } from '../../http/context';
import { ApiError, conflict } from '../../http/errors';
import { translate, type MessageKey } from '../../i18n/messages';
import { settingsWithDefaults } from '../../pluginHost/context';
import { pluginRow } from './catalog';
import { definitionOf } from './lifecycle';
import type { Language } from '../../../models/language';
import { PLUGIN_SETTING_MAX_CHARS, type PluginSettingField, type PluginSettingsView } from '../../../models/plugin';

// A plugin's settings form: its manifest's fields, the stored values (defaults filled in) with secrets kept
// server-side (GET answers '' and `<name>_set`; saving '' keeps the stored secret), validated on save with
// messages that name the field in the caller's language.

type Ctx = Pick<AppContext, 'db' | 'plugins'>;
type Value = string | number | boolean;

async function installedRow(ctx: Ctx, id: string) {
  const row = await pluginRow(ctx.db, id);
  if (!row || !['enabled', 'disabled'].includes(row.state)) throw conflict('plugin.refused.notInstalled');
  return row;
}

export async function readPluginSettings(ctx: Ctx, id: string, lang: Language): Promise<PluginSettingsView> {
  const def = definitionOf(ctx, id);
  const row = await installedRow(ctx, id);
  const values = settingsWithDefaults(def.manifest, row.settings);
  const out: Record<string, Value> = {};
  for (const f of def.manifest.settings) {
    if (f.type === 'password') {
      out[f.name] = '';
      out[`${f.name}_set`] = values[f.name] !== '' && values[f.name] !== undefined;
    } else out[f.name] = values[f.name]!;
  }
  return {
    id,
    fields: def.manifest.settings.map((f) => ({
      name: f.name,
      label: f.label[lang],
      type: f.type,
      required: f.required,
      help: f.help?.[lang] ?? '',
      options: (f.options ?? []).map((o) => ({ value: o.value, label: o.label[lang] })),
    })),
    values: out,
  };
}

function fieldError(lang: Language, f: Pick<PluginSettingField, 'name'> & { label?: PluginSettingField['label'] }, key: MessageKey, params: Record<string, string | number> = {}): ApiError {
  const message = translate(lang, key, { field: f.label ? f.label[lang] : f.name, ...params });
  return new ApiError(400, 'error.invalidInput', { message }, { issues: [{ field: f.name, message }] });
}

/** One submitted value checked against its field (the stored value stands for an empty secret). */
function checkValue(lang: Language, f: PluginSettingField, raw: Value | undefined, stored: Value | undefined): Value {
  if (f.type === 'switch') {
    if (raw === undefined) return typeof stored === 'boolean' ? stored : Boolean(f.default ?? false);
    if (typeof raw !== 'boolean') throw fieldError(lang, f, 'plugin.settingSwitch');
    return raw;
  }
  if (f.type === 'number') {
    if (raw === undefined || raw === '') {
      if (f.required) throw fieldError(lang, f, 'plugin.settingRequired');
      return typeof f.default === 'number' ? f.default : 0;
    }
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    if (!Number.isFinite(n)) throw fieldError(lang, f, 'plugin.settingNumber');
    return n;
  }
  if (raw !== undefined && typeof raw !== 'string') throw fieldError(lang, f, 'plugin.settingRequired');
  let text = (raw ?? '').trim();
  if (f.type === 'password' && text === '') text = typeof stored === 'string' ? stored : '';
  if (text === '') {
    if (f.required) throw fieldError(lang, f, 'plugin.settingRequired');
    return '';
  }
  if (text.length > PLUGIN_SETTING_MAX_CHARS) throw fieldError(lang, f, 'plugin.settingTooLong', { max: PLUGIN_SETTING_MAX_CHARS });
  if (f.type === 'select' && !(f.options ?? []).some((o) => o.value === text)) throw fieldError(lang, f, 'plugin.settingOption');
  if (f.type === 'url') {
    let ok = false;
    try {
      const u = new URL(text);
      ok = u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      ok = false;
    }
    if (!ok) throw fieldError(lang, f, 'plugin.settingUrl');
  }
  return text;
}

/** Validates and stores the values; returns the plugin's name for the operation log. */
export async function savePluginSettings(ctx: Ctx, id: string, values: Record<string, Value>, lang: Language): Promise<string> {
  const def = definitionOf(ctx, id);
  const row = await installedRow(ctx, id);
  const fields = def.manifest.settings;
  const known = new Set(fields.flatMap((f) => (f.type === 'password' ? [f.name, `${f.name}_set`] : [f.name])));
  const unknown = Object.keys(values).find((k) => !known.has(k));
  if (unknown) throw fieldError(lang, { name: unknown }, 'plugin.settingUnknown');
  const next: Record<string, Value> = {};
  for (const f of fields) next[f.name] = checkValue(lang, f, values[f.name], row.settings[f.name]);
  await ctx.db.update(plugins).set({ settings: next, updatedAt: new Date() }).where(eq(plugins.id, id));
  return def.manifest.name[lang];
}

import { z } from 'zod';

// An admin's own settings, kept on the server so they follow the admin from machine to machine (issue 16):
// for now the column settings and density of each list table, keyed `tables.<tableId>`.

/** Columns one table may list in its settings (no screen has nearly as many). */
export const MAX_TABLE_COLUMNS = 60;
/** Tables one admin may keep settings for. */
export const MAX_PREFERENCE_TABLES = 100;
/** The whole stored preferences of one admin, as JSON text. */
export const MAX_PREFERENCES_BYTES = 32 * 1024;
/** A column's width bounds in CSS pixels, and one keyboard step of its resize handle. */
export const MIN_COLUMN_WIDTH = 48;
export const MAX_COLUMN_WIDTH = 800;
export const COLUMN_WIDTH_STEP = 16;

export const DENSITIES = ['comfortable', 'compact'] as const;
export type Density = (typeof DENSITIES)[number];
/** The lists' density before an admin changes it (Chakra's small table). */
export const DEFAULT_DENSITY: Density = 'compact';

/** A table's id: the resource name of a generic list (`tag`), or a screen's own name (`content`). */
export const TableId = z.string().regex(/^[A-Za-z][\w.-]{0,63}$/, { message: 'preferences.badTableId' });
const ColumnName = z.string().regex(/^[A-Za-z_][\w.-]{0,63}$/, { message: 'preferences.badColumn' });
const columnList = z
  .array(ColumnName)
  .max(MAX_TABLE_COLUMNS)
  .refine((names) => new Set(names).size === names.length, { message: 'preferences.duplicateColumn' });

export const TablePreferences = z
  .object({
    hidden: columnList.default([]),
    order: columnList.default([]),
    widths: z
      .record(ColumnName, z.number().int().min(MIN_COLUMN_WIDTH).max(MAX_COLUMN_WIDTH))
      .refine((widths) => Object.keys(widths).length <= MAX_TABLE_COLUMNS, { message: 'preferences.tooManyColumns' })
      .default({}),
    density: z.enum(DENSITIES).default(DEFAULT_DENSITY),
  })
  .strict();
export type TablePreferences = z.infer<typeof TablePreferences>;

export const AdminPreferences = z
  .object({ tables: z.record(TableId, TablePreferences).default({}) })
  .strict();
export type AdminPreferences = z.infer<typeof AdminPreferences>;

export const EMPTY_PREFERENCES: AdminPreferences = { tables: {} };
export const defaultTablePreferences = (): TablePreferences => ({ hidden: [], order: [], widths: {}, density: DEFAULT_DENSITY });

/** POST /admin/preferences: one table's settings (null puts the table back to its defaults). */
export const TablePreferencesSave = z
  .object({ table: TableId, settings: TablePreferences.nullable() })
  .strict();
export type TablePreferencesSave = z.infer<typeof TablePreferencesSave>;

/** Whether preferences fit the stored bounds (the number of tables and the JSON size). */
export function preferencesFit(prefs: AdminPreferences): boolean {
  return Object.keys(prefs.tables).length <= MAX_PREFERENCE_TABLES && new TextEncoder().encode(JSON.stringify(prefs)).length <= MAX_PREFERENCES_BYTES;
}

export interface ArrangedColumn {
  name: string;
  hidden: boolean;
  /** The admin's width in px, when set. */
  width?: number;
}

/**
 * A table's columns as the admin arranged them: the saved order first (names the table no longer has are
 * dropped), then the table's other columns in their declared order; at least one column stays visible.
 */
export function arrangeColumns(declared: readonly string[], prefs: TablePreferences): ArrangedColumn[] {
  const known = new Set(declared);
  const ordered = [...new Set(prefs.order.filter((n) => known.has(n)))];
  for (const n of declared) if (!ordered.includes(n)) ordered.push(n);
  const hidden = new Set(prefs.hidden);
  const out = ordered.map((name) => ({ name, hidden: hidden.has(name), width: prefs.widths[name] }));
  if (out.length && out.every((c) => c.hidden)) out[0]!.hidden = false;
  return out;
}

/** Moves a column one place in the arranged order; the saved order lists every column from then on. */
export function moveColumn(arranged: readonly ArrangedColumn[], name: string, by: -1 | 1): string[] {
  const names = arranged.map((c) => c.name);
  const from = names.indexOf(name);
  const to = from + by;
  if (from < 0 || to < 0 || to >= names.length) return names;
  [names[from], names[to]] = [names[to]!, names[from]!];
  return names;
}

export const clampColumnWidth = (px: number) => Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, px)));

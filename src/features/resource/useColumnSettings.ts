import { useMemo } from 'react';
import type { ColumnDef } from '../../../models/resource';
import { arrangeColumns, clampColumnWidth, moveColumn, type Density, type TablePreferences } from '../../../models/preferences';
import { setTablePreferences, useTablePreferences } from '../../app/preferences';

/** A table column as the admin arranged it: its definition, whether it shows, and its width. */
export interface ArrangedColumnDef {
  column: ColumnDef;
  hidden: boolean;
  width?: number;
}

export interface ColumnSettings {
  /** Every column in the admin's order, shown or not (the settings list). */
  columns: ArrangedColumnDef[];
  /** The columns the table shows, in order. */
  visible: ArrangedColumnDef[];
  density: Density;
  /** Whether the admin changed anything (reset is offered). */
  customized: boolean;
  setHidden(name: string, hidden: boolean): void;
  move(name: string, by: -1 | 1): void;
  setWidth(name: string, px: number): void;
  setDensity(density: Density): void;
  reset(): void;
}

/**
 * The connect hook of a table's column settings (issue 16): the arranged columns and the intents that change
 * them, kept per admin and per table by src/app/preferences.ts. `table` is the table's id (a resource name).
 */
export function useColumnSettings(table: string, declared: readonly ColumnDef[]): ColumnSettings {
  const { settings, customized } = useTablePreferences(table);
  return useMemo(() => {
    const byName = new Map(declared.map((c) => [c.name, c]));
    const arranged = arrangeColumns(
      declared.map((c) => c.name),
      settings,
    );
    const columns = arranged.map((a) => ({ column: byName.get(a.name)!, hidden: a.hidden, width: a.width }));
    const save = (change: Partial<TablePreferences>) => setTablePreferences(table, { ...settings, ...change });
    return {
      columns,
      visible: columns.filter((c) => !c.hidden),
      density: settings.density,
      customized,
      setHidden(name, hidden) {
        const next = arranged.filter((c) => (c.name === name ? hidden : c.hidden)).map((c) => c.name);
        // At least one column stays.
        if (next.length >= arranged.length) return;
        save({ hidden: next });
      },
      move: (name, by) => save({ order: moveColumn(arranged, name, by) }),
      setWidth: (name, px) => save({ widths: { ...settings.widths, [name]: clampColumnWidth(px) } }),
      setDensity: (density) => save({ density }),
      reset: () => setTablePreferences(table, null),
    };
  }, [table, declared, settings, customized]);
}

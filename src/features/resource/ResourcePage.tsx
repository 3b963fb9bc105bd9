import type { ReactNode } from 'react';
import type { ColumnDef, ResourceDef } from '../../../models/resource';
import type { Row } from '../../../machines/resourceList.machine';
import type { Values } from '../../../machines/resourceForm.machine';
import { ResourceView, useResourceScreen } from './ResourceView';

export interface ResourcePageProps {
  def: ResourceDef;
  /** Values of a new record. */
  defaults?: Values;
  /** Adjusts values before validation and submit (e.g. an empty password on edit means "keep"). */
  prepare?: (values: Values) => Values;
  /** Reorders the loaded rows (e.g. menus as an indented tree). */
  arrange?: (rows: Row[]) => Row[];
  renderCell?: (column: ColumnDef, row: Row) => ReactNode | undefined;
  rowActions?: (row: Row) => ReactNode;
  dialogWidth?: number;
  pageSize?: number;
}

/** The list page every plain resource gets: filters, table with selection, paging, create/edit dialog, delete. */
export function ResourcePage({ def, prepare, pageSize, ...view }: ResourcePageProps) {
  const { list, form } = useResourceScreen(def, { limit: pageSize, prepare });
  return <ResourceView def={def} list={list} form={form} {...view} />;
}

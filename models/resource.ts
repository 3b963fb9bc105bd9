import type { z } from 'zod';

// One declaration per plain CRUD entity. The server derives its routes from it
// (GET /api/{name}/index|read, POST /api/{name}/save|update|delete) and the client its list page,
// form dialog and i18n keys (resources.<name>.fields.<field>).

export type FieldKind =
  | 'text'
  | 'email'
  | 'password'
  | 'textarea'
  | 'number'
  | 'switch'
  | 'select'
  | 'multiselect'
  | 'permissionTree'
  | 'date'
  | 'datetime'
  /** An image address, typed or chosen from the attachment library (one image). */
  | 'image';

export interface Option {
  value: string | number;
  /** i18n key */
  label: string;
}

/** Where a select's options come from: a fixed list, or another resource's list call. */
export type OptionSource =
  | { kind: 'static'; options: readonly Option[] }
  | { kind: 'resource'; api: string; valueKey: string; labelKey: string }
  | { kind: 'sites' }
  | { kind: 'menus' };

export interface FieldDef {
  name: string;
  kind: FieldKind;
  required?: boolean;
  options?: OptionSource;
  /** Shown only when creating (e.g. an account that cannot be renamed). */
  createOnly?: boolean;
  /** Read-only when editing. */
  lockedOnEdit?: boolean;
  /** Width in the 24-column grid. */
  span?: number;
  /** i18n key of a hint under the field. */
  hint?: string;
}

export type ColumnKind = 'text' | 'status' | 'datetime' | 'bool' | 'enum' | 'tags' | 'code';
export interface ColumnDef {
  name: string;
  kind?: ColumnKind;
  options?: readonly Option[];
  width?: number;
  /** Hidden on narrow (mobile) screens. */
  wide?: boolean;
  /** Its header sorts the list (the list query's orderBy accepts this column's name). */
  sortable?: boolean;
}

export type FilterKind = 'text' | 'select' | 'dateRange';
export interface FilterDef {
  name: string;
  kind: FilterKind;
  options?: OptionSource;
}

export type ResourceAction = 'create' | 'update' | 'delete';

export interface ResourceDef<
  Row extends z.ZodType = z.ZodType,
  Create extends z.ZodType = z.ZodType,
  Update extends z.ZodType = z.ZodType,
  ListQuery extends z.ZodType = z.ZodType,
> {
  /** API segment: /api/{name}/... and the i18n namespace resources.{name}. */
  name: string;
  /** Menu key whose permission guards every call of this resource. */
  menu: string;
  siteScoped: boolean;
  softDelete: boolean;
  schema: Row;
  create: Create;
  update: Update;
  listQuery: ListQuery;
  actions: readonly ResourceAction[];
  /** Field used as the record's display name in logs, recycle bin and confirms. */
  titleField: string;
  list: { columns: readonly ColumnDef[]; filters: readonly FilterDef[] };
  form: { fields: readonly FieldDef[] };
}

export function defineResource<Row extends z.ZodType, Create extends z.ZodType, Update extends z.ZodType, ListQuery extends z.ZodType>(
  def: ResourceDef<Row, Create, Update, ListQuery>,
): ResourceDef<Row, Create, Update, ListQuery> {
  return def;
}

export const statusOptions: readonly Option[] = [
  { value: 1, label: 'common.statusActive' },
  { value: 2, label: 'common.statusDisabled' },
];

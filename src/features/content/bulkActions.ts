import { post } from '../../api/http';
import { notify } from '../../components/Toaster';
import type { ContentListItem } from '../../../models/content';

/** The list's bulk calls (spec §7 "Content"): each answers for many ids at once. */
export const BULK = {
  publish: (ids: number[]) => post('/content/editStatus', { ids, status: 1 }),
  unpublish: (ids: number[]) => post('/content/editStatus', { ids, status: 2 }),
  top: (ids: number[]) => post('/content/topOpt', { ids, is_top: true }),
  untop: (ids: number[]) => post('/content/topOpt', { ids, is_top: false }),
  recommend: (ids: number[]) => post('/content/recommendAndStatus', { ids, is_recommend: true }),
  unrecommend: (ids: number[]) => post('/content/recommendAndStatus', { ids, is_recommend: false }),
  recover: (ids: number[]) => post('/content/recoverAll', { ids }),
} as const;
export type BulkAction = keyof typeof BULK;

type Row = Pick<ContentListItem, 'id' | 'status' | 'is_top' | 'is_recommend'>;
type Value = number | boolean;

interface Field {
  read: (row: Row) => Value;
  set: (ids: number[], value: Value) => Promise<{ msg: string }>;
}
const status: Field = { read: (r) => r.status, set: (ids, v) => post('/content/editStatus', { ids, status: v }) };
const top: Field = { read: (r) => r.is_top, set: (ids, v) => post('/content/topOpt', { ids, is_top: v }) };
const recommend: Field = { read: (r) => r.is_recommend, set: (ids, v) => post('/content/recommendAndStatus', { ids, is_recommend: v }) };
/** The field each attribute action sets, and the call that sets it to a value (what an undo calls). */
const FIELDS: Partial<Record<BulkAction, Field>> = { publish: status, unpublish: status, top, untop: top, recommend, unrecommend: recommend };

/**
 * The undo of an attribute action on these rows: each row's field set back to the value it had (rows grouped by
 * that value, one call a group). None when a selected row is not among the rows read (its old value is unknown).
 */
export function undoOf(action: BulkAction, ids: number[], rows: readonly Row[]): (() => Promise<{ msg: string }>) | undefined {
  const field = FIELDS[action];
  if (!field) return undefined;
  const groups = new Map<Value, number[]>();
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    if (!row) return undefined;
    const value = field.read(row);
    groups.set(value, [...(groups.get(value) ?? []), id]);
  }
  return async () => {
    let msg = '';
    for (const [value, group] of groups) ({ msg } = await field.set(group, value));
    return { msg };
  };
}

/**
 * Runs a bulk call, says how it went, and reloads the list either way. An attribute change (publish, top,
 * recommend and their opposites) offers Undo in its toast when the rows it changed are known (`undo`).
 */
export async function runBulk(action: BulkAction, ids: number[], reload: () => void, undo?: { rows: readonly Row[]; label: string }) {
  const back = undo && undoOf(action, ids, undo.rows);
  try {
    const { msg } = await BULK[action](ids);
    notify('success', msg, back && undo ? { label: undo.label, onClick: () => void settle(back, reload) } : undefined);
  } catch (e) {
    notify('error', e instanceof Error ? e.message : String(e));
  } finally {
    reload();
  }
}

async function settle(call: () => Promise<{ msg: string }>, reload: () => void) {
  try {
    notify('success', (await call()).msg);
  } catch (e) {
    notify('error', e instanceof Error ? e.message : String(e));
  } finally {
    reload();
  }
}

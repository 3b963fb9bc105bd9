import { z } from 'zod';
import { Id, NumberFilter, Paging, TextFilter } from './common';

// The recycle bin (/RecycleBin/index): soft-deleted records of every registered type.

export const RecycleItem = z.object({ type: z.string().trim().min(1).max(50), id: Id });
export type RecycleItem = z.infer<typeof RecycleItem>;
export const RecycleItemsBody = z.object({ items: z.array(RecycleItem).min(1).max(1000) });
export type RecycleItemsBody = z.infer<typeof RecycleItemsBody>;

export const RecycleListQuery = Paging.extend({ type: TextFilter, site_id: NumberFilter, keyword: TextFilter });

export interface RecycledRecord {
  type: string;
  id: number;
  title: string;
  site_id: number | null;
  site_name: string | null;
  deleted_by: number | null;
  deleted_by_name: string;
  deleted_at: string;
}

/** A record's key in selections: "type:id". */
export const recycleKey = (item: { type: string; id: number }) => `${item.type}:${item.id}`;
export function parseRecycleKey(key: string): RecycleItem {
  const at = key.lastIndexOf(':');
  return { type: key.slice(0, at), id: Number(key.slice(at + 1)) };
}

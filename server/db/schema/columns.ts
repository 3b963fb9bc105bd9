import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { integer, timestamp } from 'drizzle-orm/pg-core';

// Column helpers shared by every domain's tables.

export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const stamp = (name: string) => ts(name).notNull().defaultNow();
export const created = () => stamp('created_at');
export const updated = () => stamp('updated_at');

/** Soft delete: when and by whom (admin id) a record went to the recycle bin. */
export const softDelete = () => ({
  deletedAt: ts('deleted_at'),
  deletedBy: integer('deleted_by'),
});

export type WithId = { id: AnyPgColumn };

import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Executor, Tx } from '../db/client';

/**
 * Every soft-deletable type registers here; the recycle bin lists, restores and purges them all
 * through this one description.
 */
export interface RecycleType {
  /** Resource name, e.g. "content" (also the i18n namespace of its label). */
  type: string;
  table: PgTable;
  id: PgColumn;
  title: PgColumn;
  /** The site a record belongs to; absent for global types (models). */
  siteId?: PgColumn;
  deletedAt: PgColumn;
  deletedBy: PgColumn;
  /** Extra work when records come back (e.g. restore a column's contents deleted with it). */
  afterRestore?: (tx: Tx, ids: number[]) => Promise<void>;
  /** Work once restored records are committed (e.g. queue static pages that show them), given their sites. */
  restored?: (db: Executor, rows: Array<{ id: number; siteId: number | null }>) => Promise<void>;
  /** Work before records are removed for good (e.g. delete stored files, with the storages of the app purging them). */
  beforePurge?: (tx: Tx, ids: number[], app: FastifyInstance) => Promise<void>;
}

const types = new Map<string, RecycleType>();

export function registerRecycleType(t: RecycleType) {
  types.set(t.type, t);
}

export function recycleTypes(): RecycleType[] {
  return [...types.values()];
}

export function recycleType(type: string): RecycleType | undefined {
  return types.get(type);
}

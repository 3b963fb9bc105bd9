import { and, gte, lt, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Offset of a 1-based page. */
export const offsetOf = (page: number, limit: number) => (page - 1) * limit;

/** `start` ≤ column < the day after `end` (dates from a date-range filter). */
export function dateRange(column: PgColumn, start?: Date, end?: Date): SQL | undefined {
  const parts: SQL[] = [];
  if (start) parts.push(gte(column, start));
  if (end) parts.push(lt(column, new Date(end.getTime() + 86_400_000)));
  return parts.length ? and(...parts) : undefined;
}

/** Escapes LIKE wildcards so a filter matches literally. */
export function likeText(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

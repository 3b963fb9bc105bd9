// Types of pglitePrepared.mjs (plain JavaScript, loaded by the database thread), for its tests.
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

export declare const PREPARED_STATEMENTS_MAX: number;

export declare class PreparedStatements {
  constructor(db: PGlite, max?: number);
  readonly kept: Map<string, { name: string; types: number[] }>;
  readonly stats: { prepared: number; reused: number; closed: number; stale: number; plain: number; parsed: number };
  static takes(sql: string, options?: QueryOptions): boolean;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
}

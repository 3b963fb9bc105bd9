// Types of pgliteAnalyze.mjs (plain JavaScript, loaded by the database thread), for its tests.
import type { PGlite } from '@electric-sql/pglite';

export declare const ANALYZE_BASE_ROWS: number;
export declare const ANALYZE_SCALE: number;
export declare const ANALYZE_DELAY_MS: number;

export declare class AutoAnalyze {
  constructor(db: PGlite, delayMs?: number);
  readonly changed: Map<string, number>;
  start(): void;
  wrote(sql: string, rows: number | undefined): void;
  run(): Promise<string[]>;
  analyzeNeverAnalyzed(): Promise<string[]>;
  close(): Promise<void>;
}

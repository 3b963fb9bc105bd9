// Planner statistics for the embedded database's thread (issue 14). PostgreSQL's autovacuum analyzes a table once
// enough of its rows changed since it last did (50 rows and a tenth of the table), so the planner knows each table's
// size and its columns' values. PGlite runs PostgreSQL in a single process, without autovacuum: its tables were never
// analyzed, and the planner guessed. A whole-site static run's tag query, for one, walked all 10,000 articles of a site
// without tags to find none (50 ms; 0.2 ms once the tables are analyzed, driven from the empty tags table), and at a
// million articles it would have walked a million. So this thread counts the rows each write statement changed, by
// table, and analyzes a table once its count passes autovacuum's threshold, a moment after the writes
// (ANALYZE_DELAY_MS), one table at a time through PGlite's own queue: a statement of the server waits for at most one
// table's ANALYZE (which samples at most 30,000 rows of it). Tables that hold rows and were never analyzed (a database
// from before this) are analyzed once, a moment after the database opens. Plain JavaScript, beside
// pgliteThread.worker.mjs.

/** Rows changed before a table is analyzed: ANALYZE_BASE_ROWS + ANALYZE_SCALE × its rows (autovacuum's defaults). */
export const ANALYZE_BASE_ROWS = 50;
export const ANALYZE_SCALE = 0.1;
/** How long after the first counted write the tables past their threshold are analyzed. */
export const ANALYZE_DELAY_MS = 2000;

/** The table a write statement changes: insert into, update, delete from, copy, merge into (drizzle quotes names). */
const WRITE = /^\s*(?:insert\s+into|update|delete\s+from|copy|merge\s+into)\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/i;

export class AutoAnalyze {
  /** @param {import('@electric-sql/pglite').PGlite} db */
  constructor(db, delayMs = ANALYZE_DELAY_MS) {
    this.db = db;
    this.delayMs = delayMs;
    /** Rows changed by table since it was last analyzed (here). */
    this.changed = new Map();
    this.timer = null;
    /** The timer of start(). */
    this.opening = null;
    this.running = null;
    /** The ANALYZE statement running, if any. */
    this.current = null;
    this.closed = false;
  }

  /** Analyzes the tables that hold rows and were never analyzed, a moment from now (the database has just opened). */
  start() {
    if (this.closed) return;
    this.opening = setTimeout(() => {
      this.opening = null;
      this.analyzeNeverAnalyzed().catch(() => undefined);
    }, this.delayMs);
    this.opening.unref?.();
  }

  /** A statement ran and changed `rows` rows (its result's affectedRows). */
  wrote(sql, rows) {
    if (!(rows > 0) || typeof sql !== 'string') return;
    const table = WRITE.exec(sql)?.[1];
    if (!table) return;
    this.changed.set(table, (this.changed.get(table) ?? 0) + rows);
    this.#schedule();
  }

  #schedule() {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run().catch(() => undefined);
    }, this.delayMs);
    this.timer.unref?.();
  }

  /** Analyzes the tables whose changed rows passed their threshold; answers their names. */
  async run() {
    while (this.running) await this.running;
    const names = [...this.changed.keys()];
    if (!names.length || this.closed) return [];
    this.running = (async () => {
      const { rows } = await this.db.query(
        `select relname, reltuples from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and relname = any($1)`,
        [names],
      );
      const size = new Map(rows.map((r) => [r.relname, Math.max(0, Number(r.reltuples))]));
      const done = [];
      for (const name of names) {
        if (!size.has(name)) {
          this.changed.delete(name);
          continue;
        }
        if ((this.changed.get(name) ?? 0) < ANALYZE_BASE_ROWS + ANALYZE_SCALE * size.get(name)) continue;
        this.changed.delete(name);
        if (await this.#analyze(name)) done.push(name);
      }
      return done;
    })();
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  /** Tables holding rows that were never analyzed (reltuples < 0): analyzed once; answers their names. */
  async analyzeNeverAnalyzed() {
    if (this.closed) return [];
    const { rows } = await this.db.query(
      `select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples < 0 and pg_relation_size(oid) > 0 order by relname`,
    );
    const done = [];
    for (const { relname } of rows) if (!this.closed && (await this.#analyze(relname))) done.push(relname);
    return done;
  }

  async #analyze(name) {
    if (this.closed) return false;
    // (A name from pg_class, of the characters WRITE takes or PostgreSQL's own.)
    const current = this.db.exec(`analyze "${name.replace(/"/g, '""')}"`);
    this.current = current;
    try {
      await current;
      return true;
    } catch {
      // Dropped meanwhile: nothing to analyze.
      return false;
    } finally {
      if (this.current === current) this.current = null;
    }
  }

  /** Stops: no analyze starts after this; answers once the one running (if any) has ended (the database is closing). */
  async close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.opening) clearTimeout(this.opening);
    this.timer = this.opening = null;
    await this.current?.catch(() => undefined);
  }
}

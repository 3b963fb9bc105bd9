// Named prepared statements for the embedded database's thread (issue 14). PGlite's query() sends each statement
// unnamed: parse, describe, bind, describe, execute and sync, in six trips through the WASM backend, so every call
// parses, analyses and rewrites its SQL again and reads its parameter and row types again. The server asks the
// same few hundred statements over and over (drizzle writes them with placeholders), so this keeps each one
// prepared under a name, with its parameter types and row description, and runs it with bind, execute and sync in
// one trip. The thread sets plan_cache_mode to force_custom_plan, so each run is still planned for its values, as
// an unnamed statement is (measured at 1M articles, a generic plan saved nothing more on the admin list). Plain
// JavaScript, beside pgliteThread.worker.mjs. Besides PGlite's public execProtocolStream, serializers and parsers, it
// takes PGlite's two mutexes (_runExclusiveTransaction, _runExclusiveQuery) as query() does: an upgrade of PGlite that
// renames them fails tests/server/pglitePrepared.test.ts.
import { parse, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** How many statements stay prepared; the least recently used one is closed beyond this. */
export const PREPARED_STATEMENTS_MAX = 256;

/** Statements worth keeping: reads and writes, not DDL, transaction control or settings. */
const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** PostgreSQL's answers when a kept statement can no longer run as prepared: it is prepared again. */
const STALE = (err) => err?.code === '26000' || (err?.code === '0A000' && /cached plan/i.test(String(err?.message)));

/** Protocol messages sent in one trip. */
const concat = (...messages) => Buffer.concat(messages);

/** The error as PGlite's query() gives it: the database's, with the statement and its parameters. */
function asQueryError(err, sql, params, options) {
  if (err && typeof err === 'object' && 'severity' in err) {
    err.query = sql;
    err.params = params;
    err.queryOptions = options;
  }
  return err;
}

const RETRY = Symbol('retry');

export class PreparedStatements {
  /** @param {import('@electric-sql/pglite').PGlite} db */
  constructor(db, max = PREPARED_STATEMENTS_MAX) {
    this.db = db;
    this.max = max;
    /** SQL text → { name, types, row } in least-recently-used order (a Map keeps insertion order). */
    this.kept = new Map();
    this.seq = 0;
    /** Counters, for tests and figures: statements prepared, runs of a kept one, closed, prepared again. */
    this.stats = { prepared: 0, reused: 0, closed: 0, stale: 0 };
  }

  /** Whether a statement (outside a transaction, without a COPY blob or parameter types) takes this path. */
  static takes(sql, options = {}) {
    return CACHEABLE.test(sql) && !options.blob && !options.paramTypes;
  }

  /** As PGlite's query(), outside a transaction: waits for a running transaction or statement, as query() does. */
  async query(sql, params = [], options = {}) {
    const db = this.db;
    const run = () => db._runExclusiveTransaction(() => db._runExclusiveQuery(() => this.#run(sql, params, options)));
    const answer = await run();
    // Kept under a name PostgreSQL no longer knows, or whose rows changed shape (DDL): prepared afresh.
    return answer === RETRY ? run() : answer;
  }

  /** Runs `sql`, preparing it first when it is not kept. Called under PGlite's mutexes. */
  async #run(sql, params, options) {
    const db = this.db;
    let statement = this.kept.get(sql);
    if (statement) {
      this.kept.delete(sql);
      this.kept.set(sql, statement);
    } else {
      statement = await this.#prepare(sql, params, options);
    }
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = options.serializers?.[statement.types[i]] ?? db.serializers[statement.types[i]];
      return serializer ? serializer(param) : param.toString();
    });
    // A failure of a just-prepared statement's first run is the statement's own, not a stale preparation.
    const fresh = statement.fresh;
    statement.fresh = false;
    let messages;
    try {
      messages = await db.execProtocolStream(concat(serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()), { syncToFs: false });
    } catch (err) {
      if (STALE(err) && !fresh) {
        this.stats.stale++;
        await this.#forget(sql, statement);
        return RETRY;
      }
      throw asQueryError(err, sql, params, options);
    }
    if (!fresh) this.stats.reused++;
    await db.syncToFs();
    return parse.parseResults(statement.row ? [statement.row, ...messages] : messages, db.parsers, options)[0];
  }

  async #prepare(sql, params, options) {
    const name = `banyan_${++this.seq}`;
    let messages;
    try {
      messages = await this.db.execProtocolStream(concat(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()), { syncToFs: false });
    } catch (err) {
      throw asQueryError(err, sql, params, options);
    }
    const statement = {
      name,
      types: parse.parseDescribeStatementResults(messages),
      row: messages.find((m) => m.name === 'rowDescription') ?? null,
      fresh: true,
    };
    this.stats.prepared++;
    this.kept.set(sql, statement);
    while (this.kept.size > this.max) {
      const [oldest, evicted] = this.kept.entries().next().value;
      await this.#forget(oldest, evicted);
    }
    return statement;
  }

  async #forget(sql, statement) {
    if (this.kept.get(sql) === statement) this.kept.delete(sql);
    this.stats.closed++;
    // Closing a name PostgreSQL does not know is no error.
    await this.db.execProtocolStream(concat(serialize.close({ type: 'S', name: statement.name }), serialize.sync()), { syncToFs: false, throwOnError: false });
  }
}

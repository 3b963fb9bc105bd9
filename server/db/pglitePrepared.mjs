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
import { messages as wire, parse, protocol, types } from '@electric-sql/pglite';

const { serialize, Parser } = protocol;

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

// A kept statement's run answers bind-complete, its rows, command-complete and ready-for-query. PGlite's
// execProtocolStream parses each message into an object (every field's bytes copied, then decoded) and parseResults
// turns those into rows: a third of this thread's time when a static run reads its articles. So a run's answer is
// taken as raw bytes (execProtocolRawStream) and read here in one pass, into the rows parseResults would make. An
// answer holding anything else (an error, a notice…) is handed to PGlite's own Parser, as before.

/** Message types a run's answer is read from here: bindComplete, dataRow, commandComplete, readyForQuery, noData, portalSuspended, emptyQuery. */
const PLAIN_ANSWER = new Set([0x32, 0x44, 0x43, 0x5a, 0x6e, 0x73, 0x49]);
const DATA_ROW = 0x44;
const COMMAND_COMPLETE = 0x43;
/** The commands whose count parseResults adds to affectedRows. */
const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** The raw answer of one trip: the chunks PGlite hands over are views of its WASM memory, so each is copied. */
async function rawAnswer(db, message) {
  const chunks = [];
  let size = 0;
  await db.execProtocolRawStream(message, {
    syncToFs: false,
    onRawData: (chunk) => {
      chunks.push(Buffer.from(chunk));
      size += chunk.length;
    },
  });
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
}

/** Whether `buf` holds only complete messages of PLAIN_ANSWER types. */
function plainAnswer(buf) {
  let at = 0;
  while (at < buf.length) {
    if (at + 5 > buf.length || !PLAIN_ANSWER.has(buf[at])) return false;
    at += 1 + buf.readUInt32BE(at + 1);
  }
  return at === buf.length;
}

/** A row description's fields as parseResults gives them, each one's parser (as parseResults picks it) and names. */
function columnsOf(row, dbParsers, extraParsers) {
  const fields = row ? row.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) : [];
  const names = fields.map((f) => f.name);
  return {
    fields,
    names,
    oids: fields.map((f) => f.dataTypeID),
    parse: fields.map((f) => extraParsers?.[f.dataTypeID] ?? dbParsers[f.dataTypeID] ?? types.parsers[f.dataTypeID] ?? null),
    // (A column named __proto__ would set the prototype by assignment: such rows are built as parseResults builds them.)
    plainNames: !names.includes('__proto__'),
  };
}

/** One data row's values, from the field count at `p`. */
function rowValues(buf, p, columns) {
  const count = buf.readInt16BE(p);
  p += 2;
  // Filled first, so that storing numbers, strings and objects never changes the array's kind.
  const values = new Array(count).fill(null);
  for (let i = 0; i < count; i++) {
    const length = buf.readInt32BE(p);
    p += 4;
    if (length === -1) continue;
    const text = buf.toString('utf8', p, p + length);
    p += length;
    const parse = columns.parse[i];
    values[i] = parse === null ? text : parse(text, columns.oids[i]);
  }
  return values;
}

/** The row object parseResults makes of `values`. */
function rowObject(values, columns) {
  if (!columns.plainNames) return Object.fromEntries(columns.names.map((name, i) => [name, values[i]]));
  const object = {};
  for (let i = 0; i < values.length; i++) object[columns.names[i]] = values[i];
  return object;
}

/**
 * The rows, fields and affected rows parseResults gives for a run of a kept statement whose answer is plain
 * (plainAnswer): `row` is its row description (null: it answers no rows); the parsers are PGlite's and the call's.
 */
function readAnswer(buf, row, dbParsers, extraParsers, rowMode) {
  const columns = columnsOf(row, dbParsers, extraParsers);
  const asArray = rowMode === 'array';
  const rows = [];
  let affectedRows = 0;
  let complete = false;
  for (let at = 0; at < buf.length; ) {
    const type = buf[at];
    const end = at + 1 + buf.readUInt32BE(at + 1);
    if (type === DATA_ROW) {
      const values = rowValues(buf, at + 5, columns);
      rows.push(asArray ? values : rowObject(values, columns));
    } else if (type === COMMAND_COMPLETE) {
      const words = buf.toString('utf8', at + 5, end - 1).split(' ');
      if (COUNTED.has(words[0])) affectedRows += parseInt(words[words.length - 1], 10);
      complete = true;
    }
    at = end;
  }
  // (No command-complete: parseResults answers no rows and no fields.)
  return complete ? { rows, fields: columns.fields, affectedRows } : { rows: [], fields: [], affectedRows: 0 };
}

/** PGlite's own reading of an answer that is not plain: its messages, and the first error (execProtocolStream throws it). */
function parsedAnswer(buf) {
  const messages = [];
  let error = null;
  new Parser().parse(buf, (m) => {
    if (error) return;
    if (m instanceof wire.DatabaseError) error = m;
    else messages.push(m);
  });
  if (error) throw error;
  return messages;
}

export class PreparedStatements {
  /** @param {import('@electric-sql/pglite').PGlite} db */
  constructor(db, max = PREPARED_STATEMENTS_MAX) {
    this.db = db;
    this.max = max;
    /** SQL text → { name, types, row } in least-recently-used order (a Map keeps insertion order). */
    this.kept = new Map();
    this.seq = 0;
    /**
     * Counters, for tests and figures: statements prepared, runs of a kept one, closed, prepared again; answers read
     * here (readAnswer) and answers read by PGlite's parser.
     */
    this.stats = { prepared: 0, reused: 0, closed: 0, stale: 0, plain: 0, parsed: 0 };
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
    let answer;
    try {
      const raw = await rawAnswer(db, concat(serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()));
      answer = plainAnswer(raw) ? { raw } : { messages: parsedAnswer(raw) };
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
    if (answer.raw) {
      this.stats.plain++;
      return readAnswer(answer.raw, statement.row, db.parsers, options.parsers, options.rowMode);
    }
    this.stats.parsed++;
    return parse.parseResults(statement.row ? [statement.row, ...answer.messages] : answer.messages, db.parsers, options)[0];
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

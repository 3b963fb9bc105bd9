// The embedded database's own thread (see pgliteThread.ts): one PGlite instance answering the server thread's
// queries, so the WASM database's work (planning, executing, reading pages, encoding and parsing the wire protocol)
// runs beside the server's thread instead of on it. Plain JavaScript: it starts the same way under tsx, Vitest
// or plain Node.
import { readlinkSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PreparedStatements } from './pglitePrepared.mjs';
import { AutoAnalyze } from './pgliteAnalyze.mjs';

/** Parsers that keep a type's text (drizzle asks for dates and intervals as text), by type id. */
const keepText = (oids) => (oids && oids.length ? Object.fromEntries(oids.map((oid) => [oid, (value) => value])) : undefined);

/** An error as plain fields (message, name, stack and PostgreSQL's code, detail, constraint…). */
function errorFields(err) {
  const out = { message: String(err?.message ?? err), name: typeof err?.name === 'string' ? err.name : 'Error', stack: err?.stack };
  if (err && typeof err === 'object') {
    for (const key of Object.keys(err)) {
      const value = err[key];
      if (value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
    }
  }
  return out;
}

const result = (r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

let db;
/** Statements outside a transaction run as named prepared statements (pglitePrepared.mjs). */
let prepared;
/** The tables' planner statistics, kept as autovacuum keeps them (pgliteAnalyze.mjs). */
let analyze;
/** Open transactions by id: their PGlite transaction handle, the promise of its end, and how to end it. */
const transactions = new Map();
let nextTransaction = 1;

/** What a statement runs on: its open transaction, or the database. */
function handleOf(msg) {
  const on = msg.tx ? transactions.get(msg.tx)?.tx : db;
  if (!on) throw new Error('the transaction has ended');
  return on;
}

async function handle(msg) {
  switch (msg.op) {
    case 'query': {
      const on = handleOf(msg);
      const options = {};
      if (msg.rowMode) options.rowMode = msg.rowMode;
      const parsers = keepText(msg.keepText);
      if (parsers) options.parsers = parsers;
      if (msg.blob) options.blob = new Blob([msg.blob]);
      // By name outside a transaction; a transaction's statements run as PGlite runs them.
      const answer = !msg.tx && PreparedStatements.takes(msg.sql, options) ? await prepared.query(msg.sql, msg.params ?? [], options) : await on.query(msg.sql, msg.params, options);
      analyze.wrote(msg.sql, answer.affectedRows);
      return result(answer);
    }
    case 'exec':
      return (await handleOf(msg).exec(msg.sql)).map(result);
    case 'begin': {
      const id = nextTransaction++;
      return await new Promise((resolve, reject) => {
        let opened = false;
        const entry = { tx: null, release: null, done: null };
        entry.done = db.transaction(async (tx) => {
          entry.tx = tx;
          opened = true;
          transactions.set(id, entry);
          resolve({ tx: id });
          // Held open until the server thread commits or rolls back.
          await new Promise((release) => (entry.release = release));
        });
        entry.done.catch((err) => {
          if (!opened) reject(err);
        });
      });
    }
    case 'commit':
    case 'rollback': {
      const entry = transactions.get(msg.tx);
      if (!entry) throw new Error('the transaction has ended');
      transactions.delete(msg.tx);
      if (msg.op === 'rollback' && !entry.tx.closed) await entry.tx.rollback().catch(() => undefined);
      entry.release();
      await entry.done;
      return null;
    }
    case 'close':
      await analyze.close();
      await db.close();
      return null;
    default:
      throw new Error(`unknown operation ${msg.op}`);
  }
}

const port = parentPort;
const fail = (id, err) => port.postMessage({ id, error: errorFields(err) });
port.on('message', (msg) => {
  handle(msg).then((value) => {
    try {
      port.postMessage({ id: msg.id, value });
    } catch (err) {
      // A value that cannot cross threads: the caller gets the error rather than waiting forever.
      fail(msg.id, err);
    }
  }, (err) => fail(msg.id, err));
});

try {
  const { dataDir, loadDataDir } = workerData ?? {};
  db = await PGlite.create(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : { dataDir });
  // Named statements are planned for each run's values, as the unnamed ones were (the names save the parsing).
  await db.exec('set plan_cache_mode = force_custom_plan');
  prepared = new PreparedStatements(db);
  analyze = new AutoAnalyze(db);
  // A database whose tables hold rows never analyzed (from before this): analyzed once, a moment after it opens.
  analyze.start();
  // This thread's id in the operating system (Linux: /proc/thread-self is '<pid>/task/<tid>'), for its CPU figures.
  let tid = null;
  try {
    tid = Number(readlinkSync('/proc/thread-self').split('/').pop()) || null;
  } catch {
    // not Linux
  }
  port.postMessage({ id: 0, value: { tid } });
} catch (err) {
  port.postMessage({ id: 0, error: errorFields(err) });
}

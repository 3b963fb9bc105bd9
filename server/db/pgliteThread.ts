import { Worker } from 'node:worker_threads';

// The embedded database (PGlite) in a thread of its own (issue 14). PGlite is PostgreSQL compiled to WASM: run in
// the server's thread, every statement (its planning, execution and the wire protocol's encoding and parsing)
// holds the event loop, so one core serves both HTTP and the database, and a long statement stalls every request.
// Here the instance lives in a worker thread (pgliteThread.worker.mjs) and this class offers the part of PGlite's
// API the server uses (query, exec, transaction, close), so drizzle's PGlite driver runs on it unchanged. Rows
// cross as structured clones; errors keep their PostgreSQL fields (code, detail, constraint…).

type Row = Record<string, unknown> | unknown[];
export interface ThreadResults<T = Row> {
  rows: T[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows?: number;
}
interface QueryOptions {
  rowMode?: 'object' | 'array';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
  blob?: Blob;
}
type Reply = { id: number; value?: unknown; error?: Record<string, unknown> & { message: string; name: string } };

/** A parser that keeps a value's text: the only kind this thread's callers pass (drizzle's dates and intervals). */
const PROBE = '2001-02-03 04:05:06+07';
function textOids(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  return Object.entries(parsers).map(([oid, parse]) => {
    if (parse(PROBE, Number(oid)) !== PROBE) throw new Error(`the PGlite thread only takes parsers that keep the text (type ${oid})`);
    return Number(oid);
  });
}

function rebuildError(fields: NonNullable<Reply['error']>): Error {
  const err = new Error(fields.message);
  for (const [key, value] of Object.entries(fields)) if (key !== 'message' && key !== 'stack') (err as unknown as Record<string, unknown>)[key] = value;
  err.name = fields.name;
  // The stack of the call here, then the database thread's.
  if (typeof fields.stack === 'string') err.stack = `${err.stack}\n    --- in the database thread ---\n${fields.stack}`;
  return err;
}

/** What a transaction's callback gets: its own query and exec, and rollback. */
export interface ThreadTransaction {
  query<T = Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults<T>>;
  exec(sql: string): Promise<ThreadResults[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export class PGliteThread {
  private worker: Worker;
  private pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private seq = 0;
  private ended: Error | null = null;
  readonly ready: Promise<void>;
  closed = false;
  /** The database thread's id in the operating system (Linux), once ready: its CPU time is /proc/self/task/<id>/stat. */
  osThreadId: number | null = null;

  private constructor(workerData: { dataDir?: string; loadDataDir?: ArrayBuffer }) {
    this.worker = new Worker(new URL('./pgliteThread.worker.mjs', import.meta.url), { workerData, transferList: workerData.loadDataDir ? [workerData.loadDataDir] : [] });
    let started!: { resolve: (v: unknown) => void; reject: (e: Error) => void };
    this.ready = new Promise<void>(
      (resolve, reject) =>
        (started = {
          resolve: (v) => {
            this.osThreadId = (v as { tid: number | null } | undefined)?.tid ?? null;
            resolve();
          },
          reject,
        }),
    );
    this.pending.set(0, started);
    this.worker.on('message', (reply: Reply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if (reply.error) p.reject(rebuildError(reply.error));
      else p.resolve(reply.value);
      // An idle database thread does not keep the process alive (as an idle in-process PGlite does not).
      if (!this.pending.size) this.worker.unref();
    });
    const fail = (err: Error) => {
      this.ended ??= err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`the database thread exited (code ${code})`)));
  }

  /** Opens the database in `dataDir` (or loads a dump of one, as PGlite's loadDataDir) in its own thread. */
  static async create(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PGliteThread> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const thread = new PGliteThread({ dataDir: options.dataDir, loadDataDir });
    try {
      await thread.ready;
    } catch (err) {
      await thread.worker.terminate();
      throw err;
    }
    return thread;
  }

  private call<T>(msg: Record<string, unknown>): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      if (!this.pending.size) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...msg, id });
    });
  }

  private async queryOn<T>(tx: number | undefined, sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<ThreadResults<T>> {
    const blob = options.blob ? await options.blob.arrayBuffer() : undefined;
    return this.call({ op: 'query', tx, sql, params, rowMode: options.rowMode, keepText: textOids(options.parsers), blob });
  }

  query<T = Row>(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults<T>> {
    return this.queryOn<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<ThreadResults[]> {
    return this.call({ op: 'exec', sql });
  }

  /**
   * Runs `callback` in a transaction: committed when it returns, rolled back when it throws or calls rollback.
   * Other statements wait for it to end (PGlite's one connection), as in-process.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const { tx: id } = await this.call<{ tx: number }>({ op: 'begin' });
    let closed = false;
    const tx: ThreadTransaction = {
      query: (sql, params, options) => (closed ? Promise.reject(new Error('the transaction has ended')) : this.queryOn(id, sql, params, options)),
      exec: (sql) => (closed ? Promise.reject(new Error('the transaction has ended')) : this.call({ op: 'exec', tx: id, sql })),
      rollback: async () => {
        if (closed) return;
        closed = true;
        await this.call({ op: 'rollback', tx: id });
      },
      get closed() {
        return closed;
      },
    };
    let value: T;
    try {
      value = await callback(tx);
    } catch (err) {
      if (!closed) {
        closed = true;
        await this.call({ op: 'rollback', tx: id }).catch(() => undefined);
      }
      throw err;
    }
    if (!closed) {
      closed = true;
      await this.call({ op: 'commit', tx: id });
    }
    return value;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      if (!this.ended) await this.call({ op: 'close' });
    } finally {
      this.ended ??= new Error('the database is closed');
      await this.worker.terminate();
    }
  }
}

import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { BenchEntry } from './run';
import { fmt } from './loadgen';
import type { ServerStats } from './serverStats';

// Issue 15, "Load": 20 admin clients at 50 requests/s each (open loop) for 60 s, three rounds, mixing content
// list pages with filters, content reads, saves (new, and updates carrying the version the client last saw),
// small chunked uploads, attachment lists, dashboard and static-generation status reads, and one static
// generation of the whole site per round. The goal: no 5xx, no memory growth across the rounds; p50/p99 printed.
//
// The server is the real app in production mode in a process of its own: this file forks itself with
// BANYAN_ADMIN_LOAD_SERVER=1 (see serve() at the end), on PGlite in a temp data dir, or on a fresh PostgreSQL
// database `banyan_bench_admin_load` on the server of DATABASE_URL. Its memory is read over the IPC channel
// (process.memoryUsage(), after a forced GC: the process runs with --expose-gc); no HTTP endpoint is added.
//
// Env: BENCH_LOAD_SECONDS (60), BENCH_LOAD_ROUNDS (3), BENCH_LOAD_CLIENTS (20), BENCH_LOAD_RATE (50 req/s per
// client), BENCH_LOAD_ARTICLES (300 seeded), BENCH_LOAD_LOG=1 (the server logs its errors to stderr, to find
// the cause of a 5xx; it costs CPU), BENCH_SERVER_NODE_ARGS (extra node flags for the server process).

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const num = (v: string | undefined, fallback: number) => (Number(v) > 0 ? Number(v) : fallback);
const SECONDS = num(env.BENCH_LOAD_SECONDS, 60);
const ROUNDS = num(env.BENCH_LOAD_ROUNDS, 3);
const CLIENTS = num(env.BENCH_LOAD_CLIENTS, 20);
const RATE = num(env.BENCH_LOAD_RATE, 50);
const ARTICLES = num(env.BENCH_LOAD_ARTICLES, 300);
/** API calls per minute per session for the bench; the shipped 1,200 would refuse 50 req/s (3,000 a minute). */
const API_LIMIT = 1_000_000;
const SHIPPED_API_LIMIT = 1200;
const PASSWORD = 'Bench-pass-2024';
/** Each client's keep-alive sockets; beyond them its requests wait in the client (and that wait counts). */
const SOCKETS_PER_CLIENT = 8;
/** After the last scheduled request, how long the answers still due are waited for (then counted as none). */
const GRACE_SECONDS = 30;
/** Quiet time before memory is read, so what the round left behind has settled. */
const IDLE_MS = 5000;
const CHUNK_KB = 64;
const UPLOAD_BYTES = 2 * CHUNK_KB * 1024 + 20_000; // three chunks: 64 KiB, 64 KiB and the rest
const DB_NAME = 'banyan_bench_admin_load';
const MiB = 1024 * 1024;
const mib = (b: number) => `${(b / MiB).toFixed(1)} MiB`;

// ------------------------------------------------------------------ the mix

const KINDS = ['list', 'read', 'create', 'update', 'upload', 'attachments', 'dashboard', 'status', 'generate'] as const;
type Kind = (typeof KINDS)[number];
/** What a client's scheduled tick does (weights out of 100). An upload tick sends its three chunks in turn. */
const MIX: Array<[Exclude<Kind, 'generate'>, number]> = [
  ['list', 28],
  ['read', 22],
  ['create', 6],
  ['update', 12],
  ['upload', 3],
  ['attachments', 9],
  ['dashboard', 10],
  ['status', 10],
];
const LABEL: Record<Kind, string> = {
  list: 'content list (filters, pages)',
  read: 'content read',
  create: 'content save (new)',
  update: 'content update (version)',
  upload: 'chunked upload (per chunk)',
  attachments: 'attachment list',
  dashboard: 'dashboard',
  status: 'static-generation status',
  generate: 'static generation + polls',
};

// ------------------------------------------------------------------ HTTP

interface Answer {
  status: number;
  code: number | null;
  data: any;
  msg?: string;
}

function request(
  agent: http.Agent,
  base: URL,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  body?: { bytes: Buffer; type: string },
  /** Holds the request while it is under way, so the round's end can abort it (a destroyed agent would still send it). */
  track?: Set<http.ClientRequest>,
): Promise<Answer> {
  return new Promise((resolve) => {
    const h: Record<string, string | number> = { ...headers };
    if (body) {
      h['content-type'] = body.type;
      h['content-length'] = body.bytes.length;
    }
    const req = http.request(new URL(`/api${url}`, base), { agent, method, headers: h }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        let code: number | null = null;
        let data: any = null;
        let msg: string | undefined;
        try {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: number; msg: string; data: unknown };
          code = json.code;
          data = json.data;
          msg = json.msg;
        } catch {
          // not JSON: counted by its HTTP status
        }
        resolve({ status: res.statusCode ?? 0, code, data, msg });
      });
      res.on('error', () => resolve({ status: 0, code: null, data: null }));
    });
    req.on('error', () => resolve({ status: 0, code: null, data: null }));
    if (track) {
      track.add(req);
      req.on('close', () => track.delete(req));
    }
    req.end(body?.bytes);
  });
}

const json = (v: unknown) => ({ bytes: Buffer.from(JSON.stringify(v)), type: 'application/json' });

function multipart(fields: Record<string, string | number>, file: { field: string; name: string; bytes: Buffer }) {
  const boundary = `----banyanbench${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.name}"\r\ncontent-type: text/plain\r\n\r\n`));
  parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { bytes: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

// ------------------------------------------------------------------ recording

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN;
const ms = (v: number) => (Number.isNaN(v) ? '—' : `${v < 10 ? v.toFixed(2) : v.toFixed(0)} ms`);

class Recorder {
  latencies = new Map<Kind, number[]>(KINDS.map((k) => [k, []]));
  statuses = new Map<Kind, Record<number, number>>(KINDS.map((k) => [k, {}]));
  /** 5xx answers: kind and URL, for the report. */
  errors: string[] = [];
  /** Other refusals than 409 (kind, status, message), each once, for the report. */
  refusals = new Map<string, number>();
  add(kind: Kind, latency: number, a: Answer, url: string) {
    this.latencies.get(kind)!.push(latency);
    // A stale update is answered 409 (HTTP status and envelope code alike).
    const status = a.status;
    const s = this.statuses.get(kind)!;
    s[status] = (s[status] ?? 0) + 1;
    if (status >= 500 && this.errors.length < 20) this.errors.push(`${kind} ${url} → ${status} ${a.msg ?? ''}`);
    if (status >= 400 && status < 500 && status !== 409) {
      const key = `${kind} ${status} "${a.msg ?? ''}"`;
      this.refusals.set(key, (this.refusals.get(key) ?? 0) + 1);
    }
  }
  classes(kind?: Kind) {
    const out = { total: 0, c2xx: 0, c4xx: 0, c409: 0, c429: 0, c5xx: 0, none: 0, other: 0 };
    for (const k of kind ? [kind] : KINDS) {
      for (const [code, n] of Object.entries(this.statuses.get(k)!)) {
        const c = Number(code);
        out.total += n;
        if (c >= 200 && c < 300) out.c2xx += n;
        else if (c >= 400 && c < 500) {
          out.c4xx += n;
          if (c === 409) out.c409 += n;
          if (c === 429) out.c429 += n;
        } else if (c >= 500) out.c5xx += n;
        else if (c === 0) out.none += n;
        else out.other += n;
      }
    }
    return out;
  }
  line(kind: Kind) {
    const sorted = Float64Array.from(this.latencies.get(kind)!).sort();
    if (!sorted.length) return null;
    const c = this.classes(kind);
    const odd = Object.entries(this.statuses.get(kind)!)
      .filter(([code]) => Number(code) < 200 || Number(code) >= 300)
      .map(([code, n]) => `${code === '0' ? 'no answer' : code}×${n}`);
    return `${c.total} requests, p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted[sorted.length - 1]!)}${odd.length ? `; ${odd.join(' ')}` : ''}`;
  }
  all() {
    return Float64Array.from(KINDS.flatMap((k) => this.latencies.get(k)!)).sort();
  }
}

// ------------------------------------------------------------------ the server process

interface LoadServer {
  url: URL;
  kind: 'pglite' | 'postgres';
  pid: number;
  memory(gc: boolean): Promise<NodeJS.MemoryUsage>;
  /** Static-generation jobs by status (the jobs table, read by the server process). */
  jobs(): Promise<Record<string, number>>;
  resetStats(): Promise<void>;
  stats(): Promise<ServerStats>;
  stop(): Promise<void>;
}

async function freshPostgres(serverUrl: string): Promise<string> {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${DB_NAME}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

async function dropPostgres(serverUrl: string) {
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

async function startLoadServer(): Promise<LoadServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-bench-load-'));
  const databaseUrl = env.DATABASE_URL ? await freshPostgres(env.DATABASE_URL) : '';
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    env: {
      ...env,
      BANYAN_ADMIN_LOAD_SERVER: '1',
      DATA_DIR: dataDir,
      BENCH_DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      // The bench's own limits, through the server's config env (server/config.ts).
      RATE_LIMIT_API: String(API_LIMIT),
      RATE_LIMIT_LOGIN: '1000',
    },
    cwd: path.join(here, '..', '..'),
    execArgv: ['--import', 'tsx', '--expose-gc', ...(env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ port: number; kind: 'pglite' | 'postgres' }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`load server exited with ${code}`)));
    child.on('message', (m: { type: string; port: number; kind: 'pglite' | 'postgres' }) => m.type === 'ready' && resolve(m));
  });
  let seq = 0;
  const ask = <T>(type: string, extra: Record<string, unknown> = {}) =>
    new Promise<T>((resolve) => {
      const id = ++seq;
      const onMessage = (m: { type: string; id?: number; value: T }) => {
        if (m.type !== type || m.id !== id) return;
        child.off('message', onMessage);
        resolve(m.value);
      };
      child.on('message', onMessage);
      child.send({ type, id, ...extra });
    });
  return {
    url: new URL(`http://127.0.0.1:${ready.port}`),
    kind: ready.kind,
    pid: child.pid!,
    memory: (gc) => ask<NodeJS.MemoryUsage>('memory', { gc }),
    jobs: () => ask<Record<string, number>>('jobs'),
    resetStats: () => ask<void>('stats-reset'),
    stats: () => ask<ServerStats>('stats'),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
      if (databaseUrl) await dropPostgres(env.DATABASE_URL!).catch(() => undefined);
    },
  };
}

// ------------------------------------------------------------------ set-up through the API

interface Setup {
  siteId: number;
  columns: number[];
  articleIds: number[];
  superToken: string;
  tokens: string[];
  sessions: string;
}

async function call<T>(server: LoadServer, token: string, siteId: number, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const res = await fetch(new URL(`/api${url}`, server.url), {
    method,
    headers: { 'x-token': token, 'x-site-id': String(siteId), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const answer = (await res.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 0) throw new Error(`${url}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

async function login(server: LoadServer, account: string, password: string) {
  const data = await call<{ token: string }>(server, '', 0, 'POST', '/account/login', { account, password });
  return data.token;
}

const WORDS = 'banyan roots grow wide and deep across the river valley while the city wakes to a bright new season of trade'.split(' ');
const words = (n: number, shift: number) => Array.from({ length: n }, (_, k) => WORDS[(shift + k * 3) % WORDS.length]).join(' ');
const articleBody = (i: number) => `<h2>Section ${i}</h2>\n${Array.from({ length: 6 }, (_, p) => `<p>${words(40, i + p)}.</p>`).join('\n')}`;

async function setUp(server: LoadServer): Promise<Setup> {
  const { INITIAL_ADMIN_ACCOUNT } = await import('../../server/db/seed');
  const superToken = await login(server, INITIAL_ADMIN_ACCOUNT, PASSWORD);
  const [site] = await call<Array<{ id: number }>>(server, superToken, 0, 'GET', '/website/siteList');
  const siteId = site!.id;
  const api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => call<T>(server, superToken, siteId, method, url, body);
  const model = await api<{ id: number }>('POST', '/module/save', { name: 'Article', key: 'bench_load_article' });
  const columns: number[] = [];
  for (const [title, alias] of [['News', 'news'], ['Guides', 'guides'], ['Notes', 'notes']]) {
    columns.push((await api<{ id: number }>('POST', '/category/save', { title, alias, model_id: model.id, page_size: 10 })).id);
  }
  // Small chunks, so an upload of 148 KiB goes in three requests as the admin's uploader sends it.
  await api('POST', '/sysSetting/update', { group: 'upload', values: { chunk_size: CHUNK_KB, chunk_condition: CHUNK_KB } });

  const articleIds: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < ARTICLES) {
        const i = next++;
        const saved = await api<{ id: number }>('POST', '/content/save', {
          category_id: columns[i % columns.length],
          title: `Article ${i}: ${words(5, i)}`,
          description: words(20, i + 1),
          body: articleBody(i),
          status: 1,
          published_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        });
        articleIds.push(saved.id);
      }
    }),
  );

  // 20 admins of the super role, each signed in once (their own session, their own API budget).
  const roles = await api<Array<{ id: number; is_super: boolean }>>('GET', '/role/index?limit=200');
  const superRole = roles.find((r) => r.is_super);
  const tokens: string[] = [];
  let sessions = `${CLIENTS} admins of the super role, one session each`;
  try {
    for (let c = 0; c < CLIENTS; c++) {
      const account = `bench.load.${c + 1}@example.com`;
      await api('POST', '/admin/save', { account, password: PASSWORD, nickname: `Bench ${c + 1}`, role_id: superRole!.id, status: 1 });
      tokens.push(await login(server, account, PASSWORD));
    }
  } catch (err) {
    // Fall back to sessions of the initial admin if the admin API refuses (reported in the output).
    sessions = `${CLIENTS} sessions of the initial admin (admin/save refused: ${err instanceof Error ? err.message : String(err)})`;
    tokens.length = 0;
    for (let c = 0; c < CLIENTS; c++) tokens.push(await login(server, INITIAL_ADMIN_ACCOUNT, PASSWORD));
  }
  return { siteId, columns, articleIds, superToken, tokens, sessions };
}

// ------------------------------------------------------------------ one client

const uploadBase = Buffer.from(Array.from({ length: Math.ceil(UPLOAD_BYTES / 64) }, (_, i) => `${words(8, i).padEnd(63, ' ').slice(0, 63)}\n`).join('').slice(0, UPLOAD_BYTES));

class Client {
  agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_CLIENT });
  /** Set when the round's grace period is over: nothing more is sent, what is on the way is dropped. */
  stopped = false;
  /** The version this client last saw of each content it read or saved. */
  readonly versions = new Map<number, number>();
  readonly headers: Record<string, string>;
  private uploads = 0;
  private created = 0;
  inflight = new Map<number, { kind: Kind; due: number; url: string }>();
  /** Its requests under way or waiting for a socket. */
  private readonly requests = new Set<http.ClientRequest>();
  /** How late this client started its ticks (ms after due): the load generator's own health. */
  lags: number[] = [];
  /** Ticks of the last round the client never started (the round ended first: a starved load generator). */
  skipped = 0;
  private seq = 0;

  constructor(
    readonly n: number,
    token: string,
    private readonly server: LoadServer,
    private readonly setup: Setup,
    private readonly rec: () => Recorder,
  ) {
    this.headers = { 'x-token': token, 'x-site-id': String(setup.siteId), 'accept-language': n % 2 ? 'en' : 'zh' };
  }

  private pickId() {
    const ids = this.setup.articleIds;
    return ids[Math.floor(Math.random() * ids.length)]!;
  }

  /** One request, timed from `due` (its scheduled start, or the moment the step before it answered). */
  private async send(kind: Kind, due: number, method: 'GET' | 'POST', url: string, body?: { bytes: Buffer; type: string }) {
    if (this.stopped) return { status: 0, code: null, data: null };
    const id = ++this.seq;
    this.inflight.set(id, { kind, due, url });
    const rec = this.rec();
    const a = await request(this.agent, this.server.url, method, url, this.headers, body, this.requests);
    // Gone from inflight: counted as unanswered when the grace period ended.
    if (this.inflight.delete(id)) rec.add(kind, performance.now() - due, a, url);
    return a;
  }

  async tick(kind: Exclude<Kind, 'generate'>, due: number): Promise<void> {
    const { columns } = this.setup;
    switch (kind) {
      case 'list': {
        const q = new URLSearchParams({ page: String(1 + Math.floor(Math.random() * 5)), limit: '20' });
        const filter = Math.floor(Math.random() * 5);
        if (filter === 1) q.set('category_id', String(columns[Math.floor(Math.random() * columns.length)]));
        if (filter === 2) q.set('status', '1');
        if (filter === 3) q.set('keyword', `Article ${Math.floor(Math.random() * 30)}`);
        if (filter === 4) {
          q.set('start', '2026-01-01');
          q.set('end', '2026-12-31');
          q.set('is_top', '0');
        }
        await this.send(kind, due, 'GET', `/content/index?${q}`);
        return;
      }
      case 'read': {
        const id = this.pickId();
        const a = await this.send(kind, due, 'GET', `/content/read?id=${id}`);
        if (a.code === 0) this.versions.set(id, a.data.version);
        return;
      }
      case 'create': {
        const i = ++this.created;
        const a = await this.send(kind, due, 'POST', '/content/save', json({ category_id: columns[i % columns.length], title: `Draft ${this.n}-${i}`, description: words(12, i), body: articleBody(i), status: 2 }));
        if (a.code === 0) this.versions.set(a.data.id, a.data.version);
        return;
      }
      case 'update': {
        // An article this client has read (the editor saves what it loaded, with its version); a stale one answers 409.
        const known = [...this.versions.keys()];
        if (!known.length) return this.tick('read', due);
        const id = known[Math.floor(Math.random() * known.length)]!;
        const i = this.n * 100_000 + ++this.created;
        const a = await this.send(kind, due, 'POST', '/content/update', json({ id, version: this.versions.get(id), category_id: columns[id % columns.length], title: `Article ${id}: edited by ${this.n}`, description: words(12, i), body: articleBody(i), status: id % 4 === 0 ? 2 : 1 }));
        if (a.code === 0) this.versions.set(id, a.data.version);
        else if (a.code === 409 && a.data?.version) this.versions.set(id, a.data.version);
        return;
      }
      case 'upload': {
        const n = ++this.uploads;
        const bytes = Buffer.from(uploadBase);
        bytes.write(`upload ${this.n}-${n} ${Date.now()}\n`, 0);
        const hash = createHash('sha256').update(bytes).digest('hex');
        const total = Math.ceil(bytes.length / (CHUNK_KB * 1024));
        let token = { resource_temp_basename: '', resource_temp_path: '' };
        let at = due;
        for (let c = 1; c <= total; c++) {
          const chunk = bytes.subarray((c - 1) * CHUNK_KB * 1024, c * CHUNK_KB * 1024);
          const fields = { chunk_total: total, chunk_index: c, ...token, resource_type: 1, resource_name: `notes-${this.n}-${n}.txt`, resource_size: bytes.length, resource_hash: hash };
          const a = await this.send(kind, at, 'POST', '/attachment/sliceUploadAndSave', multipart(fields, { field: 'resource_chunk', name: 'blob', bytes: chunk }));
          at = performance.now();
          if (c === 1 && a.code === 1) token = { resource_temp_basename: a.data.resource_temp_basename, resource_temp_path: a.data.resource_temp_path };
          else if (a.code !== (c === total ? 0 : 1)) return; // refused or lost: this upload stops (counted by its status)
        }
        return;
      }
      case 'attachments':
        await this.send(kind, due, 'GET', `/attachment/index?page=${1 + Math.floor(Math.random() * 3)}&limit=20`);
        return;
      case 'dashboard':
        await this.send(kind, due, 'GET', '/dashboard/index');
        return;
      case 'status':
        await this.send(kind, due, 'GET', '/staticFile/index');
        return;
    }
  }

  /** Ends the round: what is unanswered is dropped (its sockets closed), and a fresh agent serves the next round. */
  stop() {
    this.stopped = true;
    this.inflight.clear();
    for (const req of this.requests) req.destroy();
    this.requests.clear();
    this.agent.destroy();
  }

  /** Open loop: RATE ticks a second for `seconds`, whatever the answers' pace; resolves when every tick's work ends. */
  async run(seconds: number, start: number): Promise<void> {
    this.stopped = false;
    this.lags = [];
    this.skipped = 0;
    this.agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS_PER_CLIENT });
    const total = Math.round(RATE * seconds);
    const phase = (this.n / CLIENTS) * (1000 / RATE);
    const work: Array<Promise<void>> = [];
    for (let i = 0; i < total; i++) {
      const due = start + phase + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      if (this.stopped) {
        this.skipped = total - i;
        break;
      }
      this.lags.push(Math.max(0, performance.now() - due));
      work.push(this.tick(pick(), due));
    }
    await Promise.all(work);
  }
}

function pick(): Exclude<Kind, 'generate'> {
  let r = Math.random() * 100;
  for (const [kind, w] of MIX) if ((r -= w) < 0) return kind;
  return 'list';
}

// ------------------------------------------------------------------ a round

interface RoundResult {
  rec: Recorder;
  seconds: number;
  stats: ServerStats;
  generation: string;
  start: { rss: number; heap: number };
  end: { rss: number; heap: number };
  unanswered: number;
  /** Seconds from the first scheduled request until the last answer (or the end of the grace period). */
  drained: number;
  sendLagP99: number;
  skipped: number;
  queue: string;
}

const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** RSS as it is after a quiet pause, then the heap used after a forced GC. */
async function settledMemory(server: LoadServer) {
  await sleep(IDLE_MS);
  const rss = (await server.memory(false)).rss;
  const heap = (await server.memory(true)).heapUsed;
  return { rss, heap };
}

/** Waits until no static-generation job is queued or running (background republishes included): how long it took, what is left. */
async function jobsIdle(server: LoadServer, limitMs = 120_000) {
  const started = Date.now();
  for (;;) {
    const byStatus = await server.jobs();
    const left = (byStatus.queued ?? 0) + (byStatus.running ?? 0);
    if (!left || Date.now() - started > limitMs) return { seconds: (Date.now() - started) / 1000, left, byStatus };
    await sleep(500);
  }
}

async function round(server: LoadServer, setup: Setup, clients: Client[], holder: { rec: Recorder }): Promise<RoundResult> {
  await jobsIdle(server);
  const start = await settledMemory(server);
  const jobsBefore = await server.jobs();
  const rec = (holder.rec = new Recorder());
  await server.resetStats();
  const t0 = performance.now() + 50;

  // One static generation of the whole site, a third of the way in, followed through its job as the admin's page does.
  const orchestrator = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const headers = { 'x-token': setup.superToken, 'x-site-id': String(setup.siteId) };
  const generation = (async () => {
    await sleep((SECONDS * 1000) / 3);
    const started = performance.now();
    let due = started;
    const post = await request(orchestrator, server.url, 'POST', '/staticFile/generate', headers, json({ scope: 'site' }));
    rec.add('generate', performance.now() - due, post, '/staticFile/generate');
    if (post.code !== 0) return `not started: ${post.status} ${post.code}`;
    for (;;) {
      await sleep(500);
      if (performance.now() - started > 300_000) return 'not done 300 s after it was asked for';
      due = performance.now();
      const url = `/job/read?id=${post.data.job_id}`;
      const job = await request(orchestrator, server.url, 'GET', url, headers);
      rec.add('generate', performance.now() - due, job, url);
      if (job.code !== 0) return `job read answered ${job.status}`;
      const s = job.data.status as string;
      if (s === 'done') return `${job.data.result?.pages ?? '?'} files in ${((performance.now() - started) / 1000).toFixed(1)} s under load (job ${job.data.result?.ms ?? '?'} ms)`;
      if (s === 'failed' || s === 'cancelled') return `${s}: ${job.data.error}`;
    }
  })();

  const runs = clients.map((c) => c.run(SECONDS, t0));
  await Promise.race([Promise.all(runs), sleep((SECONDS + GRACE_SECONDS) * 1000)]);
  const drained = (performance.now() - t0) / 1000;
  const lags = Float64Array.from(clients.flatMap((c) => c.lags)).sort();
  // What is still unanswered after the grace period counts as no answer (status 0), timed until now.
  let unanswered = 0;
  const now = performance.now();
  for (const c of clients) {
    for (const r of c.inflight.values()) {
      rec.add(r.kind, now - r.due, { status: 0, code: null, data: null }, r.url);
      unanswered++;
    }
    c.stop();
  }
  // Every client's loop ends once stopped (its requests aborted): nothing of this round reaches the next.
  await Promise.all(runs);
  const generated = await generation;
  orchestrator.destroy();
  const stats = await server.stats();
  const total = (j: Record<string, number>) => Object.values(j).reduce((a, b) => a + b, 0);
  const atEnd = await server.jobs();
  const backgroundRuns = total(atEnd) - total(jobsBefore) - 1;
  const drain = await jobsIdle(server);
  const queue = `${backgroundRuns} background republish jobs queued by the saves (${atEnd.queued ?? 0} still queued when the load ended); ${drain.left ? `${drain.left} still queued or running ${drain.seconds.toFixed(0)} s later` : `queue empty ${drain.seconds.toFixed(0)} s after the load`}`;
  const end = await settledMemory(server);
  return { rec, seconds: SECONDS, drained, sendLagP99: percentile(lags, 99), skipped: clients.reduce((n, c) => n + c.skipped, 0), stats, generation: generated, start, end, unanswered, queue };
}

// ------------------------------------------------------------------ the entry

function printFigures(figures: Record<string, string>) {
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  for (const [label, value] of Object.entries(figures)) console.log(`  ${label.padEnd(width)}  ${value}`);
}

export const adminLoad: BenchEntry = {
  name: `load: ${CLIENTS} admin clients × ${RATE} req/s, ${ROUNDS} rounds of ${SECONDS} s`,
  async run() {
    const server = await startLoadServer();
    const figures: Record<string, string> = {};
    let fivexx = 0;
    try {
      const setup = await setUp(server);
      figures.server = `real app, production mode, own process (pid ${server.pid}), ${server.kind === 'postgres' ? `PostgreSQL database ${DB_NAME}` : 'PGlite'}`;
      figures['rate limit'] = `API limit raised to ${API_LIMIT.toLocaleString('en')}/min per session (RATE_LIMIT_API) for the bench: the shipped ${SHIPPED_API_LIMIT.toLocaleString('en')}/min would refuse ${RATE} req/s (${(RATE * 60).toLocaleString('en')}/min)`;
      figures.clients = `${setup.sessions}; open loop, ${RATE} req/s each (${CLIENTS * RATE} req/s in all), ≤ ${SOCKETS_PER_CLIENT} keep-alive sockets each; latency from each request's scheduled start`;
      figures.data = `1 site, ${setup.columns.length} columns, ${ARTICLES} published articles seeded through the API; uploads ${mib(UPLOAD_BYTES)} in ${CHUNK_KB} KiB chunks`;
      figures.mix = MIX.map(([k, w]) => `${k} ${w}%`).join(', ') + ', + 1 static generation of the site per round';
      const holder = { rec: new Recorder() };
      const clients = setup.tokens.map((token, n) => new Client(n, token, server, setup, () => holder.rec));
      const results: RoundResult[] = [];
      for (let r = 1; r <= ROUNDS; r++) {
        console.log(`  … round ${r} of ${ROUNDS} (${SECONDS} s)`);
        const res = await round(server, setup, clients, holder);
        results.push(res);
        const all = res.rec.classes();
        const sorted = res.rec.all();
        fivexx += all.c5xx;
        const p = `round ${r}`;
        figures[p] =
          `${all.total.toLocaleString('en')} requests sent in ${res.seconds} s (${(all.total / res.seconds).toFixed(0)} req/s, target ${CLIENTS * RATE}), ${(all.total - all.none).toLocaleString('en')} answered by ${res.drained.toFixed(0)} s (${((all.total - all.none) / res.drained).toFixed(0)} req/s achieved); p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted[sorted.length - 1] ?? NaN)}; ` +
          `2xx ${all.c2xx}, 4xx ${all.c4xx} (409 ${all.c409}, 429 ${all.c429}), 5xx ${all.c5xx}${all.none ? `, no answer ${all.none}` : ''}${all.other ? `, other ${all.other}` : ''}`;
        for (const k of KINDS) {
          const line = res.rec.line(k);
          if (line) figures[`${p} ${LABEL[k]}`] = line;
        }
        figures[`${p} static generation`] = res.generation;
        figures[`${p} job queue`] = res.queue;
        figures[`${p} server`] = fmt.server(res.stats);
        figures[`${p} load generator`] = `started its ticks late by p99 ${ms(res.sendLagP99)}${res.skipped ? `; ${res.skipped} ticks never started before the round ended` : ''}`;
        figures[`${p} memory`] = `RSS ${mib(res.start.rss)} at start → ${mib(res.end.rss)} at end; heap after GC ${mib(res.start.heap)} → ${mib(res.end.heap)}`;
        if (res.rec.errors.length) figures[`${p} 5xx`] = res.rec.errors.join('; ');
        if (res.rec.refusals.size) figures[`${p} other 4xx`] = [...res.rec.refusals].map(([k, n]) => `${k} ×${n}`).join('; ');
        console.log(`    ${figures[p]}`);
      }
      const first = results[0]!.end;
      const last = results[results.length - 1]!.end;
      figures.answers = results.map((r, i) => `round ${i + 1}: ${r.rec.classes().none} of ${r.rec.classes().total} unanswered after ${GRACE_SECONDS} s of grace`).join('; ');
      figures.verdict = `5xx: ${fivexx}, memory growth across rounds: ${((last.rss - first.rss) / MiB).toFixed(1)} MiB RSS (round1 end → round${results.length} end), heap after GC ${((last.heap - first.heap) / MiB).toFixed(1)} MiB`;
    } finally {
      await server.stop();
    }
    if (fivexx) {
      printFigures(figures);
      throw new Error(`${fivexx} responses were 5xx`);
    }
    return figures;
  },
};

// ------------------------------------------------------------------ the server side (forked)

async function serve() {
  const [{ startMeasuredApp }, { STATIC_GEN_JOB }, { sql }] = await Promise.all([import('./benchApp'), import('../../server/operations/staticGen/job'), import('drizzle-orm')]);
  const env = process.env;
  const { app, database, port, stats } = await startMeasuredApp(env.DATA_DIR!, { logRequests: env.BENCH_LOAD_LOG === '1' }, { initialPassword: PASSWORD });
  process.on('message', async (msg: { type: string; id: number; gc?: boolean }) => {
    const answer = (value: unknown) => process.send!({ type: msg.type, id: msg.id, value });
    if (msg.type === 'memory') {
      if (msg.gc && typeof global.gc === 'function') global.gc();
      answer(process.memoryUsage());
    } else if (msg.type === 'jobs') {
      const result = (await database.db.execute(sql`select status, count(*)::int as n from jobs where kind = ${STATIC_GEN_JOB} group by status`)) as unknown as {
        rows: Array<{ status: string; n: number }>;
      };
      answer(Object.fromEntries(result.rows.map((r) => [r.status, Number(r.n)])));
    } else if (msg.type === 'stats-reset') {
      await stats.reset();
      answer(null);
    } else if (msg.type === 'stats') {
      answer(await stats.report());
    } else if (msg.type === 'stop') {
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
  process.send!({ type: 'ready', port, kind: database.kind });
}

if (env.BANYAN_ADMIN_LOAD_SERVER === '1' && process.send) {
  serve().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { schedstat, type ServerStats } from './serverStats';

// The load generator every side-by-side workload uses (Banyan and its peer alike): keep-alive HTTP/1.1
// through node:http, C connections each sending its next request when the last answer is read (closed
// loop), or requests started on a fixed schedule (open loop, for latency at a given rate). Nothing pinned.

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers by HTTP status (0 = socket error). */
  statuses: Record<number, number>;
  /** Answers that were not 2xx. */
  failed: number;
  meanBytes: number;
  /** Open loop only: how late the generator itself issued requests (ms after due) and its own event-loop delay. */
  generator?: { sendLagP99: number; sendLagMax: number; loopDelayP99: number; loopDelayMax: number; runQueueMs: number };
}

interface Answer {
  status: number;
  bytes: number;
}

function get(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(url, { agent, headers, method: 'GET' }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', () => resolve({ status: 0, bytes }));
    });
    req.on('error', () => resolve({ status: 0, bytes: 0 }));
    req.end();
  });
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : NaN;

class Recorder {
  latencies: number[] = [];
  statuses: Record<number, number> = {};
  bytes = 0;
  add(ms: number, a: Answer) {
    this.latencies.push(ms);
    this.statuses[a.status] = (this.statuses[a.status] ?? 0) + 1;
    this.bytes += a.bytes;
  }
  result(seconds: number): LoadResult {
    const sorted = Float64Array.from(this.latencies).sort();
    const n = sorted.length;
    const ok = Object.entries(this.statuses).reduce((s, [code, c]) => s + (Number(code) >= 200 && Number(code) < 300 ? c : 0), 0);
    return { requests: n, seconds, rps: n / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), statuses: this.statuses, failed: n - ok, meanBytes: n ? this.bytes / n : 0 };
  }
}

/**
 * C connections, each looping for `seconds` (after `warmup` seconds whose answers are not counted). `target` is one
 * URL, or a function naming each request's URL by its connection and its number on that connection (a mix of
 * calls, spread over several servers).
 */
export async function closedLoop(
  target: string | ((connection: number, n: number) => string),
  opts: { connections: number; seconds: number; warmup?: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const single = typeof target === 'string' ? new URL(target) : undefined;
  const urlOf = (c: number, n: number) => single ?? new URL((target as (c: number, n: number) => string)(c, n));
  // maxSockets is per host: each server gets at most C connections.
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const headers = opts.headers ?? {};
  const warmEnd = performance.now() + (opts.warmup ?? 0) * 1000;
  const end = warmEnd + opts.seconds * 1000;
  const rec = new Recorder();
  const worker = async (connection: number) => {
    for (let n = 0; ; n++) {
      const t0 = performance.now();
      if (t0 >= end) return;
      const a = await get(agent, urlOf(connection, n), headers);
      const t1 = performance.now();
      if (t0 >= warmEnd) rec.add(t1 - t0, a);
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, (_, c) => worker(c)));
  const measured = (performance.now() - Math.max(warmEnd, 0)) / 1000;
  agent.destroy();
  return rec.result(Math.max(measured, opts.seconds));
}

/**
 * Requests started at a fixed rate for `seconds`, whatever the answers' pace (open loop); latency is from the
 * scheduled start, so a stalled server shows its queueing. Uses up to `maxConnections` keep-alive sockets.
 */
export async function fixedRate(target: string, opts: { rate: number; seconds: number; warmup?: number; grace?: number; headers?: Record<string, string>; maxConnections?: number }): Promise<LoadResult> {
  const url = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.maxConnections ?? 64 });
  const headers = opts.headers ?? {};
  const rec = new Recorder();
  const start = performance.now();
  const warm = (opts.warmup ?? 0) * 1000;
  const total = Math.round((opts.rate * (warm + opts.seconds * 1000)) / 1000);
  const inflight = new Map<number, number>(); // request number → when it was due
  const answered: Array<Promise<void>> = [];
  const lags: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  let queued0 = NaN;
  const warmed = setTimeout(() => (queued0 = schedstat().runQueueMs), warm);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / opts.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    if (due - start >= warm) lags.push(Math.max(0, performance.now() - due));
    inflight.set(i, due);
    answered.push(
      get(agent, url, headers).then((a) => {
        if (!inflight.delete(i)) return;
        if (due - start >= warm) rec.add(performance.now() - due, a);
      }),
    );
  }
  // A server slower than the rate leaves a queue: wait for it at most `grace` seconds, then count what is
  // still unanswered as failed (status 0) with the time it has waited so far.
  const grace = opts.grace ?? 10;
  await Promise.race([Promise.all(answered), new Promise((r) => setTimeout(r, grace * 1000))]);
  const now = performance.now();
  for (const due of inflight.values()) if (due - start >= warm) rec.add(now - due, { status: 0, bytes: 0 });
  inflight.clear();
  agent.destroy();
  loop.disable();
  clearTimeout(warmed);
  const runQueueMs = schedstat().runQueueMs - queued0;
  const sortedLags = Float64Array.from(lags).sort();
  return {
    ...rec.result(opts.seconds),
    generator: {
      sendLagP99: percentile(sortedLags, 99),
      sendLagMax: sortedLags.length ? sortedLags[sortedLags.length - 1]! : NaN,
      loopDelayP99: loop.percentile(99) / 1e6,
      loopDelayMax: loop.max / 1e6,
      runQueueMs,
    },
  };
}

/** Exactly `total` requests over `connections` connections; answers by status. */
export async function burst(target: string, opts: { total: number; connections: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const url = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections });
  const rec = new Recorder();
  let next = 0;
  const start = performance.now();
  const worker = async () => {
    while (next < opts.total) {
      next++;
      const t0 = performance.now();
      const a = await get(agent, url, opts.headers ?? {});
      rec.add(performance.now() - t0, a);
    }
  };
  await Promise.all(Array.from({ length: opts.connections }, worker));
  agent.destroy();
  return rec.result((performance.now() - start) / 1000);
}

export const fmt = {
  rps: (r: LoadResult) => `${r.rps.toFixed(r.rps < 100 ? 1 : 0)} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}${r.failed ? `, ${r.failed} not 2xx (${statusList(r)})` : ''}`,
  latency: (r: LoadResult) => `p50 ${ms(r.p50)}, p99 ${ms(r.p99)} over ${r.requests} requests${r.failed ? `, ${r.failed} not 2xx (${statusList(r)})` : ''}`,
  generator: (r: LoadResult) =>
    r.generator
      ? `sent late by p99 ${ms(r.generator.sendLagP99)} (max ${ms(r.generator.sendLagMax)}), its event-loop delay p99 ${ms(r.generator.loopDelayP99)} (max ${ms(r.generator.loopDelayMax)}), its main thread waited runnable for a CPU ${ms(r.generator.runQueueMs)}`
      : '—',
  server: (s: ServerStats) =>
    `handled in p50 ${ms(s.handledP50)}, p99 ${ms(s.handledP99)} (max ${ms(s.handledMax)}) over ${s.requests} requests; event-loop delay p99 ${ms(s.loopDelayP99)} (max ${ms(s.loopDelayMax)}); ${s.gcPauses} GC pauses, ${ms(s.gcTotalMs)} in all, longest ${ms(s.gcMaxMs)}; main thread over ${ms(s.wallMs)}: ran ${ms(s.cpuMs)} (${ms(s.cpuMs / s.requests)} a request), waited runnable for a CPU ${ms(s.runQueueMs)}${s.databaseCpuMs == null || Number.isNaN(s.databaseCpuMs) ? '' : `; ${s.databaseKind === 'thread' ? "PGlite's thread" : 'PostgreSQL backends'} ran ${ms(s.databaseCpuMs)} (${ms(s.databaseCpuMs / s.requests)} a request)`}`,
};
// (NaN crosses the server's IPC channel as null.)
const ms = (v: number | null | undefined) => (v == null || Number.isNaN(v) ? '—' : `${v < 10 ? v.toFixed(2) : v.toFixed(0)} ms`);
const statusList = (r: LoadResult) => Object.entries(r.statuses).map(([s, c]) => `${s}×${c}`).join(' ');

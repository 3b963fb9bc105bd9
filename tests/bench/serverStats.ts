import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';

// What a benchmarked server measures of itself (siteServer.ts), and how busy the machine keeps a thread.

/** Server-side measurements between a 'stats-reset' and a 'stats' message. */
export interface ServerStats {
  requests: number;
  handledP50: number;
  handledP99: number;
  handledMax: number;
  loopDelayP99: number;
  loopDelayMax: number;
  gcPauses: number;
  gcTotalMs: number;
  gcMaxMs: number;
  /** Wall-clock ms measured, and of it the ms the main thread ran on a CPU and waited, runnable, for one (Linux). */
  wallMs: number;
  cpuMs: number;
  runQueueMs: number;
  /** CPU ms the database used meanwhile: its server processes (PostgreSQL backends) or PGlite's thread. */
  databaseCpuMs: number;
  /** What databaseCpuMs counts. */
  databaseKind?: 'backends' | 'thread';
}

/** The CPU ms (user + system) a /proc `stat` line counts: utime and stime, the 12th and 13th fields after the command's closing parenthesis, in ticks of 1/100 s. */
export function statCpuMs(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
}

/** CPU ms (user + system) each of these local processes has used so far (a process gone is left out). */
function processCpuMs(pids: readonly number[], threads = false): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      // A thread of this process (PGlite's), or a process.
      out.set(pid, statCpuMs(readFileSync(threads ? `/proc/self/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8')));
    } catch {
      // not on this machine, or exited
    }
  }
  return out;
}

/** The calling thread's time on a CPU and time waiting runnable on a run queue, in ms (NaN off Linux). */
export function schedstat(): { cpuMs: number; runQueueMs: number } {
  try {
    const [cpu, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
    return { cpuMs: cpu! / 1e6, runQueueMs: wait! / 1e6 };
  } catch {
    return { cpuMs: NaN, runQueueMs: NaN };
  }
}

/**
 * Measures a server between reset() and report(). `databasePids` lists the database's server processes serving
 * this app (PostgreSQL backends), whose CPU time is counted too; for PGlite, `databaseThread` is its thread's id.
 */
export function serverStats(server: Server, databasePids?: () => Promise<number[]>, databaseThread?: number | null) {
  const threads = !databasePids && typeof databaseThread === 'number';
  if (threads) databasePids = async () => [databaseThread];
  let databaseCpu = new Map<number, number>();
  let handled: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  let gc: number[] = [];
  let since = { at: performance.now(), ...schedstat() };
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gc.push(e.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  server.on('request', (_req, res) => {
    const t0 = performance.now();
    res.once('finish', () => handled.push(performance.now() - t0));
  });
  const pick = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);
  return {
    async reset() {
      if (databasePids) databaseCpu = processCpuMs(await databasePids(), threads);
      since = { at: performance.now(), ...schedstat() };
      handled = [];
      gc = [];
      loop.disable();
      loop.reset();
      loop.enable();
    },
    async report(): Promise<ServerStats> {
      const sorted = Float64Array.from(handled).sort();
      const now = schedstat();
      let databaseCpuMs = NaN;
      if (databasePids) {
        databaseCpuMs = 0;
        for (const [pid, ms] of processCpuMs(await databasePids(), threads)) databaseCpuMs += ms - (databaseCpu.get(pid) ?? 0);
      }
      return {
        wallMs: performance.now() - since.at,
        cpuMs: now.cpuMs - since.cpuMs,
        runQueueMs: now.runQueueMs - since.runQueueMs,
        databaseCpuMs,
        databaseKind: databasePids ? (threads ? 'thread' : 'backends') : undefined,
        requests: sorted.length,
        handledP50: pick(sorted, 50),
        handledP99: pick(sorted, 99),
        handledMax: sorted.length ? sorted[sorted.length - 1]! : NaN,
        loopDelayP99: loop.percentile(99) / 1e6,
        loopDelayMax: loop.max / 1e6,
        gcPauses: gc.length,
        gcTotalMs: gc.reduce((a, b) => a + b, 0),
        gcMaxMs: gc.length ? Math.max(...gc) : 0,
      };
    },
  };
}


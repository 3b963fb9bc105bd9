import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INITIAL_ADMIN_ACCOUNT } from '../../server/db/seed';
import type { SeedRow } from './server';

// What benchmark entries share: a real server in its own process on a temp data dir, signed in, and
// its memory as it reports it.

const here = path.dirname(fileURLToPath(import.meta.url));
const BENCH_PASSWORD = 'Bench-pass-2024';

export interface BenchServer {
  url: string;
  token: string;
  dataDir: string;
  /** The server's process id, and its database thread's id (PGlite's, on Linux), to read their CPU time. */
  pid: number | null;
  databaseThread: number | null;
  /** Inserts published content straight into the server's database (set-up only, never measured). */
  seedContents(siteId: number, categoryId: number, rows: SeedRow[]): Promise<void>;
  /** The server process's memory; `gc` collects first (the server runs with --expose-gc). */
  memory(gc?: boolean): Promise<NodeJS.MemoryUsage>;
  stop(): Promise<void>;
}

export async function startBenchServer(): Promise<BenchServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-bench-'));
  const child: ChildProcess = fork(path.join(here, 'server.ts'), [], {
    env: { ...process.env, DATA_DIR: dataDir, BENCH_PASSWORD, NODE_ENV: 'production' },
    execArgv: ['--import', 'tsx', '--expose-gc', ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit', 'ipc'],
  });
  const { port, databaseThread } = await new Promise<{ port: number; databaseThread: number | null }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.on('message', (m: { type: string; port?: number; databaseThread?: number | null }) => m.type === 'ready' && resolve({ port: m.port!, databaseThread: m.databaseThread ?? null }));
  });
  const url = `http://127.0.0.1:${port}`;
  const login = await fetch(`${url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: INITIAL_ADMIN_ACCOUNT, password: BENCH_PASSWORD }),
  });
  const body = (await login.json()) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 0) throw new Error(`bench login failed: ${body.msg}`);
  let seq = 0;
  const ask = <T>(message: Record<string, unknown>, answer: string, pick: (m: any) => T) =>
    new Promise<T>((resolve) => {
      const id = ++seq;
      const onMessage = (m: { type: string; id?: number }) => {
        if (m.type !== answer || m.id !== id) return;
        child.off('message', onMessage);
        resolve(pick(m));
      };
      child.on('message', onMessage);
      child.send({ ...message, id });
    });
  return {
    url,
    token: body.data.token,
    dataDir,
    pid: child.pid ?? null,
    databaseThread,
    seedContents: (siteId, categoryId, rows) => ask({ type: 'seedContents', siteId, categoryId, rows }, 'seeded', () => undefined),
    memory: (gc = false) => ask({ type: 'memory', gc }, 'memory', (m: { usage: NodeJS.MemoryUsage }) => m.usage),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export const MiB = 1024 * 1024;
export const mib = (bytes: number) => `${(bytes / MiB).toFixed(1)} MiB`;

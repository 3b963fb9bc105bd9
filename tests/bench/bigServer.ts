import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { INITIAL_ADMIN_ACCOUNT } from '../../server/db/seed';
import { BENCH_PASSWORD, type LoadedDb } from './bigLoad';
import type { ServerStats } from './serverStats';

// Starts siteServer.ts on a loaded benchmark database and signs in.

const here = path.dirname(fileURLToPath(import.meta.url));

export interface SiteServer {
  url: string;
  label: string;
  /** Signs in (the x-token of the admin API); login attempts count against the login limit. */
  login(): Promise<string>;
  /** Starts the server's own measurements afresh (handling times, event-loop delay, GC pauses). */
  resetStats(): Promise<void>;
  /** The server's own measurements since the last resetStats(). */
  stats(): Promise<ServerStats>;
  stop(): Promise<void>;
}

export async function startSiteServer(db: LoadedDb, opts: { defaultLimits?: boolean } = {}): Promise<SiteServer> {
  // PostgreSQL: a throw-away DATA_DIR (themes, uploads); PGlite: the loaded data dir itself.
  const tmp = db.kind === 'postgres' ? await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-bench-site-')) : undefined;
  const child: ChildProcess = fork(path.join(here, 'siteServer.ts'), [], {
    env: {
      ...process.env,
      DATA_DIR: tmp ?? db.dataDir!,
      BENCH_DATABASE_URL: db.url ?? '',
      BENCH_LIMITS: opts.defaultLimits ? 'default' : 'bench',
      NODE_ENV: 'production',
    },
    // BENCH_SERVER_NODE_ARGS: extra node flags for the server process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`site server exited with ${code}`)));
    child.on('message', (m: { type: string; port?: number }) => m.type === 'ready' && resolve(m.port!));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    label: db.kind === 'postgres' ? 'Banyan on PostgreSQL' : 'Banyan on PGlite',
    async login() {
      const res = await fetch(`${url}/api/account/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: INITIAL_ADMIN_ACCOUNT, password: BENCH_PASSWORD }),
      });
      const body = (await res.json()) as { code: number; msg: string; data: { token: string } };
      if (body.code !== 0) throw new Error(`bench login failed: ${body.msg}`);
      return body.data.token;
    },
    resetStats: () => ask<void>(child, 'stats-reset', () => undefined),
    stats: () => ask(child, 'stats', (m) => m.stats as ServerStats),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      if (tmp) await fs.rm(tmp, { recursive: true, force: true });
    },
  };
}

function ask<T>(child: ChildProcess, type: string, pick: (m: Record<string, unknown>) => T): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (m: Record<string, unknown>) => {
      if (m.type !== type) return;
      child.off('message', onMessage);
      resolve(pick(m));
    };
    child.on('message', onMessage);
    child.send({ type });
  });
}

import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { expect } from 'vitest';
import { INITIAL_ADMIN_ACCOUNT } from '../../server/db/seed';
import { apiClient, type TestApp } from '../helpers/app';

// Starts faultServer.ts as a child process, kills it with SIGKILL or stops it, and starts it again on the same
// data (PGlite in a temporary DATA_DIR, or a throw-away PostgreSQL database).

const here = path.dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'Fault-Pass-123';

export interface FaultSetup {
  siteId: number;
  columnId: number;
}

export interface ContentRow {
  id: number;
  title: string;
  body: string;
  version: number;
}

export interface FaultServer {
  url: string;
  /** What the first start seeded (only on the start with setup). */
  setup?: FaultSetup;
  /** A TestApp-shaped handle for the helpers that only need the server's URL. */
  asTestApp: TestApp;
  login(): Promise<string>;
  /** Every content row of the column, read straight from the database by the server process. */
  dump(columnId: number): Promise<ContentRow[]>;
  /** A read of the server's database by the server process (plain SQL, answered as rows). */
  query<T = Record<string, unknown>>(text: string): Promise<T[]>;
  /** The server process's id (a restart is a new process). */
  pid: number;
  /** Sends SIGTERM without waiting: answers the exit code once the process has exited. */
  sigterm(): Promise<number | null>;
  /** SIGKILL: no shutdown, no flush. */
  kill(): Promise<void>;
  /** SIGTERM, as a service manager stops it: the server closes itself. */
  terminate(): Promise<void>;
  stop(): Promise<void>;
}

export interface FaultData {
  dataDir: string;
  databaseUrl?: string;
  kind: 'pglite' | 'postgres';
  cleanup(): Promise<void>;
}

/** A place for the server's data: a temporary DATA_DIR, plus a fresh PostgreSQL database for 'postgres'. */
/** What the test running now started: cleanUpFaults() stops and removes all of it. */
const started: FaultServer[] = [];
const created: FaultData[] = [];

/** After each test (`afterEach(cleanUpFaults)`): every server it started is stopped (a killed one is left as it is), then its data removed. */
export async function cleanUpFaults(): Promise<void> {
  for (const server of started.splice(0)) await server.stop();
  for (const data of created.splice(0)) await data.cleanup();
}

export async function faultData(kind: 'pglite' | 'postgres'): Promise<FaultData> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-faults-'));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (kind === 'postgres') {
    dbName = `banyan_faults_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const data: FaultData = {
    dataDir,
    databaseUrl,
    kind,
    async cleanup() {
      await fs.rm(dataDir, { recursive: true, force: true });
      if (dbName) {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
  created.push(data);
  return data;
}

export async function startFaultServer(data: FaultData, opts: { setup?: boolean; contents?: number } = {}): Promise<FaultServer> {
  const child: ChildProcess = fork(path.join(here, 'faultServer.ts'), [], {
    env: {
      ...process.env,
      DATA_DIR: data.dataDir,
      DATABASE_URL: data.databaseUrl ?? '',
      FAULT_SETUP: opts.setup ? '1' : '',
      FAULT_CONTENTS: String(opts.contents ?? 0),
      FAULT_PASSWORD: PASSWORD,
      NODE_ENV: 'production',
    },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await new Promise<{ port: number; setup?: FaultSetup }>((resolve, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`fault server exited with ${code ?? signal}`)));
    child.on('message', (m: { type: string; port: number; setup?: FaultSetup }) => m.type === 'ready' && resolve(m));
  });
  const url = `http://127.0.0.1:${ready.port}`;
  const server: FaultServer = {
    url,
    setup: ready.setup,
    asTestApp: { url } as TestApp,
    async login() {
      const res = await apiClient(url).post<{ token: string }>('/account/login', { account: INITIAL_ADMIN_ACCOUNT, password: PASSWORD });
      if (res.code !== 0) throw new Error(`login failed: ${res.code} ${res.msg}`);
      return res.data.token;
    },
    dump(columnId) {
      return new Promise((resolve) => {
        const onMessage = (m: { type: string; rows: ContentRow[] }) => {
          if (m.type !== 'dump') return;
          child.off('message', onMessage);
          resolve(m.rows);
        };
        child.on('message', onMessage);
        child.send({ type: 'dump', columnId });
      });
    },
    query<T>(text: string) {
      return new Promise<T[]>((resolve) => {
        const onMessage = (m: { type: string; rows: T[] }) => {
          if (m.type !== 'sql') return;
          child.off('message', onMessage);
          resolve(m.rows);
        };
        child.on('message', onMessage);
        child.send({ type: 'sql', text });
      });
    },
    pid: child.pid!,
    sigterm() {
      child.kill('SIGTERM');
      return exited.then(() => child.exitCode);
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async terminate() {
      child.kill('SIGTERM');
      await exited;
      expect(child.exitCode, 'exit code after SIGTERM').toBe(0);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'stop' });
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
  started.push(server);
  return server;
}

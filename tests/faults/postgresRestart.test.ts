import { execFile, execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../helpers/app';
import { startFaultServer, type FaultData, type FaultServer } from './faultHarness';

// Issue 15, faults: PostgreSQL restarted under load. Banyan runs on a private PostgreSQL instance of its own
// (initdb in a temporary folder, on a free port: the shared server other tests use is never touched). While
// requests keep coming, PostgreSQL stops: every request answers promptly with a 503 envelope and a message in the
// caller's language (no hang, no crash: the same process keeps answering); PostgreSQL starts again: requests work
// again within seconds, without restarting Banyan.

const run = promisify(execFile);
/** The newest installed PostgreSQL's binaries (Debian's layout), if any. */
const BIN = (() => {
  const versions = (existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : []).filter((v) => /^\d+$/.test(v));
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? `/usr/lib/postgresql/${newest}/bin` : '';
})();
const asRoot = process.getuid?.() === 0;
const postgresUser = (() => {
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const available = Boolean(BIN) && existsSync(path.join(BIN, 'initdb')) && existsSync(path.join(BIN, 'pg_ctl')) && (!asRoot || (existsSync('/usr/sbin/runuser') && postgresUser));
if (!available) console.warn('postgresRestart.test.ts skipped: no PostgreSQL server binaries (initdb, pg_ctl) to start a private instance with');
const DOWN_EN = 'The database cannot be reached right now, please try again shortly';
const DOWN_ZH = '数据库暂时无法连接，请稍后再试';

/** Runs a PostgreSQL binary, as the postgres user when the tests run as root (initdb refuses root). */
const pgBin = (bin: string, args: string[]) =>
  asRoot ? run('/usr/sbin/runuser', ['-u', 'postgres', '--', path.join(BIN, bin), ...args]) : run(path.join(BIN, bin), args);

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let root = '';
let port = 0;
let server: FaultServer | undefined;
let data: FaultData | undefined;
const cluster = () => path.join(root, 'cluster');
const pgStart = () => pgBin('pg_ctl', ['-D', cluster(), '-l', path.join(root, 'postgres.log'), '-w', '-t', '60', '-o', `-p ${port} -k ${root} -c listen_addresses=127.0.0.1`, 'start']);
const pgStop = () => pgBin('pg_ctl', ['-D', cluster(), '-m', 'fast', '-w', '-t', '60', 'stop']);

beforeAll(async () => {
  if (!available) return;
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-pg-'));
  if (asRoot) await run('chown', ['postgres:postgres', root]);
  await pgBin('initdb', ['-D', cluster(), '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  port = await freePort();
  await pgStart();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-faults-'));
  data = {
    dataDir,
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    kind: 'postgres',
    cleanup: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
  server = await startFaultServer(data, { setup: true });
});

afterAll(async () => {
  await server?.stop();
  await data?.cleanup();
  if (root) {
    await pgStop().catch(() => undefined);
    await fs.rm(root, { recursive: true, force: true });
  }
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  at: number;
  ms: number;
  status: number;
  code: number;
  msg: string;
}

/** Keeps `lanes` requests in flight (a list read from the database), recording every answer, until stopped. */
function load(s: FaultServer, token: string, siteId: number, lanes = 4) {
  const answers: Answer[] = [];
  let stopped = false;
  const lane = async (language: string) => {
    while (!stopped) {
      const started = Date.now();
      const ctrl = AbortSignal.timeout(15_000);
      const res = await fetch(`${s.url}/api/staticFile/index`, { headers: { 'x-token': token, 'x-site-id': String(siteId), 'x-language': language }, signal: ctrl })
        .then(async (r) => ({ status: r.status, ...((await r.json()) as { code: number; msg: string }) }))
        .catch((err: Error) => ({ status: 0, code: -1, msg: err.message }));
      answers.push({ at: started, ms: Date.now() - started, status: res.status, code: res.code, msg: res.msg });
      await sleep(25);
    }
  };
  const running = Promise.all(Array.from({ length: lanes }, (_, i) => lane(i % 2 ? 'en' : 'zh')));
  return {
    answers,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

describe.skipIf(!available)('PostgreSQL restarted under load', () => {
  it('requests fail with a clear 503 while PostgreSQL is down and work again once it is back, without restarting Banyan', async () => {
    const s = server!;
    const { siteId } = s.setup!;
    const token = await s.login();
    const pid = s.pid;
    const traffic = load(s, token, siteId);
    await sleep(1000);
    expect(traffic.answers.length).toBeGreaterThan(0);
    expect(traffic.answers.every((a) => a.code === 0)).toBe(true);

    await pgStop();
    const downAt = Date.now();
    await sleep(3000);
    const down = traffic.answers.filter((a) => a.at > downAt + 200);
    expect(down.length).toBeGreaterThan(4);
    for (const a of down) {
      // An envelope, quickly, in the caller's language: never a hang, a dropped connection or a stack trace.
      expect(a.status).toBe(503);
      expect(a.code).toBe(503);
      expect([DOWN_EN, DOWN_ZH]).toContain(a.msg);
      expect(a.ms).toBeLessThan(5000);
    }
    expect(down.some((a) => a.msg === DOWN_EN) && down.some((a) => a.msg === DOWN_ZH)).toBe(true);

    await pgStart();
    const upAt = Date.now();
    let recovered = 0;
    for (const until = Date.now() + 15_000; Date.now() < until && !recovered; await sleep(100)) {
      const last = traffic.answers.slice(-4);
      if (last.length === 4 && last.every((a) => a.at > upAt && a.code === 0)) recovered = Date.now() - upAt;
    }
    await traffic.stop();
    expect(recovered, 'requests work again after PostgreSQL is back').toBeGreaterThan(0);
    expect(recovered).toBeLessThan(10_000);

    // The same process, never restarted: writes work too (a login is a session row).
    expect(() => process.kill(pid, 0), 'the server process is still alive').not.toThrow();
    const fresh = await s.login();
    const res = await apiClient(s.url, fresh, { siteId }).get('/staticFile/index');
    expect(res.code, res.msg).toBe(0);
  });
});

import { spawn, spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs/promises';
import path from 'node:path';
import { BENCH_DURATION, BENCH_WARMUP, CACHE_DIR, PEERS_DIR, type Dataset } from './bigDataset';

// WordPress, the peer of the public-page and admin-list workloads: ../shared/peers/wordpress.sh seeded from
// the same dataset files, started once per `npm run bench` with KEEP=1 so the load generator measures it
// the same way as Banyan; its own wrk figures (1 run) are kept too. Not pinned (PIN=0), like Banyan.
// It is stopped when the bench process exits. BENCH_WORDPRESS=0 skips it.

export interface WrkFigure {
  rps: number;
  p50: number;
  p99: number;
}
export interface WordpressPeer {
  listUrl: string;
  postUrl: string;
  pageUrl: string;
  /** wordpress.sh's own wrk figures from this run. */
  wrk: Partial<Record<'list' | 'post' | 'page', WrkFigure>>;
  version: string;
}

let started: Promise<WordpressPeer | undefined> | undefined;

export function wordpressPeer(dataset: Dataset): Promise<WordpressPeer | undefined> {
  if (process.env.BENCH_WORDPRESS === '0') return Promise.resolve(undefined);
  started ??= start(dataset);
  return started;
}

async function start(dataset: Dataset): Promise<WordpressPeer> {
  const script = path.join(PEERS_DIR, 'wordpress.sh');
  const stateDir = path.join(CACHE_DIR, 'wordpress-state');
  await fs.mkdir(stateDir, { recursive: true });
  const env = {
    ...process.env,
    KEEP: '1',
    N: String(dataset.n),
    RUNS: process.env.BENCH_WORDPRESS_RUNS ?? '1',
    WARMUP: String(BENCH_WARMUP),
    DURATION: String(BENCH_DURATION),
    PIN: '0',
    STATE_DIR: stateDir,
  };
  process.once('exit', () => {
    spawnSync('bash', [script, 'stop'], { env: { ...process.env, STATE_DIR: stateDir }, stdio: 'ignore' });
  });
  console.log(`  starting WordPress (${script}, seeded from ${dataset.dir}; the first seeding of 1M posts takes many minutes) …`);
  const stdout = await new Promise<string>((resolve, reject) => {
    const child = spawn('bash', [script, dataset.dir], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => {
      for (const line of c.toString().split('\n')) if (line.trim()) console.log(`    ${line}`);
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`wordpress.sh exited with ${code}: ${out.slice(-500)}`))));
  });
  const url = (name: string) => new RegExp(`^# ${name}: (\\S+)`, 'm').exec(stdout)?.[1] ?? '';
  const wrk: WordpressPeer['wrk'] = {};
  for (const m of stdout.matchAll(/^wordpress (list|post|page): ([\d.]+) req\/s p50 ([\d.]+) ms p99 ([\d.]+) ms/gm)) {
    wrk[m[1] as 'list'] = { rps: Number(m[2]), p50: Number(m[3]), p99: Number(m[4]) };
  }
  const peer = { listUrl: url('list'), postUrl: url('post'), pageUrl: url('page'), wrk, version: /^# (WordPress .*)$/m.exec(stdout)?.[1] ?? 'WordPress' };
  if (!peer.listUrl || !peer.pageUrl) throw new Error(`could not read WordPress URLs from wordpress.sh:\n${stdout}`);
  return peer;
}

/** WordPress's database: wordpress.sh's DB_NAME (the script gets this process's environment). */
const WP_DATABASE = process.env.DB_NAME ?? 'wpbench';

/** Statements running in WordPress's database now (MariaDB's process list), or null when the client cannot tell. */
function runningStatements(): number | null {
  if (!/^\w+$/.test(WP_DATABASE)) return null;
  const r = spawnSync('mariadb', ['-N', '-B', '-e', `select count(*) from information_schema.processlist where db = '${WP_DATABASE}' and command = 'Query'`], { encoding: 'utf8' });
  const n = r.status === 0 ? Number(r.stdout.trim()) : NaN;
  return Number.isFinite(n) ? n : null;
}

/**
 * Waits until WordPress is idle: no statement running in its database for 3 s in a row (at most `maxSeconds`), and
 * answers the seconds waited. A measurement of WordPress (wrk's, or the load generator's) leaves requests it stopped
 * waiting for running: a REST list page at 1M posts takes seconds to tens of seconds, and php-fpm's workers go on with
 * the queue of them for a minute or more, on the cores the next measurement (Banyan's) uses.
 */
export async function wordpressQuiet(maxSeconds = 300): Promise<{ seconds: number; quiet: boolean }> {
  const started = Date.now();
  let quietSince: number | null = null;
  while (Date.now() - started < maxSeconds * 1000) {
    const running = runningStatements();
    if (running === null) return { seconds: (Date.now() - started) / 1000, quiet: false };
    if (running === 0) {
      quietSince ??= Date.now();
      if (Date.now() - quietSince >= 3000) return { seconds: (quietSince - started) / 1000, quiet: true };
    } else quietSince = null;
    await sleep(250);
  }
  return { seconds: maxSeconds, quiet: false };
}

/** The line a bench prints for wordpressQuiet's wait. */
export const quietText = (q: { seconds: number; quiet: boolean }) =>
  q.quiet ? `idle after ${q.seconds.toFixed(0)} s (no statement running in its database for 3 s)` : `not known to be idle after ${q.seconds.toFixed(0)} s`;

export const wrkText = (f: WrkFigure | undefined) => (f ? `${f.rps} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms (wrk -t1 -c10)` : '—');

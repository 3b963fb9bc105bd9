import os from 'node:os';
import type { BenchEntry } from './run';
import { BENCH_DURATION, BENCH_N, BENCH_WARMUP, ensureDataset, type Dataset } from './bigDataset';
import { ensurePostgres } from './bigLoad';
import { startSiteServer, type SiteServer } from './bigServer';
import { closedLoop, fmt, type LoadResult } from './loadgen';

// Issue 17: admin-API throughput of one Banyan server and of two on one PostgreSQL, in the same run
// (`DATABASE_URL=… BENCH_N=100000 npm run bench -- cluster`). Each server is the real app in production mode in a
// process of its own (siteServer.ts) on the loaded issue-14 dataset (database banyan_bench_<N>); the two share
// the database, its sessions and its cluster-wide limits. The load is a closed loop of C keep-alive connections
// (BENCH_CONNECTIONS, 10), the same C in every run; with two servers, connection i talks to server i mod 2; then
// one server is measured again (the machine's load moves between runs, and the two one-server figures show it). Each
// connection sends a mix of admin calls signed in as one admin: content list pages (60%: pages 1-10 of every
// column, with their totals) and content reads (40%: articles spread over the whole id range).

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Share of list calls in the mix, in tenths. */
const LIST_TENTHS = 6;
const LIST_PAGES = 10;

/** The n-th call of a connection: a list page of a column or an article read, spread deterministically. */
function callOf(dataset: Dataset, columns: number[], connection: number, n: number): string {
  const i = n * 7919 + connection * 104_729;
  if (i % 10 < LIST_TENTHS) {
    const column = columns[i % columns.length]!;
    const pages = Math.max(1, Math.min(LIST_PAGES, Math.ceil((dataset.perCategory.get(column) ?? 0) / 20)));
    return `/api/content/index?page=${(Math.floor(i / 10) % pages) + 1}&limit=20&category_id=${column}`;
  }
  return `/api/content/read?id=${(i % dataset.n) + 1}`;
}

/** Runs the mix against `servers` and answers the load generator's figures and each server's own. */
async function measure(servers: SiteServer[], token: string, dataset: Dataset, columns: number[]) {
  const headers = { 'x-token': token, 'x-site-id': '1' };
  for (const s of servers) await s.resetStats();
  const r = await closedLoop((c, n) => `${servers[c % servers.length]!.url}${callOf(dataset, columns, c, n)}`, {
    connections: CONNECTIONS,
    seconds: BENCH_DURATION,
    warmup: BENCH_WARMUP,
    headers,
  });
  const seen = await Promise.all(servers.map((s) => s.stats()));
  return { r, seen };
}

const loadAverage = () => os.loadavg().map((v) => v.toFixed(1)).join(' / ');

export const clusterThroughput: BenchEntry = {
  name: 'cluster: admin API throughput (content list and read mix), one server vs two on one PostgreSQL',
  async run() {
    if (!process.env.DATABASE_URL) throw new Error('the cluster bench needs DATABASE_URL (a PostgreSQL server), e.g. postgres://postgres@127.0.0.1:5432/postgres');
    const dataset = await ensureDataset(BENCH_N);
    const db = await ensurePostgres(process.env.DATABASE_URL, dataset);
    const columns = [...dataset.perCategory.keys()].filter((id) => (dataset.perCategory.get(id) ?? 0) > 0).sort((a, b) => a - b);
    const figures: Record<string, string> = {
      machine: `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load average before ${loadAverage()} (1 / 5 / 15 min)`,
      dataset: `${dataset.n.toLocaleString('en')} articles in ${columns.length} columns, PostgreSQL database banyan_bench_${dataset.n}`,
      load: `${CONNECTIONS} keep-alive connections in a closed loop, ${BENCH_DURATION} s after a ${BENCH_WARMUP} s warm-up; ${LIST_TENTHS * 10}% list pages 1-${LIST_PAGES} of every column, ${100 - LIST_TENTHS * 10}% reads`,
    };
    const first = await startSiteServer(db);
    let second: SiteServer | undefined;
    let one: LoadResult;
    let two: LoadResult;
    try {
      const token = await first.login();
      // Every call answers 200 before anything is measured (the token works on both servers once the second runs).
      const check = async (s: SiteServer) => {
        for (let c = 0; c < 2; c++) {
          const res = await fetch(`${s.url}${callOf(dataset, columns, c, 0)}`, { headers: { 'x-token': token, 'x-site-id': '1' } });
          const body = (await res.json()) as { code: number; msg: string };
          if (res.status !== 200 || body.code !== 0) throw new Error(`${s.url} answered ${res.status} ${body.code} ${body.msg}`);
        }
      };
      await check(first);
      const single = await measure([first], token, dataset, columns);
      one = single.r;
      figures['one server'] = fmt.rps(one);
      figures['one server, as it saw it'] = fmt.server(single.seen[0]!);
      second = await startSiteServer(db);
      await check(second);
      const pair = await measure([first, second], token, dataset, columns);
      two = pair.r;
      figures['two servers'] = fmt.rps(two);
      pair.seen.forEach((s, i) => (figures[`two servers: server ${i + 1}, as it saw it`] = fmt.server(s)));
      figures['two servers: PostgreSQL'] = "each server's backend figure above counts every backend of the database (both servers'), per request of that server";
      await second.stop();
      second = undefined;
      // One server again: on a shared machine the load around the run moves, and the two figures show by how much.
      const again = await measure([first], token, dataset, columns);
      figures['one server again, after'] = fmt.rps(again.r);
      figures['one server again, as it saw it'] = fmt.server(again.seen[0]!);
      const oneRps = (one.rps + again.r.rps) / 2;
      figures['two servers / one server'] = `${(two.rps / oneRps).toFixed(2)}× the requests per second (against the mean of the two one-server runs)`;
    } finally {
      await second?.stop();
      await first.stop();
    }
    figures['load average after'] = loadAverage();
    figures.note =
      os.cpus().length <= 2
        ? `on ${os.cpus().length} cores the servers, their PostgreSQL backends and the load generator share the same CPUs: a second server adds no CPU, so it cannot double the throughput (see each server's "waited runnable for a CPU")`
        : 'the servers, PostgreSQL and the load generator share this machine’s cores';
    return figures;
  },
};

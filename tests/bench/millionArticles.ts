import type { BenchEntry } from './run';
import { BENCH_DURATION, BENCH_N, BENCH_PGLITE_N, BENCH_WARMUP, biggestCategory, ensureDataset, type Dataset } from './bigDataset';
import { ensurePglite, ensurePostgres, type LoadedDb } from './bigLoad';
import { startSiteServer, type SiteServer } from './bigServer';
import { burst, closedLoop, fixedRate, fmt, type LoadResult } from './loadgen';
import { quietText, wordpressPeer, wordpressQuiet, wrkText } from './wordpressPeer';

// The issue-14 workloads at a million articles, side by side with WordPress in the same run:
//   npm run bench -- public      public home page and article page
//   npm run bench -- admin       the admin content list, page 18 of the biggest column, with its total
//   npm run bench -- limiter     5,000 public requests from one address; login brute force
// Env: BENCH_N (1000000), BENCH_PGLITE_N (= BENCH_N), DATABASE_URL (PostgreSQL server; the bench creates and
// loads database banyan_bench_<N> there; unset skips PostgreSQL), BENCH_PGLITE=0, BENCH_WORDPRESS=0,
// BENCH_DURATION (10 s per workload), BENCH_WARMUP (3 s), BENCH_CONNECTIONS (10), BENCH_CACHE (/tmp/banyan-bench),
// BENCH_FIXED_ONLY=1 (admin list: the fixed-rate run only).

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LIST_PAGE = 18;
/** BENCH_FIXED_ONLY=1: the admin list's open-loop run only (no closed-loop throughput run before it). */
const FIXED_ONLY = process.env.BENCH_FIXED_ONLY === '1';

interface Targets {
  dataset: Dataset;
  dbs: Array<{ db: LoadedDb; dataset: Dataset }>;
  notes: Record<string, string>;
}

let targetsOnce: Promise<Targets> | undefined;
function targets(): Promise<Targets> {
  targetsOnce ??= (async () => {
    const notes: Record<string, string> = {};
    const dataset = await ensureDataset(BENCH_N);
    const dbs: Targets['dbs'] = [];
    if (process.env.DATABASE_URL) dbs.push({ db: await ensurePostgres(process.env.DATABASE_URL, dataset), dataset });
    else notes['PostgreSQL'] = 'skipped (set DATABASE_URL to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres)';
    if (process.env.BENCH_PGLITE !== '0') {
      const small = BENCH_PGLITE_N === BENCH_N ? dataset : await ensureDataset(BENCH_PGLITE_N);
      dbs.push({ db: await ensurePglite(small), dataset: small });
    }
    for (const { db } of dbs) if (db.loadSeconds) notes[`${db.kind} load`] = `${db.n.toLocaleString('en')} articles loaded in ${db.loadSeconds.toFixed(0)} s (cached for the next run)`;
    return { dataset, dbs, notes };
  })();
  return targetsOnce;
}

const articles = (n: number) => `${n.toLocaleString('en')} articles`;
const ratio = (a: number, b: number | undefined) => (b ? `${(a / b).toFixed(a / b < 10 ? 2 : 0)}×` : '—');
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

async function withServer<T>(db: LoadedDb, fn: (s: SiteServer) => Promise<T>, opts: { defaultLimits?: boolean } = {}): Promise<T> {
  const server = await startSiteServer(db, opts);
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}

async function expectOk(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return text;
}

const load = (url: string, headers?: Record<string, string>) => closedLoop(url, { connections: CONNECTIONS, seconds: BENCH_DURATION, warmup: BENCH_WARMUP, headers });

/** The public path of the dataset's middle article (its column's alias is the dataset's, as loaded). */
function articlePath(dataset: Dataset): string {
  const column = dataset.categories.find((c) => c.id === dataset.middle.categoryId);
  return `/${column?.alias ?? dataset.middle.categoryId}/${dataset.middle.id}.html`;
}

export const publicPages: BenchEntry = {
  name: 'public pages at 1M articles (home, article) vs WordPress',
  async run() {
    const { dataset, dbs, notes } = await targets();
    const wp = await wordpressPeer(dataset);
    const figures: Record<string, string> = { ...notes };
    let wpPage: LoadResult | undefined;
    if (wp) {
      // WordPress's own measurement (wrk) left requests running: measured once it is idle, and Banyan once it is again.
      figures['WordPress before its measurement'] = quietText(await wordpressQuiet());
      await expectOk(wp.pageUrl);
      wpPage = await load(wp.pageUrl);
      figures[`WordPress post page, ${articles(dataset.n)}`] = fmt.rps(wpPage);
      figures['WordPress post page, its own wrk'] = wrkText(wp.wrk.page);
      figures['WordPress before Banyan is measured'] = quietText(await wordpressQuiet());
    } else figures['WordPress'] = 'skipped (BENCH_WORDPRESS=0)';
    for (const { db, dataset: ds } of dbs) {
      await withServer(db, async (server) => {
        const page = articlePath(ds);
        for (const [what, path] of [['home page /', '/'], [`article page ${page}`, page]] as const) {
          const url = `${server.url}${path}`;
          await expectOk(url);
          const r = await load(url);
          const subject = `${server.label}, ${articles(db.n)}, ${what}`;
          figures[subject] = fmt.rps(r);
          figures[`${subject}: ratio to WordPress`] = ratio(r.rps, wpPage?.rps);
          figures[`${subject}: goal ≥ 2,000 req/s, p99 ≤ 10 ms`] = met(r.rps >= 2000 && r.p99 <= 10 && r.failed === 0);
        }
      });
    }
    return figures;
  },
};

export const adminList: BenchEntry = {
  name: `admin: content list at 1M articles (page ${LIST_PAGE} of the biggest column, with total) vs WordPress REST`,
  async run() {
    const { dataset, dbs, notes } = await targets();
    const wp = await wordpressPeer(dataset);
    const figures: Record<string, string> = { ...notes };
    let wpList: LoadResult | undefined;
    if (wp) {
      figures['WordPress before its measurement'] = quietText(await wordpressQuiet());
      await expectOk(wp.listUrl);
      wpList = await load(wp.listUrl);
      figures[`WordPress REST list page ${LIST_PAGE}, ${articles(dataset.n)}`] = fmt.rps(wpList);
      figures['WordPress REST list, its own wrk'] = wrkText(wp.wrk.list);
      // The list requests the load generator stopped waiting for (each takes seconds at 1M) run on meanwhile.
      figures['WordPress before Banyan is measured'] = quietText(await wordpressQuiet());
    } else figures['WordPress'] = 'skipped (BENCH_WORDPRESS=0)';
    let postgresRps: number | undefined;
    for (const { db, dataset: ds } of dbs) {
      const column = biggestCategory(ds);
      // Page 18, or the column's last page when a small N has fewer (as the WordPress peer does).
      const listPage = Math.min(LIST_PAGE, Math.max(1, Math.ceil(column.count / 20)));
      const rows = Math.min(20, column.count - (listPage - 1) * 20);
      await withServer(db, async (server) => {
        const token = await server.login();
        const headers = { 'x-token': token, 'x-site-id': '1' };
        const url = `${server.url}/api/content/index?page=${listPage}&limit=20&category_id=${column.id}`;
        const first = JSON.parse(await expectOk(url, headers)) as { code: number; count: number; data: unknown[] };
        if (first.code !== 0 || first.count !== column.count || first.data.length !== rows) {
          throw new Error(`list answered code ${first.code}, count ${first.count} (expected ${column.count}), ${first.data?.length} rows`);
        }
        const subject = `${server.label}, ${articles(db.n)}, page ${listPage} of column ${column.id} (${column.count.toLocaleString('en')} items)`;
        if (!FIXED_ONLY) {
          await server.resetStats();
          const r = await load(url, headers);
          const seen = await server.stats();
          figures[`${subject}, ${CONNECTIONS} connections`] = fmt.rps(r);
          figures[`${subject}, ${CONNECTIONS} connections, as the server saw it`] = fmt.server(seen);
          figures[`${subject}: ratio to WordPress`] = ratio(r.rps, wpList?.rps);
          figures[`${subject}: goal ≥ 300 req/s`] = met(r.rps >= 300 && r.failed === 0);
          if (db.kind === 'postgres') postgresRps = r.rps;
          else if (postgresRps) {
            const q = r.rps / postgresRps;
            figures[`${subject}: PGlite / PostgreSQL (goal ≥ 0.4)`] = `${q.toFixed(2)}${db.n !== BENCH_N ? ` (PGlite at ${articles(db.n)})` : ''}: ${met(q >= 0.4)}`;
          }
        }
        // The open-loop run, with what the server measured itself and how punctually the generator sent: a client
        // p99 far above the server's handling p99 with late sends is the load generator's (or the machine's) stall.
        const warmedUp = new Promise<void>((resolve) => setTimeout(() => void server.resetStats().then(resolve), 1000));
        const fixed = await fixedRate(url, { rate: 100, seconds: BENCH_DURATION, warmup: 1, headers });
        await warmedUp;
        const seen = await server.stats();
        figures[`${subject}: at a fixed 100 req/s (goal p99 ≤ 10 ms)`] = `${fmt.latency(fixed)}: ${met(fixed.p99 <= 10 && fixed.failed === 0)}`;
        figures[`${subject}: at a fixed 100 req/s, as the server saw it`] = fmt.server(seen);
        figures[`${subject}: at a fixed 100 req/s, the generator`] = fmt.generator(fixed);
      });
    }
    return figures;
  },
};

export const limiter: BenchEntry = {
  name: 'limiter at 1M articles: 5,000 page requests from one address, login brute force (shipped limits)',
  async run() {
    const { dbs } = await targets();
    const target = dbs[0];
    if (!target) throw new Error('no database to serve (DATABASE_URL unset and BENCH_PGLITE=0)');
    const figures: Record<string, string> = {};
    await withServer(
      target.db,
      async (server) => {
        const page = articlePath(target.dataset);
        const r = await burst(`${server.url}${page}`, { total: 5000, connections: CONNECTIONS });
        const limited = r.statuses[429] ?? 0;
        figures[`${server.label}: 5,000 GETs of ${page} from 127.0.0.1`] = `${limited} answered 429, ${r.failed} not 2xx in all (${r.rps.toFixed(0)} req/s): ${met(limited === 0 && r.failed === 0)}`;
        const attempts = 40;
        const codes: number[] = [];
        for (let i = 0; i < attempts; i++) {
          const res = await fetch(`${server.url}/api/account/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ account: 'nobody@bench.invalid', password: `wrong-${i}` }),
          });
          const body = (await res.json()) as { code: number };
          codes.push(res.status === 429 || body.code === 429 ? 429 : body.code === 0 ? 0 : res.status);
        }
        const refused429 = codes.filter((c) => c === 429).length;
        const firstLimited = codes.indexOf(429);
        figures[`login brute force: ${attempts} wrong passwords from one address`] =
          `${codes.filter((c) => c === 0).length} accepted, ${refused429} refused with 429 (from attempt ${firstLimited + 1}): ${met(refused429 > 0 && !codes.includes(0))}`;
      },
      { defaultLimits: true },
    );
    return figures;
  },
};

export const millionArticleEntries: BenchEntry[] = [publicPages, adminList, limiter];

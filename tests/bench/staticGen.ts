import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BenchEntry } from './run';
import { mib, startBenchServer, type BenchServer } from './harness';
import { statCpuMs } from './serverStats';
import { CACHE_DIR } from './bigDataset';
import type { SeedRow } from './server';
import type { StaticGenResult, StaticIndex } from '../../models/staticGen';

// Issue 6: static generation of a site with 10k articles (BENCH_ARTICLES to change), against Hugo (Debian
// package `hugo`) building the same articles in the same run with comparable templates: a home page with the
// latest 8, a list paginated by 10, a detail page with 5 related articles (Banyan: the next five older ones of
// the column; Hugo: the section's first five), a sitemap. Prints pages per second
// for both, the time to republish one edited article (Banyan regenerates its pages in the background; Hugo has
// no partial build, so it rebuilds the whole site) and the peak memory of each. The machine is often shared: the
// whole-site build runs BENCH_STATIC_RUNS times for each, Banyan and Hugo in turn, and the median ratio of the
// pairs is the figure (with the load average and each side's CPU seconds, which load moves less than wall time).
// Both sides first build twice (SETTLE), so the measured builds write over an earlier output as a site's
// regeneration does; the first build's ratio is printed too.

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const RUNS = Math.max(1, Number(process.env.BENCH_STATIC_RUNS ?? 3));
const PAGE_SIZE = 10;
/**
 * Builds before the measured ones: the first (both sides write into an empty folder; printed, with its ratio) and a
 * second (Banyan's whole-site run writes over the output before the previous one, kept as its spare, from the
 * third build on; Hugo writes over its `public` folder from the second on). The median is of the builds after.
 */
const SETTLE = 2;
const START = Date.UTC(2026, 0, 1);

const WORDS = 'banyan roots grow wide and deep across the river valley while the city wakes to a bright new season of trade'.split(' ');
/** The i-th article: the same text for Banyan and Hugo. */
function article(i: number): SeedRow {
  const words = (n: number, shift: number) => Array.from({ length: n }, (_, k) => WORDS[(i * 7 + k * 3 + shift) % WORDS.length]).join(' ');
  const paragraphs = Array.from({ length: 6 }, (_, p) => `<p>${words(40, p)}.</p>`).join('\n');
  return {
    title: `Article ${i}: ${words(5, 1)}`,
    description: words(20, 2),
    body: `<h2>Section ${i}</h2>\n${paragraphs}\n<ul><li>${words(6, 3)}</li><li>${words(6, 4)}</li></ul>`,
    published_at: new Date(START + i * 60_000).toISOString(),
  };
}

async function api<T>(server: BenchServer, method: 'GET' | 'POST', url: string, siteId: number, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api${url}`, {
    method,
    headers: { 'x-token': server.token, 'x-site-id': String(siteId), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 0) throw new Error(`${url}: ${json.code} ${json.msg}`);
  return json.data;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Peak RSS and heap of the server while `work` runs (worker threads count in the process's RSS). */
async function withPeakMemory<T>(server: BenchServer, work: () => Promise<T>) {
  const idle = await server.memory(true);
  const peak = { rss: idle.rss, heap: idle.heapUsed };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const m = await server.memory();
      peak.rss = Math.max(peak.rss, m.rss);
      peak.heap = Math.max(peak.heap, m.heapUsed);
      await sleep(100);
    }
  })();
  try {
    return { value: await work(), idle, peak };
  } finally {
    sampling = false;
    await sampler;
  }
}

/** CPU seconds (user + system, every thread) a process has used so far, from /proc; null elsewhere. */
async function cpuSeconds(pid: number | null): Promise<number | null> {
  if (pid === null) return null;
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  return stat ? statCpuMs(stat) / 1000 : null;
}

/** CPU ms (user + system) each thread of a process has used so far, by thread id, from /proc; empty elsewhere. */
async function threadCpuMs(pid: number | null): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (pid === null) return out;
  for (const tid of await fs.readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
    const stat = await fs.readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => null);
    if (stat) out.set(Number(tid), statCpuMs(stat));
  }
  return out;
}

/** Threads that first ran during a build: the render workers (parked ones carry over to the next build). */
const renderThreads = new Set<number>();

/**
 * Where a build's CPU went, per thread: the server's main thread, PGlite's, the render workers (threads that
 * appeared during a build) and the rest (V8's garbage-collection helpers, libuv's pool). Node names no thread, so
 * the workers are known by when they appeared.
 */
function threadFigure(pid: number | null, databaseThread: number | null, before: Map<number, number>, after: Map<number, number>): string {
  if (pid === null || !after.size) return '';
  const used = (tid: number) => (after.get(tid) ?? 0) - (before.get(tid) ?? 0);
  for (const tid of after.keys()) if (!before.has(tid) && tid !== pid && tid !== databaseThread && used(tid) >= 100) renderThreads.add(tid);
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const workers = [...renderThreads].filter((t) => after.has(t)).map(used).sort((a, b) => b - a);
  let rest = 0;
  for (const tid of after.keys()) if (tid !== pid && tid !== databaseThread && !renderThreads.has(tid)) rest += used(tid);
  const parts = [`main ${s(used(pid))}`];
  if (databaseThread !== null) parts.push(`PGlite ${s(used(databaseThread))}`);
  parts.push(`render workers ${workers.map(s).join(' + ') || '–'}`, `other threads ${s(rest)}`);
  return `CPU-s by thread: ${parts.join(', ')}`;
}

/** A Banyan server holding the bench's site: 10k articles in one column, as the Hugo site has. */
async function startBanyan() {
  const server = await startBenchServer();
  const [site] = await api<Array<{ id: number }>>(server, 'GET', '/website/siteList', 0);
  const siteId = site!.id;
  const model = await api<{ id: number }>(server, 'POST', '/module/save', siteId, { name: 'Article', key: 'bench_article' });
  const column = await api<{ id: number }>(server, 'POST', '/category/save', siteId, { title: 'Posts', alias: 'posts', model_id: model.id, page_size: PAGE_SIZE });
  for (let from = 1; from <= ARTICLES; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, ARTICLES - from + 1) }, (_, k) => article(from + k));
    await server.seedContents(siteId, column.id, rows);
  }
  return { server, siteId, columnId: column.id, pid: server.pid };
}
type Banyan = Awaited<ReturnType<typeof startBanyan>>;

/** Whether the first build was recorded (BENCH_PERF_FIRST). */
let perfDone = false;
/** One whole-site generation: its result, wall seconds and the server's CPU seconds meanwhile. */
async function generateSite({ server, siteId, pid }: Banyan) {
  // BENCH_PERF_FIRST=<file>: `perf record -g` of the server process during the first build (with
  // BENCH_SERVER_NODE_ARGS=--perf-basic-prof, JavaScript frames have names), e.g. to see what each thread does.
  const perfOut = process.env.BENCH_PERF_FIRST && !perfDone ? process.env.BENCH_PERF_FIRST : null;
  perfDone = true;
  const perf = perfOut ? spawn('perf', ['record', '-F', '997', '-g', '-p', String(pid), '-o', perfOut], { stdio: 'ignore' }) : null;
  if (perf) await sleep(500);
  const threadsBefore = await threadCpuMs(pid);
  const cpuBefore = await cpuSeconds(pid);
  const started = performance.now();
  const { job_id } = await api<{ job_id: number }>(server, 'POST', '/staticFile/generate', siteId, { scope: 'site' });
  for (;;) {
    const job = await api<{ status: string; result: StaticGenResult | null; error: string }>(server, 'GET', `/job/read?id=${job_id}`, siteId);
    if (job.status === 'done') {
      const seconds = (performance.now() - started) / 1000;
      const cpuAfter = await cpuSeconds(pid);
      if (perf) {
        perf.kill('SIGINT');
        await new Promise((r) => perf.on('exit', r));
      }
      const threads = threadFigure(pid, server.databaseThread, threadsBefore, await threadCpuMs(pid));
      const result = job.result!;
      if (result.failed.length) throw new Error(`${result.failed.length} pages failed, e.g. ${result.failed[0]}`);
      return { result, seconds, cpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore, threads };
    }
    if (job.status === 'failed' || job.status === 'cancelled') throw new Error(`generation ${job.status}: ${job.error}`);
    // Every 50 ms: the end is seen at the first poll after it, so a coarser poll adds up to its interval to Banyan's
    // time (Hugo's is its process's). A poll is one light request the server's thread answers between pages.
    await sleep(50);
  }
}

/**
 * Republish one article: edit it through the API and wait for the background run it triggers. A detail page
 * shows the next five (older) items of its column as related, so an edit rewrites its own page, the five
 * before it, the list page that lists it, home and the sitemap, wherever the article is in the column.
 */
async function republishOf({ server, siteId, columnId }: Banyan, page: number) {
  const before = (await api<StaticIndex>(server, 'GET', '/staticFile/index', siteId)).runs[0]!.id;
  const list = await api<Array<{ id: number }>>(server, 'GET', `/content/index?category_id=${columnId}&page=${page}&limit=1`, siteId);
  const content = await api<Record<string, unknown>>(server, 'GET', `/content/read?id=${list[0]!.id}`, siteId);
  const started = performance.now();
  await api(server, 'POST', '/content/update', siteId, { ...content, title: `${String(content.title)} (edited)` });
  // The run the edit queued (the site's runs list), then that one job (a lighter read) until it is done.
  let id: number;
  for (;;) {
    const run = (await api<StaticIndex>(server, 'GET', '/staticFile/index', siteId)).runs[0]!;
    if (run.id !== before && run.auto) {
      id = run.id;
      break;
    }
    await sleep(10);
  }
  for (;;) {
    const job = await api<{ status: string; result: StaticGenResult | null; error: string }>(server, 'GET', `/job/read?id=${id}`, siteId);
    const seconds = (performance.now() - started) / 1000;
    if (job.status === 'done') return { run: (await api<StaticIndex>(server, 'GET', '/staticFile/index', siteId)).runs.find((r) => r.id === id)!, seconds };
    if (job.status === 'failed' || job.status === 'cancelled') throw new Error(`republish ${job.status}: ${job.error}`);
    await sleep(20);
  }
}

async function countFiles(dir: string, ext: string): Promise<number> {
  let n = 0;
  for (const e of await fs.readdir(dir, { withFileTypes: true, recursive: true })) if (e.isFile() && e.name.endsWith(ext)) n++;
  return n;
}

const HUGO_LAYOUTS: Record<string, string> = {
  '_default/baseof.html': `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ if .IsHome }}{{ .Site.Title }}{{ else }}{{ .Title }} - {{ .Site.Title }}{{ end }}</title><meta name="description" content="{{ .Description }}">
<link rel="stylesheet" href="/style.css"></head><body><header><a href="/">{{ .Site.Title }}</a><nav><a href="/">Home</a> <a href="/posts/">Posts</a></nav></header>
<main>{{ block "main" . }}{{ end }}</main><footer>&copy; {{ .Site.Title }}</footer></body></html>`,
  'index.html': `{{ define "main" }}<h1>{{ .Site.Title }}</h1><ul>{{ range first 8 (where .Site.RegularPages "Section" "posts") }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a><p>{{ .Description }}</p><time>{{ .Date.Format "2006-01-02" }}</time></li>{{ end }}</ul>{{ end }}`,
  '_default/list.html': `{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range (.Paginate .Pages).Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a><p>{{ .Description }}</p><time>{{ .Date.Format "2006-01-02" }}</time></li>{{ end }}</ul>
{{ with .Paginator }}<nav class="pager">{{ if .HasPrev }}<a href="{{ .Prev.URL }}">Prev</a>{{ end }}<span>{{ .PageNumber }} / {{ .TotalPages }}</span>{{ if .HasNext }}<a href="{{ .Next.URL }}">Next</a>{{ end }}</nav>{{ end }}{{ end }}`,
  '_default/single.html': `{{ define "main" }}<article><h1>{{ .Title }}</h1><time>{{ .Date.Format "2006-01-02 15:04" }}</time><div class="body">{{ .Content }}</div></article>
<aside><h2>Related</h2><ul>{{ range first 5 .CurrentSection.Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul></aside>{{ end }}`,
};

/**
 * Runs `hugo` and answers its wall time, CPU seconds and peak RSS (from GNU time when installed). Hugo writes over
 * what `dest` holds (it removes nothing there), as Banyan's runs write over the output before the previous one.
 */
async function timeHugo(source: string, dest: string) {
  const useTime = existsSync('/usr/bin/time');
  const [cmd, args] = useTime
    ? ['/usr/bin/time', ['-f', 'maxrss=%M cpu=%U+%S', 'hugo', '--quiet', '-s', source, '-d', dest]]
    : ['hugo', ['--quiet', '-s', source, '-d', dest]];
  const started = performance.now();
  const stderr = await new Promise<string>((resolve, reject) => {
    const child = spawn(cmd, args as string[], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(err) : reject(new Error(`hugo exited with ${code}: ${err.slice(-500)}`))));
  });
  const seconds = (performance.now() - started) / 1000;
  const kb = Number(/maxrss=(\d+)/.exec(stderr)?.[1] ?? NaN);
  const cpu = /cpu=([\d.]+)\+([\d.]+)/.exec(stderr);
  return { seconds, peakRss: Number.isFinite(kb) ? kb * 1024 : null, cpu: cpu ? Number(cpu[1]) + Number(cpu[2]) : null };
}

/**
 * The Hugo site of the same articles, in a temp folder; `build` writes it to its `public` folder, over the output of
 * the build before. (Removing that output right before a build made the build slower on this project's machine,
 * whose disk discards freed blocks: by 1.5–8 CPU-s for Hugo's 11,003 pages. Earlier figures had that in Hugo's time.)
 */
async function prepareHugo() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-hugo-'));
  const source = path.join(dir, 'site');
  const posts = path.join(source, 'content', 'posts');
  await fs.mkdir(posts, { recursive: true });
  await fs.writeFile(
    path.join(source, 'hugo.toml'),
    `baseURL = "http://localhost/"\ntitle = "Bench"\nlanguageCode = "en"\npaginate = ${PAGE_SIZE}\ndisableKinds = ["taxonomy", "term", "RSS"]\n[markup.goldmark.renderer]\nunsafe = true\n`,
  );
  await fs.writeFile(path.join(posts, '_index.md'), '---\ntitle: Posts\n---\n');
  for (let i = 1; i <= ARTICLES; i++) {
    const a = article(i);
    await fs.writeFile(path.join(posts, `a-${i}.md`), `---\ntitle: ${JSON.stringify(a.title)}\ndate: ${a.published_at}\ndescription: ${JSON.stringify(a.description)}\n---\n${a.body}\n`);
  }
  for (const [file, text] of Object.entries(HUGO_LAYOUTS)) {
    await fs.mkdir(path.dirname(path.join(source, 'layouts', file)), { recursive: true });
    await fs.writeFile(path.join(source, 'layouts', file), text);
  }
  const dest = path.join(dir, 'public');
  return {
    dest,
    async build() {
      const run = await timeHugo(source, dest);
      const files = (await fs.readdir(dest, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
      return { ...run, files };
    },
    /** One article edited: Hugo's command line has no partial build, so the site is built again. */
    async republish() {
      const edited = path.join(posts, 'a-1.md');
      await fs.writeFile(edited, (await fs.readFile(edited, 'utf8')).replace('title: "', 'title: "(edited) '));
      return timeHugo(source, dest);
    },
    remove: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

/**
 * The block device under `dir` when its file system is ext4 without a journal (Linux), else null. There, for 1 to 6
 * minutes after a file is deleted, its inode is not given to a new file: each new file in that block group steps over
 * every such inode, reading its dtime (the kernel's recently_deleted(), checked only without a journal). After the
 * clean-up of an earlier run (the bench removes its folders at its end), creating 11,000 files in one folder then
 * cost 5.0–5.7 s of system CPU instead of 0.4 s on the bench machine (perf: 66% in recently_deleted); a first build
 * measured within minutes of such a clean-up pays it, Banyan's one folder of pages more than Hugo's folder per page.
 */
async function ext4WithoutJournal(dir: string): Promise<string | null> {
  try {
    const dev = (await fs.stat(dir)).dev;
    const major = Math.floor(dev / 256) & 0xfff;
    const minor = (dev & 0xff) | (Math.floor(dev / 4096) & 0xfff00);
    const name = path.basename(await fs.readlink(`/sys/dev/block/${major}:${minor}`));
    if (!existsSync(`/proc/fs/ext4/${name}`)) return null;
    const journals = await fs.readdir('/proc/fs/jbd2').catch(() => [] as string[]);
    return journals.some((j) => j.startsWith(`${name}-`)) ? null : name;
  } catch {
    return null;
  }
}

/**
 * When this bench last removed its folders (a file's mtime in the bench cache): a first build started within 6 minutes
 * of that, on ext4 without a journal, measures the deleted inodes more than the builders (ext4WithoutJournal).
 */
const CLEANED_MARK = path.join(CACHE_DIR, 'static-bench-cleaned');
/** The kernel's longest wait before it gives a deleted inode to a new file (recently_deleted: 360 s). */
const RECENTLY_DELETED_S = 360;
const secondsSinceCleanUp = async (): Promise<number | null> => {
  const stat = await fs.stat(CLEANED_MARK).catch(() => null);
  return stat ? (Date.now() - stat.mtimeMs) / 1000 : null;
};
async function markCleanUp() {
  await fs.mkdir(CACHE_DIR, { recursive: true });
  await fs.writeFile(CLEANED_MARK, `${new Date().toISOString()}\n`);
}

const hugoVersion = () =>
  new Promise<string | null>((resolve) => {
    const child = spawn('hugo', ['version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', () => resolve(null));
    child.on('exit', (code) => resolve(code === 0 ? out.trim().split(' ').slice(0, 2).join(' ') : null));
  });

const republishFigure = ({ run, seconds }: { run: StaticIndex['runs'][number]; seconds: number }) =>
  `${(seconds * 1000).toFixed(0)} ms from the edit until its pages are written (${run.result?.pages ?? 0} files, job ${run.result?.ms ?? 0} ms)`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const cpuFigure = (cpu: number | null) => (cpu === null ? '' : `, CPU ${cpu.toFixed(1)} s`);
const load = () => os.loadavg()[0]!.toFixed(1);

export const staticGeneration: BenchEntry = {
  name: `static generation: ${ARTICLES} articles, Banyan and Hugo`,
  async run() {
    const version = await hugoVersion();
    const sinceCleanUp = await secondsSinceCleanUp();
    const figures: Record<string, string> = {};
    const banyan = await startBanyan();
    const hugo = version ? await prepareHugo() : null;
    try {
      const ratios: number[] = [];
      const loads: string[] = [];
      let first: Awaited<ReturnType<typeof generateSite>> | null = null;
      let memory: { idle: NodeJS.MemoryUsage; peak: { rss: number; heap: number } } | null = null;
      let hugoFirst: Awaited<ReturnType<NonNullable<typeof hugo>['build']>> | null = null;
      /** The first builds (both into an empty folder), apart from the steady ones. */
      let firstRatio: number | null = null;
      for (let r = 1 - SETTLE; r <= RUNS; r++) {
        const pairLoad = load();
        if (r > 0) loads.push(pairLoad);
        const b = await withPeakMemory(banyan.server, () => generateSite(banyan));
        first ??= b.value;
        memory ??= { idle: b.idle, peak: b.peak };
        const bRate = b.value.result.pages / b.value.seconds;
        let line = `${bRate.toFixed(0)} pages/s (${b.value.seconds.toFixed(1)} s${cpuFigure(b.value.cpu)})`;
        if (hugo) {
          const h = await hugo.build();
          hugoFirst ??= h;
          const hRate = h.files / h.seconds;
          if (r > 0) ratios.push(bRate / hRate);
          else firstRatio ??= bRate / hRate;
          line += `; Hugo ${hRate.toFixed(0)} pages/s (${h.seconds.toFixed(1)} s${cpuFigure(h.cpu)}); ${(bRate / hRate).toFixed(2)}×`;
        }
        const label = r === 1 - SETTLE ? 'First build, into empty folders' : r <= 0 ? 'Second build (settling)' : `Run ${r}, over earlier output`;
        figures[`${label} (load ${pairLoad})`] = `Banyan ${line}`;
        if (b.value.threads) figures[`${label}, Banyan's threads`] = b.value.threads;
      }
      const { result } = first!;
      const html = await countFiles(result.output, '.html');
      figures['Banyan pages'] = `${result.pages} files (${html} HTML), ${mib(result.bytes)}, ${result.workers ?? 0} render worker threads`;
      figures['Banyan republish an old article'] = republishFigure(await republishOf(banyan, ARTICLES));
      figures['Banyan republish a middle article'] = republishFigure(await republishOf(banyan, Math.max(1, Math.floor(ARTICLES / 2))));
      figures['Banyan republish the newest'] = republishFigure(await republishOf(banyan, 1));
      figures['Banyan server RSS'] = `idle ${mib(memory!.idle.rss)}, peak ${mib(memory!.peak.rss)}`;
      figures['Banyan server heap'] = `idle ${mib(memory!.idle.heapUsed)}, peak ${mib(memory!.peak.heap)}`;
      if (!hugo || !hugoFirst) {
        figures.Hugo = 'not installed: apt-get install -y hugo, then run again';
        return figures;
      }
      figures.Hugo = version!;
      figures['Hugo pages'] = `${hugoFirst.files} files (${await countFiles(hugo.dest, '.html')} HTML)`;
      figures['Hugo republish 1 article'] = `${((await hugo.republish()).seconds * 1000).toFixed(0)} ms (full rebuild)`;
      figures['Hugo peak RSS'] = hugoFirst.peakRss === null ? 'unknown (/usr/bin/time missing)' : mib(hugoFirst.peakRss);
      figures['Banyan / Hugo'] = `${median(ratios).toFixed(2)}× the pages per second (median of ${RUNS} runs over earlier output, ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}; load ${loads.join(', ')})`;
      if (firstRatio !== null) figures['Banyan / Hugo, first build'] = `${firstRatio.toFixed(2)}× (both into an empty folder)`;
      const unjournaled = await ext4WithoutJournal(path.dirname(result.output));
      if (unjournaled) {
        figures['Disk'] = `${unjournaled}: ext4 without a journal. A file created within minutes of many deletions steps over each deleted inode (docs/benchmarks.md, stop 30): a first build right after another run's clean-up is slower, Banyan's more than Hugo's`;
        if (sinceCleanUp !== null && sinceCleanUp < RECENTLY_DELETED_S) {
          figures['Disk, this run'] = `this bench removed its folders ${sinceCleanUp.toFixed(0)} s before it started (under ${RECENTLY_DELETED_S} s): the first builds above paid for those deleted inodes; wait ${RECENTLY_DELETED_S / 60} minutes after a run for a fair first build`;
        }
      }
      return figures;
    } finally {
      await banyan.server.stop();
      await hugo?.remove();
      // (Only where the folders were on such a disk: with TMPDIR on a tmpfs, the next run's disk is as quiet as it was.)
      if (await ext4WithoutJournal(os.tmpdir())) await markCleanUp();
    }
  },
};

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BenchEntry } from './run';
import { mib, startBenchServer, type BenchServer } from './harness';
import type { SeedRow } from './server';
import type { StaticGenResult, StaticIndex } from '../../models/staticGen';

// Issue 6: static generation of a site with 10k articles (BENCH_ARTICLES to change), against Hugo (Debian
// package `hugo`) building the same articles in the same run with comparable templates: a home page with the
// latest 8, a list paginated by 10, a detail page with 5 related articles (Banyan: the next five older ones of
// the column; Hugo: the section's first five), a sitemap. Prints pages per second
// for both, the time to republish one edited article (Banyan regenerates its pages in the background; Hugo has
// no partial build, so it rebuilds the whole site) and the peak memory of each.

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 10_000);
const PAGE_SIZE = 10;
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

async function runBanyan() {
  const server = await startBenchServer();
  try {
    const [site] = await api<Array<{ id: number }>>(server, 'GET', '/website/siteList', 0);
    const siteId = site!.id;
    const model = await api<{ id: number }>(server, 'POST', '/module/save', siteId, { name: 'Article', key: 'bench_article' });
    const column = await api<{ id: number }>(server, 'POST', '/category/save', siteId, { title: 'Posts', alias: 'posts', model_id: model.id, page_size: PAGE_SIZE });
    for (let from = 1; from <= ARTICLES; from += 1000) {
      const rows = Array.from({ length: Math.min(1000, ARTICLES - from + 1) }, (_, k) => article(from + k));
      await server.seedContents(siteId, column.id, rows);
    }

    const whole = await withPeakMemory(server, async () => {
      const started = performance.now();
      const { job_id } = await api<{ job_id: number }>(server, 'POST', '/staticFile/generate', siteId, { scope: 'site' });
      for (;;) {
        const job = await api<{ status: string; result: StaticGenResult | null; error: string }>(server, 'GET', `/job/read?id=${job_id}`, siteId);
        if (job.status === 'done') return { result: job.result!, seconds: (performance.now() - started) / 1000 };
        if (job.status === 'failed' || job.status === 'cancelled') throw new Error(`generation ${job.status}: ${job.error}`);
        // Each poll is a request the server's one thread answers between pages: not so often that it slows the run.
        await sleep(200);
      }
    });
    const { result } = whole.value;
    if (result.failed.length) throw new Error(`${result.failed.length} pages failed, e.g. ${result.failed[0]}`);
    const html = await countFiles(result.output, '.html');

    // Republish one article: edit it through the API and wait for the background run it triggers. A detail page
    // shows the next five (older) items of its column as related, so an edit rewrites its own page, the five
    // before it, the list page that lists it, home and the sitemap, wherever the article is in the column.
    const republishOf = async (page: number) => {
      const before = (await api<StaticIndex>(server, 'GET', '/staticFile/index', siteId)).runs[0]!.id;
      const list = await api<Array<{ id: number }>>(server, 'GET', `/content/index?category_id=${column.id}&page=${page}&limit=1`, siteId);
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
    };
    const republishOld = await republishOf(ARTICLES);
    const republishMiddle = await republishOf(Math.max(1, Math.floor(ARTICLES / 2)));
    const republishNewest = await republishOf(1);
    return { result, seconds: whole.value.seconds, html, idle: whole.idle, peak: whole.peak, republishOld, republishMiddle, republishNewest };
  } finally {
    await server.stop();
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

/** Runs `hugo` and answers its wall time and peak RSS (from GNU time when installed). */
async function timeHugo(source: string, dest: string) {
  const useTime = existsSync('/usr/bin/time');
  const [cmd, args] = useTime
    ? ['/usr/bin/time', ['-f', 'maxrss=%M', 'hugo', '--quiet', '-s', source, '-d', dest]]
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
  return { seconds, peakRss: Number.isFinite(kb) ? kb * 1024 : null };
}

async function runHugo() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-hugo-'));
  try {
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
    const first = await timeHugo(source, dest);
    const html = await countFiles(dest, '.html');
    const files = (await fs.readdir(dest, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).length;
    // One article edited: Hugo's command line has no partial build, so the site is built again.
    const edited = path.join(posts, 'a-1.md');
    await fs.writeFile(edited, (await fs.readFile(edited, 'utf8')).replace('title: "', 'title: "(edited) '));
    const again = await timeHugo(source, dest);
    return { ...first, html, files, republishSeconds: again.seconds };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
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

export const staticGeneration: BenchEntry = {
  name: `static generation: ${ARTICLES} articles, Banyan and Hugo`,
  async run() {
    const b = await runBanyan();
    const figures: Record<string, string> = {
      'Banyan pages': `${b.result.pages} files (${b.html} HTML), ${mib(b.result.bytes)}, ${b.result.workers ?? 0} render worker threads`,
      'Banyan time': `${b.seconds.toFixed(1)} s (job ${(b.result.ms / 1000).toFixed(1)} s)`,
      'Banyan pages/s': `${(b.result.pages / b.seconds).toFixed(0)}`,
      'Banyan republish an old article': republishFigure(b.republishOld),
      'Banyan republish a middle article': republishFigure(b.republishMiddle),
      'Banyan republish the newest': republishFigure(b.republishNewest),
      'Banyan server RSS': `idle ${mib(b.idle.rss)}, peak ${mib(b.peak.rss)}`,
      'Banyan server heap': `idle ${mib(b.idle.heapUsed)}, peak ${mib(b.peak.heap)}`,
    };
    const version = await hugoVersion();
    if (!version) {
      figures.Hugo = 'not installed: apt-get install -y hugo, then run again';
      return figures;
    }
    const h = await runHugo();
    figures.Hugo = version;
    figures['Hugo pages'] = `${h.files} files (${h.html} HTML)`;
    figures['Hugo time'] = `${h.seconds.toFixed(1)} s`;
    figures['Hugo pages/s'] = `${(h.files / h.seconds).toFixed(0)}`;
    figures['Hugo republish 1 article'] = `${(h.republishSeconds * 1000).toFixed(0)} ms (full rebuild)`;
    figures['Hugo peak RSS'] = h.peakRss === null ? 'unknown (/usr/bin/time missing)' : mib(h.peakRss);
    figures['Banyan / Hugo'] = `${(b.result.pages / b.seconds / (h.files / h.seconds)).toFixed(2)}× the pages per second`;
    return figures;
  },
};

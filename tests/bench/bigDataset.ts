import { spawn } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

// The canonical benchmark dataset (../shared/peers/dataset.mjs) at BENCH_N articles, generated once and kept
// under BENCH_CACHE (default /tmp/banyan-bench) keyed by N, so a second `npm run bench` starts at once.

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../..');
export const PEERS_DIR = path.resolve(process.env.BENCH_PEERS_DIR ?? path.join(REPO_ROOT, '../shared/peers'));
export const CACHE_DIR = path.resolve(process.env.BENCH_CACHE ?? '/tmp/banyan-bench');

const positiveInt = (raw: string | undefined, fallback: number) => {
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : fallback;
};
/** Articles in the dataset (BENCH_N, default 1,000,000). */
export const BENCH_N = positiveInt(process.env.BENCH_N, 1_000_000);
/** Articles loaded into PGlite (BENCH_PGLITE_N, default BENCH_N). */
export const BENCH_PGLITE_N = positiveInt(process.env.BENCH_PGLITE_N, BENCH_N);
/** Seconds each measured workload runs (BENCH_DURATION, default 10) and its warm-up (BENCH_WARMUP, default 3). */
export const BENCH_DURATION = positiveInt(process.env.BENCH_DURATION, 10);
export const BENCH_WARMUP = Number(process.env.BENCH_WARMUP ?? 3);

export interface DatasetCategory {
  id: number;
  site_id: number;
  parent_id: number;
  name: string;
  slug: string;
  alias: string;
  sort: number;
}
export interface DatasetTag {
  id: number;
  site_id: number;
  name: string;
  slug: string;
}
export interface DatasetArticle {
  id: number;
  site_id: number;
  category_id: number;
  title: string;
  slug: string;
  author: string;
  published_at: string;
  description: string;
  body_html: string;
  tag_ids: number[];
}
export interface DatasetSite {
  id: number;
  name: string;
  title: string;
  domain: string;
  description: string;
  keywords: string;
}

export interface Dataset {
  dir: string;
  n: number;
  site: DatasetSite;
  categories: DatasetCategory[];
  tags: DatasetTag[];
  /** Articles per category id (direct assignment; articles go to leaves only). */
  perCategory: Map<number, number>;
  /** The article in the middle of the id range (floor(N/2) + 1, as the WordPress peer picks its post) and its column. */
  middle: { id: number; categoryId: number };
}

const readLines = async function* (file: string): AsyncGenerator<string> {
  const lines = createInterface({ input: createReadStream(file, { highWaterMark: 1 << 20 }), crlfDelay: Infinity });
  for await (const line of lines) if (line) yield line;
};

export async function* readArticles(dataset: Dataset): AsyncGenerator<DatasetArticle> {
  for await (const line of readLines(path.join(dataset.dir, 'articles.jsonl'))) yield JSON.parse(line) as DatasetArticle;
}

const readAll = async <T>(file: string): Promise<T[]> => {
  const out: T[] = [];
  for await (const line of readLines(file)) out.push(JSON.parse(line) as T);
  return out;
};

/** The dataset of `n` articles, generated (deterministic, same files every time) when it is not cached yet. */
export async function ensureDataset(n: number): Promise<Dataset> {
  const dir = path.join(CACHE_DIR, `dataset-${n}`);
  if (!existsSync(path.join(dir, 'articles.jsonl'))) {
    const tmp = `${dir}.tmp`;
    await fs.rm(tmp, { recursive: true, force: true });
    await fs.mkdir(CACHE_DIR, { recursive: true });
    const started = Date.now();
    console.log(`  generating the dataset (${n.toLocaleString('en')} articles) in ${dir} …`);
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, [path.join(PEERS_DIR, 'dataset.mjs'), tmp, '--articles', String(n)], { stdio: ['ignore', 'inherit', 'inherit'] });
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`dataset.mjs exited with ${code}`))));
    });
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rename(tmp, dir);
    console.log(`  dataset generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  const [site] = await readAll<DatasetSite>(path.join(dir, 'sites.jsonl'));
  const categories = await readAll<DatasetCategory>(path.join(dir, 'categories.jsonl'));
  const tags = await readAll<DatasetTag>(path.join(dir, 'tags.jsonl'));
  const summaryFile = path.join(dir, 'summary.json');
  const middleId = Math.floor(n / 2) + 1;
  let summary: { n: number; perCategory: Array<[number, number]>; middle: { id: number; categoryId: number } } | undefined;
  if (existsSync(summaryFile)) summary = JSON.parse(await fs.readFile(summaryFile, 'utf8')) as typeof summary;
  if (!summary?.middle) {
    // One pass over the articles (ids and columns only) to know the biggest column without a database.
    const perCategory = new Map<number, number>();
    let middle = { id: middleId, categoryId: 0 };
    for await (const line of readLines(path.join(dir, 'articles.jsonl'))) {
      const id = Number(/"id":(\d+)/.exec(line)?.[1]);
      const categoryId = Number(/"category_id":(\d+)/.exec(line)?.[1]);
      perCategory.set(categoryId, (perCategory.get(categoryId) ?? 0) + 1);
      if (id === middleId) middle = { id, categoryId };
    }
    summary = { n, perCategory: [...perCategory], middle };
    await fs.writeFile(summaryFile, JSON.stringify(summary));
  }
  return { dir, n, site: site!, categories, tags, perCategory: new Map(summary.perCategory), middle: summary.middle };
}

/** The column with the most articles (lowest id on a tie), as WordPress's peer picks its category. */
export function biggestCategory(dataset: Dataset): { id: number; count: number } {
  let best = { id: 0, count: -1 };
  for (const [id, count] of [...dataset.perCategory].sort((a, b) => a[0] - b[0])) if (count > best.count) best = { id, count };
  return best;
}

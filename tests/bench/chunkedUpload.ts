import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchEntry } from './run';
import { MiB, mib, startBenchServer } from './harness';

// Issue 4 / issue 14: a 256 MiB file uploaded in 2 MiB chunks (the default chunk_size of 2048 KB) through
// POST /attachment/sliceUploadAndSave over real HTTP, one chunk after another as the browser sends
// them; the server assembles, checks and stores it on local disk. In the same run, the same posts go to
// a bare node:http receiver (tests/bench/bareReceiver.ts: same multipart parser, appends the chunks to a
// file and hashes it at the end, nothing else). Both get the very same posts (fields first, then the
// chunk's bytes, as the admin's uploader sends them), chunk by chunk side by side (which one goes first
// alternates), so a machine shared with other work slows both alike; each one's time is the sum of its
// own requests. Prints MiB/s for both, Banyan's ratio to the bare receiver, and each server's memory
// growth (peak RSS and peak heap while uploading, against its idle state). CHUNKED_ROUNDS=n repeats it
// n times and keeps each one's best run.

const here = path.dirname(fileURLToPath(import.meta.url));
const FILE_BYTES = 256 * MiB;
const CHUNK_BYTES = 2 * MiB;

interface Target {
  url: string;
  headers: Record<string, string>;
  memory(gc?: boolean): Promise<NodeJS.MemoryUsage>;
  /** Where the stored file is, from the last answer's url. */
  storedFile(url: string): string;
  stop(): Promise<void>;
}

interface Run {
  seconds: number;
  /** Each request's time, in ms (chunk order). */
  times: number[];
  idle: NodeJS.MemoryUsage;
  peakRss: number;
  peakHeap: number;
  url: string;
}

async function banyanTarget(): Promise<Target> {
  const server = await startBenchServer();
  const site = (await (await fetch(`${server.url}/api/website/siteList`, { headers: { 'x-token': server.token } })).json()) as { data: Array<{ id: number }> };
  return {
    url: `${server.url}/api/attachment/sliceUploadAndSave`,
    headers: { 'x-token': server.token, 'x-site-id': String(site.data[0]!.id) },
    memory: (gc) => server.memory(gc),
    storedFile: (url) => path.join(server.dataDir, 'uploads', url.replace(/^\/uploads\//, '')),
    stop: () => server.stop(),
  };
}

async function bareTarget(): Promise<Target> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-bare-'));
  const child: ChildProcess = fork(path.join(here, 'bareReceiver.ts'), [], {
    env: { ...process.env, DATA_DIR: dataDir },
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bare receiver exited with ${code}`)));
    child.on('message', (m: { type: string; port?: number }) => m.type === 'ready' && resolve(m.port!));
  });
  let seq = 0;
  return {
    url: `http://127.0.0.1:${port}/upload`,
    headers: {},
    memory: (gc = false) =>
      new Promise((resolve) => {
        const id = ++seq;
        const onMessage = (m: { type: string; id?: number; usage?: NodeJS.MemoryUsage }) => {
          if (m.type !== 'memory' || m.id !== id) return;
          child.off('message', onMessage);
          resolve(m.usage!);
        };
        child.on('message', onMessage);
        child.send({ type: 'memory', id, gc });
      }),
    storedFile: (url) => path.join(dataDir, url.replace(/^\//, '')),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

// The file's bytes: one random 2 MiB block with the chunk number in front, so every chunk differs.
const block = randomBytes(CHUNK_BYTES);
function chunkBytes(i: number) {
  const b = Buffer.from(block);
  b.writeUInt32BE(i, 0);
  // An MP4 header on the first chunk: the assembled file must pass the content check as video.
  if (i === 1) Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41')]).copy(b, 0);
  return b;
}

/** One upload in progress: sends its chunks one at a time and times each request. */
class Uploader {
  readonly total = FILE_BYTES / CHUNK_BYTES;
  seconds = 0;
  times: number[] = [];
  idle!: NodeJS.MemoryUsage;
  peakRss = 0;
  peakHeap = 0;
  private token = { resource_temp_basename: '', resource_temp_path: '' };
  private last: { code: number; msg: string; data: any } | null = null;
  private sampler: NodeJS.Timeout | null = null;
  constructor(
    readonly target: Target,
    readonly sha: string,
  ) {}

  async start() {
    this.idle = await this.target.memory(true);
    this.peakRss = this.idle.rss;
    this.peakHeap = this.idle.heapUsed;
    this.sampler = setInterval(() => void this.target.memory().then((m) => this.sample(m)), 200);
  }

  private sample(m: NodeJS.MemoryUsage) {
    this.peakRss = Math.max(this.peakRss, m.rss);
    this.peakHeap = Math.max(this.peakHeap, m.heapUsed);
  }

  /** Sends chunk i (the multipart post the admin's uploader makes) and adds its time. */
  async send(i: number) {
    const form = new FormData();
    const fields = { chunk_total: this.total, chunk_index: i, ...this.token, resource_type: 3, resource_name: 'bench.mp4', resource_size: FILE_BYTES, resource_hash: this.sha };
    for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
    form.append('resource_chunk', new Blob([chunkBytes(i)]), 'bench.mp4');
    const started = performance.now();
    const res = await fetch(this.target.url, { method: 'POST', headers: this.target.headers, body: form });
    const last = (this.last = (await res.json()) as { code: number; msg: string; data: any });
    const ms = performance.now() - started;
    this.times.push(ms);
    this.seconds += ms / 1000;
    if (last.code === 1 && i === 1) this.token = { resource_temp_basename: last.data.resource_temp_basename, resource_temp_path: last.data.resource_temp_path };
    else if (last.code !== (i === this.total ? 0 : 1)) throw new Error(`chunk ${i}: ${last.code} ${last.msg}`);
  }

  async finish(): Promise<Run> {
    if (this.sampler) clearInterval(this.sampler);
    this.sample(await this.target.memory());
    // The stored file is the one sent.
    const url = String(this.last!.data.url);
    const size = (await fs.stat(this.target.storedFile(url))).size;
    if (size !== FILE_BYTES) throw new Error(`stored ${size} bytes, sent ${FILE_BYTES}`);
    return { seconds: this.seconds, times: this.times, idle: this.idle, peakRss: this.peakRss, peakHeap: this.peakHeap, url };
  }
}

/**
 * Both uploads side by side: chunk i goes to one server, then to the other (which goes first alternates),
 * so both are measured under the same load of the machine; each one's time is the sum of its requests.
 */
async function measurePair(sha: string): Promise<{ banyan: Run; bare: Run }> {
  const bareT = await bareTarget();
  const banyanT = await banyanTarget().catch(async (err: unknown) => {
    await bareT.stop();
    throw err;
  });
  try {
    const bare = new Uploader(bareT, sha);
    const banyan = new Uploader(banyanT, sha);
    await bare.start();
    await banyan.start();
    for (let i = 1; i <= bare.total; i++) {
      const [first, second] = i % 2 ? [bare, banyan] : [banyan, bare];
      await first.send(i);
      await second.send(i);
    }
    return { bare: await bare.finish(), banyan: await banyan.finish() };
  } finally {
    await Promise.all([bareT.stop(), banyanT.stop()]);
  }
}

/** The median request time (ms): a pause of the shared machine during a few requests does not move it. */
const median = (r: Run) => {
  const sorted = [...r.times].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const rate = (r: Run) => FILE_BYTES / MiB / r.seconds;
const best = (a: Run | undefined, b: Run) => (a && a.seconds <= b.seconds ? a : b);

export const chunkedUpload: BenchEntry = {
  name: 'chunked upload: 256 MiB in 2 MiB chunks',
  async run() {
    const total = FILE_BYTES / CHUNK_BYTES;
    const hash = createHash('sha256');
    for (let i = 1; i <= total; i++) hash.update(chunkBytes(i));
    const sha = hash.digest('hex');

    const rounds = Math.max(1, Number(process.env.CHUNKED_ROUNDS) || 1);
    let banyan: Run | undefined;
    let bare: Run | undefined;
    for (let r = 0; r < rounds; r++) {
      const pair = await measurePair(sha);
      bare = best(bare, pair.bare);
      banyan = best(banyan, pair.banyan);
    }
    const memory = (r: Run) =>
      `RSS idle ${mib(r.idle.rss)}, peak ${mib(r.peakRss)} (+${mib(r.peakRss - r.idle.rss)}); heap idle ${mib(r.idle.heapUsed)}, peak ${mib(r.peakHeap)} (+${mib(r.peakHeap - r.idle.heapUsed)})`;
    return {
      file: `${mib(FILE_BYTES)} in ${total} chunks of ${mib(CHUNK_BYTES)}, sent to both servers chunk by chunk${rounds > 1 ? `, best of ${rounds} rounds` : ''}`,
      'Banyan': `${rate(banyan!).toFixed(1)} MiB/s (${banyan!.seconds.toFixed(2)} s)`,
      'bare receiver': `${rate(bare!).toFixed(1)} MiB/s (${bare!.seconds.toFixed(2)} s)`,
      'ratio Banyan / bare': `${(rate(banyan!) / rate(bare!)).toFixed(2)}× (goal ≥ 0.90×)`,
      'median chunk request': `Banyan ${median(banyan!).toFixed(1)} ms, bare ${median(bare!).toFixed(1)} ms: ratio ${(median(bare!) / median(banyan!)).toFixed(2)}×`,
      'Banyan memory': memory(banyan!),
      'bare memory': memory(bare!),
      'Banyan RSS growth goal': `≤ 64 MiB: ${banyan!.peakRss - banyan!.idle.rss <= 64 * MiB ? 'met' : 'NOT met'}`,
      'stored as': banyan!.url,
    };
  },
};

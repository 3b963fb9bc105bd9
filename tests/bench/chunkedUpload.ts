import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BenchEntry } from './run';
import { MiB, mib, startBenchServer } from './harness';

// Issue 4: a 256 MiB file uploaded in 2 MiB chunks (the default chunk_size of 2048 KB) through
// POST /attachment/sliceUploadAndSave over real HTTP, one chunk after another as the browser sends
// them; the server assembles, checks and stores it on local disk. Prints MiB/s and the server's
// memory growth (peak RSS and peak heap while uploading, against the idle server).

const FILE_BYTES = 256 * MiB;
const CHUNK_BYTES = 2 * MiB;

export const chunkedUpload: BenchEntry = {
  name: 'chunked upload: 256 MiB in 2 MiB chunks',
  async run() {
    const server = await startBenchServer();
    try {
      const site = (await (await fetch(`${server.url}/api/website/siteList`, { headers: { 'x-token': server.token } })).json()) as { data: Array<{ id: number }> };
      const headers = { 'x-token': server.token, 'x-site-id': String(site.data[0]!.id) };
      const total = FILE_BYTES / CHUNK_BYTES;
      // The file's bytes: one random 2 MiB block with the chunk number in front, so every chunk differs.
      const block = randomBytes(CHUNK_BYTES);
      const chunkBytes = (i: number) => {
        const b = Buffer.from(block);
        b.writeUInt32BE(i, 0);
        // An MP4 header on the first chunk: the assembled file must pass the content check as video.
        if (i === 1) Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41')]).copy(b, 0);
        return b;
      };
      const hash = createHash('sha256');
      for (let i = 1; i <= total; i++) hash.update(chunkBytes(i));
      const sha = hash.digest('hex');

      const idle = await server.memory(true);
      let peakRss = idle.rss;
      let peakHeap = idle.heapUsed;
      const sampler = setInterval(() => {
        void server.memory().then((m) => {
          peakRss = Math.max(peakRss, m.rss);
          peakHeap = Math.max(peakHeap, m.heapUsed);
        });
      }, 200);

      const started = performance.now();
      let token = { resource_temp_basename: '', resource_temp_path: '' };
      let last: { code: number; msg: string; data: any } | null = null;
      try {
        for (let i = 1; i <= total; i++) {
          const form = new FormData();
          const fields = { chunk_total: total, chunk_index: i, ...token, resource_type: 3, resource_name: 'bench.mp4', resource_size: FILE_BYTES, resource_hash: sha };
          for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
          form.append('resource_chunk', new Blob([chunkBytes(i)]), 'bench.mp4');
          const res = await fetch(`${server.url}/api/attachment/sliceUploadAndSave`, { method: 'POST', headers, body: form });
          last = (await res.json()) as typeof last;
          if (last!.code === 1 && i === 1) token = { resource_temp_basename: last!.data.resource_temp_basename, resource_temp_path: last!.data.resource_temp_path };
          else if (last!.code !== (i === total ? 0 : 1)) throw new Error(`chunk ${i}: ${last!.code} ${last!.msg}`);
        }
      } finally {
        clearInterval(sampler);
      }
      const seconds = (performance.now() - started) / 1000;
      const after = await server.memory();
      peakRss = Math.max(peakRss, after.rss);
      peakHeap = Math.max(peakHeap, after.heapUsed);

      // The stored file is the one sent.
      const stored = path.join(server.dataDir, 'uploads', String(last!.data.url).replace(/^\/uploads\//, ''));
      const size = (await fs.stat(stored)).size;
      if (size !== FILE_BYTES) throw new Error(`stored ${size} bytes, sent ${FILE_BYTES}`);
      return {
        file: `${mib(FILE_BYTES)} in ${total} chunks of ${mib(CHUNK_BYTES)}`,
        time: `${seconds.toFixed(1)} s`,
        throughput: `${(FILE_BYTES / MiB / seconds).toFixed(1)} MiB/s`,
        'server RSS': `idle ${mib(idle.rss)}, peak ${mib(peakRss)} (+${mib(peakRss - idle.rss)})`,
        'server heap': `idle ${mib(idle.heapUsed)}, peak ${mib(peakHeap)} (+${mib(peakHeap - idle.heapUsed)})`,
        'stored as': String(last!.data.url),
      };
    } finally {
      await server.stop();
    }
  },
};

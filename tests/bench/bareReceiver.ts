import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Busboy, { type BusboyHeaders } from '@fastify/busboy';

// The peer of the chunked-upload benchmark: a bare node:http receiver in a process of its own (forked by
// tests/bench/chunkedUpload.ts). It takes the same multipart chunk posts as POST
// /api/attachment/sliceUploadAndSave, parses them with the same multipart parser Banyan uses
// (@fastify/busboy), appends each chunk to one file as it comes and, on the last chunk, hashes the whole
// file and checks it against the announced SHA-256, as any real receiver must. No auth, no database, no
// content checks: the floor Banyan is measured against. Answers 'memory' messages like tests/bench/server.ts.

const dataDir = process.env.DATA_DIR!;
let uploads = 0;

async function receive(req: http.IncomingMessage): Promise<{ code: number; msg: string; data: Record<string, unknown> }> {
  const fields: Record<string, string> = {};
  let written: Promise<void> | null = null;
  await new Promise<void>((resolve, reject) => {
    const bb = Busboy({ headers: req.headers as BusboyHeaders, limits: { files: 1, fields: 20 } });
    bb.on('field', (name: string, value: string) => (fields[name] = value));
    bb.on('file', (_name: string, stream: NodeJS.ReadableStream) => {
      // Fields come first in the benchmark's posts, as in the admin's uploader.
      if (!fields.resource_temp_basename) fields.resource_temp_basename = `u${++uploads}`;
      const file = path.join(dataDir, fields.resource_temp_basename);
      written = pipeline(stream, createWriteStream(file, { flags: 'a' }));
      written.catch(reject);
    });
    bb.on('finish', resolve);
    bb.on('error', reject);
    req.pipe(bb);
  });
  await written;
  const basename = fields.resource_temp_basename!;
  if (Number(fields.chunk_index) < Number(fields.chunk_total)) {
    return { code: 1, msg: 'chunk received', data: { resource_temp_basename: basename, resource_temp_path: `uploads/${basename}` } };
  }
  const file = path.join(dataDir, basename);
  const hash = createHash('sha256');
  for await (const piece of createReadStream(file, { highWaterMark: 1024 * 1024 })) hash.update(piece as Buffer);
  const sha256 = hash.digest('hex');
  if (fields.resource_hash && sha256 !== fields.resource_hash) return { code: 400, msg: 'hash mismatch', data: {} };
  const stored = path.join(dataDir, `${sha256}.bin`);
  await fs.rename(file, stored);
  return { code: 0, msg: 'stored', data: { url: `/${path.basename(stored)}` } };
}

const server = http.createServer((req, res) => {
  receive(req).then(
    (body) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
    (err: unknown) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 500, msg: String(err), data: {} })),
  );
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.on('message', (msg: { type: string; id?: number; gc?: boolean }) => {
    if (msg.type === 'memory') {
      if (msg.gc && typeof global.gc === 'function') global.gc();
      process.send!({ type: 'memory', id: msg.id, usage: process.memoryUsage() });
    } else if (msg.type === 'stop') {
      server.close(() => process.exit(0));
    }
  });
  process.send!({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
});

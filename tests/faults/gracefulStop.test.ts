import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { mp4, sha256 } from '../helpers/attachmentFixtures';
import { cleanUpFaults, faultData, startFaultServer, type FaultData, type FaultServer } from './faultHarness';

// Issue 15, faults: SIGTERM lets in-flight requests finish. An upload whose body is still arriving when the
// server is told to stop gets its full answer (the file stored, its row written), and only then does the
// process exit, with code 0; the file is on disk with the bytes sent, and its row in the database.

let server: FaultServer | undefined;
let data: FaultData | undefined;
afterEach(cleanUpFaults);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Opens a multipart upload and sends its first half: answers a function sending the rest, and the answer. */
function slowUpload(url: string, token: string, siteId: number, file: Buffer) {
  const boundary = `----fault${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="in-flight.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, file, tail]);
  const half = Math.floor(body.length / 2);
  const target = new URL('/api/attachment/uploadAndSave', url);
  let answer!: Promise<{ status: number; body: { code: number; msg: string; data: { id: number; url: string } } }>;
  const req = http.request(target, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(body.length),
      'x-token': token,
      'x-site-id': String(siteId),
      'accept-language': 'en',
    },
  });
  answer = new Promise((resolve, reject) => {
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(parts).toString('utf8')) }));
    });
    req.on('error', reject);
  });
  answer.catch(() => undefined); // awaited later; a dropped connection fails the test there, not as an unhandled rejection
  req.write(body.subarray(0, half));
  return { rest: () => req.end(body.subarray(half)), answer };
}

describe('SIGTERM with a request in flight', () => {
  it('an upload still arriving when SIGTERM comes gets its full answer, then the process exits 0', async () => {
    data = await faultData('pglite');
    server = await startFaultServer(data, { setup: true });
    const { siteId } = server.setup!;
    const token = await server.login();
    const file = mp4(256 * 1024, 3);
    const upload = slowUpload(server.url, token, siteId, file);
    await sleep(300); // the server is reading the body now
    const exit = server.sigterm();
    await sleep(500); // the server is closing, the request still open
    upload.rest();
    const res = await upload.answer;
    expect(res.body.code, res.body.msg).toBe(0);
    expect(res.status).toBe(200);
    expect(await exit).toBe(0);

    // What the answer named is on disk and in the database, read straight from them (no restart needed).
    const key = res.body.data.url.replace(/^\/uploads\//, '');
    expect(sha256(await fs.readFile(path.join(data.dataDir, 'uploads', key)))).toBe(sha256(file));
    const db = await PGlite.create({ dataDir: path.join(data.dataDir, 'pglite') });
    const { rows } = await db.query<{ id: number; path: string }>('select id, path from attachments');
    await db.close();
    expect(rows).toEqual([{ id: res.body.data.id, path: key }]);
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { StorageSettings } from '../../models/uploadSettings';

// A real S3-compatible server (s3rver) on loopback for the storage tests: a free port, a temp directory,
// one bucket. s3rver checks the access key id (unknown ids are refused) but not V4 signatures.

const require = createRequire(import.meta.url);
/** The part of s3rver's API used here (it ships no types). */
interface S3rverServer {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
  httpServer?: Server;
}
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverServer;
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account.js') as {
  DUMMY_ACCOUNT: { createKeyPair(accessKeyId: string, secretAccessKey: string): void };
};

export const S3_ACCESS_KEY_ID = 'BANYANTESTKEYID';
export const S3_SECRET = 'banyan-s3-secret-Xq7Zp2';
DUMMY_ACCOUNT.createKeyPair(S3_ACCESS_KEY_ID, S3_SECRET);

export interface S3Peer {
  endpoint: string;
  bucket: string;
  directory: string;
  /** Settings that point a Banyan storage method at this peer. */
  settings(method: 'aliyun' | 'qiniu' | 'tencent', extra?: Partial<StorageSettings>): StorageSettings;
  /** The object's bytes as the peer stored them, or null when it does not hold the key. */
  object(key: string): Promise<Buffer | null>;
  stop(): Promise<void>;
}

export async function startS3(bucket = 'banyan-test'): Promise<S3Peer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // The test's own view of the bucket, independent of the app's clients.
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET },
  });
  return {
    endpoint,
    bucket,
    directory,
    settings: (method, extra = {}) => ({
      method,
      access_key_id: S3_ACCESS_KEY_ID,
      secret_access_key: S3_SECRET,
      region: 'cn-test-1',
      protocol: 'http',
      bucket,
      endpoint,
      root_url: '',
      ...extra,
    }),
    async object(key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async stop() {
      // SDK clients keep sockets alive; close them so the server can stop.
      client.destroy();
      server.httpServer?.closeAllConnections();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

import dns from 'node:dns';
import { createReadStream } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { STORAGE } from '../../models/attachment';
import type { StorageSettings } from '../../models/uploadSettings';
import { assertSafeKey, type Storage } from './storage';
import { isForbiddenInfrastructureAddress } from './remoteFetch';

// S3-compatible object storage of the three provider kinds (Alibaba OSS, Qiniu Kodo, Tencent COS),
// configured from the 'storage' system setting.

export type ObjectMethod = Exclude<StorageSettings['method'], 'local'>;
export const OBJECT_METHODS: readonly ObjectMethod[] = ['aliyun', 'qiniu', 'tencent'];
export const isObjectMethod = (method: string): method is ObjectMethod => (OBJECT_METHODS as readonly string[]).includes(method);

/** Parts of a multipart upload: the S3 minimum; two in flight keep memory at ~10 MB whatever the file size. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** The providers' S3 endpoints when only a region is given. */
const DEFAULT_ENDPOINTS: Record<ObjectMethod, (region: string) => string> = {
  aliyun: (region) => `https://${region.startsWith('oss-') ? region : `oss-${region}`}.aliyuncs.com`,
  qiniu: (region) => `https://s3.${region}.qiniucs.com`,
  tencent: (region) => `https://cos.${region}.myqcloud.com`,
};

/**
 * Settings that cannot make a client: a field missing, or an endpoint at an address no server-side connection may
 * reach (the cloud metadata service and the like); the message names the field, never a value.
 */
export class StorageConfigError extends Error {
  constructor(
    readonly field: keyof StorageSettings,
    readonly reason: 'missing' | 'forbidden' = 'missing',
  ) {
    super(`object storage setting ${reason}: ${field}`);
  }
}

/**
 * The DNS lookup of every connection to the object store: a name answering with a link-local (metadata),
 * "this network", multicast or reserved address is refused, and the connection goes to the address checked.
 * Private and loopback addresses stay allowed, like the mail servers': a company's MinIO often runs on its LAN.
 */
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isForbiddenInfrastructureAddress(a.address));
    if (bad || !list.length) {
      const refused = Object.assign(new Error(`object storage endpoint ${hostname} resolves to a forbidden address`), { code: 'EFORBIDDENADDRESS' });
      return callback(refused, '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

export interface ObjectStorageConfig {
  kind: number;
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addressing (endpoint/bucket/key): for endpoints addressed by IP or localhost. */
  forcePathStyle: boolean;
  /** Public URL of the bucket's root, without a trailing slash. */
  publicBase: string;
}

const withoutScheme = (value: string) => value.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/+$/, '');

/** Resolves the settings of an object-storage method into what the client needs. */
export function objectStorageConfig(s: StorageSettings): ObjectStorageConfig {
  if (!isObjectMethod(s.method)) throw new Error(`not an object storage method: ${s.method}`);
  if (!s.access_key_id) throw new StorageConfigError('access_key_id');
  if (!s.secret_access_key) throw new StorageConfigError('secret_access_key');
  if (!s.bucket) throw new StorageConfigError('bucket');
  if (!s.endpoint && !s.region) throw new StorageConfigError('region');
  const rawEndpoint = s.endpoint || DEFAULT_ENDPOINTS[s.method](s.region);
  const endpoint = (/^https?:\/\//i.test(rawEndpoint) ? rawEndpoint : `https://${rawEndpoint}`).replace(/\/+$/, '');
  const host = new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && isForbiddenInfrastructureAddress(host)) throw new StorageConfigError('endpoint', 'forbidden');
  const forcePathStyle = isIP(host) !== 0 || host === 'localhost';
  const publicBase = s.root_url
    ? `${s.protocol}://${withoutScheme(s.root_url)}`
    : forcePathStyle
      ? `${endpoint}/${s.bucket}`
      : `${s.protocol}://${s.bucket}.${withoutScheme(endpoint)}`;
  return {
    kind: STORAGE[s.method],
    endpoint,
    // The signature needs some region; an endpoint-only setting signs as the S3 default.
    region: s.region || 'us-east-1',
    bucket: s.bucket,
    accessKeyId: s.access_key_id,
    secretAccessKey: s.secret_access_key,
    forcePathStyle,
    publicBase,
  };
}

/** Types a browser would render as a document with scripts (HTML, XHTML, SVG, any XML). */
const MARKUP_TYPE = /^\s*(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|[\w.-]+\/[\w.-]+\+xml)\b/i;
/** Of those, the ones with no use as an inline resource: stored as plain text. SVG stays an image for <img>. */
const TEXT_INSTEAD = /^\s*(text\/html|application\/xhtml\+xml|text\/xml|application\/xml)\b/i;

/**
 * The headers an object is stored with, which the bucket answers when its public URL is opened. The bucket is
 * not behind our sandboxing CSP (server/plugins/securityHeaders.ts applies it to local /uploads), so markup
 * types get the same rule as local uploads: a download (Content-Disposition: attachment), never a page rendered
 * inline from the bucket's origin; HTML and XML are also typed as plain text.
 */
export function objectHeaders(mime: string): { ContentType: string; ContentDisposition?: string } {
  if (!MARKUP_TYPE.test(mime)) return { ContentType: mime };
  return { ContentType: TEXT_INSTEAD.test(mime) ? 'text/plain; charset=utf-8' : mime, ContentDisposition: 'attachment' };
}

export interface ObjectStorageOptions {
  /** Attempts per request (1 for the connection test: its answer should be quick and exact). */
  maxAttempts?: number;
  /** Per-request socket timeouts in ms. */
  connectionTimeout?: number;
  requestTimeout?: number;
}

export class ObjectStorage implements Storage {
  readonly kind: number;
  readonly client: S3Client;

  constructor(
    readonly config: ObjectStorageConfig,
    options: ObjectStorageOptions = {},
  ) {
    this.kind = config.kind;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // OSS, COS and Kodo reject the SDK's default CRC checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: options.maxAttempts ?? 3,
      requestHandler: {
        connectionTimeout: options.connectionTimeout ?? 10_000,
        requestTimeout: options.requestTimeout ?? 120_000,
        httpAgent: new http.Agent({ keepAlive: true, maxSockets: 50, lookup: guardedLookup }),
        httpsAgent: new https.Agent({ keepAlive: true, maxSockets: 50, lookup: guardedLookup }),
      },
    });
  }

  publicUrl(key: string): string {
    assertSafeKey(key);
    return `${this.config.publicBase}/${key}`;
  }

  async put(key: string, bytes: Uint8Array, mime: string): Promise<string> {
    assertSafeKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: key, Body: bytes, ContentLength: bytes.length, ...objectHeaders(mime) }));
    return this.publicUrl(key);
  }

  async putFile(key: string, localPath: string, mime: string): Promise<string> {
    assertSafeKey(key);
    // Multipart from a file stream: at most PARTS_IN_FLIGHT parts are in memory at a time.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.config.bucket, Key: key, Body: createReadStream(localPath), ...objectHeaders(mime) },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    await upload.done();
    return this.publicUrl(key);
  }

  async read(key: string): Promise<Buffer> {
    assertSafeKey(key);
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
    return Buffer.from(await res.Body!.transformToByteArray());
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  /** Closes the client's sockets (the settings changed, or the server stops). */
  close(): void {
    this.client.destroy();
  }
}

/**
 * What a provider said, fit for an admin to read: the error's code and message, never a stack, and
 * never the secret (some errors echo request details).
 */
export function providerMessage(err: unknown, secret: string): string {
  const e = err as { name?: string; Code?: string; code?: string; message?: string };
  const code = e?.Code ?? (e?.name && e.name !== 'Error' ? e.name : e?.code) ?? '';
  const message = (e?.message ?? String(err)).split('\n')[0]!.slice(0, 300);
  let text = code && !message.startsWith(code) ? `${code}: ${message}` : message;
  if (secret) text = text.split(secret).join('******');
  return text || 'Unknown error';
}

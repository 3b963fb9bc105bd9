import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';

// Fetches a remote resource for the server (image localisation) without letting a URL reach the
// server's own network: every address a host resolves to is checked before connecting, the connection
// is pinned to the checked addresses (no second DNS answer), and each redirect hop is checked again.

export const REMOTE_MAX_BYTES = 10 * 1024 * 1024;
export const REMOTE_TIMEOUT_MS = 10_000;
export const REMOTE_MAX_REDIRECTS = 3;

export type RemoteFailure = 'invalid_url' | 'private_address' | 'unresolvable' | 'too_large' | 'timeout' | 'http_status' | 'too_many_redirects' | 'unreachable';

export class RemoteFetchError extends Error {
  constructor(
    readonly reason: RemoteFailure,
    detail = '',
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
  }
}

/** Loopback, private, link-local, shared, multicast, documentation and otherwise reserved ranges. */
const FORBIDDEN = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) FORBIDDEN.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [
  // ::/96 holds :: and ::1 and the deprecated IPv4-compatible form (::127.0.0.1); ::ffff:0:0:0/96 the
  // IPv4-translated one. IPv4-mapped addresses (::ffff:127.0.0.1) are checked against the IPv4 rules by BlockList.
  ['::', 96], ['::ffff:0:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32],
  ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) FORBIDDEN.addSubnet(net6, bits, 'ipv6');

/** Whether an address is one a server-side fetch must never reach (IPv4-mapped IPv6 included). */
export function isForbiddenAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  return FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Addresses no connection to infrastructure the super-admin configures (the SMTP and IMAP servers) may reach:
 * link-local (the cloud metadata service at 169.254.169.254, fe80::/10), the AWS IPv6 metadata address,
 * "this network" (0.0.0.0 reaches the host itself), multicast and reserved ranges. Loopback and private ranges
 * stay allowed there: a company's mail server often runs on its LAN or on the same machine (a local MTA).
 */
const INFRASTRUCTURE_FORBIDDEN = new net.BlockList();
for (const [net4, bits] of [['0.0.0.0', 8], ['169.254.0.0', 16], ['224.0.0.0', 4], ['240.0.0.0', 4]] as const) INFRASTRUCTURE_FORBIDDEN.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [['::', 128], ['fe80::', 10], ['fd00:ec2::254', 128], ['ff00::', 8]] as const) INFRASTRUCTURE_FORBIDDEN.addSubnet(net6, bits, 'ipv6');

export function isForbiddenInfrastructureAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  return INFRASTRUCTURE_FORBIDDEN.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Resolves a configured server's host once and checks every address (RemoteFetchError 'unresolvable' or
 * 'private_address'); the caller connects to the address answered, never to the name again (no second DNS
 * answer). An IPv4 address is preferred, as the mail libraries do.
 */
export async function resolveInfrastructureHost(
  host: string,
  isForbidden: (address: string) => boolean = isForbiddenInfrastructureAddress,
): Promise<{ address: string; family: number }> {
  const addresses = await resolveChecked(host, isForbidden);
  return addresses.find((a) => a.family === 4) ?? addresses[0]!;
}

export interface RemoteFetchOptions {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /**
   * The address guard. Production always uses isForbiddenAddress; tests that serve images from
   * 127.0.0.1 pass a narrower one (see config.allowPrivateFetchForTests).
   */
  isForbidden?: (address: string) => boolean;
  /** Accept header and user agent (defaults: images, for image localisation). */
  accept?: string;
  userAgent?: string;
}

export interface RemoteResource {
  bytes: Buffer;
  contentType: string;
  /** The URL after redirects. */
  url: string;
}

interface Resolved {
  address: string;
  family: number;
}

async function resolveChecked(host: string, isForbidden: (a: string) => boolean): Promise<Resolved[]> {
  const literal = host.startsWith('[') ? host.slice(1, -1) : host;
  let addresses: Resolved[];
  if (net.isIP(literal)) addresses = [{ address: literal, family: net.isIP(literal) }];
  else {
    try {
      addresses = await dns.lookup(literal, { all: true, verbatim: true });
    } catch {
      throw new RemoteFetchError('unresolvable', host);
    }
  }
  if (!addresses.length) throw new RemoteFetchError('unresolvable', host);
  // One bad address is enough to refuse: a host may answer a public address first and a private one later.
  if (addresses.some((a) => isForbidden(a.address))) throw new RemoteFetchError('private_address', host);
  return addresses;
}

/** A lookup that answers only the addresses already checked. */
function pinnedLookup(addresses: Resolved[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: Resolved[]) => void)(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

interface RequestInit {
  method: 'GET' | 'POST';
  body?: string | Buffer;
  /** Read the body of non-2xx answers too (a plugin's API call wants the error body). */
  readErrorBody?: boolean;
}

function requestOnce(url: URL, addresses: Resolved[], maxBytes: number, signal: AbortSignal, headers: Record<string, string>, init: RequestInit = { method: 'GET' }) {
  return new Promise<{ status: number; location?: string; contentType: string; bytes?: Buffer }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, { method: init.method, lookup: pinnedLookup(addresses), signal, headers }, (res) => {
      const status = res.statusCode ?? 0;
      const contentType = String(res.headers['content-type'] ?? '');
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return resolve({ status, location: res.headers.location, contentType });
      }
      if ((status < 200 || status >= 300) && !init.readErrorBody) {
        res.resume();
        return resolve({ status, contentType });
      }
      if (Number(res.headers['content-length'] ?? 0) > maxBytes) {
        res.destroy();
        return reject(new RemoteFetchError('too_large'));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy();
          reject(new RemoteFetchError('too_large'));
        } else chunks.push(chunk);
      });
      res.on('end', () => resolve({ status, contentType, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
      // A connection cut before the end (e.g. by the time limit) must not pass for a whole file.
      res.on('close', () => {
        if (!res.complete) reject(new RemoteFetchError(signal.aborted ? 'timeout' : 'unreachable', 'connection closed'));
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** GET a public http(s) URL with size, time and redirect caps; refuses non-public addresses. */
export async function fetchRemote(rawUrl: string, opts: RemoteFetchOptions = {}): Promise<RemoteResource> {
  const maxBytes = opts.maxBytes ?? REMOTE_MAX_BYTES;
  const maxRedirects = opts.maxRedirects ?? REMOTE_MAX_REDIRECTS;
  const isForbidden = opts.isForbidden ?? isForbiddenAddress;
  const signal = AbortSignal.timeout(opts.timeoutMs ?? REMOTE_TIMEOUT_MS);
  const headers = { 'user-agent': opts.userAgent ?? 'Banyan-ImageLocalizer/1.0', accept: opts.accept ?? 'image/*' };
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new RemoteFetchError('invalid_url', rawUrl);
  }
  for (let hop = 0; hop <= maxRedirects; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RemoteFetchError('invalid_url', url.protocol);
    const addresses = await resolveChecked(url.hostname, isForbidden);
    let answer;
    try {
      answer = await requestOnce(url, addresses, maxBytes, signal, headers);
    } catch (err) {
      if (err instanceof RemoteFetchError) throw err;
      if (signal.aborted) throw new RemoteFetchError('timeout');
      throw new RemoteFetchError('unreachable', (err as Error).message);
    }
    if (answer.location !== undefined) {
      try {
        url = new URL(answer.location, url);
      } catch {
        throw new RemoteFetchError('invalid_url', answer.location);
      }
      continue;
    }
    if (!answer.bytes) throw new RemoteFetchError('http_status', String(answer.status));
    return { bytes: answer.bytes, contentType: answer.contentType, url: url.toString() };
  }
  throw new RemoteFetchError('too_many_redirects');
}

export interface RemoteRequestOptions extends Omit<RemoteFetchOptions, 'accept' | 'userAgent' | 'maxRedirects'> {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/**
 * One GET or POST to a public http(s) URL with the same address checks, size and time caps as fetchRemote,
 * for plugins' API calls: any status is answered (with its body); redirects are not followed (a POST must
 * not be replayed elsewhere), a 3xx is answered as it is.
 */
export async function requestRemote(rawUrl: string, opts: RemoteRequestOptions): Promise<{ status: number; body: Buffer; contentType: string }> {
  const maxBytes = opts.maxBytes ?? REMOTE_MAX_BYTES;
  const isForbidden = opts.isForbidden ?? isForbiddenAddress;
  const signal = AbortSignal.timeout(opts.timeoutMs ?? REMOTE_TIMEOUT_MS);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new RemoteFetchError('invalid_url', rawUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RemoteFetchError('invalid_url', url.protocol);
  const addresses = await resolveChecked(url.hostname, isForbidden);
  const headers: Record<string, string> = { 'user-agent': 'Banyan-Plugin/1.0', ...(opts.headers ?? {}) };
  if (opts.body !== undefined) headers['content-length'] = String(Buffer.byteLength(opts.body));
  let answer;
  try {
    answer = await requestOnce(url, addresses, maxBytes, signal, headers, { method: opts.method, body: opts.body, readErrorBody: true });
  } catch (err) {
    if (err instanceof RemoteFetchError) throw err;
    if (signal.aborted) throw new RemoteFetchError('timeout');
    throw new RemoteFetchError('unreachable', (err as Error).message);
  }
  return { status: answer.status, body: answer.bytes ?? Buffer.alloc(0), contentType: answer.contentType };
}

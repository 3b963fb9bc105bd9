import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, DIST_DIR } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { seed, INITIAL_ADMIN_ACCOUNT } from '../../server/db/seed';
import { OutboxSmsSender } from '../../server/services/sms';
import type { Database } from '../../server/db/client';
import { freshDatabase } from './database';
import type { Envelope } from '../../models/envelope';

export const SUPER_PASSWORD = 'Initial-Pass-123';
export const SUPER_ACCOUNT = INITIAL_ADMIN_ACCOUNT;

export interface TestApp {
  app: FastifyInstance;
  url: string;
  database: Database;
  db: Database['db'];
  config: Config;
  sms: OutboxSmsSender;
  dataDir: string;
  /** A client that speaks to the server over real HTTP. */
  client(token?: string, opts?: { language?: string; siteId?: number; headers?: Record<string, string> }): ApiClient;
  login(account?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface ApiResponse<T = unknown> extends Envelope<T> {
  status: number;
}

export interface ApiClient {
  get<T = any>(url: string, query?: Record<string, unknown>): Promise<ApiResponse<T>>;
  post<T = any>(url: string, body?: unknown): Promise<ApiResponse<T>>;
}

export function apiClient(base: string, token?: string, opts: { language?: string; siteId?: number; headers?: Record<string, string> } = {}): ApiClient {
  const headers: Record<string, string> = { ...opts.headers };
  if (token) headers['x-token'] = token;
  if (opts.language) headers['x-language'] = opts.language;
  if (opts.siteId) headers['x-site-id'] = String(opts.siteId);
  const send = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(base + '/api' + url, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Envelope;
    return { ...json, status: res.status } as ApiResponse<any>;
  };
  return {
    get: (url, query) => {
      const qs = query
        ? '?' + new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString()
        : '';
      return send('GET', url + qs);
    },
    post: (url, body) => send('POST', url, body ?? {}),
  };
}

/** Starts the real server on a free port against a fresh database, with a seeded super-admin. */
export async function startTestApp(overrides: Partial<Config> = {}, opts: { withClient?: boolean; distDir?: string; starter?: boolean } = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'banyan-test-'));
  const config = loadConfig({}, { dataDir, logRequests: false, port: 0, host: '127.0.0.1', ...overrides });
  const database = await freshDatabase();
  await seed(database.db, { initialPassword: SUPER_PASSWORD, starter: opts.starter });
  const sms = OutboxSmsSender.inDataDir(dataDir, () => undefined);
  const app = await buildApp({ database, config, sms, distDir: opts.distDir ?? (opts.withClient ? DIST_DIR : path.join(dataDir, 'no-client')) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const t: TestApp = {
    app,
    url,
    database,
    db: database.db,
    config,
    sms,
    dataDir,
    client: (token, opts) => apiClient(url, token, opts),
    async login(account = SUPER_ACCOUNT, password = SUPER_PASSWORD) {
      const res = await apiClient(url).post<{ token: string }>('/account/login', { account, password });
      if (res.code !== 0) throw new Error(`login failed: ${res.code} ${res.msg}`);
      return res.data.token;
    },
    async close() {
      await app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

import path from 'node:path';
import { SESSION_IDLE_MINUTES_DEFAULT, SESSION_MAX_HOURS_DEFAULT } from '../models/constants';

export interface Config {
  port: number;
  host: string;
  /** Embedded database, outboxes, temporary upload chunks and the initial-admin file live here (per server). */
  dataDir: string;
  /**
   * What every server of a cluster must read alike: static output, installed themes and their files, the
   * template library's uploads, local-disk uploads, backups and market plugin files (env SHARED_DIR, e.g. an NFS
   * mount; default dataDir).
   */
  sharedDir: string;
  /** PostgreSQL instead of the embedded PGlite when set. */
  databaseUrl?: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** Honour X-Forwarded-For from a reverse proxy. */
  trustProxy: boolean;
  /** Log requests (off in tests). */
  logRequests: boolean;
  /** Requests per minute: API calls per session (per IP without one), and login/auth-code calls per IP. Pages and files are never limited. */
  rateLimit: { api: number; login: number };
  /**
   * Lets server-side fetches (image localisation) reach private and loopback addresses. Only the tests
   * that serve images from 127.0.0.1 set it; it is never read from the environment.
   */
  allowPrivateFetchForTests?: boolean;
  /** Time limit of one friendly-link back-link fetch (default LINK_CHECK_TIMEOUT_MS); tests shorten it. */
  linkCheckTimeoutMs?: number;
  /**
   * Extra certificate authorities (PEM) trusted by outgoing mail, besides the system's: the tests' loopback
   * SMTP server uses a self-signed certificate. Never read from the environment.
   */
  mailTrustedCaForTests?: string;
  /** Ed25519 public keys (base64, raw 32 bytes) trusted for market plugin packages besides Banyan's own (env BANYAN_PLUGIN_KEYS, comma-separated). */
  pluginKeys: string[];
  /** The local plugin catalogue (index.json and its zips); default the shipped one. Env BANYAN_PLUGIN_CATALOGUE_DIR. */
  pluginCatalogueDir?: string;
  /** Bytes the public page cache keeps (env PAGE_CACHE_MB, default 64 MiB; 0 turns it off). */
  pageCacheBytes?: number;
}

/** The public page cache's default size (server/public/pageCache.ts). */
export const PAGE_CACHE_BYTES_DEFAULT = 64 * 1024 * 1024;

const int = (v: string | undefined, fallback: number) => {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const config: Omit<Config, 'sharedDir'> & { sharedDir?: string } = {
    port: int(env.PORT, 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, SESSION_IDLE_MINUTES_DEFAULT),
    sessionMaxHours: int(env.SESSION_MAX_HOURS, SESSION_MAX_HOURS_DEFAULT),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    logRequests: env.LOG_REQUESTS !== '0',
    rateLimit: { api: int(env.RATE_LIMIT_API, 1200), login: int(env.RATE_LIMIT_LOGIN, 30) },
    pluginKeys: (env.BANYAN_PLUGIN_KEYS ?? '').split(',').map((k) => k.trim()).filter(Boolean),
    pageCacheBytes: env.PAGE_CACHE_MB !== undefined && /^\d+$/.test(env.PAGE_CACHE_MB) ? Number(env.PAGE_CACHE_MB) * 1024 * 1024 : PAGE_CACHE_BYTES_DEFAULT,
    pluginCatalogueDir: env.BANYAN_PLUGIN_CATALOGUE_DIR ? path.resolve(env.BANYAN_PLUGIN_CATALOGUE_DIR) : undefined,
    ...overrides,
  };
  // One server changes nothing: without SHARED_DIR the shared folder is the data folder (as overridden).
  return { ...config, sharedDir: overrides.sharedDir ?? (env.SHARED_DIR ? path.resolve(env.SHARED_DIR) : config.dataDir) };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Database } from './db/client';
import type { Config } from './config';
import type { SmsSender } from './services/sms';
import type { ApiRouteInfo, AppContext } from './http/context';
import { JobRunner } from './jobs/runner';
import envelope from './plugins/envelope';
import rateLimits from './plugins/rateLimits';
import adminClient from './plugins/adminClient';
import securityHeaders from './plugins/securityHeaders';
import health from './plugins/health';
import apiRoutes from './routes/index';
import { localUploadsDir, UPLOADS_PREFIX } from './services/storage';
import { installStorage } from './plugins/storage';
import publicSites from './public/plugin';
import { PluginHost } from './pluginHost/host';
import { createPluginContext } from './pluginHost/context';
import { BUILTIN_PLUGINS } from './pluginHost/builtin/index';
import { restoreEnabledPlugins } from './pluginHost/restore';
import { loadInstalledMarketPlugins, moveLegacyPlugins } from './pluginHost/market/store';
import { listenForPluginChanges } from './operations/plugins/changes';
import { moveLegacyBackups } from './operations/database/files';
import { installPluginHooks } from './pluginHost/hookPoints';
import { endParkedWorkers } from './public/render/pool';
import { prepareWorkerScriptSoon } from './public/render/workerBundle';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The built admin SPA; `BANYAN_DIST_DIR` lets parallel checkouts' browser tests build apart. */
export const DIST_DIR = process.env.BANYAN_DIST_DIR ? path.resolve(process.env.BANYAN_DIST_DIR) : path.join(ROOT_DIR, 'dist');
/** Largest file one multipart request may carry; routes ask for less (an editor image: 10 MB). */
export const MULTIPART_MAX_FILE_BYTES = 20 * 1024 * 1024;

export interface BuildOptions {
  database: Database;
  config: Config;
  sms: SmsSender;
  distDir?: string;
}

/**
 * Every API route must say which permission it needs; a route without one stops the server from starting.
 * The declared permissions are kept in `app.apiRoutes` so they can be audited (the route-inventory test).
 */
export function requirePermissions(app: FastifyInstance) {
  const inventory: ApiRouteInfo[] = [];
  app.decorate('apiRoutes', inventory);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api')) return;
    const { permission, logOperation, logType } = (route.config as { permission?: string; logOperation?: string; logType?: string } | undefined) ?? {};
    if (!permission) throw new Error(`Route ${route.method} ${url} declares no permission`);
    for (const method of [route.method].flat()) inventory.push({ method, url, permission, ...(logOperation ? { logOperation, logType } : {}) });
  });
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: config.logRequests ? { level: 'info' } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  });
  const ctx: AppContext = {
    database: opts.database,
    db: opts.database.db,
    config,
    sms: opts.sms,
    jobs: new JobRunner(opts.database.db, (msg, err) => app.log.error({ err }, msg), { exclusive: opts.database.kind === 'pglite' }),
    caches: new Map(),
    plugins: new PluginHost((def) => createPluginContext(ctx, def), (msg, err) => app.log.error({ err }, msg)),
  };
  app.decorate('ctx', ctx);
  // Built-in plugins are always known; which plugins are enabled comes from the database.
  for (const def of BUILTIN_PLUGINS) ctx.plugins.register(def);
  // Issue 17: market plugin files and backups live in SHARED_DIR; a DATA_DIR of before moves there once.
  await moveLegacyPlugins(config.dataDir, config.sharedDir).catch((err: unknown) => app.log.error({ err }, 'plugins: moving DATA_DIR/plugins'));
  await moveLegacyBackups(config.dataDir, config.sharedDir).catch((err: unknown) => app.log.error({ err }, 'database: moving DATA_DIR/backups'));
  for (const def of await loadInstalledMarketPlugins(ctx)) ctx.plugins.register(def);
  await restoreEnabledPlugins(ctx);
  // Plugin lifecycle changes made on other servers (PostgreSQL: channel plugin_changes).
  listenForPluginChanges(app);
  // Hook points reach the host by database; the schedule timer runs due plugins (stopped on close).
  installPluginHooks(app);
  // Uploads on local disk (public at /uploads/) or object storage, as the 'storage' setting chooses.
  const uploadsDir = localUploadsDir(config);
  await installStorage(app, uploadsDir);
  requirePermissions(app);

  // External plugins, then the app's, then routes.
  // Security headers of every reply (admin CSP, sandboxed uploads, public nosniff): one onSend hook.
  await app.register(securityHeaders);
  await app.register(envelope);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MULTIPART_MAX_FILE_BYTES, files: 1, fields: 20, parts: 21 } });
  // API calls only: never public pages, static output, uploads or the admin client's files.
  await app.register(rateLimits);
  await app.register(health, { database: opts.database });
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(adminClient, { distDir: opts.distDir ?? DIST_DIR });
  // Uploaded files are public, served as stored; the admin client's static plugin owns reply.sendFile.
  await fs.mkdir(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    setHeaders: (reply) => void reply.header('x-content-type-options', 'nosniff'),
  });
  await ctx.jobs.recover();
  // Issue 17: on PostgreSQL every server polls the shared queue (SKIP LOCKED claims, leases, cancels from any server).
  ctx.jobs.start();
  // Closing: the running job finishes its current step (then counts as interrupted) before the database closes.
  app.addHook('onClose', () => ctx.jobs.stop());
  // Then the render workers static runs parked for the next run (pool.ts) end with the server.
  app.addHook('onClose', () => endParkedWorkers());
  // A listening server bundles the render workers' script in the background soon after it starts, so its first static
  // run starts its workers at once instead of after the bundle (workerBundle.ts).
  let cancelBundle: (() => void) | null = null;
  app.addHook('onListen', async () => {
    cancelBundle = prepareWorkerScriptSoon();
  });
  app.addHook('preClose', async () => cancelBundle?.());
  // The public websites answer every other path, by Host header.
  await app.register(publicSites);
  return app;
}

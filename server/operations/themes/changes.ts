import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { bumpSiteVersion } from '../../public/pageCache';
import { clearThemeCache } from './installed';
import { notifyThemeChange, THEME_CHANNEL } from './history';

// Theme changes reach every server (issue 17). Theme files live in the shared folder, but each process keeps parsed
// Liquid templates by theme folder ('publicThemes'). A change (a file saved or restored, a theme installed, activated
// or deleted) notifies channel theme_files at its commit, and every server listening on it drops its parsed
// templates; the change also bumps site_versions row 0, which the page cache of every server hears (pageCache.ts).
// This listener works whether or not the page cache is on, and for static generation jobs running on any server.

/** Reconnect delay of the listener. */
const LISTEN_RETRY_MS = 1000;

/**
 * After a theme change on this server: drops this process's parsed templates, tells the other servers (PostgreSQL)
 * and makes every server's cached pages stale. A file save or restore notified in its own transaction already.
 */
export async function announceThemeChange(app: FastifyInstance, siteId: number, opts: { notified?: boolean } = {}) {
  clearThemeCache(app);
  await app.ctx.db.transaction(async (tx) => {
    if (!opts.notified) await notifyThemeChange(tx, siteId);
    // Cached public pages of every site (themes are shared by sub-sites).
    await bumpSiteVersion(tx);
  });
}

/** On PostgreSQL, listens on theme_files and drops this process's parsed templates at each notification. */
export function listenForThemeChanges(app: FastifyInstance) {
  const pool = app.ctx.database.kind === 'postgres' ? (app.ctx.database.pool as unknown as { options?: pg.ClientConfig } | undefined) : undefined;
  if (!pool?.options) return;
  const listener = new ThemeChangeListener(pool.options, () => clearThemeCache(app), (err) => app.log.warn({ err }, 'themes: theme_files listener lost'));
  listener.start();
  app.addHook('onClose', () => listener.stop());
}

class ThemeChangeListener {
  private client: pg.Client | undefined;
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly connection: pg.ClientConfig,
    private readonly changed: () => void,
    private readonly onLost: (err: unknown) => void,
  ) {}

  start() {
    if (this.stopped) return;
    const client = new pg.Client(this.connection);
    this.client = client;
    const lost = (err: unknown) => {
      if (this.client !== client) return;
      this.client = undefined;
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.onLost(err);
      this.retry = setTimeout(() => this.start(), LISTEN_RETRY_MS);
      this.retry.unref();
    };
    client.on('notification', () => this.changed());
    client.on('error', lost);
    client.on('end', () => lost(new Error('connection ended')));
    client
      .connect()
      .then(() => client.query(`listen ${THEME_CHANNEL}`))
      // Changes made while no one listened (first start, a lost connection) are not heard: start afresh.
      .then(() => this.client === client && this.changed())
      .catch(lost);
  }

  async stop() {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

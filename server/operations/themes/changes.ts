import type { FastifyInstance } from 'fastify';
import { bumpSiteVersion } from '../../public/pageCache';
import { listenToChannels } from '../../db/channelListener';
import { clearThemeCache } from './installed';
import { notifyThemeChange, THEME_CHANNEL } from './history';

// Theme changes reach every server (issue 17). Theme files live in the shared folder, but each process keeps parsed
// Liquid templates by theme folder ('publicThemes'). A change (a file saved or restored, a theme installed, activated
// or deleted) notifies channel theme_files at its commit, and every server listening on it drops its parsed
// templates; the change also bumps site_versions row 0, which the page cache of every server hears (pageCache.ts).
// This listener works whether or not the page cache is on, and for static generation jobs running on any server.

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
  listenToChannels(app, [THEME_CHANNEL], {
    heard: () => clearThemeCache(app),
    // Changes made while no one listened (first start, a lost connection) are not heard: start afresh.
    listening: () => clearThemeCache(app),
    lost: (err) => app.log.warn({ err }, 'themes: theme_files listener lost'),
  });
}

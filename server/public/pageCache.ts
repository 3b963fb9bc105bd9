import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { dbWrites, type DbWrites } from '../http/dbWrites';
import { listenToChannels } from '../db/channelListener';
import type { Executor } from '../db/client';
import { siteForHost, type SiteRow } from './data';
import type { PageRenderer } from './render/engine';

// The public page cache: the final bytes of live GET answers (pages, the theme's 404, sitemap, robots, theme
// assets) by site, origin, path+query and (when the answer varies by device) device class, kept while the
// site's data is unchanged. "Unchanged" is exact and holds across processes sharing one database:
//
// - site_versions (migration 0013_page_cache.sql) holds a version per site, bumped by statement triggers in the
//   writer's own transaction on every table a public page shows; row 0 is every site's (sites, settings,
//   plugins) and is bumped explicitly where files change (themes: bumpSiteVersion). A request reads both
//   versions with one primary-key read BEFORE rendering, so a stored page is never older than its versions.
// - Time changes what a page shows without changing a row: a scheduled item falling due, an ad's start or end,
//   a local day passing (friendly-link and position deadlines, the year in footers). Each entry expires at the
//   site's next such moment (nextChange), read once per site and version.
//
// The versions themselves are not read per request: a read stays good while this process has written nothing
// since it began (server/http/dbWrites.ts sees every statement at the driver) and, on PostgreSQL, while this
// process is listening on channel site_versions, which the table's trigger notifies at every bump's commit
// (migration 0014): another process's write is heard as soon as PostgreSQL delivers it. While the listener is
// down (not yet connected, or lost), the versions are read on every request, as before. The same listener hears
// channel sessions_changed (migration 0017), so remembered sessions drop another process's logout at once.
//
// Entries are evicted least recently used beyond `maxBytes` (config pageCacheBytes; 0 turns the cache off).

export interface CachedAnswer {
  status: number;
  contentType: string;
  /** HTML pages as text (the enabled plugins' injections are applied to it on every answer), other files as bytes. */
  body: string | Buffer;
  variesByDevice: boolean;
}

interface Entry extends CachedAnswer {
  siteVersion: number;
  globalVersion: number;
  /** ms epoch: served only before this moment. */
  expiresAt: number;
  bytes: number;
}

export interface SiteLookup {
  site: SiteRow;
  siteVersion: number;
  globalVersion: number;
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  stored: number;
  evicted: number;
  entries: number;
  bytes: number;
}

/** Most host names remembered (host → site); beyond it the map starts over. */
const MAX_HOSTS = 10_000;
/** Bytes an entry costs beyond its body (key, headers, bookkeeping). */
const ENTRY_OVERHEAD = 256;

const versionsOf = async (db: Executor, siteId: number | undefined): Promise<{ site: number; global: number }> => {
  const ids = siteId === undefined ? sql`0` : sql`0, ${siteId}`;
  const res = (await db.execute(sql`select site_id, version from site_versions where site_id in (${ids})`)) as unknown as {
    rows: Array<{ site_id: number | string; version: number | string }>;
  };
  let site = 0;
  let global = 0;
  for (const r of res.rows) {
    if (Number(r.site_id) === 0) global = Number(r.version);
    else site = Number(r.version);
  }
  return { site, global };
};

/**
 * Bumps a site's version (row 0, the default: every site) so cached pages are rendered again: for changes the
 * triggers cannot see (theme files). Runs in the given executor's transaction when one is passed.
 */
export async function bumpSiteVersion(db: Executor, siteId = 0): Promise<void> {
  await db.execute(
    sql`insert into site_versions as v (site_id, version) values (${siteId}, 1) on conflict (site_id) do update set version = v.version + 1`,
  );
}

/** The next local midnight after `now` (ms epoch). */
const nextLocalDay = (now: number) => {
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
};

/**
 * The next moment a site's pages change without a write (ms epoch): a scheduled item falling due (one read of
 * contents_public_scheduled_idx per column), an ad starting or ending, or the next local day.
 */
export async function nextChange(db: Executor, siteId: number, now = Date.now()): Promise<number> {
  const at = new Date(now).toISOString();
  const res = (await db.execute(sql`select least(
      (select min(d) from categories k cross join lateral (
        select c.published_at as d from contents c
        where c.site_id = ${siteId} and c.category_id = k.id and c.status = 1 and c.deleted_at is null and c.published_at > ${at}::timestamptz
        order by c.published_at limit 1) s
       where k.site_id = ${siteId}),
      (select min(start_at) from ads where site_id = ${siteId} and deleted_at is null and start_at > ${at}::timestamptz),
      (select min(end_at) + interval '1 millisecond' from ads where site_id = ${siteId} and deleted_at is null and end_at >= ${at}::timestamptz)
    ) as due`)) as unknown as { rows: Array<{ due: string | Date | null }> };
  const due = res.rows[0]?.due;
  const next = nextLocalDay(now);
  if (due === null || due === undefined) return next;
  return Math.min(next, new Date(due).getTime());
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private readonly hosts = new Map<string, { site: SiteRow; globalVersion: number }>();
  private readonly due = new Map<number, { siteVersion: number; globalVersion: number; at: number }>();
  private readonly inFlight = new Map<string, Promise<CachedAnswer>>();
  private bytes = 0;
  private lastGlobal: number | undefined;
  /** The last versions read (row 0 and sites), good while `writes` says nothing changed since `epoch`. */
  private read: { epoch: number; global: number; sites: Map<number, number> } | undefined;
  private readonly counts = { hits: 0, misses: 0, stored: 0, evicted: 0 };
  /** The renderer the live pages use (set by the public plugin; tests count its renders). */
  renderer: PageRenderer | undefined;
  /** Called when row 0's version changes (another process may have changed theme files: drop parsed templates). */
  onGlobalChange: () => void = () => undefined;

  constructor(
    private readonly db: Executor,
    readonly maxBytes: number,
    /** This process's writes (none: the versions are read on every request). */
    private readonly writes?: DbWrites,
  ) {}

  get enabled() {
    return this.maxBytes > 0;
  }

  stats(): PageCacheStats {
    return { ...this.counts, entries: this.entries.size, bytes: this.bytes };
  }

  clear() {
    this.entries.clear();
    this.hosts.clear();
    this.due.clear();
    this.read = undefined;
    this.bytes = 0;
  }

  /**
   * The site answering a host and the versions its pages are checked against: one primary-key read when the
   * host is known, the site's row again only after row 0 changed (sites are row 0's).
   */
  async site(rawHost: string): Promise<SiteLookup | undefined> {
    const known = this.hosts.get(rawHost);
    const read = this.read;
    if (known && read && this.writes?.siteDataUnchangedSince(read.epoch)) {
      const siteVersion = read.sites.get(known.site.id);
      if (siteVersion !== undefined && known.globalVersion === read.global) return { site: known.site, siteVersion, globalVersion: read.global };
    }
    const first = await this.readVersions(known?.site.id);
    this.noticeGlobal(first.global);
    if (known && known.globalVersion === first.global) return { site: known.site, siteVersion: first.site, globalVersion: first.global };
    const site = await siteForHost(this.db, rawHost);
    if (!site) return undefined;
    if (this.hosts.size >= MAX_HOSTS) this.hosts.clear();
    this.hosts.set(rawHost, { site, globalVersion: first.global });
    // The site's version, read before anything of its pages; row 0 as read first (older or equal).
    const again = known?.site.id === site.id ? first : await this.readVersions(site.id);
    return { site, siteVersion: again.site, globalVersion: first.global };
  }

  /**
   * The versions as read now, kept for the next requests when the read began with nothing written or being
   * written in this process (and other processes heard), so that it is current until `epoch` moves.
   */
  private async readVersions(siteId: number | undefined): Promise<{ site: number; global: number }> {
    const epoch = this.writes?.cleanEpoch(true);
    const v = await versionsOf(this.db, siteId);
    if (epoch === undefined || !this.writes!.siteDataUnchangedSince(epoch)) return v;
    if (this.read?.epoch !== epoch || this.read.global !== v.global) this.read = { epoch, global: v.global, sites: new Map() };
    if (siteId !== undefined) this.read.sites.set(siteId, v.site);
    return v;
  }

  private noticeGlobal(global: number) {
    if (this.lastGlobal !== undefined && this.lastGlobal !== global) this.onGlobalChange();
    this.lastGlobal = global;
  }

  /** A stored answer still valid for these versions, now. */
  get(key: string, at: SiteLookup, now = Date.now()): CachedAnswer | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.siteVersion !== at.siteVersion || e.globalVersion !== at.globalVersion || now >= e.expiresAt) {
      this.drop(key, e);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, e);
    this.counts.hits++;
    return e;
  }

  /**
   * Renders (once for concurrent requests of the same flight key and versions) and stores the answer under the
   * key `render` names (none: not stored). The expiry is read before rendering, as the versions were.
   */
  async fill<T extends CachedAnswer>(flightKey: string, at: SiteLookup, render: () => Promise<{ answer: T; storeKey: string | null }>): Promise<T> {
    const flight = `${flightKey}\n${at.siteVersion}\n${at.globalVersion}`;
    const running = this.inFlight.get(flight) as Promise<T> | undefined;
    if (running) {
      this.counts.hits++;
      return running;
    }
    this.counts.misses++;
    const work = (async () => {
      const expiresAt = await this.expiryOf(at);
      const { answer, storeKey } = await render();
      if (storeKey !== null && Date.now() < expiresAt) {
        const { status, contentType, body, variesByDevice } = answer;
        this.put(storeKey, { status, contentType, body, variesByDevice, siteVersion: at.siteVersion, globalVersion: at.globalVersion, expiresAt, bytes: (typeof body === 'string' ? Buffer.byteLength(body) : body.length) + storeKey.length + ENTRY_OVERHEAD });
      }
      return answer;
    })();
    this.inFlight.set(flight, work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(flight);
    }
  }

  private async expiryOf(at: SiteLookup): Promise<number> {
    const now = Date.now();
    const known = this.due.get(at.site.id);
    if (known && known.siteVersion === at.siteVersion && known.globalVersion === at.globalVersion && now < known.at) return known.at;
    const due = await nextChange(this.db, at.site.id, now);
    this.due.set(at.site.id, { siteVersion: at.siteVersion, globalVersion: at.globalVersion, at: due });
    return due;
  }

  private put(key: string, e: Entry) {
    // One answer may take an eighth of the cache at most.
    if (e.bytes > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, e);
    this.bytes += e.bytes;
    this.counts.stored++;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(k, v);
      this.counts.evicted++;
    }
  }

  private drop(key: string, e: Entry) {
    if (this.entries.get(key) !== e) return;
    this.entries.delete(key);
    this.bytes -= e.bytes;
  }
}

const caches = new WeakMap<object, PageCache>();

/** The app's page cache (one per app context; the public plugin creates it). */
export function pageCacheOf(app: FastifyInstance): PageCache | undefined {
  return caches.get(app.ctx);
}

export function installPageCache(app: FastifyInstance, maxBytes: number): PageCache {
  const writes = dbWrites(app.ctx.database);
  const cache = new PageCache(app.ctx.db, maxBytes, writes);
  caches.set(app.ctx, cache);
  app.ctx.caches.set('publicPages', { clear: () => cache.clear() });
  // Started whether or not pages are cached: sessions and column trees remembered in memory hear other processes'
  // writes through it too (issue 17). PostgreSQL only.
  listenForVersions(app, writes);
  return cache;
}

/**
 * Listens on channels site_versions (migration 0014) and sessions_changed (0017: logouts, revocations, admin, role
 * and admin-site changes) on PostgreSQL: every notification, a lost connection and a new one each move the writes
 * epoch, so versions, sessions and column trees read before them are read again (by every cache keyed on
 * server/http/dbWrites.ts epochs), within the notification's delivery of another process's commit.
 */
function listenForVersions(app: FastifyInstance, writes: DbWrites) {
  const unheard = () => {
    writes.othersHeard = false;
    writes.changed();
  };
  const listener = listenToChannels(app, ['site_versions', 'sessions_changed'], {
    heard: () => writes.changed(),
    listening: () => {
      writes.changed();
      writes.othersHeard = true;
    },
    lost: (err) => {
      unheard();
      app.log.warn({ err }, 'page cache: site_versions listener lost');
    },
  });
  // Once stopped (the app closing), nothing is heard any more.
  if (listener) app.addHook('onClose', async () => unheard());
}

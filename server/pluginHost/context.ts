import { and, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { categories, contents, plugins, sites, visits } from '../db/schema/index';
import type { AppContext } from '../http/context';
import type { PluginDefinition, PluginContext, PluginSettingsValues } from './types';
import { checkPluginSql, splitPlaceholders } from './sqlGuard';
import { requestRemote } from '../services/remoteFetch';
import { urls } from '../public/urls';
import { CONTENT_PUBLISHED } from '../../models/content';
import type { PluginManifest } from '../../models/plugin';

// The context a plugin receives: only the members its manifest's capabilities grant (the others are absent,
// not stubs). Outbound HTTP goes through the SSRF-safe client, SQL only reaches the plugin's own tables.

/** A plugin's settings with the manifest's defaults filled in. */
export function settingsWithDefaults(manifest: PluginManifest, stored: Record<string, unknown>): PluginSettingsValues {
  const out: PluginSettingsValues = {};
  for (const f of manifest.settings) {
    const v = stored[f.name];
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[f.name] = v;
    else if (f.default !== undefined) out[f.name] = f.default;
    else out[f.name] = f.type === 'switch' ? false : f.type === 'number' ? 0 : '';
  }
  return out;
}

/** Builds a parameterised SQL object from text with $1…$n placeholders. */
function withParams(sqlText: string, params: unknown[]): SQL {
  const chunks = splitPlaceholders(sqlText).map((p) => {
    if (typeof p === 'string') return sql.raw(p);
    if (p < 0 || p >= params.length) throw new Error(`parameter $${p + 1} missing`);
    return sql`${params[p]}`;
  });
  return sql.join(chunks, sql.raw(''));
}

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

export function createPluginContext(app: AppContext, def: PluginDefinition): PluginContext {
  const m = def.manifest;
  const caps = new Set(m.capabilities);
  const id = m.id;
  const ctx: PluginContext = {
    id,
    capabilities: caps,
    async settings() {
      const [row] = await app.db.select({ settings: plugins.settings }).from(plugins).where(eq(plugins.id, id));
      return settingsWithDefaults(m, row?.settings ?? {});
    },
    log(message, err) {
      console.error(`[plugin ${id}] ${message}`, err ?? '');
    },
  };
  if (caps.has('http.fetch')) {
    ctx.http = {
      async request(url, init) {
        const isForbidden = app.config.allowPrivateFetchForTests ? () => false : undefined;
        const res = await requestRemote(url, { method: init.method, headers: init.headers, body: init.body, timeoutMs: init.timeoutMs, isForbidden });
        return { status: res.status, body: res.body.toString('utf8') };
      },
    };
  }
  if (caps.has('db.own')) {
    ctx.db = {
      async query<T = Record<string, unknown>>(sqlText: string, params: unknown[] = []): Promise<T[]> {
        checkPluginSql(sqlText, id);
        return ((await app.db.execute(withParams(sqlText, params))) as unknown as { rows: T[] }).rows;
      },
    };
  }
  if (caps.has('content.read') || caps.has('content.write')) {
    ctx.content = {
      async read(contentId) {
        const [row] = await app.db
          .select({ id: contents.id, siteId: contents.siteId, title: contents.title, status: contents.status, catId: categories.id, catAlias: categories.alias })
          .from(contents)
          .innerJoin(categories, eq(categories.id, contents.categoryId))
          .where(and(eq(contents.id, contentId), isNull(contents.deletedAt)));
        if (!row) return null;
        const published = row.status === CONTENT_PUBLISHED;
        return { id: row.id, siteId: row.siteId, title: row.title, published, url: published ? urls.content({ id: row.catId, alias: row.catAlias }, row.id) : null };
      },
      async siteBaseUrl(siteId) {
        const [site] = await app.db.select({ domain: sites.domain }).from(sites).where(and(eq(sites.id, siteId), isNull(sites.deletedAt)));
        return site?.domain ? `http://${site.domain}` : null;
      },
    };
  }
  if (caps.has('stats.read')) {
    ctx.stats = {
      async daily(siteId, from, to) {
        // [from, to] in calendar days (UTC), at most a year.
        const start = new Date(`${from}T00:00:00Z`);
        const end = new Date(`${to}T00:00:00Z`);
        if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end < start) return [];
        end.setUTCDate(end.getUTCDate() + 1);
        if (end.getTime() - start.getTime() > 366 * 86_400_000) start.setTime(end.getTime() - 366 * 86_400_000);
        const day = sql<string>`to_char(${visits.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
        const rows = await app.db
          .select({ day, pv: sql<number>`count(*)`, uv: sql<number>`count(distinct ${visits.ip})` })
          .from(visits)
          .where(and(eq(visits.siteId, siteId), gte(visits.createdAt, start), lt(visits.createdAt, end)))
          .groupBy(day)
          .orderBy(day);
        const byDay = new Map(rows.map((r) => [r.day, r]));
        const out: Array<{ day: string; pv: number; uv: number }> = [];
        for (const d = new Date(start); d < end; d.setUTCDate(d.getUTCDate() + 1)) {
          const r = byDay.get(dayKey(d));
          out.push({ day: dayKey(d), pv: Number(r?.pv ?? 0), uv: Number(r?.uv ?? 0) });
        }
        return out;
      },
    };
  }
  return ctx;
}

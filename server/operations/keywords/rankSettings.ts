import { eq } from 'drizzle-orm';
import { rankSettings, sites } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import { iso } from '../../db/listing';
import { RankSettings, type RankSettingsView } from '../../../models/keyword';
import type { HttpRankProviderConfig } from '../../services/rankProvider';

// Each site's rank-provider settings; the API key is write-only.

export type RankSettingsRow = typeof rankSettings.$inferSelect;

/** "https://www.example.com/" or "example.com:8080" → "www.example.com". */
export function bareDomain(domain: string): string {
  return domain
    .trim()
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/[/:?#].*$/, '')
    .toLowerCase();
}

export async function siteDomain(db: Executor, siteId: number): Promise<string> {
  const [site] = await db.select({ domain: sites.domain }).from(sites).where(eq(sites.id, siteId));
  return bareDomain(site?.domain ?? '');
}

export async function readRankSettings(db: Executor, siteId: number): Promise<RankSettingsRow | undefined> {
  const [row] = await db.select().from(rankSettings).where(eq(rankSettings.siteId, siteId));
  return row;
}

export async function rankSettingsView(db: Executor, siteId: number): Promise<RankSettingsView> {
  const row = await readRankSettings(db, siteId);
  const d = RankSettings.parse({});
  const view = row
    ? {
        enabled: row.enabled,
        engine: row.engine as RankSettings['engine'],
        url_template: row.urlTemplate,
        results_path: row.resultsPath,
        result_url_path: row.resultUrlPath,
        result_position_path: row.resultPositionPath,
        position_path: row.positionPath,
        url_path: row.urlPath,
        indexed_path: row.indexedPath,
        interval_hours: row.intervalHours,
      }
    : { ...d, api_key: undefined };
  return { ...view, api_key: '', has_api_key: Boolean(row?.apiKey), last_run_at: iso(row?.lastRunAt), domain: await siteDomain(db, siteId) };
}

export async function saveRankSettings(db: Executor, siteId: number, s: RankSettings) {
  const values = {
    enabled: s.enabled,
    engine: s.engine,
    urlTemplate: s.url_template,
    resultsPath: s.results_path,
    resultUrlPath: s.result_url_path,
    resultPositionPath: s.result_position_path,
    positionPath: s.position_path,
    urlPath: s.url_path,
    indexedPath: s.indexed_path,
    intervalHours: s.interval_hours,
    updatedAt: new Date(),
    // A blank key keeps the stored one.
    ...(s.api_key ? { apiKey: s.api_key } : {}),
  };
  await db
    .insert(rankSettings)
    .values({ siteId, ...values })
    .onConflictDoUpdate({ target: rankSettings.siteId, set: values });
}

export function providerConfig(row: RankSettingsRow): HttpRankProviderConfig {
  return {
    urlTemplate: row.urlTemplate,
    apiKey: row.apiKey,
    resultsPath: row.resultsPath,
    resultUrlPath: row.resultUrlPath,
    resultPositionPath: row.resultPositionPath,
    positionPath: row.positionPath,
    urlPath: row.urlPath,
    indexedPath: row.indexedPath,
  };
}

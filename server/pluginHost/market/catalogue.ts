import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { settings } from '../../db/schema/index';
import { badRequest } from '../../http/errors';
import { fetchRemote, RemoteFetchError } from '../../services/remoteFetch';
import { Catalogue, PLUGIN_PACKAGE_LIMITS, type CatalogueEntry } from '../../../models/pluginMarket';
import type { AppContext } from '../../http/context';
import type { Executor } from '../../db/client';

// The catalogue: index.json listing signed packages, read from the local catalogue folder (the shipped one
// next to this file, or config.pluginCatalogueDir) or, when the super-admin configured 'plugin.market_url',
// fetched from that URL through the SSRF-safe client; packages are fetched relative to the index.

export const SHIPPED_CATALOGUE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'catalogue');
export const MARKET_URL_KEY = 'plugin.market_url';
const INDEX_MAX_BYTES = 1024 * 1024;

export async function getMarketUrl(db: Executor): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.key, MARKET_URL_KEY));
  return typeof row?.value === 'string' ? row.value : '';
}

export async function setMarketUrl(db: Executor, url: string) {
  await db
    .insert(settings)
    .values({ key: MARKET_URL_KEY, value: url, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value: url, updatedAt: new Date() } });
}

/** Where packages come from: a folder or a URL. */
export type CatalogueSource = { kind: 'dir'; dir: string } | { kind: 'url'; url: string };

export async function catalogueSource(ctx: Pick<AppContext, 'db' | 'config'>): Promise<CatalogueSource> {
  const url = await getMarketUrl(ctx.db);
  return url ? { kind: 'url', url } : { kind: 'dir', dir: ctx.config.pluginCatalogueDir ?? SHIPPED_CATALOGUE_DIR };
}

async function fetchFrom(ctx: Pick<AppContext, 'config'>, url: string, maxBytes: number, accept: string): Promise<Buffer> {
  try {
    const isForbidden = ctx.config.allowPrivateFetchForTests ? () => false : undefined;
    return (await fetchRemote(url, { maxBytes, accept, isForbidden, userAgent: 'Banyan-PluginMarket/1.0' })).bytes;
  } catch (err) {
    if (err instanceof RemoteFetchError) throw badRequest(`pluginMarket.fetch.${err.reason}`, { url });
    throw err;
  }
}

/** Reads and validates the catalogue index. */
export async function loadCatalogue(ctx: Pick<AppContext, 'db' | 'config'>, source?: CatalogueSource): Promise<{ source: CatalogueSource; catalogue: Catalogue }> {
  const src = source ?? (await catalogueSource(ctx));
  let raw: Buffer;
  if (src.kind === 'url') raw = await fetchFrom(ctx, src.url, INDEX_MAX_BYTES, 'application/json');
  else {
    try {
      raw = await fs.readFile(path.join(src.dir, 'index.json'));
    } catch {
      throw badRequest('pluginMarket.noCatalogue');
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('pluginMarket.badCatalogue');
  }
  const parsed = Catalogue.safeParse(json);
  if (!parsed.success) throw badRequest('pluginMarket.badCatalogue');
  return { source: src, catalogue: parsed.data };
}

/** The zip of a catalogue entry (not yet verified). */
export async function fetchPackageBytes(ctx: Pick<AppContext, 'config'>, source: CatalogueSource, entry: CatalogueEntry): Promise<Buffer> {
  if (entry.size > PLUGIN_PACKAGE_LIMITS.zipBytes) throw badRequest('plugin.pkgTooLarge', { max: `${PLUGIN_PACKAGE_LIMITS.zipBytes / 1024 / 1024} MB` });
  if (source.kind === 'url') return fetchFrom(ctx, new URL(entry.file, source.url).toString(), PLUGIN_PACKAGE_LIMITS.zipBytes, 'application/zip');
  try {
    // entry.file is a plain file name (CatalogueEntry), so it stays inside the folder.
    return await fs.readFile(path.join(source.dir, entry.file));
  } catch {
    throw badRequest('pluginMarket.packageMissing', { file: entry.file });
  }
}

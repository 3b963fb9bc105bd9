import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { columnsOf, listPublished } from './data';
import { urls } from './urls';
import { positionPaths } from './recruit';
import { publishedFormPaths } from './forms';
import { shared, type RunCache } from './lists';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * How a site's sitemap is split. A site with at most `chunk` listed items has one sitemap.xml (home, columns, every
 * item, careers, forms). A larger one has a sitemap index at sitemap.xml: sitemap-pages.xml (home, columns,
 * careers, forms) and one sitemap-<n>.xml per block of `chunk` item ids (ids n·chunk to (n+1)·chunk − 1), so
 * an edit rewrites the index and its item's block, never every item's line. (Tests lower `chunk`.)
 */
export const sitemapLimits = { chunk: 1_000 };
/** Items a single sitemap lists at most (under the protocol's 50,000 URLs with home, columns and the other pages). */
export const SITEMAP_ITEMS = 45_000;
/** Sitemaps an index lists at most (the protocol's 50,000). */
const INDEX_MAX = 49_999;

/** Which sitemap file: the whole one or the index (undefined), the site's other pages, or a block of item ids. */
export type SitemapPart = undefined | 'pages' | number;

const urlset = (lines: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;

/**
 * A sitemap file of one site (`part`: see SitemapPart), or null when the site has no such file (a block with no
 * listed item, a part of a site small enough for one sitemap).
 */
export async function sitemapXml(db: Executor, siteId: number, origin: string, part?: SitemapPart, cache?: RunCache): Promise<string | null> {
  const blocks = await sitemapBlocks(db, siteId, cache);
  const split = blocks.total > sitemapLimits.chunk;
  const columns = (await columnsOf(db, siteId)).filter((c) => c.type !== 3);
  const byId = new Map(columns.map((c) => [c.id, c]));
  const itemLines = (rows: Array<{ id: number; category_id: number; lastmod: string }>) =>
    rows.flatMap((e) => {
      const column = byId.get(e.category_id);
      return column ? [`<url><loc>${xmlEscape(origin + urls.content(column, e.id))}</loc><lastmod>${e.lastmod}</lastmod></url>`] : [];
    });
  const pageLines = async () => {
    const lines = [`<url><loc>${xmlEscape(origin + urls.home())}</loc></url>`];
    for (const c of columns) lines.push(`<url><loc>${xmlEscape(origin + urls.column(c))}</loc></url>`);
    // The careers list only when some position is open (an empty list page is no page for a search engine).
    const careers = await positionPaths(db, siteId);
    for (const p of [...(careers.length > 1 ? careers : []), ...(await publishedFormPaths(db, siteId))]) lines.push(`<url><loc>${xmlEscape(origin + p)}</loc></url>`);
    return lines;
  };
  if (part === undefined && !split) {
    // One sitemap: home, columns, items, then careers and forms (as before the index existed).
    const [home, ...rest] = await pageLines();
    const columnCount = columns.length;
    return urlset([home!, ...rest.slice(0, columnCount), ...itemLines(await sitemapRows(db, siteId)), ...rest.slice(columnCount)]);
  }
  if (!split) return null;
  if (part === undefined) {
    const files = [urls.sitemapPart('pages'), ...blocks.blocks.map((b) => urls.sitemapPart(b))].slice(0, INDEX_MAX);
    const entries = files.map((f) => `<sitemap><loc>${xmlEscape(origin + f)}</loc></sitemap>`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
  }
  if (part === 'pages') return urlset(await pageLines());
  if (!blocks.blocks.includes(part)) return null;
  return urlset(itemLines(await sitemapRows(db, siteId, part)));
}

/** The sitemap files a site has (sitemap.xml first), for static generation. */
export async function sitemapPaths(db: Executor, siteId: number, cache?: RunCache): Promise<string[]> {
  const blocks = await sitemapBlocks(db, siteId, cache);
  if (blocks.total <= sitemapLimits.chunk) return [urls.sitemap()];
  return [urls.sitemap(), urls.sitemapPart('pages'), ...blocks.blocks.slice(0, INDEX_MAX - 1).map((b) => urls.sitemapPart(b))];
}

/** The block of item ids that holds an item (its sitemap-<n>.xml when the site's sitemap is split). */
export const sitemapBlockOf = (id: number) => Math.floor(id / sitemapLimits.chunk);

/** The listed items' conditions (publishedOf in data.ts written out, with the live column), on contents `c`. */
const listed = (siteId: number, now: string) => sql`c.site_id = ${siteId} and c.status = 1 and c.deleted_at is null
      and (c.published_at is null or c.published_at <= ${now}::timestamptz)
      and exists (select 1 from categories k where k.id = c.category_id and k.deleted_at is null)`;

/**
 * How many items the sitemap lists (the maintained per-column counters: data.ts listPublished) and the blocks of
 * ids from its newest item's to its oldest's, newest first (a block in between may hold none: an empty part).
 * Neither read walks the site's items. Read once per run.
 */
function sitemapBlocks(db: Executor, siteId: number, cache?: RunCache): Promise<{ total: number; blocks: number[] }> {
  return shared(cache, 'sitemapBlocks', () => readSitemapBlocks(db, siteId));
}

async function readSitemapBlocks(db: Executor, siteId: number): Promise<{ total: number; blocks: number[] }> {
  const chunk = sitemapLimits.chunk;
  const columns = await columnsOf(db, siteId);
  const { total } = await listPublished(db, siteId, { categoryIds: columns.map((c) => c.id), page: 1, pageSize: 1 });
  if (total <= chunk) return { total, blocks: [] };
  // min and max by the primary key (the planner reads each end of it until an item is listed).
  const result = (await db.execute(sql`
    select min(c.id)::int as lo, max(c.id)::int as hi
    from contents c
    where ${listed(siteId, new Date().toISOString())}`)) as unknown as { rows: Array<{ lo: number | null; hi: number | null }> };
  const { lo, hi } = result.rows[0] ?? { lo: null, hi: null };
  if (lo === null || hi === null) return { total, blocks: [] };
  const blocks: number[] = [];
  for (let b = Math.floor(Number(hi) / chunk); b >= Math.floor(Number(lo) / chunk) && blocks.length < INDEX_MAX - 1; b--) blocks.push(b);
  return { total, blocks };
}

/**
 * Listed items' id, column and last change (its UTC day as text), newest id first: every item (up to
 * SITEMAP_ITEMS) or one block's. Read as plain text, with no timestamp parsed or row mapped per item.
 */
async function sitemapRows(db: Executor, siteId: number, block?: number): Promise<Array<{ id: number; category_id: number; lastmod: string }>> {
  const chunk = sitemapLimits.chunk;
  const range = block === undefined ? sql`` : sql` and c.id >= ${block * chunk} and c.id < ${(block + 1) * chunk}`;
  const result = (await db.execute(sql`
    select c.id, c.category_id, to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD') as lastmod
    from contents c
    where ${listed(siteId, new Date().toISOString())}${range}
    order by c.id desc
    limit ${SITEMAP_ITEMS}`)) as unknown as { rows: Array<{ id: number; category_id: number; lastmod: string }> };
  return result.rows;
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin/', 'Disallow: /api/', 'Disallow: /search/', `Sitemap: ${origin}${urls.sitemap()}`, ''].join('\n');
}

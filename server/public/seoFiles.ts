import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { columnsOf } from './data';
import { urls } from './urls';
import { positionPaths } from './recruit';
import { publishedFormPaths } from './forms';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** sitemap.xml of one site: home, its list columns, every published item, the careers pages and the published forms. */
export async function sitemapXml(db: Executor, siteId: number, origin: string): Promise<string> {
  const columns = (await columnsOf(db, siteId)).filter((c) => c.type !== 3);
  const byId = new Map(columns.map((c) => [c.id, c]));
  const lines = [`<url><loc>${xmlEscape(origin + urls.home())}</loc></url>`];
  for (const c of columns) lines.push(`<url><loc>${xmlEscape(origin + urls.column(c))}</loc></url>`);
  for (const e of await sitemapRows(db, siteId)) {
    const column = byId.get(e.category_id);
    if (!column) continue;
    lines.push(`<url><loc>${xmlEscape(origin + urls.content(column, e.id))}</loc><lastmod>${e.lastmod}</lastmod></url>`);
  }
  // The careers list only when some position is open (an empty list page is no page for a search engine).
  const careers = await positionPaths(db, siteId);
  for (const p of [...(careers.length > 1 ? careers : []), ...(await publishedFormPaths(db, siteId))]) lines.push(`<url><loc>${xmlEscape(origin + p)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

/** Items a sitemap lists at most (under the protocol's 50,000 URLs with home, columns and the other pages). */
export const SITEMAP_ITEMS = 45_000;

/**
 * Every published item's id, column and last change (its UTC day as text), newest id first: publishedOf's
 * conditions (data.ts) written out and read as plain text, with no timestamp
 * parsed or row mapped per item, since a content run writes the sitemap again after every edit.
 */
async function sitemapRows(db: Executor, siteId: number): Promise<Array<{ id: number; category_id: number; lastmod: string }>> {
  const now = new Date().toISOString();
  const result = (await db.execute(sql`
    select c.id, c.category_id, to_char(c.updated_at at time zone 'UTC', 'YYYY-MM-DD') as lastmod
    from contents c
    where c.site_id = ${siteId} and c.status = 1 and c.deleted_at is null
      and (c.published_at is null or c.published_at <= ${now}::timestamptz)
      and exists (select 1 from categories k where k.id = c.category_id and k.deleted_at is null)
    order by c.id desc
    limit ${SITEMAP_ITEMS}`)) as unknown as { rows: Array<{ id: number; category_id: number; lastmod: string }> };
  return result.rows;
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin/', 'Disallow: /api/', 'Disallow: /search/', `Sitemap: ${origin}${urls.sitemap()}`, ''].join('\n');
}

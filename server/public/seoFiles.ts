import type { Executor } from '../db/client';
import { columnsOf, sitemapEntries } from './data';
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
  for (const e of await sitemapEntries(db, siteId)) {
    const column = byId.get(e.categoryId);
    if (!column) continue;
    lines.push(`<url><loc>${xmlEscape(origin + urls.content(column, e.id))}</loc><lastmod>${e.updatedAt.toISOString().slice(0, 10)}</lastmod></url>`);
  }
  // The careers list only when some position is open (an empty list page is no page for a search engine).
  const careers = await positionPaths(db, siteId);
  for (const p of [...(careers.length > 1 ? careers : []), ...(await publishedFormPaths(db, siteId))]) lines.push(`<url><loc>${xmlEscape(origin + p)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin/', 'Disallow: /api/', 'Disallow: /search/', `Sitemap: ${origin}${urls.sitemap()}`, ''].join('\n');
}

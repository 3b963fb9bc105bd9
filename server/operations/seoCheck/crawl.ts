import type { FastifyInstance } from 'fastify';
import { renderPage } from '../../public/pages';
import { columnsOf, type ColumnRow, type SiteRow } from '../../public/data';
import { columnByKey } from '../../public/lists';
import { parsePath } from '../../public/urls';
import { yieldToRequests } from '../../jobs/runner';
import { internalPath, pageFacts, type PageFacts } from './pageFacts';
import type { SeoFix } from '../../../models/seoReport';

// The crawl of one diagnosis: the site's own pages through the public renderer, in-process (no network),
// from the home page along internal links, breadth-first, at most `limit` pages.

export interface CrawledPage {
  path: string;
  status: number;
  /** Null for answers that are not HTML pages (redirects, errors without a body worth reading). */
  facts: PageFacts | null;
  fix: SeoFix;
  /** Page 2+ of a list: shares its column's title on purpose. */
  paged: boolean;
}

export interface CrawlOptions {
  limit: number;
  onProgress: (checked: number, total: number) => Promise<void>;
  cancelled: () => boolean;
}

/** Paths the crawl never fetches as pages (files, and what robots.txt keeps out). */
const SKIPPED = [/^\/theme-assets\//, /^\/uploads\//, /^\/search\//, /^\/admin(\/|$)/, /^\/api(\/|$)/, /^\/contact\/\?sent=/];
export const crawlable = (path: string) => !SKIPPED.some((re) => re.test(path));

/** The admin screen that edits what a path shows. */
export function fixOf(path: string, columns: ColumnRow[]): SeoFix {
  const route = parsePath(path);
  if (route.kind === 'content') return { screen: 'content', id: route.id };
  if (route.kind === 'column') {
    const column = columnByKey(columns, route.key);
    if (column) return { screen: 'column', id: column.id };
  }
  return { screen: 'site' };
}

export const siteOrigin = (site: SiteRow) => `http://${site.domain || 'localhost'}`;

export interface SiteRenderer {
  origin: string;
  columns: ColumnRow[];
  /** Status of a path (rendered once, remembered). */
  statusOf(path: string): Promise<number>;
  render(path: string): ReturnType<typeof renderPage>;
}

export async function siteRenderer(app: FastifyInstance, site: SiteRow): Promise<SiteRenderer> {
  const origin = siteOrigin(site);
  const statuses = new Map<string, number>();
  const render = async (path: string) => {
    const result = await renderPage(app, site, path, { origin });
    statuses.set(path, result.status);
    return result;
  };
  return {
    origin,
    columns: await columnsOf(app.ctx.db, site.id),
    render,
    statusOf: async (path) => statuses.get(path) ?? (await render(path)).status,
  };
}

export async function crawlSite(renderer: SiteRenderer, opts: CrawlOptions): Promise<CrawledPage[]> {
  const queue = ['/'];
  const seen = new Set(queue);
  const pages: CrawledPage[] = [];
  const enqueue = (path: string) => {
    if (seen.has(path) || !crawlable(path) || seen.size >= opts.limit) return;
    seen.add(path);
    queue.push(path);
  };
  for (let path = queue.shift(); path !== undefined && !opts.cancelled(); path = queue.shift()) {
    const result = await renderer.render(path);
    const url = new URL(path, renderer.origin);
    const html = result.status < 300 && result.contentType.startsWith('text/html') ? String(result.body) : null;
    const facts = html === null ? null : pageFacts(html, url);
    const route = parsePath(path);
    pages.push({ path, status: result.status, facts, fix: fixOf(path, renderer.columns), paged: 'page' in route && route.page > 1 });
    if (result.location) {
      const target = internalPath(result.location, url);
      if (target) enqueue(target);
    }
    for (const link of facts?.links ?? []) enqueue(link);
    await opts.onProgress(pages.length, Math.max(seen.size, pages.length));
    await yieldToRequests();
  }
  return pages;
}

import type { ColumnRow, ContentRow } from './data';
import { contentView, teaserView, type ContentView, type TeaserView } from './view';

// The part of a detail page's data that is its own (its page title, its item, its related items), built from rows
// by one pure function: the public server's renderPage and a static run's render workers (which build detail pages
// from rows, server/public/render/workerMain.ts) give a template the same data. No database here: the render
// workers import this module.

/** Detail pages show at most this many related items (server/public/related.ts). */
export const RELATED_SHOWN = 5;

/** The site's own SEO texts, which a page's title, keywords and description fall back on. */
export interface SiteSeo {
  seo_title: string;
  seo_keywords: string;
  seo_description: string;
}

/** A page's title, keywords and description: its own, else the site's. */
export const seoOf = (site: SiteSeo, title: string, keywords = '', description = '') => ({
  title: title ? `${title} - ${site.seo_title}` : site.seo_title,
  keywords: keywords || site.seo_keywords,
  description: description || site.seo_description,
});

/** An item as a list or related block shows it: its whole view when the theme reads listed bodies, else a teaser. */
export const listedView = (row: ContentRow, column: ColumnRow | undefined, tags: Array<{ id: number; name: string }> | undefined, bodies: boolean): ContentView | TeaserView => {
  const view = contentView(row, column, tags);
  return bodies ? view : teaserView(view);
};

/** A detail page's own data: `related` are the listed views of the items after it in its column, in order. */
export const detailParts = (site: SiteSeo, column: ColumnRow, row: ContentRow, tags: Array<{ id: number; name: string }> | undefined, related: Array<ContentView | TeaserView>) => ({
  page: { kind: 'detail', ...seoOf(site, row.title, row.keywords, row.description) },
  content: contentView(row, column, tags),
  related: related.filter((r) => r.id !== row.id).slice(0, RELATED_SHOWN),
});

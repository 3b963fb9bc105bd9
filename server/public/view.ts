import fs from 'node:fs/promises';
import path from 'node:path';
import type { WebsiteSettings } from '../../models/website';
import type { ColumnRow, ContentRow, SiteRow } from './data';
import { urls } from './urls';
import { AD_KIND_CODE } from '../../models/adKinds';

// Rows turned into the plain objects templates see (snake_case, URLs filled in, nothing else).

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');
const safeLink = (url: string) => (/^(https?:\/\/|\/)/i.test(url.trim()) ? url.trim() : '');

export function siteView(site: SiteRow, settings: WebsiteSettings) {
  return {
    id: site.id,
    name: site.name,
    domain: site.domain,
    language: settings.language,
    html_lang: settings.language === 'zh' ? 'zh-CN' : 'en',
    logo: settings.logo,
    dark_logo: settings.dark_logo,
    favicon: settings.favicon,
    icp_number: settings.icp_number,
    icp_link: settings.icp_link,
    police_number: settings.police_number,
    police_link: settings.police_link,
    author: settings.author,
    grey_out: settings.grey_out,
    statistics_code: settings.statistics_code,
    customer_service_code: settings.customer_service_code,
    seo_title: settings.seo_title || site.name,
    seo_keywords: settings.seo_keywords,
    seo_description: settings.seo_description,
    home_url: urls.home(),
    search_url: urls.search(),
    contact_url: urls.contact(),
    jobs_url: urls.positions(),
  };
}

export function columnView(c: ColumnRow) {
  const external = c.type === 3 ? safeLink(c.linkUrl) : '';
  return {
    id: c.id,
    parent_id: c.parentId,
    title: c.title,
    alias: c.alias,
    type: c.type,
    image: c.image,
    description: c.description,
    content: c.content,
    url: external || urls.column(c),
    external: Boolean(external),
  };
}
export type ColumnView = ReturnType<typeof columnView>;

export interface NavItem extends ColumnView {
  active: boolean;
  children: NavItem[];
}

/** Shown columns as a tree; `activeIds` marks the current column and its ancestors. */
export function navTree(columns: ColumnRow[], activeIds: ReadonlySet<number>): NavItem[] {
  const shown = columns.filter((c) => c.status === 1);
  const ids = new Set(shown.map((c) => c.id));
  const build = (parentId: number, depth: number): NavItem[] =>
    depth > 5
      ? []
      : shown
          .filter((c) => (parentId === 0 ? c.parentId === 0 || !ids.has(c.parentId) : c.parentId === parentId))
          .map((c) => ({ ...columnView(c), active: activeIds.has(c.id), children: build(c.id, depth + 1) }));
  return build(0, 0);
}

/** A column and everything below it. */
export function descendantIds(columns: ColumnRow[], rootId: number): number[] {
  const out = [rootId];
  for (let i = 0; i < out.length && out.length < 10_000; i++) {
    for (const c of columns) if (c.parentId === out[i] && !out.includes(c.id)) out.push(c.id);
  }
  return out;
}

export function ancestorIds(columns: ColumnRow[], id: number): Set<number> {
  const byId = new Map(columns.map((c) => [c.id, c]));
  const out = new Set<number>();
  let cur = byId.get(id);
  while (cur && !out.has(cur.id)) {
    out.add(cur.id);
    cur = byId.get(cur.parentId);
  }
  return out;
}

export function contentView(row: ContentRow, column: ColumnRow | undefined, tags: Array<{ id: number; name: string }> = []) {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    author: row.author,
    source: row.source,
    thumbnail: row.thumbnail,
    keywords: row.keywords,
    description: row.description,
    body: row.body,
    fields: row.fields,
    is_top: row.isTop,
    is_recommend: row.isRecommend,
    views: row.views,
    published_at: (row.publishedAt ?? row.createdAt).toISOString(),
    date: day(row.publishedAt ?? row.createdAt),
    url: column ? urls.content(column, row.id) : '',
    column: column ? { id: column.id, title: column.title, url: urls.column(column) } : null,
    tags: tags.map((t) => ({ ...t, url: urls.tag(t.id) })),
  };
}

export type ContentView = ReturnType<typeof contentView>;
/** An item as lists and related blocks show it: without its body when the theme never reads a listed item's body. */
export type TeaserView = Omit<ContentView, 'body'> & { body?: string };

/** The item's view without its body (a list's or related block's teaser). */
export function teaserView(view: ContentView): TeaserView {
  const { body: _body, ...teaser } = view;
  return teaser;
}

/** Liquid tags and outputs of a template text. */
const LIQUID_REGIONS = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;
/** `body` read anywhere but as `content.body` (the detail page's own item), e.g. `item.body`, `x["body"]`. */
const OTHER_BODY = /(?<!\bcontent\.)\bbody\b/;
/** `content` bound to something else (a loop variable, an assignment, a render parameter). */
const CONTENT_REBOUND = /\b(for|assign|capture|as|tablerow)\s+content\b|\bcontent\s*:/;
const THEME_FILES_SCANNED = 2000;
const THEME_FILE_MAX = 512 * 1024;

/**
 * Whether any file of a theme folder may read the body of an item other than the detail page's own `content`
 * (a listed item's, a related item's): then lists and related blocks carry bodies, otherwise only teasers. Every
 * file is scanned (templates may include any file of the folder), and any doubt (a file that cannot be read, too
 * many files, `content` bound to another value) answers yes.
 */
export async function themeReadsListedBodies(themeDir: string): Promise<boolean> {
  const files: string[] = [];
  const walk = async (dir: string): Promise<boolean> => {
    const entries = await fs.readdir(dir, { withFileTypes: true });
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!(await walk(full))) return false;
      } else if (e.isFile()) {
        if (files.length >= THEME_FILES_SCANNED) return false;
        files.push(full);
      } else return false;
    }
    return true;
  };
  try {
    if (!(await walk(themeDir))) return true;
    for (const file of files) {
      const stat = await fs.stat(file);
      if (stat.size > THEME_FILE_MAX) {
        if (/\.liquid$/i.test(file)) return true;
        continue;
      }
      const text = await fs.readFile(file, 'utf8');
      for (const region of text.match(LIQUID_REGIONS) ?? []) {
        if (OTHER_BODY.test(region) || CONTENT_REBOUND.test(region)) return true;
      }
    }
    return false;
  } catch {
    return true;
  }
}

export interface Pager {
  page: number;
  pages: number;
  total: number;
  prev_url: string;
  next_url: string;
  items: Array<{ number: number; url: string; current: boolean }>;
}

/** How many pages a list of `total` items has (an empty list still has its first page). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** Page links around the current page (at most 9). */
export function pager(page: number, pageSize: number, total: number, urlOf: (n: number) => string): Pager {
  const pages = pageCount(total, pageSize);
  const from = Math.max(1, Math.min(page - 4, pages - 8));
  const to = Math.min(pages, from + 8);
  const items = [];
  for (let n = from; n <= to; n++) items.push({ number: n, url: urlOf(n), current: n === page });
  return {
    page,
    pages,
    total,
    prev_url: page > 1 ? urlOf(page - 1) : '',
    next_url: page < pages ? urlOf(page + 1) : '',
    items,
  };
}

type AdRow = { id: number; position: string; title: string; kind: number; image: string; link: string; code: string };

/**
 * Live ads by position ("home-top" → its ads in sort order): templates show a position with
 * `{% for ad in ads["home-top"] %}`. An image ad has `image` and `link`; a code ad (`is_code`) its HTML in
 * `code`, which only super-admins can save and templates output with `| raw`.
 */
export function adsView(rows: AdRow[]): Record<string, Array<{ id: number; title: string; is_code: boolean; image: string; link: string; code: string }>> {
  // No prototype: a position is any text an admin types (even "__proto__").
  const out: Record<string, Array<{ id: number; title: string; is_code: boolean; image: string; link: string; code: string }>> = Object.create(null);
  for (const r of rows) {
    const isCode = r.kind === AD_KIND_CODE;
    (out[r.position] ??= []).push({ id: r.id, title: r.title, is_code: isCode, image: isCode ? '' : r.image, link: isCode ? '' : safeLink(r.link), code: isCode ? r.code : '' });
  }
  return out;
}

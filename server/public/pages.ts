import type { FastifyInstance } from 'fastify';
import { settingsOf } from '../operations/websiteSettings';
import { ThemeRenderer } from './render/engine';
import { readThemeMeta, readThemeStrings, resolveTheme } from './themes';
import { columnsOf, listPublished, publishedById, siteById, slidesOf, tagById, tagsByContent, type ColumnRow, type SiteRow } from './data';
import { loadSiteMenus } from '../operations/navMenus';
import type { SiteMenuItem } from '../../models/navMenu';
import { ancestorIds, columnView, contentView, descendantIds, navTree, pager, siteView } from './view';
import { parsePath, urls } from './urls';
import { readAsset } from './assets';
import { robotsTxt, sitemapXml } from './seoFiles';

/** Menu items in the shape the header's column navigation has. */
interface NavEntry {
  title: string;
  url: string;
  external: boolean;
  active: boolean;
  children: NavEntry[];
}
const menuNav = (items: SiteMenuItem[]): NavEntry[] =>
  items.map((i) => ({ title: i.title, url: i.url, external: i.new_window, active: false, children: menuNav(i.children) }));

export interface PageResult {
  status: number;
  contentType: string;
  body: string | Buffer;
  /** Set for redirects (external-link columns). */
  location?: string;
  /** The render failure behind a 500, for the log. */
  error?: unknown;
}

export interface RenderPageOptions {
  /** Scheme and host for absolute URLs (sitemap, robots, canonical); defaults to http://<site domain>. */
  origin?: string;
}

const HTML = 'text/html; charset=utf-8';
const HOME_LATEST = 8;
const SEARCH_PAGE_SIZE = 10;
const renderers = new WeakMap<FastifyInstance, ThemeRenderer>();

/** The app's theme renderer (parsed templates are kept until the 'publicThemes' cache is cleared). */
export function rendererOf(app: FastifyInstance): ThemeRenderer {
  let r = renderers.get(app);
  if (!r) {
    const created = new ThemeRenderer();
    r = created;
    renderers.set(app, created);
    app.ctx.caches.set('publicThemes', { clear: () => created.clear() });
  }
  return r;
}

const errorPage = (status: number, error?: unknown): PageResult => ({
  status,
  contentType: HTML,
  body: `<!doctype html><meta charset="utf-8"><title>${status}</title><h1>${status}</h1>`,
  error,
});

/**
 * Renders one public path of a site the way the HTTP server answers it, without HTTP: the static generator
 * uses this. `site` is a site row or id; the path may carry a query string (search).
 */
export async function renderPage(app: FastifyInstance, siteOrId: SiteRow | number, path: string, opts: RenderPageOptions = {}): Promise<PageResult> {
  const db = app.ctx.db;
  const site = typeof siteOrId === 'number' ? await siteById(db, siteOrId) : siteOrId;
  if (!site) return errorPage(404);
  const origin = opts.origin ?? `http://${site.domain}`;
  const route = parsePath(path);
  if (route.kind === 'robots') return { status: 200, contentType: 'text/plain; charset=utf-8', body: robotsTxt(origin) };
  if (route.kind === 'sitemap') return { status: 200, contentType: 'application/xml; charset=utf-8', body: await sitemapXml(db, site.id, origin) };

  const settings = settingsOf(site.settings);
  const themeSiteId = settings.template_sharing && site.parentId ? site.parentId : site.id;
  const theme = await resolveTheme(app.ctx.config.dataDir, themeSiteId);
  if (route.kind === 'asset') {
    const asset = await readAsset(theme.dir, route.file);
    return asset ? { status: 200, ...asset } : errorPage(404);
  }

  const renderer = rendererOf(app);
  const columns = await columnsOf(db, site.id);
  const [meta, strings] = await Promise.all([readThemeMeta(theme.dir), readThemeStrings(theme.dir, settings.language)]);
  const siteData = siteView(site, settings);
  // Front-end menus (/NavCate/index) by key; a 'main' menu replaces the column navigation in the header.
  const menus = await loadSiteMenus(db, site.id, (link) => (link.type === 'column' ? urls.column(link.column) : urls.content(link.column, link.contentId)));
  const mainMenu = menus.main ? menuNav(menus.main.items) : null;
  const base = (activeColumn?: number) => ({
    site: siteData,
    t: strings,
    theme: { name: meta.name, version: meta.version, asset_base: urls.asset('') },
    nav: mainMenu ?? navTree(columns, activeColumn ? ancestorIds(columns, activeColumn) : new Set()),
    menus,
  });
  const seo = (title: string, keywords = '', description = '') => ({
    title: title ? `${title} - ${siteData.seo_title}` : siteData.seo_title,
    keywords: keywords || siteData.seo_keywords,
    description: description || siteData.seo_description,
  });
  const render = async (template: string, data: Record<string, unknown>, status = 200): Promise<PageResult> => {
    try {
      return { status, contentType: HTML, body: await renderer.render(theme.dir, template, data) };
    } catch (error) {
      return errorPage(500, error);
    }
  };
  const notFound = () => render('404', { ...base(), page: { kind: '404', ...seo(strings.not_found ?? '404') } }, 404);
  const templateOr = async (name: string, fallback: string) => (name && (await renderer.has(theme.dir, name)) ? name : fallback);
  const columnByKey = (key: string): ColumnRow | undefined =>
    columns.find((c) => c.alias === key) ?? (/^\d+$/.test(key) ? columns.find((c) => c.id === Number(key)) : undefined);
  const withTags = async (rows: Awaited<ReturnType<typeof listPublished>>['rows']) => {
    const tagMap = await tagsByContent(db, rows.map((r) => r.id));
    const byId = new Map(columns.map((c) => [c.id, c]));
    return rows.map((r) => contentView(r, byId.get(r.categoryId), tagMap.get(r.id)));
  };

  switch (route.kind) {
    case 'home': {
      const [latest, recommended, slideRows] = await Promise.all([
        listPublished(db, site.id, { page: 1, pageSize: HOME_LATEST }),
        listPublished(db, site.id, { page: 1, pageSize: HOME_LATEST, recommend: true }),
        slidesOf(db, site.id),
      ]);
      const slides = slideRows.map((s) => ({ id: s.id, title: s.title, image: s.image, link: s.link, group: s.groupKey }));
      return render('index', {
        ...base(),
        page: { kind: 'home', ...seo('') },
        latest: await withTags(latest.rows),
        recommended: await withTags(recommended.rows),
        slides,
        columns: columns.filter((c) => c.status === 1 && c.parentId === 0 && c.type === 1).map(columnView),
      });
    }
    case 'column': {
      const column = columnByKey(route.key);
      if (!column) return notFound();
      const view = columnView(column);
      if (view.external) return { status: 302, contentType: HTML, body: '', location: view.url };
      const common = { ...base(column.id), column: view, page: { kind: column.type === 2 ? 'page' : 'list', ...seo(column.seoTitle || column.title, column.seoKeywords, column.seoDescription || column.description) } };
      if (column.type === 2) return render(await templateOr(column.listTemplate, 'page'), common);
      const pageSize = Math.min(Math.max(column.pageSize, 1), 100);
      const list = await listPublished(db, site.id, { categoryIds: descendantIds(columns, column.id), page: route.page, pageSize });
      if (route.page > 1 && !list.rows.length) return notFound();
      return render(await templateOr(column.listTemplate, 'list'), {
        ...common,
        children: columns.filter((c) => c.parentId === column.id && c.status === 1).map(columnView),
        contents: await withTags(list.rows),
        pager: pager(route.page, pageSize, list.total, (n) => urls.column(column, n)),
      });
    }
    case 'content': {
      const column = columnByKey(route.key);
      const row = column ? await publishedById(db, site.id, route.id) : undefined;
      if (!column || !row || row.categoryId !== column.id) return notFound();
      const [content] = await withTags([row]);
      const related = await listPublished(db, site.id, { categoryIds: [column.id], page: 1, pageSize: 6 });
      return render(await templateOr(column.detailTemplate, 'detail'), {
        ...base(column.id),
        page: { kind: 'detail', ...seo(row.title, row.keywords, row.description) },
        column: columnView(column),
        content,
        related: (await withTags(related.rows.filter((r) => r.id !== row.id))).slice(0, 5),
      });
    }
    case 'tag': {
      const tag = await tagById(db, site.id, route.id);
      if (!tag) return notFound();
      const pageSize = 10;
      const list = await listPublished(db, site.id, { tagId: tag.id, page: route.page, pageSize });
      if (route.page > 1 && !list.rows.length) return notFound();
      return render('tag', {
        ...base(),
        page: { kind: 'tag', ...seo(tag.name, tag.name, tag.description) },
        tag: { id: tag.id, name: tag.name, description: tag.description, url: urls.tag(tag.id) },
        contents: await withTags(list.rows),
        pager: pager(route.page, pageSize, list.total, (n) => urls.tag(tag.id, n)),
      });
    }
    case 'search': {
      const list = route.q ? await listPublished(db, site.id, { q: route.q, page: route.page, pageSize: SEARCH_PAGE_SIZE }) : { rows: [], total: 0 };
      return render('search', {
        ...base(),
        page: { kind: 'search', ...seo(route.q || (strings.search ?? 'Search')) },
        q: route.q,
        contents: await withTags(list.rows),
        pager: pager(route.page, SEARCH_PAGE_SIZE, list.total, (n) => urls.search(route.q, n)),
      });
    }
    default:
      return notFound();
  }
}

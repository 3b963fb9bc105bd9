import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { settingsOf } from '../operations/websiteSettings';
import { ThemeRenderer, type PageRenderer } from './render/engine';
import { DEFAULT_THEME_DIR, readThemeMeta, readThemeStrings, resolveTheme, type ThemeDevice } from './themes';
import { INQUIRY_FIELDS, INQUIRY_HONEYPOT, INQUIRY_MAX, type InquiryField, type InquiryValues } from '../../models/inquiry';
import { columnsOf, liveAdsOf, listPublished, publishedById, publishedByIds, siteById, slidesOf, tagById, tagsByContent, type ColumnRow, type ContentRow, type SiteRow } from './data';
import { loadSiteMenus } from '../operations/navMenus';
import type { SiteMenuItem } from '../../models/navMenu';
import { friendLinksView, publicLinksOf } from '../operations/links/publicLinks';
import { adsView, ancestorIds, columnView, descendantIds, navTree, pager, siteView, themeReadsListedBodies } from './view';
import { parsePath, urls } from './urls';
import { readAsset } from './assets';
import { expandFormMarkers, formView, publishedForm } from './forms';
import type { FormHtmlState } from './formHtml';
import { applyFormView, listedPositions, positionById, positionViews, POSITION_PAGE_SIZE, type ApplyFormState } from './recruit';
import { robotsTxt, sitemapXml } from './seoFiles';
import { pluginInjections } from './pluginInjections';
import { relatedRowsOf } from './related';
import { detailParts, listedView, seoOf } from './detailData';
import { getCompanySettings } from '../operations/companySettings';
import {
  columnByKey as columnOf,
  columnOrder,
  columnPageSize,
  shared as sharedRead,
  stableView,
  TAG_PAGE_SIZE,
  type RunCache,
} from './lists';

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
  /** The answer depends on the visitor's device (a separate mobile theme): caches must vary on User-Agent. */
  variesByDevice?: boolean;
  /** The render failure behind a 500, for the log. */
  error?: unknown;
}

export interface RenderPageOptions {
  /** Scheme and host for absolute URLs (sitemap, robots, canonical); defaults to http://<site domain>. */
  origin?: string;
  /** The visitor's device; 'mobile' renders with the site's mobile theme while PC/mobile sharing is off. */
  device?: ThemeDevice;
  /** The contact page after a refused post: the values sent and the message of each field (site's language). */
  contactForm?: ContactFormState;
  /** A form page after a refused post: the values sent, the message of each field, the form's message. */
  formState?: FormHtmlState;
  /** The status of that answer (422 invalid, 429 too many). */
  formStatus?: number;
  /** A position's page after a refused application: the values sent and each field's message. */
  applyForm?: ApplyFormState;
  /**
   * Reads shared by the pages of one static generation run (theme, columns, menus, home and related lists):
   * each is read once per run instead of once per page. The live server passes none, so it always reads fresh.
   */
  runCache?: RunCache;
  /** Leaves out the enabled plugins' page.render injections (the caller applies them: server/public/plugin.ts). */
  withoutPluginInjections?: boolean;
}


export interface ContactFormState {
  values: InquiryValues;
  errors: Partial<Record<InquiryField, string>>;
  /** A message about the whole form (too many posts, fix the marked fields). */
  error: string;
  status: number;
}

type TagList = Array<{ id: number; name: string }> | undefined;
const HTML = 'text/html; charset=utf-8';
const HOME_LATEST = 8;
const SEARCH_PAGE_SIZE = 10;
const renderers = new WeakMap<FastifyInstance, PageRenderer>();

/** The app as renderPage sees it, rendering its pages with this renderer (static generation: a worker-thread pool of its own). */
export function withRenderer(app: FastifyInstance, renderer: PageRenderer): FastifyInstance {
  const own = Object.create(app) as FastifyInstance;
  renderers.set(own, renderer);
  return own;
}

/** The live renderer of each app (by its context: every plugin instance of the app, and the static runs, share it). */
const liveRenderers = new WeakMap<object, ThemeRenderer>();

/**
 * The app's theme renderer (parsed templates are kept until the 'publicThemes' cache is cleared). One per app
 * context, whichever plugin instance asks: a second one would take over 'publicThemes', and a theme change would
 * then leave the live pages' templates as they were.
 */
export function rendererOf(app: FastifyInstance): PageRenderer {
  const chosen = renderers.get(app);
  if (chosen) return chosen;
  let live = liveRenderers.get(app.ctx);
  if (!live) {
    const created = new ThemeRenderer();
    live = created;
    liveRenderers.set(app.ctx, created);
    app.ctx.caches.set('publicThemes', { clear: () => created.clear() });
  }
  return live;
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
  if (route.kind === 'sitemap') {
    const body = await sitemapXml(db, site.id, origin, route.part, opts.runCache);
    return body === null ? errorPage(404) : { status: 200, contentType: 'application/xml; charset=utf-8', body };
  }

  const shared = <T>(key: string, read: () => Promise<T>): Promise<T> => sharedRead(opts.runCache, key, read);
  const stable = <T>(key: string, make: () => T): T => stableView(opts.runCache, key, make);
  const settings = settingsOf(site.settings);
  const device = opts.device ?? 'pc';
  const { theme, variesByDevice } = await shared(`theme:${device}`, () => themeOf(app, site, device));
  if (route.kind === 'asset') {
    const asset = await readAsset(theme.dir, route.file);
    return asset ? { status: 200, ...asset, variesByDevice } : { ...errorPage(404), variesByDevice };
  }

  const renderer = rendererOf(app);
  const columns = await shared('columns', () => columnsOf(db, site.id));
  const [meta, strings] = await Promise.all([
    shared(`meta:${theme.dir}`, () => readThemeMeta(theme.dir)),
    shared(`strings:${theme.dir}`, () => readThemeStrings(theme.dir, settings.language)),
  ]);
  // In a run, the values every page shows (site, theme, navigation, ads, links, columns) are the same objects on
  // every page: the render pool serializes an object it has seen once (render/pool.ts), not once per page.
  const siteData = stable('view:site', () => siteView(site, settings));
  // Front-end menus (/NavCate/index) by key; a 'main' menu replaces the column navigation in the header.
  const menus = await shared('menus', () => loadSiteMenus(db, site.id, (link) => (link.type === 'column' ? urls.column(link.column) : urls.content(link.column, link.contentId))));
  const mainMenu = menus.main ? stable('view:mainMenu', () => menuNav(menus.main!.items)) : null;
  // Live ads by position (/Advertisement/index); ad changes queue a static run (regeneratingSitesOnChange).
  const adRows = await shared('ads', () => liveAdsOf(db, site.id));
  const ads = stable('view:ads', () => adsView(adRows));
  // Active friendly links (/Link/index) for the footer; link changes queue a static run as ads do.
  const linkRows = await shared('friendLinks', () => publicLinksOf(db, site.id));
  const friendLinks = stable('view:friendLinks', () => friendLinksView(linkRows));
  // The company of the system settings (name, phone, email, address); a change queues every site's static run.
  const company = await shared('company', () => getCompanySettings(db));
  const base = (activeColumn?: number) => ({
    site: siteData,
    t: strings,
    theme: stable(`view:theme:${theme.dir}`, () => ({ name: meta.name, version: meta.version, asset_base: urls.asset('') })),
    nav: mainMenu ?? stable(`view:nav:${activeColumn ?? 0}`, () => navTree(columns, activeColumn ? ancestorIds(columns, activeColumn) : new Set())),
    menus,
    ads,
    friend_links: friendLinks,
    company,
  });
  const seo = (title: string, keywords = '', description = '') => seoOf(siteData, title, keywords, description);
  const render = async (template: string, data: Record<string, unknown>, status = 200, themeDir = theme.dir): Promise<PageResult> => {
    try {
      const html = await renderer.render(themeDir, template, data);
      // {% form 'code' %} leaves markers the published forms' markup replaces (server/public/forms.ts).
      const page = await expandFormMarkers(db, site.id, settings.language, html);
      // Enabled plugins' head and body injections (page.render), in static output too.
      // (The live server's page cache applies them itself on every answer: withoutPluginInjections.)
      return { status, contentType: HTML, body: opts.withoutPluginInjections ? page : await pluginInjections(app, site.id, path, route.kind, page), variesByDevice };
    } catch (error) {
      return errorPage(500, error);
    }
  };
  const notFound = () => render('404', { ...base(), page: { kind: '404', ...seo(strings.not_found ?? '404') } }, 404);
  const templateOr = async (name: string, fallback: string) => (name && (await renderer.has(theme.dir, name)) ? name : fallback);
  const columnByKey = (key: string) => columnOf(columns, key);
  const columnData = (column: ColumnRow) => stable(`view:column:${column.id}`, () => columnView(column));
  const withTags = async (rows: Awaited<ReturnType<typeof listPublished>>['rows']) => {
    const cachedTags = opts.runCache && rows.every((r) => opts.runCache!.has(`tags:${r.id}`));
    const tagMap = cachedTags
      ? new Map(await Promise.all(rows.map(async (r) => [r.id, await (opts.runCache!.get(`tags:${r.id}`) as Promise<TagList>)] as const)))
      : await tagsByContent(db, rows.map((r) => r.id));
    const byId = new Map(columns.map((c) => [c.id, c]));
    // A run's lists and related blocks carry teasers (no body) unless the theme reads a listed item's body:
    // the render workers get less to copy. (The live server keeps the whole view.)
    const bodies = !opts.runCache || (await listedBodiesInRun(opts.runCache, theme.dir));
    // In a run an item's row and tags are fixed: its view is built once for every page that lists it.
    return rows.map((r) => stable(`view:${bodies ? 'item' : 'teaser'}:${r.id}`, () => listedView(r, byId.get(r.categoryId), tagMap.get(r.id), bodies)));
  };

  switch (route.kind) {
    case 'home': {
      const [latest, recommended, slideRows] = await Promise.all([
        listPublished(db, site.id, { page: 1, pageSize: HOME_LATEST, withoutTotal: true }),
        listPublished(db, site.id, { page: 1, pageSize: HOME_LATEST, recommend: true, withoutTotal: true }),
        slidesOf(db, site.id),
      ]);
      const slides = slideRows.map((s) => ({ id: s.id, title: s.title, image: s.image, link: s.link, group: s.groupKey }));
      return render('index', {
        ...base(),
        page: { kind: 'home', ...seo('') },
        latest: await withTags(latest.rows),
        recommended: await withTags(recommended.rows),
        slides,
        columns: stable('view:homeColumns', () => columns.filter((c) => c.status === 1 && c.parentId === 0 && c.type === 1).map(columnView)),
      });
    }
    case 'column': {
      const column = columnByKey(route.key);
      if (!column) return notFound();
      const view = columnData(column);
      if (view.external) return { status: 302, contentType: HTML, body: '', location: view.url };
      const common = { ...base(column.id), column: view, page: { kind: column.type === 2 ? 'page' : 'list', ...seo(column.seoTitle || column.title, column.seoKeywords, column.seoDescription || column.description) } };
      if (column.type === 2) return render(await templateOr(column.listTemplate, 'page'), common);
      const pageSize = columnPageSize(column);
      // A run reads the column's order once and pages through it; the live server reads just its page.
      const list = opts.runCache
        ? await columnOrder(db, site.id, columns, column, opts.runCache).then(async (ids) => {
            const from = (route.page - 1) * pageSize;
            const pageIds = ids.slice(from, from + pageSize);
            if (pageIds.some((id) => !opts.runCache!.has(`published:${id}`))) {
              await prefetchContents(db, site.id, ids.slice(from, from + pageSize * LIST_PREFETCH_PAGES), opts.runCache!);
            }
            const rows = await Promise.all(pageIds.map((id) => opts.runCache!.get(`published:${id}`) as Promise<ContentRow | undefined>));
            return { rows: rows.filter((r): r is ContentRow => Boolean(r)), total: ids.length };
          })
        : await listPublished(db, site.id, { categoryIds: descendantIds(columns, column.id), page: route.page, pageSize });
      if (route.page > 1 && !list.rows.length) return notFound();
      return render(await templateOr(column.listTemplate, 'list'), {
        ...common,
        children: stable(`view:children:${column.id}`, () => columns.filter((c) => c.parentId === column.id && c.status === 1).map(columnView)),
        contents: await withTags(list.rows),
        pager: pager(route.page, pageSize, list.total, (n) => urls.column(column, n)),
      });
    }
    case 'content': {
      const column = columnByKey(route.key);
      const row = column ? await shared(`published:${route.id}`, () => publishedById(db, site.id, route.id)) : undefined;
      if (!column || !row || row.categoryId !== column.id) return notFound();
      // Related: the next items after this one in its column (server/public/related.ts).
      const [tags, related] = await Promise.all([
        shared(`tags:${row.id}`, async () => (await tagsByContent(db, [row.id])).get(row.id)),
        relatedRowsOf(db, site.id, columns, row, opts.runCache).then(withTags),
      ]);
      // (A static run's render workers build this page's data from the same parts: static/detailPages.ts.)
      return render(await templateOr(column.detailTemplate, 'detail'), {
        ...base(column.id),
        column: columnData(column),
        ...detailParts(siteData, column, row, tags, related),
      });
    }
    case 'tag': {
      const tag = await tagById(db, site.id, route.id);
      if (!tag) return notFound();
      const pageSize = TAG_PAGE_SIZE;
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
    case 'form': {
      // A published form (/Form/index); a theme without a form template gets the shipped default theme's.
      const row = await publishedForm(db, site.id, route.code);
      if (!row) return notFound();
      const own = await renderer.has(theme.dir, 'form');
      const formDir = own ? theme.dir : DEFAULT_THEME_DIR;
      const formStrings = own ? strings : { ...(await shared(`strings:${DEFAULT_THEME_DIR}`, () => readThemeStrings(DEFAULT_THEME_DIR, settings.language))), ...strings };
      const state = opts.formState ?? { values: {}, errors: {}, error: '', sent: route.sent };
      return render(
        'form',
        { ...base(), t: formStrings, page: { kind: 'form', ...seo(row.name, '', row.description) }, form: formView(row, settings.language, state) },
        opts.formStatus ?? 200,
        formDir,
      );
    }
    case 'contact': {
      // The contact form is the sites' only source of inquiries: a theme without a contact template gets the
      // shipped default theme's (its markup, the theme's strings over the default's).
      const own = await renderer.has(theme.dir, 'contact');
      const contactDir = own ? theme.dir : DEFAULT_THEME_DIR;
      const contactStrings = own ? strings : { ...(await shared(`strings:${DEFAULT_THEME_DIR}`, () => readThemeStrings(DEFAULT_THEME_DIR, settings.language))), ...strings };
      const form = opts.contactForm;
      const empty = Object.fromEntries(INQUIRY_FIELDS.map((f) => [f, ''])) as InquiryValues;
      return render(
        'contact',
        {
          ...base(),
          t: contactStrings,
          page: { kind: 'contact', ...seo(contactStrings.contact ?? 'Contact') },
          form: {
            action: urls.contact(),
            sent: !form && route.sent,
            values: form?.values ?? empty,
            errors: form?.errors ?? {},
            error: form?.error ?? '',
            honeypot: INQUIRY_HONEYPOT,
            max: INQUIRY_MAX,
          },
        },
        form?.status ?? 200,
        contactDir,
      );
    }
    case 'positions':
    case 'position': {
      // Recruitment pages: a theme without its own jobs/job templates gets the shipped default theme's, as the
      // contact page does (its markup, the theme's strings over the default's).
      const template = route.kind === 'positions' ? 'jobs' : 'job';
      const own = await renderer.has(theme.dir, template);
      const dir = own ? theme.dir : DEFAULT_THEME_DIR;
      const t = own ? strings : { ...(await shared(`strings:${DEFAULT_THEME_DIR}`, () => readThemeStrings(DEFAULT_THEME_DIR, settings.language))), ...strings };
      if (route.kind === 'positions') {
        const list = await listedPositions(db, site.id, route.page);
        if (route.page > 1 && !list.rows.length) return notFound();
        return render(
          'jobs',
          {
            ...base(),
            t,
            page: { kind: 'jobs', ...seo(t.jobs ?? 'Jobs') },
            positions: await positionViews(db, list.rows, t),
            pager: pager(route.page, POSITION_PAGE_SIZE, list.total, (n) => urls.positions(n)),
          },
          200,
          dir,
        );
      }
      const row = await positionById(db, site.id, route.id);
      if (!row) return notFound();
      const [position] = await positionViews(db, [row], t);
      return render(
        'job',
        {
          ...base(),
          t,
          page: { kind: 'job', ...seo(row.title, '', `${position!.city} ${position!.category}`.trim()) },
          position,
          form: applyFormView(row.id, route.sent, opts.applyForm),
        },
        opts.applyForm?.status ?? 200,
        dir,
      );
    }
    default:
      return notFound();
  }
}

/**
 * Reads a run's items ahead, many per query: afterwards the pages of these ids find their row and tags in
 * the run cache. Ids that are not published are cached as missing (their detail page answers 404).
 */
export function prefetchContents(db: Db, siteId: number, ids: number[], runCache: RunCache): Promise<void> {
  const unique = [...new Set(ids)];
  const fresh = unique.filter((id) => !runCache.has(`published:${id}`));
  // A row read without its tags (relatedRowsOf reads rows only) gets them here too.
  const untagged = unique.filter((id) => !runCache.has(`tags:${id}`));
  if (!fresh.length && !untagged.length) return Promise.resolve();
  const rows = fresh.length ? publishedByIds(db, siteId, fresh).then((found) => new Map(found.map((r) => [r.id, r]))) : Promise.resolve(new Map<number, ContentRow>());
  const tags = untagged.length ? tagsByContent(db, untagged) : Promise.resolve(new Map<number, Array<{ id: number; name: string }>>());
  // Entries are set before the reads end, so pages rendering meanwhile wait for them instead of reading again.
  for (const id of fresh) runCache.set(`published:${id}`, rows.then((m) => m.get(id)));
  for (const id of untagged) runCache.set(`tags:${id}`, tags.then((m) => m.get(id)));
  return Promise.all([rows, tags]).then(() => undefined);
}

/** Whether the run's lists and related blocks carry bodies (themeReadsListedBodies), read once per run and theme. */
export const listedBodiesInRun = (runCache: RunCache, themeDir: string) => sharedRead(runCache, `listedBodies:${themeDir}`, () => themeReadsListedBodies(themeDir));

/** List pages a run reads ahead at once. */
const LIST_PREFETCH_PAGES = 20;

/**
 * The theme a site's page uses: the parent's themes under template sharing (with the parent's PC/mobile
 * setting), and the mobile theme for mobile visitors while PC/mobile sharing is off.
 */
export async function themeOf(app: FastifyInstance, site: SiteRow, device: ThemeDevice) {
  const settings = settingsOf(site.settings);
  const themeSiteId = settings.template_sharing && site.parentId ? site.parentId : site.id;
  const themeSite = themeSiteId === site.id ? site : ((await siteById(app.ctx.db, themeSiteId)) ?? site);
  const sharedDir = app.ctx.config.sharedDir;
  const pc = await resolveTheme(sharedDir, themeSiteId);
  if (settingsOf(themeSite.settings).pc_mobile_sharing) return { theme: pc, variesByDevice: false };
  const mobile = await resolveTheme(sharedDir, themeSiteId, 'mobile');
  // Mobile visitors get another theme than PC ones, so the same URL answers differently.
  return { theme: device === 'mobile' ? mobile : pc, variesByDevice: mobile.dir !== pc.dir };
}

import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { contents, contentTags, tags } from '../../db/schema/index';
import { columnsOf, listPublished, publishedOf, type ColumnRow, type SiteRow } from '../../public/data';
import { ancestorIds, descendantIds, pageCount } from '../../public/view';
import { resolveTheme } from '../../public/themes';
import { ASSETS_DIR } from '../../public/assets';
import { urls } from '../../public/urls';
import { columnOrder, columnPageSize, TAG_PAGE_SIZE, type RunCache } from '../../public/lists';
import { settingsOf } from '../websiteSettings';
import { positionPaths } from '../../public/recruit';
import { publishedFormPaths } from '../../public/forms';
import { sitemapBlockOf, sitemapPaths } from '../../public/seoFiles';
import { outputDirOf } from './output';

// Which public paths a generation covers, built through urls.ts only (the same paths the live server answers).
// `sharedDir` is config.sharedDir: the folder every server reads, holding the themes and the static output (issue 17).

export type Scope = 'site' | 'column' | 'content';

/** A path to render; `optional` paths that no longer render (unpublished content) are removed instead. */
export interface PlannedPath {
  path: string;
  optional?: boolean;
}

const MAX_ASSETS = 2000;

/**
 * A list column's pages: `/<col>/`, `/<col>/page/2/`… (single-page columns have one; external links none).
 * In a run, its length comes from the column's order the run reads anyway (its list pages page through it).
 */
async function columnPaths(db: Executor, siteId: number, columns: ColumnRow[], column: ColumnRow, cache?: RunCache): Promise<string[]> {
  if (column.type === 3 || column.status !== 1) return [];
  if (column.type === 2) return [urls.column(column)];
  const size = columnPageSize(column);
  const total = cache
    ? (await columnOrder(db, siteId, columns, column, cache)).length
    : (await listPublished(db, siteId, { categoryIds: descendantIds(columns, column.id), page: 1, pageSize: 1 })).total;
  return Array.from({ length: pageCount(total, size) }, (_, i) => urls.column(column, i + 1));
}

/** Published items (id, column) of the site, optionally of some columns or ids. */
async function publishedItems(db: Executor, siteId: number, where: { categoryIds?: number[]; ids?: number[] } = {}) {
  return db
    .select({ id: contents.id, categoryId: contents.categoryId })
    .from(contents)
    .where(
      and(
        publishedOf(siteId),
        where.categoryIds ? inArray(contents.categoryId, where.categoryIds.length ? where.categoryIds : [-1]) : undefined,
        where.ids ? inArray(contents.id, where.ids.length ? where.ids : [-1]) : undefined,
      ),
    );
}

async function tagPaths(db: Executor, siteId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: tags.id })
    .from(tags)
    .innerJoin(contentTags, eq(contentTags.tagId, tags.id))
    .innerJoin(contents, eq(contents.id, contentTags.contentId))
    .where(and(eq(tags.siteId, siteId), isNull(tags.deletedAt), publishedOf(siteId)));
  const out: string[] = [];
  for (const { id } of rows.sort((a, b) => a.id - b.id)) {
    const { total } = await listPublished(db, siteId, { tagId: id, page: 1, pageSize: 1 });
    for (let p = 1; p <= pageCount(total, TAG_PAGE_SIZE); p++) out.push(urls.tag(id, p));
  }
  return out;
}

async function assetPaths(sharedDir: string, site: SiteRow): Promise<string[]> {
  const settings = settingsOf(site.settings);
  const theme = await resolveTheme(sharedDir, settings.template_sharing && site.parentId ? site.parentId : site.id);
  const root = path.join(theme.dir, ASSETS_DIR);
  const out: string[] = [];
  const walk = async (dir: string) => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (out.length >= MAX_ASSETS) return;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile()) out.push(urls.asset(path.relative(root, full).split(path.sep).join('/')));
    }
  };
  await walk(root);
  return out;
}

const detail = (columns: Map<number, ColumnRow>, items: Array<{ id: number; categoryId: number }>) =>
  items.flatMap((i) => (columns.get(i.categoryId) ? [urls.content(columns.get(i.categoryId)!, i.id)] : []));

/**
 * The sitemap parts a content run writes besides sitemap.xml: when the sitemap is split (seoFiles.ts), its other
 * pages' part and the blocks holding the chosen items, the blocks it lists that the output lacks; and the parts
 * the output holds that it no longer lists (they answer 404 and are removed). Other blocks stay as written.
 */
async function sitemapPartPaths(db: Executor, sharedDir: string, site: SiteRow, ids: number[], cache?: RunCache): Promise<string[]> {
  const listed = await sitemapPaths(db, site.id, cache);
  const dir = await outputDirOf(sharedDir, site);
  const onDisk = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => /^sitemap-[^/]+\.xml$/.test(f)).map((f) => `/${f}`);
  const out: string[] = [];
  if (listed.length > 1) {
    out.push(urls.sitemapPart('pages'), ...ids.map((id) => urls.sitemapPart(sitemapBlockOf(id))));
    out.push(...listed.filter((p) => !onDisk.includes(p)));
  }
  out.push(...onDisk.filter((p) => !listed.includes(p)));
  return out;
}

export interface PlanInput {
  scope: Scope;
  categoryId?: number;
  ids?: number[];
}

/** Every path of a generation, without duplicates, home first (`cache`: the run's shared reads). */
export async function planPaths(db: Executor, sharedDir: string, site: SiteRow, input: PlanInput, cache?: RunCache): Promise<PlannedPath[]> {
  const columns = await columnsOf(db, site.id);
  const byId = new Map(columns.map((c) => [c.id, c]));
  const out = new Map<string, PlannedPath>();
  const add = (paths: string[], optional = false) => paths.forEach((p) => out.has(p) || out.set(p, { path: p, optional }));
  if (input.scope === 'site') {
    add([urls.home()]);
    for (const c of columns) add(await columnPaths(db, site.id, columns, c, cache));
    add(detail(byId, await publishedItems(db, site.id)));
    add(await tagPaths(db, site.id));
    // The contact page (a theme without one answers 404: nothing is written).
    add([urls.contact()], true);
    // Recruitment: the open positions' list pages and each one's page (the apply POST goes to the dynamic server).
    add(await positionPaths(db, site.id), true);
    // Published forms' pages (the submit POST goes to the dynamic server).
    add(await publishedFormPaths(db, site.id), true);
    // sitemap.xml, and its parts when it is split (a part emptied meanwhile answers 404: nothing is written).
    const [sitemap, ...sitemapParts] = await sitemapPaths(db, site.id, cache);
    add([sitemap!, urls.robots()]);
    add(sitemapParts, true);
    add(await assetPaths(sharedDir, site));
  } else if (input.scope === 'column') {
    const column = byId.get(input.categoryId ?? -1);
    if (!column) return [];
    const subtree = descendantIds(columns, column.id);
    for (const id of subtree) add(await columnPaths(db, site.id, columns, byId.get(id)!, cache));
    add(detail(byId, await publishedItems(db, site.id, { categoryIds: subtree })));
  } else {
    // Chosen content: each item's detail page (removed when it no longer renders), the list pages of its column
    // and of the columns above it (their lists include it), home.
    const ids = input.ids ?? [];
    const rows = ids.length
      ? await db.select({ id: contents.id, categoryId: contents.categoryId }).from(contents).where(and(eq(contents.siteId, site.id), inArray(contents.id, ids)))
      : [];
    add(detail(byId, rows), true);
    add([urls.home()]);
    const listed = new Set(rows.flatMap((r) => [...ancestorIds(columns, r.categoryId)]));
    for (const column of columns) if (listed.has(column.id)) add(await columnPaths(db, site.id, columns, column, cache));
    add([urls.sitemap()]);
    add(await sitemapPartPaths(db, sharedDir, site, rows.map((r) => r.id), cache), true);
  }
  return [...out.values()];
}


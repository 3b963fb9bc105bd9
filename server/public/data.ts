import { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { ads, categories, contentCounts, contents, contentTags, sites, slideCates, slides, tagCounts, tags } from '../db/schema/index';
import { anyOf, likeText } from '../db/listing';

// What the public pages read from the database: only live sites, shown columns, published and non-deleted content.

export type SiteRow = typeof sites.$inferSelect;
export type ColumnRow = typeof categories.$inferSelect;
export type ContentRow = typeof contents.$inferSelect;

const liveSite = and(eq(sites.status, 1), isNull(sites.deletedAt));

/** Host names that fall back to the default site when no site claims them. */
export const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

const hostnameOf = (host: string) => (host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0]!);

/**
 * The site answering a Host header: a live site (top-level or sub-site) whose domain is the host with or
 * without its port; on a local host name, the first live top-level site.
 */
export async function siteForHost(db: Executor, rawHost: string): Promise<SiteRow | undefined> {
  const host = rawHost.trim().toLowerCase().replace(/\.$/, '');
  if (!host) return undefined;
  const hostname = hostnameOf(host);
  const candidates = await db
    .select()
    .from(sites)
    .where(and(liveSite, inArray(sites.domain, [...new Set([host, hostname])])))
    .orderBy(asc(sites.sort), asc(sites.id));
  const exact = candidates.find((s) => s.domain === host) ?? candidates[0];
  if (exact) return exact;
  if (LOCAL_HOSTS.includes(hostname)) return defaultSite(db);
  return undefined;
}

/** The first live top-level site. */
export async function defaultSite(db: Executor): Promise<SiteRow | undefined> {
  const [site] = await db
    .select()
    .from(sites)
    .where(and(liveSite, eq(sites.parentId, 0)))
    .orderBy(asc(sites.sort), asc(sites.id))
    .limit(1);
  return site;
}

export async function siteById(db: Executor, id: number): Promise<SiteRow | undefined> {
  const [site] = await db.select().from(sites).where(and(liveSite, eq(sites.id, id)));
  return site;
}

/** A site's live columns in tree order (sort, id). */
export async function columnsOf(db: Executor, siteId: number): Promise<ColumnRow[]> {
  return db
    .select()
    .from(categories)
    .where(and(eq(categories.siteId, siteId), isNull(categories.deletedAt)))
    .orderBy(asc(categories.sort), asc(categories.id));
}

/** Published, not deleted, not scheduled for later, in a live column of the site. */
export const publishedOf = (siteId: number, now = new Date()): SQL =>
  and(
    eq(contents.siteId, siteId),
    // Literal, as the public indexes' predicate is written (server/db/schema/content.ts), so they match.
    sql`${contents.status} = 1 and ${contents.deletedAt} is null`,
    or(isNull(contents.publishedAt), lte(contents.publishedAt, now)),
    sql`exists (select 1 from ${categories} where ${categories.id} = ${contents.categoryId} and ${categories.deletedAt} is null)`,
  )!;

export interface ContentQuery {
  categoryIds?: number[];
  tagId?: number;
  q?: string;
  recommend?: boolean;
  page: number;
  pageSize: number;
  /** Only the rows: skips counting (total is then the number of rows). */
  withoutTotal?: boolean;
}

const publishedWhere = (siteId: number, query: Omit<ContentQuery, 'page' | 'pageSize'>, now = new Date()) =>
  and(
    publishedOf(siteId, now),
    query.categoryIds ? inArray(contents.categoryId, query.categoryIds.length ? query.categoryIds : [-1]) : undefined,
    query.tagId ? sql`exists (select 1 from ${contentTags} where ${contentTags.contentId} = ${contents.id} and ${contentTags.tagId} = ${query.tagId})` : undefined,
    query.q
      ? or(ilike(contents.title, likeText(query.q)), ilike(contents.keywords, likeText(query.q)), ilike(contents.description, likeText(query.q)))
      : undefined,
    query.recommend ? sql`${contents.isRecommend}` : undefined,
  );

/** Newest first, pinned items on top: the order of every public list (the contents_public_* indexes' order). */
const publishedOrCreated = sql`coalesce(${contents.publishedAt}, ${contents.createdAt})`;
const publicOrder = [desc(contents.isTop), sql`${publishedOrCreated} desc`, desc(contents.id)];
/** The same order from its end (pages past a list's middle are read from there). */
const reversedOrder = [asc(contents.isTop), sql`${publishedOrCreated} asc`, asc(contents.id)];

/** Rows by id, in the order of the ids. */
async function rowsInOrder(db: Executor, ids: number[]): Promise<ContentRow[]> {
  if (!ids.length) return [];
  const byId = new Map((await db.select().from(contents).where(anyOf(contents.id, ids))).map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function listPublished(db: Executor, siteId: number, query: ContentQuery): Promise<{ rows: ContentRow[]; total: number }> {
  const now = new Date();
  if (tagOnly(query)) {
    const total = query.withoutTotal ? undefined : await tagTotal(db, siteId, query.tagId, now);
    const rows = await rowsInOrder(db, await tagPageIds(db, siteId, query, now, total));
    return { rows, total: total ?? rows.length };
  }
  const total = query.withoutTotal ? undefined : await totalOf(db, siteId, query, now);
  // A search's total is capped: its pages are read from the start, and none past the cap.
  if (query.q && (query.page - 1) * query.pageSize >= SEARCH_TOTAL_CAP) return { rows: [], total: total ?? 0 };
  // The page's ids first (read from a public index), then their rows.
  const rows = await rowsInOrder(db, await pageIds(db, siteId, query, now, query.q ? undefined : total));
  return { rows, total: total ?? rows.length };
}

/** Search lists count at most this many matches (the pager stops there; a search never counts a whole site). */
export const SEARCH_TOTAL_CAP = 1000;

/** A tag list: only a tag (read from content_tags_public_idx, its total from tag_counts). */
const tagOnly = (query: Omit<ContentQuery, 'page' | 'pageSize'>): query is { tagId: number } =>
  Boolean(query.tagId && !query.categoryIds && !query.q && !query.recommend);

/** The site's recycled columns (few): a tag list leaves their items out. */
const recycledColumns = async (db: Executor, siteId: number): Promise<number[]> =>
  (await db.select({ id: categories.id }).from(categories).where(and(eq(categories.siteId, siteId), sql`${categories.deletedAt} is not null`))).map((r) => r.id);

/**
 * A tag's live, due items outside the recycled columns (content_tags carries the order keys: migration 0013).
 * The columns are given as constants (none in the common case), never joined, so the planner reads the tag's
 * index in order and stops after the page.
 */
const taggedWhere = (siteId: number, tagId: number, now: Date, recycled: number[], due = true) =>
  sql`${contentTags.tagId} = ${tagId} and ${contentTags.live} and ${contentTags.siteId} = ${siteId}
    and ${due ? sql`${contentTags.sortAt} <= ${now}` : sql`${contentTags.sortAt} > ${now}`}
    ${recycled.length ? sql`and ${contentTags.categoryId} not in ${recycled}` : sql``}`;
const tagOrderSql = (way: 'asc' | 'desc') => sql.raw(`"content_tags"."is_top" ${way}, "content_tags"."sort_at" ${way}, "content_tags"."content_id" ${way}`);

/** One page of a tag's ids in public order: an index read up to the page (from the end past the middle). */
async function tagPageIds(db: Executor, siteId: number, query: ContentQuery & { tagId: number }, now: Date, total?: number): Promise<number[]> {
  const start = (query.page - 1) * query.pageSize;
  const fromEnd = total !== undefined && start > total / 2;
  if (fromEnd && start >= total) return [];
  const offset = fromEnd ? Math.max(0, total - start - query.pageSize) : start;
  const limit = fromEnd ? Math.min(query.pageSize, total - start) : query.pageSize;
  const rows = await db
    .select({ id: contentTags.contentId })
    .from(contentTags)
    .where(taggedWhere(siteId, query.tagId, now, await recycledColumns(db, siteId)))
    .orderBy(tagOrderSql(fromEnd ? 'asc' : 'desc'))
    .limit(limit)
    .offset(offset);
  const ids = rows.map((r) => r.id);
  return fromEnd ? ids.reverse() : ids;
}

/**
 * A tag's total without counting its rows: the trigger-kept tag_counts of its live columns, less its scheduled
 * items not yet due (content_tags_scheduled_idx finds them alone).
 */
async function tagTotal(db: Executor, siteId: number, tagId: number, now: Date): Promise<number> {
  const [[counted], [ahead]] = await Promise.all([
    db
      .select({ n: sql<string>`coalesce(sum(${tagCounts.n}), 0)` })
      .from(tagCounts)
      .innerJoin(categories, and(eq(categories.id, tagCounts.categoryId), eq(categories.siteId, siteId), isNull(categories.deletedAt)))
      .where(eq(tagCounts.tagId, tagId)),
    recycledColumns(db, siteId).then((recycled) => db.select({ n: count() }).from(contentTags).where(taggedWhere(siteId, tagId, now, recycled, false))),
  ]);
  return Math.max(0, Number(counted?.n ?? 0) - Number(ahead?.n ?? 0));
}

/** A column list: only columns, no tag, search or recommended filter (its total comes from the counters). */
const columnsOnly = (query: Omit<ContentQuery, 'page' | 'pageSize'>): query is { categoryIds: number[] } =>
  Boolean(query.categoryIds && !query.tagId && !query.q && !query.recommend);

/**
 * The ids of one page in public order, read from a public index up to the page's end (OFFSET). A page past
 * the list's middle (when the total is known) is read from the list's end instead, so the first and last
 * pages cost a page and no page more than half the list. Several columns (a column with sub-columns) are
 * one ordered read per column, each stopping after the page's end, merged: no read sorts a whole column.
 */
async function pageIds(db: Executor, siteId: number, query: ContentQuery, now: Date, total?: number): Promise<number[]> {
  const start = (query.page - 1) * query.pageSize;
  const fromEnd = total !== undefined && start > total / 2;
  if (fromEnd && start >= total) return [];
  // Reading backwards: skip what follows the page, take the page (the last page may be short).
  const offset = fromEnd ? Math.max(0, total - start - query.pageSize) : start;
  const limit = fromEnd ? Math.min(query.pageSize, total - start) : query.pageSize;
  const order = fromEnd ? reversedOrder : publicOrder;
  const inOrder = (ids: number[]) => (fromEnd ? ids.reverse() : ids);
  const categoryIds = [...new Set(query.categoryIds ?? [])];
  if (!query.categoryIds || categoryIds.length < 2) {
    const ids = await db
      .select({ id: contents.id })
      .from(contents)
      .where(publishedWhere(siteId, query, now))
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
    return inOrder(ids.map((r) => r.id));
  }
  const branch = (categoryId: number) =>
    sql`(select ${contents.id} as id, ${contents.isTop} as top, ${publishedOrCreated} as at from ${contents}
      where ${publishedWhere(siteId, { ...query, categoryIds: [categoryId] }, now)}
      order by ${sql.join(order, sql`, `)} limit ${offset + limit})`;
  const way = sql.raw(fromEnd ? 'asc' : 'desc');
  const result = await db.execute(
    sql`select merged.id from (${sql.join(categoryIds.map(branch), sql` union all `)}) merged
      order by merged.top ${way}, merged.at ${way}, merged.id ${way} limit ${limit} offset ${offset}`,
  );
  return inOrder((result as unknown as { rows: Array<{ id: number | string }> }).rows.map((r) => Number(r.id)));
}

/**
 * How many items a list has. A column list adds up the maintained per-column counters (content_counts,
 * kept by triggers) less its scheduled items not yet due, which the scheduled index finds alone; other
 * lists (tag, search) count their rows.
 */
async function totalOf(db: Executor, siteId: number, query: Omit<ContentQuery, 'page' | 'pageSize'>, now: Date): Promise<number> {
  if (!columnsOnly(query)) {
    // Search (and any other filtered list) counts up to SEARCH_TOTAL_CAP + 1 matches, never the whole site.
    const matches = db.select({ one: sql`1` }).from(contents).where(publishedWhere(siteId, query, now)).limit(query.q ? SEARCH_TOTAL_CAP : 1_000_000_000).as('matches');
    const [row] = await db.select({ n: count() }).from(matches);
    return Number(row?.n ?? 0);
  }
  if (!query.categoryIds.length) return 0;
  const live = (
    await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(inArray(categories.id, query.categoryIds), isNull(categories.deletedAt)))
  ).map((r) => r.id);
  if (!live.length) return 0;
  const [[counted], [ahead]] = await Promise.all([
    db
      .select({ n: sql<string>`coalesce(sum(${contentCounts.n}), 0)` })
      .from(contentCounts)
      .where(and(eq(contentCounts.siteId, siteId), inArray(contentCounts.categoryId, live), eq(contentCounts.status, 1), eq(contentCounts.recycled, false))),
    db
      .select({ n: count() })
      .from(contents)
      .where(
        and(
          eq(contents.siteId, siteId),
          inArray(contents.categoryId, live),
          sql`${contents.status} = 1 and ${contents.deletedAt} is null`,
          gt(contents.publishedAt, now),
        ),
      ),
  ]);
  return Number(counted?.n ?? 0) - Number(ahead?.n ?? 0);
}

/** Every published id of a list in public order (static generation pages through it without re-sorting). */
export async function publishedIdsInOrder(db: Executor, siteId: number, query: Omit<ContentQuery, 'page' | 'pageSize'>): Promise<number[]> {
  if (tagOnly(query)) {
    const recycled = await recycledColumns(db, siteId);
    const rows = await db.select({ id: contentTags.contentId }).from(contentTags).where(taggedWhere(siteId, query.tagId, new Date(), recycled)).orderBy(tagOrderSql('desc'));
    return rows.map((r) => r.id);
  }
  const ids = await db.select({ id: contents.id }).from(contents).where(publishedWhere(siteId, query)).orderBy(...publicOrder);
  return ids.map((r) => r.id);
}


export async function publishedById(db: Executor, siteId: number, id: number): Promise<ContentRow | undefined> {
  const [row] = await db.select().from(contents).where(and(publishedOf(siteId), eq(contents.id, id)));
  return row;
}

/** Several published items at once (static generation reads its detail pages in batches). */
export async function publishedByIds(db: Executor, siteId: number, ids: number[]): Promise<ContentRow[]> {
  if (!ids.length) return [];
  return db.select().from(contents).where(and(publishedOf(siteId), anyOf(contents.id, ids)));
}

/** Tags of each content item, by content id. */
export async function tagsByContent(db: Executor, contentIds: number[]) {
  const out = new Map<number, Array<{ id: number; name: string }>>();
  if (!contentIds.length) return out;
  const rows = await db
    .select({ contentId: contentTags.contentId, id: tags.id, name: tags.name })
    .from(contentTags)
    .innerJoin(tags, eq(tags.id, contentTags.tagId))
    .where(and(anyOf(contentTags.contentId, contentIds), isNull(tags.deletedAt)))
    .orderBy(asc(tags.sort), asc(tags.id));
  for (const r of rows) {
    const list = out.get(r.contentId) ?? [];
    list.push({ id: r.id, name: r.name });
    out.set(r.contentId, list);
  }
  return out;
}

export async function tagById(db: Executor, siteId: number, id: number) {
  const [row] = await db.select().from(tags).where(and(eq(tags.siteId, siteId), eq(tags.id, id), isNull(tags.deletedAt)));
  return row;
}

/** Live slides of a site, with their group's key. */
export async function slidesOf(db: Executor, siteId: number) {
  return db
    .select({ id: slides.id, title: slides.title, image: slides.image, link: slides.link, groupKey: slideCates.key, groupName: slideCates.name })
    .from(slides)
    .innerJoin(slideCates, eq(slideCates.id, slides.cateId))
    .where(and(eq(slides.siteId, siteId), eq(slides.status, 1), isNull(slides.deletedAt), isNull(slideCates.deletedAt)))
    .orderBy(asc(slideCates.sort), asc(slides.sort), asc(slides.id));
}

/** Most ads one page is given (a site's live ads are few; this bounds the read). */
export const ADS_PER_PAGE = 200;

/** Ads shown now: status on, not deleted, now within their start and end (either may be open). */
export async function liveAdsOf(db: Executor, siteId: number, now = new Date()) {
  return db
    .select({ id: ads.id, position: ads.position, title: ads.title, kind: ads.kind, image: ads.image, link: ads.link, code: ads.code })
    .from(ads)
    .where(
      and(
        eq(ads.siteId, siteId),
        eq(ads.status, 1),
        isNull(ads.deletedAt),
        or(isNull(ads.startAt), lte(ads.startAt, now)),
        or(isNull(ads.endAt), gte(ads.endAt, now)),
      ),
    )
    .orderBy(asc(ads.position), asc(ads.sort), asc(ads.id))
    .limit(ADS_PER_PAGE);
}


import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { shownAuditState } from '../../../models/audit';
import type { z } from 'zod';
import { admins, categories, contentCounts, contents, contentTags, tags } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { dateRange, iso, likeText, offsetOf } from '../../db/listing';
import { manageableContent, type ContentRow } from './access';
import { forbidden, notFound } from '../../http/errors';
import { canManageSite } from '../sites';
import { subtreeIds } from '../../../models/tree';
import { writesOf } from '../../http/dbWrites';
import { ListBinds, runPrepared } from './listStatements';
import type { Content, ContentListItem, ContentListQuery, ContentSortKey } from '../../../models/content';

// Reading content: the list (filters, paging, pinned first then newest or a column's sort) and one item with its tags.

const LIST_COLUMNS = {
  id: contents.id,
  siteId: contents.siteId,
  categoryId: contents.categoryId,
  categoryTitle: categories.title,
  title: contents.title,
  thumbnail: contents.thumbnail,
  author: contents.author,
  status: contents.status,
  isTop: contents.isTop,
  isRecommend: contents.isRecommend,
  checkStatus: contents.checkStatus,
  views: contents.views,
  sort: contents.sort,
  publishedAt: contents.publishedAt,
  createdAt: contents.createdAt,
  updatedAt: contents.updatedAt,
  deletedAt: contents.deletedAt,
};
type ListRow = Pick<ContentRow, 'id' | 'siteId' | 'categoryId' | 'title' | 'thumbnail' | 'author' | 'status' | 'isTop' | 'isRecommend' | 'checkStatus' | 'views' | 'sort' | 'publishedAt' | 'createdAt' | 'updatedAt' | 'deletedAt'> & {
  categoryTitle: string | null;
};

/** Tag names of each content item, in the order the tags were created. */
export async function tagsOf(db: Executor, contentIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!contentIds.length) return out;
  const rows = await db
    .select({ contentId: contentTags.contentId, name: tags.name })
    .from(contentTags)
    .innerJoin(tags, eq(tags.id, contentTags.tagId))
    .where(and(inArray(contentTags.contentId, contentIds), isNull(tags.deletedAt)))
    .orderBy(asc(tags.id));
  for (const r of rows) out.set(r.contentId, [...(out.get(r.contentId) ?? []), r.name]);
  return out;
}

function toListItem(r: ListRow, tagNames: string[]): ContentListItem {
  return {
    id: r.id,
    site_id: r.siteId,
    category_id: r.categoryId,
    category_title: r.categoryTitle ?? '',
    title: r.title,
    thumbnail: r.thumbnail,
    author: r.author,
    status: r.status as 1 | 2,
    is_top: r.isTop,
    is_recommend: r.isRecommend,
    check_status: shownAuditState(r.checkStatus, r.status),
    views: r.views,
    sort: r.sort,
    tags: tagNames,
    published_at: iso(r.publishedAt),
    created_at: iso(r.createdAt)!,
    updated_at: iso(r.updatedAt)!,
    deleted_at: iso(r.deletedAt),
  };
}

type ListQuery = z.infer<typeof ContentListQuery>;

/** The row property each sort key orders by. */
const SORTED_BY: Record<ContentSortKey, 'id' | 'publishedAt' | 'updatedAt' | 'views' | 'sort'> = {
  id: 'id',
  published_at: 'publishedAt',
  updated_at: 'updatedAt',
  views: 'views',
  sort: 'sort',
};
type OrderTerm = { key: 'isTop' | 'createdAt' | (typeof SORTED_BY)[ContentSortKey]; desc: boolean };

/**
 * The list's order: pinned first, then newest (the default); or a column header's key, then id, both one
 * way (a stable order, read either way from that key's index). Unpublished rows (no published_at) sort as
 * the earliest, as that index keeps them.
 */
function listOrder(q: ListQuery): OrderTerm[] {
  if (!q.orderBy) return [{ key: 'isTop', desc: true }, { key: 'createdAt', desc: true }, { key: 'id', desc: true }];
  const down = q.order === 'desc';
  const key = SORTED_BY[q.orderBy];
  return key === 'id' ? [{ key, desc: down }] : [{ key, desc: down }, { key: 'id', desc: down }];
}
/** One term of ORDER BY, on the table's column or the page sub-select's. */
function ordered(column: Parameters<typeof asc>[0], term: OrderTerm): SQL {
  if (term.key === 'publishedAt') return term.desc ? sql`${column} desc nulls last` : sql`${column} asc nulls first`;
  return term.desc ? desc(column) : asc(column);
}
const flag = (column: typeof contents.isTop | typeof contents.isRecommend, value: number | undefined, b: ListBinds, label: string) =>
  value === undefined ? undefined : eq(column, b.bind(label, value === 1));

/** Ids of the column and every column below it (live ones, in its site). */
export async function columnSubtree(db: Executor, categoryId: number, siteId: number): Promise<number[]> {
  const rows = await db
    .select({ id: categories.id, parent_id: categories.parentId })
    .from(categories)
    .where(and(eq(categories.siteId, siteId), isNull(categories.deletedAt)));
  return [...subtreeIds(rows, categoryId)];
}

/**
 * One page of a site's content, pinned first, then newest (or as `orderBy` / `order` ask). `extra` narrows it
 * further (the audit list).
 * A column filter of a site the admin does not manage answers 403.
 */
export async function listContents(db: Executor, auth: AuthContext, siteId: number, q: ListQuery, extra?: SQL) {
  const columnIds = q.category_id === undefined ? undefined : await filterColumns(db, auth, q.category_id, siteId);
  const merged = columnIds && columnIds.length > 1 && columnIds.length <= MERGED_COLUMNS ? columnIds : undefined;
  // A list reuses its shape's prepared statement (listStatements.ts); the audit list (`extra`), a merged
  // sub-tree's page and transactions build theirs on each call.
  const keep = !extra && !merged && writesOf(db) !== undefined;
  const b = new ListBinds(keep);
  const inColumns =
    columnIds === undefined ? undefined : columnIds.length ? inArray(contents.categoryId, columnIds.map((id, i) => b.bind(`column${i}`, id))) : eq(contents.id, b.bind('none', -1));
  const filters = and(
    eq(contents.siteId, b.bind('site', siteId)),
    q.deleted === 1 ? isNotNull(contents.deletedAt) : isNull(contents.deletedAt),
    q.status === undefined ? undefined : eq(contents.status, b.bind('status', q.status)),
    q.keyword ? ilike(contents.title, b.bind('keyword', likeText(q.keyword))) : undefined,
    flag(contents.isRecommend, q.is_recommend, b, 'recommend'),
    flag(contents.isTop, q.is_top, b, 'top'),
    dateRange(contents.createdAt, q.start, q.end),
    extra,
  );
  const where = and(filters, inColumns);
  const counted = !q.keyword && q.is_recommend === undefined && q.is_top === undefined && !q.start && !q.end && !extra;
  const order = listOrder(q);
  const ids = merged ? await subtreePageIds(db, filters, merged, q, order) : undefined;
  // One statement for the page, (from the counters, read once) the list's total and the page's tag names: every
  // query is a round trip, and at a million rows the trip, not the indexed read, is what a list call costs. The
  // page (read in order from an index, with the offset) is a sub-select, so only its rows get their column title
  // and tag names (per-row sub-selects on the page query itself would run for every row the offset skips too).
  const countedSql = counted ? countedTotalSql(siteId, q, columnIds, b) : undefined;
  const limit = b.bind('limit', q.limit);
  const offset = b.bind('offset', offsetOf(q.page, q.limit));
  const { categoryTitle: _title, ...pageColumns } = LIST_COLUMNS;
  const build = () => {
    const pageQuery = db
      .select(pageColumns)
      .from(contents)
      .where(ids ? inArray(contents.id, ids) : where)
      .orderBy(...order.map((term) => ordered(contents[term.key], term)));
    const pageRows = (ids ? pageQuery : pageQuery.limit(limit).offset(offset)).as('page');
    return db
      .select({
        ...fieldsOf(pageRows, Object.keys(pageColumns) as Array<keyof typeof pageColumns>),
        // Written with aliases: in a one-table select drizzle names columns without their table.
        categoryTitle: sql<string | null>`(select k.title from categories k where k.id = "page"."category_id")`,
        total: countedSql ? sql<string | number | null>`(${countedSql})` : sql<null>`null`,
        // Each tag's name by its key (a join here is planned as a scan of every tag for each row).
        tagNames: sql<string[] | string>`(select coalesce(json_agg(t.name order by t.id) filter (where t.name is not null), '[]'::json)
          from (select ct.tag_id as id, (select g.name from tags g where g.id = ct.tag_id and g.deleted_at is null) as name
            from content_tags ct where ct.content_id = "page"."id") t)`,
      })
      .from(pageRows)
      .orderBy(...order.map((term) => ordered(pageRows[term.key], term)));
  };
  // The shape: every query field but the values bound above, and what was bound.
  const shape = keep ? JSON.stringify([b.labels, Object.entries(q).map(([k, v]) => [k, v !== undefined && BOUND_FIELDS.has(k) ? '?' : v])]) : '';
  const postgres = writesOf(db)?.kind === 'postgres';
  const rows = ids && !ids.length ? [] : keep ? await runPrepared(db, shape, b, build) : postgres ? await runNamed(build()) : await build();
  const total =
    countedSql && rows.length
      ? Number(rows[0]!.total ?? 0)
      : counted
        ? await countedTotal(db, siteId, q, columnIds)
        : keep
          ? Number((await runPrepared(db, `${shape} total`, b, () => db.select({ n: count() }).from(contents).where(where)))[0]?.n ?? 0)
          : await scannedTotal(db, where);
  return { rows: rows.map((r) => toListItem(r, typeof r.tagNames === 'string' ? (JSON.parse(r.tagNames) as string[]) : r.tagNames)), count: total };
}

/** Query fields whose values a list binds (never part of its statement's text). */
const BOUND_FIELDS = new Set(['category_id', 'status', 'keyword', 'is_recommend', 'is_top', 'start', 'end', 'page', 'limit']);

/** List statements by text and the name each is prepared under; at most NAMED_MAX, then the rest unnamed. */
const namedStatements = new Map<string, string>();
const NAMED_MAX = 200;

/**
 * Runs a list statement as a named prepared statement (PostgreSQL keeps its plan per connection, so a repeated
 * list is not planned again: planning costs more than reading a page). A list's text depends only on its
 * filters' shape, so there are few; beyond NAMED_MAX distinct texts statements run unnamed. (PGlite has no
 * named statements through drizzle: there the text is not built twice for nothing.)
 */
async function runNamed<T>(query: { toSQL(): { sql: string }; prepare(name: string): { execute(): Promise<T> } } & PromiseLike<T>): Promise<T> {
  const text = query.toSQL().sql;
  let name = namedStatements.get(text);
  if (name === undefined && namedStatements.size < NAMED_MAX) namedStatements.set(text, (name = `content_list_${namedStatements.size + 1}`));
  return name === undefined ? await query : await query.prepare(name).execute();
}

/** A sub-select's fields by the names it was built with. */
function fieldsOf<S extends object, K extends keyof S>(sub: S, names: readonly K[]): Pick<S, K> {
  return Object.fromEntries(names.map((k) => [k, sub[k]])) as Pick<S, K>;
}

/**
 * The column a list is filtered by and its live sub-tree in the list's site, read together: the column must
 * exist and be in a site the admin manages (404 / 403, as manageableCategory answers); a column of another
 * site lists nothing.
 */
async function filterColumns(db: Executor, auth: AuthContext, categoryId: number, siteId: number): Promise<number[]> {
  const column = await columnWithSubtree(db, categoryId);
  if (!column) throw notFound();
  if (!canManageSite(auth, column.siteId)) throw forbidden('error.siteForbidden');
  return column.siteId === siteId ? column.subtree : [];
}

interface ColumnSubtree {
  siteId: number;
  subtree: number[];
}
/** Columns read lately (by database handle, then column id), kept while no process changed what sites show. */
const knownColumns = new WeakMap<object, { epoch: number; columns: Map<number, ColumnSubtree | null> }>();
/** Most columns remembered; beyond it the memory starts over. */
const KNOWN_COLUMNS_MAX = 10_000;

/**
 * A live column's site and live sub-tree (null: no such live column), read in one statement. Columns bump
 * their site's version (site_versions), so an answer is reused while dbWrites says no process has changed
 * site data since it was read (server/http/dbWrites.ts); inside a transaction it is always read.
 */
async function columnWithSubtree(db: Executor, categoryId: number): Promise<ColumnSubtree | null> {
  const writes = writesOf(db);
  const memory = knownColumns.get(db);
  if (writes && memory && writes.siteDataUnchangedSince(memory.epoch) && memory.columns.has(categoryId)) return memory.columns.get(categoryId)!;
  const epoch = writes?.cleanEpoch(true);
  const rows = await db
    .select({ id: categories.id, parent_id: categories.parentId, siteId: categories.siteId })
    .from(categories)
    .where(
      and(
        isNull(categories.deletedAt),
        sql`${categories.siteId} = (select c.site_id from categories c where c.id = ${categoryId} and c.deleted_at is null)`,
      ),
    );
  const column = rows.find((r) => r.id === categoryId);
  const answer = column ? { siteId: column.siteId, subtree: [...subtreeIds(rows, categoryId)] } : null;
  if (writes && epoch !== undefined && writes.siteDataUnchangedSince(epoch)) {
    let kept = knownColumns.get(db);
    if (!kept || kept.epoch !== epoch || kept.columns.size >= KNOWN_COLUMNS_MAX) knownColumns.set(db, (kept = { epoch, columns: new Map() }));
    kept.columns.set(categoryId, answer);
  }
  return answer;
}

/** Up to this many columns, a sub-tree's page reads each column in its index order instead of sorting them all. */
const MERGED_COLUMNS = 64;

/**
 * The ids of a sub-tree's page: each column gives its first offset + limit rows in the list's order from its
 * index, and only those are merged, so the page reads O(columns × (offset + page)) rows, never a sort of every
 * row below the column (PostgreSQL plans no ordered Merge Append over such a UNION ALL).
 */
async function subtreePageIds(db: Executor, filters: SQL | undefined, columnIds: number[], q: ListQuery, order: OrderTerm[]): Promise<number[]> {
  const offset = offsetOf(q.page, q.limit);
  const keys = sql.join(order.map((term, i) => sql`${contents[term.key]} as ${sql.raw(`k${i}`)}`), sql`, `);
  const inner = sql.join(order.map((term) => ordered(contents[term.key], term)), sql`, `);
  const outer = sql.join(order.map((term, i) => ordered(sql.raw(`k${i}`), term)), sql`, `);
  const branches = columnIds.map(
    (id) => sql`(select ${contents.id} as id, ${keys}
      from ${contents} where ${and(filters, eq(contents.categoryId, id))}
      order by ${inner} limit ${offset + q.limit})`,
  );
  const result = await db.execute(sql`select id from (${sql.join(branches, sql` union all `)}) as page
    order by ${outer} limit ${q.limit} offset ${offset}`);
  return (result as unknown as { rows: Array<{ id: number }> }).rows.map((r) => Number(r.id));
}

/** The list's total from the counters the triggers on contents keep (no count over the column), as SQL. */
function countedTotalSql(siteId: number, q: ListQuery, columnIds: number[] | undefined, b = new ListBinds(false)): SQL | undefined {
  if (columnIds?.length === 0) return undefined;
  const where = and(
    eq(contentCounts.siteId, b.bind('site', siteId)),
    eq(contentCounts.recycled, b.bind('recycled', q.deleted === 1)),
    columnIds ? inArray(contentCounts.categoryId, columnIds.map((id, i) => b.bind(`column${i}`, id))) : undefined,
    q.status === undefined ? undefined : eq(contentCounts.status, b.bind('status', q.status)),
  );
  return sql`select coalesce(sum(${contentCounts.n}), 0) from ${contentCounts} where ${where}`;
}

/** The same total on its own (a page past the end has no row to carry it). */
async function countedTotal(db: Executor, siteId: number, q: ListQuery, columnIds: number[] | undefined): Promise<number> {
  const total = countedTotalSql(siteId, q, columnIds);
  if (!total) return 0;
  const result = (await db.execute(sql`${total}`)) as unknown as { rows: Array<Record<string, unknown>> };
  return Number(Object.values(result.rows[0] ?? {})[0] ?? 0);
}

/** An exact count for filters the counters do not carry (keyword, flags, dates, the audit list's). */
async function scannedTotal(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(contents).where(where);
  return Number(row?.n ?? 0);
}

/** The nickname (or account) of an admin, '' when unknown or deleted. */
export async function adminName(db: Executor, adminId: number | null): Promise<string> {
  if (adminId === null) return '';
  const [row] = await db.select({ nickname: admins.nickname, account: admins.account }).from(admins).where(eq(admins.id, adminId));
  return row ? row.nickname || row.account : '';
}

export async function toContent(db: Executor, row: ContentRow): Promise<Content> {
  const [category] = await db.select({ title: categories.title }).from(categories).where(eq(categories.id, row.categoryId));
  const tagNames = (await tagsOf(db, [row.id])).get(row.id) ?? [];
  return {
    ...toListItem({ ...row, categoryTitle: category?.title ?? '' }, tagNames),
    alias: row.alias,
    subtitle: row.subtitle,
    source: row.source,
    keywords: row.keywords,
    description: row.description,
    body: row.body,
    fields: row.fields,
    version: row.version,
    updated_by_name: await adminName(db, row.updatedBy),
  };
}

/** One live content item of a site the admin manages, as the edit form loads it. */
export async function readContent(db: Executor, auth: AuthContext, id: number): Promise<Content> {
  return toContent(db, await manageableContent(db, auth, id));
}

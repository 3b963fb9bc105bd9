import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { shownAuditState } from '../../../models/audit';
import type { z } from 'zod';
import { admins, categories, contents, contentTags, tags } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { dateRange, iso, likeText, offsetOf } from '../../db/listing';
import { manageableCategory, manageableContent, type ContentRow } from './access';
import { subtreeIds } from '../../../models/tree';
import type { Content, ContentListItem, ContentListQuery } from '../../../models/content';

// Reading content: the list (filters, paging, pinned first then newest) and one item with its tags.

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
const flag = (column: typeof contents.isTop | typeof contents.isRecommend, value: number | undefined) =>
  value === undefined ? undefined : eq(column, value === 1);

/** Ids of the column and every column below it (live ones, in its site). */
export async function columnSubtree(db: Executor, categoryId: number, siteId: number): Promise<number[]> {
  const rows = await db
    .select({ id: categories.id, parent_id: categories.parentId })
    .from(categories)
    .where(and(eq(categories.siteId, siteId), isNull(categories.deletedAt)));
  return [...subtreeIds(rows, categoryId)];
}

/**
 * One page of a site's content, pinned first, then newest. `extra` narrows it further (the audit list).
 * A column filter of a site the admin does not manage answers 403.
 */
export async function listContents(db: Executor, auth: AuthContext, siteId: number, q: ListQuery, extra?: SQL) {
  let inColumns: SQL | undefined;
  if (q.category_id !== undefined) {
    const column = await manageableCategory(db, auth, q.category_id);
    inColumns = column.siteId === siteId ? inArray(contents.categoryId, await columnSubtree(db, column.id, siteId)) : eq(contents.id, -1);
  }
  const where = and(
    eq(contents.siteId, siteId),
    q.deleted === 1 ? isNotNull(contents.deletedAt) : isNull(contents.deletedAt),
    inColumns,
    q.status === undefined ? undefined : eq(contents.status, q.status),
    q.keyword ? ilike(contents.title, likeText(q.keyword)) : undefined,
    flag(contents.isRecommend, q.is_recommend),
    flag(contents.isTop, q.is_top),
    dateRange(contents.createdAt, q.start, q.end),
    extra,
  );
  const [total] = await db.select({ n: count() }).from(contents).where(where);
  const rows = await db
    .select(LIST_COLUMNS)
    .from(contents)
    .leftJoin(categories, eq(categories.id, contents.categoryId))
    .where(where)
    .orderBy(desc(contents.isTop), desc(contents.createdAt), desc(contents.id))
    .limit(q.limit)
    .offset(offsetOf(q.page, q.limit));
  const tagMap = await tagsOf(db, rows.map((r) => r.id));
  return { rows: rows.map((r) => toListItem(r, tagMap.get(r.id) ?? [])), count: Number(total?.n ?? 0) };
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

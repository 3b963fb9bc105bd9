import { and, desc, eq } from 'drizzle-orm';
import { admins, contentRevisions } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { iso } from '../../db/listing';
import { notFound } from '../../http/errors';
import { manageableContent, type ContentRow } from './access';
import { tagsOf } from './listing';
import type { ContentRevision, ContentRevisionDetail, RevisionSnapshot } from '../../../models/content';

// Every save keeps the content as saved (content_revisions); the edit page lists them, diffs one with
// the current content and restores it.

export function snapshotOf(row: ContentRow, tags: string[]): RevisionSnapshot {
  return {
    title: row.title,
    subtitle: row.subtitle,
    alias: row.alias,
    author: row.author,
    source: row.source,
    thumbnail: row.thumbnail,
    keywords: row.keywords,
    description: row.description,
    body: row.body,
    fields: row.fields,
    tags,
    category_id: row.categoryId,
    status: row.status,
    is_top: row.isTop,
    is_recommend: row.isRecommend,
    sort: row.sort,
    published_at: iso(row.publishedAt),
  };
}

export async function recordRevision(db: Executor, row: ContentRow, tags: string[], adminId: number, note: string) {
  await db.insert(contentRevisions).values({ contentId: row.id, version: row.version, snapshot: snapshotOf(row, tags), note, createdBy: adminId });
}

const REVISION_COLUMNS = {
  id: contentRevisions.id,
  contentId: contentRevisions.contentId,
  version: contentRevisions.version,
  note: contentRevisions.note,
  snapshot: contentRevisions.snapshot,
  createdAt: contentRevisions.createdAt,
  nickname: admins.nickname,
  account: admins.account,
};

function toRevision(r: { id: number; version: number; note: string; createdAt: Date; nickname: string | null; account: string | null }): ContentRevision {
  return { id: r.id, version: r.version, note: r.note, created_by_name: r.nickname || r.account || '', created_at: iso(r.createdAt)! };
}

/** A content item's revisions, newest first. */
export async function listRevisions(db: Executor, auth: AuthContext, contentId: number): Promise<ContentRevision[]> {
  await manageableContent(db, auth, contentId);
  const rows = await db
    .select(REVISION_COLUMNS)
    .from(contentRevisions)
    .leftJoin(admins, eq(admins.id, contentRevisions.createdBy))
    .where(eq(contentRevisions.contentId, contentId))
    .orderBy(desc(contentRevisions.version), desc(contentRevisions.id));
  return rows.map(toRevision);
}

/** A revision of a content item the admin may manage, with the raw snapshot. */
export async function loadRevision(db: Executor, auth: AuthContext, revisionId: number, contentId?: number) {
  const [row] = await db
    .select(REVISION_COLUMNS)
    .from(contentRevisions)
    .leftJoin(admins, eq(admins.id, contentRevisions.createdBy))
    .where(and(eq(contentRevisions.id, revisionId), contentId === undefined ? undefined : eq(contentRevisions.contentId, contentId)));
  if (!row) throw notFound('content.revisionUnknown');
  const content = await manageableContent(db, auth, row.contentId);
  return { row, content, snapshot: row.snapshot as unknown as RevisionSnapshot };
}

/** The revision and the content as it is now, for the edit page's diff. */
export async function revisionDetail(db: Executor, auth: AuthContext, revisionId: number): Promise<ContentRevisionDetail> {
  const { row, content, snapshot } = await loadRevision(db, auth, revisionId);
  const tags = (await tagsOf(db, [content.id])).get(content.id) ?? [];
  return { revision: { ...toRevision(row), snapshot }, current: { ...snapshotOf(content, tags), version: content.version } };
}

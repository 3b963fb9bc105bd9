import { and, eq, sql } from 'drizzle-orm';
import { contents } from '../../db/schema/index';
import type { Db, Executor } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { conflict } from '../../http/errors';
import { sanitizeBody } from '../../services/sanitize';
import { manageableCategory, manageableContent, type ContentRow } from './access';
import { fieldsOfModel, checkedFieldValues } from './modelFields';
import { setContentTags } from './tagging';
import { adminName } from './listing';
import { loadRevision, recordRevision } from './revisions';
import { fieldError } from './fieldError';
import { requireAuditToPublish } from '../audit/publishGuard';
import { withdrawIfInReview } from '../audit/actions';
import { contentChanged } from '../staticGen/job';
import { contentSaved, pluginDraft } from './pluginHooks';
import {
  CONTENT_PUBLISHED,
  REVISION_CREATED,
  REVISION_UPDATED,
  revisionRestoredNote,
  type ContentSave,
  type ContentSaved,
  type ContentUpdate,
  type StaleSave,
} from '../../../models/content';
import type { Language } from '../../../models/language';

// Writing content: every save validates the model's fields, sanitises the body, sets the tags, bumps
// the version and keeps a revision, in one transaction. A save naming an older version is refused.
// Audit (issue 5): an edit of content in review withdraws it, and where the column's flow has steps a save
// cannot publish content the audit has not published.

interface Caller {
  db: Db;
  auth: AuthContext;
  lang: Language;
}

/** Column values of a validated body (the model's field values already checked). */
function columnsOf(body: ContentSave, fields: Record<string, unknown>) {
  return {
    categoryId: body.category_id,
    title: body.title,
    alias: body.alias,
    subtitle: body.subtitle,
    author: body.author,
    source: body.source,
    thumbnail: body.thumbnail,
    keywords: body.keywords,
    description: body.description,
    body: sanitizeBody(body.body),
    fields,
    status: body.status,
    isTop: body.is_top,
    isRecommend: body.is_recommend,
    sort: body.sort,
  };
}

/** Publishing stamps published_at once (an explicit date wins); unpublishing keeps the first date. */
function publishedAt(body: ContentSave, current: Date | null): Date | null {
  if (body.published_at) return body.published_at;
  if (body.status === CONTENT_PUBLISHED) return current ?? new Date();
  return current;
}

async function checkedFields(db: Executor, lang: Language, modelId: number, values: Record<string, unknown>) {
  return checkedFieldValues(await fieldsOfModel(db, modelId), values, lang);
}

/** The 409 of a save made on an older version: who saved meanwhile and when. */
async function stale(db: Executor, current: ContentRow, lang: Language) {
  const data: StaleSave = { version: current.version, updated_by_name: await adminName(db, current.updatedBy), updated_at: current.updatedAt.toISOString() };
  const time = current.updatedAt.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB', { hour12: false });
  return conflict('content.stale', { name: data.updated_by_name || '—', time, version: data.version }, data);
}

export async function createContent({ db, auth, lang }: Caller, sent: ContentSave): Promise<ContentSaved & { title: string }> {
  const category = await manageableCategory(db, auth, sent.category_id, { field: 'category_id', lang });
  const body = await pluginDraft(db, category.siteId, null, sent);
  const fields = await checkedFields(db, lang, category.modelId, body.fields);
  if (body.status === CONTENT_PUBLISHED) {
    await requireAuditToPublish(db, [{ siteId: category.siteId, categoryId: category.id, title: body.title, status: null, checkStatus: 'draft' }]);
  }
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contents)
      .values({ ...columnsOf(body, fields), siteId: category.siteId, publishedAt: publishedAt(body, null), createdBy: auth.adminId, updatedBy: auth.adminId })
      .returning();
    const tags = await setContentTags(tx, row!.id, row!.siteId, body.tags);
    await recordRevision(tx, row!, tags, auth.adminId, REVISION_CREATED);
    return { id: row!.id, version: row!.version, title: row!.title, siteId: row!.siteId };
  });
  contentChanged(db, created.id);
  contentSaved(db, created, true);
  return { id: created.id, version: created.version, title: created.title };
}

/**
 * Stores a new version if `expectedVersion` is still the stored one (checked again inside the update,
 * so two saves racing cannot both win); otherwise 409 with who saved meanwhile.
 */
async function writeVersion(caller: Caller, current: ContentRow, expectedVersion: number, values: Partial<ContentRow>, tags: string[], note: string) {
  const { db, auth, lang } = caller;
  if (current.version !== expectedVersion) throw await stale(db, current, lang);
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(contents)
      .set({ ...values, version: sql`${contents.version} + 1`, updatedBy: auth.adminId, updatedAt: new Date() })
      .where(and(eq(contents.id, current.id), eq(contents.version, expectedVersion)))
      .returning();
    if (!row) return null;
    const stored = await setContentTags(tx, row.id, row.siteId, tags);
    await recordRevision(tx, row, stored, auth.adminId, note);
    await withdrawIfInReview(tx, row.id, auth.adminId);
    return row;
  });
  if (!saved) throw await stale(db, await manageableContent(db, auth, current.id), lang);
  contentChanged(db, saved.id);
  contentSaved(db, saved, false);
  return { id: saved.id, version: saved.version, title: saved.title };
}

export async function updateContent(caller: Caller, sent: ContentUpdate): Promise<ContentSaved & { title: string }> {
  const { db, auth, lang } = caller;
  const current = await manageableContent(db, auth, sent.id);
  if (current.version !== sent.version) throw await stale(db, current, lang);
  const body = await pluginDraft(db, current.siteId, current.id, sent);
  const category = await manageableCategory(db, auth, body.category_id, { field: 'category_id', lang });
  // Content moves between columns of its own site only: switching sites never moves a record.
  if (category.siteId !== current.siteId) throw fieldError(lang, 'category_id', 'content.categoryUnknown');
  const fields = await checkedFields(db, lang, category.modelId, body.fields);
  if (body.status === CONTENT_PUBLISHED) await requireAuditToPublish(db, [{ ...current, categoryId: category.id, title: body.title }]);
  const values = { ...columnsOf(body, fields), publishedAt: publishedAt(body, current.publishedAt) };
  return writeVersion(caller, current, body.version, values, body.tags, REVISION_UPDATED);
}

/** The revision's text, fields and tags become the content again, as a new version (flags stay as they are). */
export async function restoreRevision(caller: Caller, body: { id: number; revision_id: number; version: number }) {
  const { snapshot, row, content } = await loadRevision(caller.db, caller.auth, body.revision_id, body.id);
  const values: Partial<ContentRow> = {
    title: snapshot.title,
    subtitle: snapshot.subtitle,
    alias: snapshot.alias,
    author: snapshot.author,
    source: snapshot.source,
    thumbnail: snapshot.thumbnail,
    keywords: snapshot.keywords,
    description: snapshot.description,
    body: sanitizeBody(snapshot.body),
    fields: snapshot.fields,
  };
  return writeVersion(caller, content, body.version, values, snapshot.tags ?? [], revisionRestoredNote(row.version));
}

import { and, asc, count, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import { attachmentCates, attachments } from '../../db/schema/index';
import type { Executor } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { likeText } from '../../db/listing';
import { canManageSite } from '../sites';
import type { AttachmentCate } from '../../../models/attachment';

// Attachment categories: a tree of two levels under the root 0 ("top level"). A parent is the root or
// a first-level category; a category with children stays first-level.

type CateRow = typeof attachmentCates.$inferSelect;

const cleanTitle = (title: string) => title.replace(/[\u0000-\u001f\u007f]/g, '').trim();
const parentError = (key: 'attachment.chooseParent' | 'attachment.parentNotTop' | 'attachment.parentSelf') =>
  badRequest(key, {}, { issues: [{ field: 'parent_id' }] });

/** Loads categories by id, refusing (403) those of sites the admin does not manage. */
async function loadCates(db: Executor, auth: AuthContext, ids: number[]): Promise<CateRow[]> {
  const rows = await db.select().from(attachmentCates).where(inArray(attachmentCates.id, ids));
  if (rows.length !== new Set(ids).size) throw notFound();
  for (const r of rows) if (!canManageSite(auth, r.siteId)) throw forbidden('error.siteForbidden');
  return rows;
}

/**
 * The category an attachment may be filed under: 0 (none) or a category of the attachment's site.
 * 403 for a site the admin does not manage, 400 otherwise.
 */
export async function requireCate(db: Executor, auth: AuthContext, siteId: number, cateId: number): Promise<void> {
  if (cateId === 0) return;
  const [row] = await db.select().from(attachmentCates).where(eq(attachmentCates.id, cateId));
  const field = { issues: [{ field: 'attachment_cate_id' }] };
  if (!row) throw badRequest('attachment.cateInvalid', {}, field);
  if (!canManageSite(auth, row.siteId)) throw forbidden('error.siteForbidden');
  if (row.siteId !== siteId) throw badRequest('attachment.cateOtherSite', {}, field);
}

/** Ids of a category and, for a first-level one, its children (the list filter by category). */
export async function cateWithChildren(db: Executor, siteId: number, cateId: number): Promise<number[]> {
  const rows = await db
    .select({ id: attachmentCates.id })
    .from(attachmentCates)
    .where(and(eq(attachmentCates.siteId, siteId), or(eq(attachmentCates.id, cateId), eq(attachmentCates.parentId, cateId))));
  return rows.map((r) => r.id);
}

/**
 * The site's categories in tree order (each first-level category followed by its children). A title
 * filter keeps the matches and the parents of matching children. attachment_count of a first-level
 * category includes its children's attachments, as the list filter does.
 */
export async function cateTree(db: Executor, siteId: number, title?: string): Promise<AttachmentCate[]> {
  const rows = await db.select().from(attachmentCates).where(eq(attachmentCates.siteId, siteId)).orderBy(asc(attachmentCates.sort), asc(attachmentCates.id));
  const counts = new Map(
    (
      await db
        .select({ cateId: attachments.cateId, n: count() })
        .from(attachments)
        .where(and(eq(attachments.siteId, siteId), isNull(attachments.deletedAt)))
        .groupBy(attachments.cateId)
    ).map((r) => [r.cateId, Number(r.n)]),
  );
  let visible = rows;
  if (title) {
    const matching = new Set(
      (await db.select({ id: attachmentCates.id }).from(attachmentCates).where(and(eq(attachmentCates.siteId, siteId), ilike(attachmentCates.title, likeText(title))))).map((r) => r.id),
    );
    const parents = new Set(rows.filter((r) => matching.has(r.id)).map((r) => r.parentId));
    visible = rows.filter((r) => matching.has(r.id) || parents.has(r.id));
  }
  const ids = new Set(visible.map((r) => r.id));
  const out: AttachmentCate[] = [];
  const node = (r: CateRow, own: number): AttachmentCate => ({
    id: r.id,
    parent_id: r.parentId,
    title: r.title,
    path: r.parentId ? `0-${r.parentId}-${r.id}` : `0-${r.id}`,
    attachment_count: own,
  });
  for (const top of visible.filter((r) => r.parentId === 0 || !ids.has(r.parentId))) {
    const children = visible.filter((r) => r.parentId === top.id);
    const total = (counts.get(top.id) ?? 0) + rows.filter((r) => r.parentId === top.id).reduce((n, c) => n + (counts.get(c.id) ?? 0), 0);
    out.push(node(top, top.parentId === 0 ? total : (counts.get(top.id) ?? 0)));
    for (const child of children) out.push(node(child, counts.get(child.id) ?? 0));
  }
  return out;
}

/** The parent must be the root or a first-level category of the same site (never the category itself). */
async function requireParent(db: Executor, auth: AuthContext, siteId: number, parentId: number, selfId?: number): Promise<void> {
  if (parentId === 0) return;
  if (parentId === selfId) throw parentError('attachment.parentSelf');
  const [parent] = await db.select().from(attachmentCates).where(eq(attachmentCates.id, parentId));
  if (!parent) throw parentError('attachment.chooseParent');
  if (!canManageSite(auth, parent.siteId)) throw forbidden('error.siteForbidden');
  if (parent.siteId !== siteId) throw parentError('attachment.chooseParent');
  if (parent.parentId !== 0) throw parentError('attachment.parentNotTop');
}

export async function createCate(db: Executor, auth: AuthContext, siteId: number, body: { parent_id: number; title: string }) {
  const title = cleanTitle(body.title);
  if (!title) throw badRequest('attachment.fillRequired', {}, { issues: [{ field: 'title' }] });
  await requireParent(db, auth, siteId, body.parent_id);
  const [row] = await db.insert(attachmentCates).values({ siteId, parentId: body.parent_id, title }).returning();
  return { id: row!.id, title };
}

export async function updateCate(db: Executor, auth: AuthContext, body: { id: number; parent_id: number; title: string }) {
  const title = cleanTitle(body.title);
  if (!title) throw badRequest('attachment.fillRequired', {}, { issues: [{ field: 'title' }] });
  const [current] = await loadCates(db, auth, [body.id]);
  await requireParent(db, auth, current!.siteId, body.parent_id, body.id);
  if (body.parent_id !== 0) {
    const [child] = await db.select({ id: attachmentCates.id }).from(attachmentCates).where(eq(attachmentCates.parentId, body.id)).limit(1);
    if (child) throw new ApiError(400, 'attachment.moveWithChildren', { title: current!.title }, { issues: [{ field: 'parent_id' }] });
  }
  await db.update(attachmentCates).set({ parentId: body.parent_id, title, updatedAt: new Date() }).where(eq(attachmentCates.id, body.id));
  return { title };
}

/** Deletes categories (children first, or together with them); their attachments move to "no category". */
export async function deleteCates(db: Executor, auth: AuthContext, ids: number[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    const rows = await loadCates(tx, auth, ids);
    const deleting = new Set(ids);
    const children = await tx.select().from(attachmentCates).where(inArray(attachmentCates.parentId, ids));
    const kept = children.find((c) => !deleting.has(c.id));
    if (kept) throw conflict('attachment.cateHasChildren', { title: rows.find((r) => r.id === kept.parentId)!.title });
    await tx.update(attachments).set({ cateId: 0, updatedAt: new Date() }).where(inArray(attachments.cateId, ids));
    await tx.delete(attachmentCates).where(inArray(attachmentCates.id, ids));
    return rows.map((r) => r.title);
  });
}

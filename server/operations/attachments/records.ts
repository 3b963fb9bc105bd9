import { and, count, desc, eq, ilike, inArray, isNull, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { attachments } from '../../db/schema/index';
import type { Executor, Tx } from '../../db/client';
import type { AuthContext } from '../../http/context';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { iso, likeText, offsetOf } from '../../db/listing';
import { canManageSite } from '../sites';
import { registerRecycleType } from '../recycle';
import { getUploadSettings } from '../systemSettings';
import { cateWithChildren, requireCate } from './categories';
import { typeOfUrl } from './formats';
import { STORAGE, type Attachment } from '../../../models/attachment';
import type { z } from 'zod';
import type { AttachmentListQuery, AttachmentUpdate, NetworkAttachmentSave } from '../../../models/attachment';

// Attachments of a site: the list, network URLs, edits and soft delete. The stored file stays until the
// record is purged from the recycle bin, and even then while another record points at the same file.

type Row = typeof attachments.$inferSelect;

const noControl = (v: string) => v.replace(/[\u0000-\u001f\u007f]/g, '');

export const toAttachment = (r: Row): Attachment => ({
  id: r.id,
  site_id: r.siteId,
  attachment_cate_id: r.cateId,
  cate_id: r.cateId,
  name: r.name,
  url: r.url,
  type: r.type as Attachment['type'],
  storage: r.storage,
  mime: r.mime,
  size: r.size,
  description: r.description,
  created_at: iso(r.createdAt)!,
});

/** Live attachments by id, refusing (403) those of sites the admin does not manage. */
async function loadLive(db: Executor, auth: AuthContext, ids: number[]): Promise<Row[]> {
  const rows = await db.select().from(attachments).where(and(inArray(attachments.id, ids), isNull(attachments.deletedAt)));
  if (rows.length !== new Set(ids).size) throw notFound();
  for (const r of rows) if (!canManageSite(auth, r.siteId)) throw forbidden('error.siteForbidden');
  return rows;
}

export async function listAttachments(db: Executor, siteId: number, q: z.infer<typeof AttachmentListQuery>) {
  const cateIds = q.cate_id && q.cate_id > 0 ? await cateWithChildren(db, siteId, q.cate_id) : undefined;
  const where = and(
    eq(attachments.siteId, siteId),
    isNull(attachments.deletedAt),
    q.type !== undefined ? eq(attachments.type, q.type) : undefined,
    cateIds ? inArray(attachments.cateId, cateIds.length ? cateIds : [-1]) : undefined,
    q.name ? ilike(attachments.name, likeText(noControl(q.name))) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(attachments).where(where);
  const rows = await db
    .select()
    .from(attachments)
    .where(where)
    .orderBy(desc(attachments.createdAt), desc(attachments.id))
    .limit(q.limit)
    .offset(offsetOf(q.page, q.limit));
  return { rows: rows.map(toAttachment), count: Number(total?.n ?? 0) };
}

export async function readAttachment(db: Executor, auth: AuthContext, id: number): Promise<Attachment> {
  const [row] = await loadLive(db, auth, [id]);
  return toAttachment(row!);
}

/** Network attachments (storage 5): their type comes from the URL's extension when not given. */
export async function saveNetworkAttachments(db: Executor, auth: AuthContext, siteId: number, items: z.infer<typeof NetworkAttachmentSave>) {
  const settings = await getUploadSettings(db);
  for (const cateId of new Set(items.map((i) => i.attachment_cate_id))) await requireCate(db, auth, siteId, cateId);
  const values = items.map((item, i) => {
    if (/[\u0000-\u001f\u007f\s]/.test(item.url)) throw badRequest('validation.httpUrl', {}, { issues: [{ field: `${i}.url` }] });
    return {
      siteId,
      cateId: item.attachment_cate_id,
      name: noControl(item.name).trim() || item.url,
      url: item.url,
      type: item.type ?? typeOfUrl(item.url, settings),
      storage: STORAGE.network,
      description: noControl(item.description),
      createdBy: auth.adminId,
    };
  });
  const rows = await db.insert(attachments).values(values).returning();
  return rows.map(toAttachment);
}

export async function updateAttachment(db: Executor, auth: AuthContext, body: z.infer<typeof AttachmentUpdate>) {
  const [current] = await loadLive(db, auth, [body.id]);
  await requireCate(db, auth, current!.siteId, body.attachment_cate_id);
  const name = noControl(body.name).trim();
  await db
    .update(attachments)
    .set({ name, description: noControl(body.description), cateId: body.attachment_cate_id, updatedAt: new Date() })
    .where(eq(attachments.id, body.id));
  return { name };
}

/** Into the recycle bin: the file stays in storage. */
export async function deleteAttachments(db: Executor, auth: AuthContext, ids: number[]): Promise<string[]> {
  const rows = await loadLive(db, auth, ids);
  await db.update(attachments).set({ deletedAt: new Date(), deletedBy: auth.adminId }).where(inArray(attachments.id, ids));
  return rows.map((r) => r.name);
}

/**
 * Registers attachments with the recycle bin: purging removes a stored file once no other record,
 * live or in the bin, points at it. A storage that fails to delete is logged, the records go anyway.
 * The registry is process-wide: the hook is handed the app purging (a test process may run several apps, each
 * with its own storages).
 */
export function registerAttachmentRecycling() {
  registerRecycleType({
    type: 'attachment',
    table: attachments,
    id: attachments.id,
    title: attachments.name,
    siteId: attachments.siteId,
    deletedAt: attachments.deletedAt,
    deletedBy: attachments.deletedBy,
    beforePurge: (tx, ids, app) => removeUnsharedFiles(app, tx, ids),
  });
}

async function removeUnsharedFiles(app: FastifyInstance, tx: Tx, ids: number[]) {
  const purged = await tx.select({ storage: attachments.storage, path: attachments.path }).from(attachments).where(inArray(attachments.id, ids));
  const seen = new Set<string>();
  // Another server may have saved the storage settings since this one last read them (issue 17).
  if (purged.some((p) => p.path && p.storage !== STORAGE.network && p.storage !== STORAGE.local)) await app.storageRegistry.refresh(tx);
  for (const { storage: kind, path } of purged) {
    if (!path || kind === STORAGE.network || seen.has(`${kind}:${path}`)) continue;
    seen.add(`${kind}:${path}`);
    const [shared] = await tx
      .select({ id: attachments.id })
      .from(attachments)
      .where(and(eq(attachments.storage, kind), eq(attachments.path, path), notInArray(attachments.id, ids)))
      .limit(1);
    if (shared) continue;
    const storage = app.storageOfKind(kind);
    if (!storage) {
      app.log.warn({ kind, path }, 'purged attachment: no storage of its kind is configured; file left in place');
      continue;
    }
    await storage.delete(path).catch((err: unknown) => app.log.error({ err, kind, path }, 'purged attachment: could not delete the stored file'));
  }
}

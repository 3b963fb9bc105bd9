import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { attachments } from '../../db/schema/index';
import type { AuthContext } from '../../http/context';
import { getUploadSettings } from '../systemSettings';
import { requireCate } from './categories';
import { BLOCKED_EXTENSIONS, canonicalExtension, displayName, extensionOf, kindFor } from './formats';
import { STORAGE, ATTACHMENT_TYPE, type CheckHash } from '../../../models/attachment';
import type { UploadedFile } from '../../../models/content';

// Instant upload: a file whose bytes are already stored (same SHA-256 and size) becomes a new attachment
// pointing at the stored copy, without being sent again. The name must claim the stored file's format
// and that format must still be allowed; otherwise the client uploads it normally (data null).

export async function instantUpload(app: FastifyInstance, auth: AuthContext, siteId: number, body: z.infer<typeof CheckHash>): Promise<UploadedFile | null> {
  const db = app.ctx.db;
  await requireCate(db, auth, siteId, body.attachment_cate_id);
  const ext = extensionOf(body.name);
  const settings = await getUploadSettings(db);
  const kind = ext && !BLOCKED_EXTENSIONS.has(ext) ? kindFor(ext, settings, body.type) : null;
  if (!kind || body.size > settings[kind].max_kb * 1024) return null;

  const candidates = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.hash, body.hash), eq(attachments.size, body.size), ne(attachments.storage, STORAGE.network), ne(attachments.path, '')))
    .limit(20);
  const stored = candidates.find((c) => extensionOf(c.path) === canonicalExtension(ext) && app.storageOfKind(c.storage) !== null);
  if (!stored) return null;
  const [row] = await db
    .insert(attachments)
    .values({
      siteId,
      cateId: body.attachment_cate_id,
      name: displayName(body.name),
      url: stored.url,
      type: ATTACHMENT_TYPE[kind],
      storage: stored.storage,
      path: stored.path,
      mime: stored.mime,
      size: stored.size,
      hash: stored.hash,
      createdBy: auth.adminId,
    })
    .returning({ id: attachments.id, name: attachments.name, url: attachments.url });
  return row!;
}

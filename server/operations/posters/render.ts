import fs from 'node:fs/promises';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { attachments, posters } from '../../db/schema/index';
import type { AuthContext } from '../../http/context';
import { ApiError, badRequest, forbidden, notFound } from '../../http/errors';
import { canManageSite } from '../sites';
import { getUploadSettings } from '../systemSettings';
import { ingestFile } from '../attachments/ingest';
import { hashFile, incomingFile, removeQuietly } from '../attachments/tempFiles';
import { ATTACHMENT_TYPE } from '../../../models/attachment';
import type { PosterElement, PosterRendered } from '../../../models/poster';
import { clipped, elementLayer } from './layers';
import type { PosterRow } from '../../resources/poster';

// Draws a poster's saved layout with sharp — background (material file or colour), then each element bottom to
// top — in its format and quality, and stores the image as an attachment of the poster's site.

/** A live poster of a site the admin manages. */
export async function loadPoster(app: FastifyInstance, auth: AuthContext, id: number): Promise<PosterRow> {
  const [row] = await app.ctx.db.select().from(posters).where(and(eq(posters.id, id), isNull(posters.deletedAt)));
  if (!row) throw notFound();
  if (!canManageSite(auth, row.siteId)) throw forbidden('error.siteForbidden');
  return row;
}

export async function saveLayout(app: FastifyInstance, auth: AuthContext, id: number, elements: PosterElement[]): Promise<string> {
  const row = await loadPoster(app, auth, id);
  await app.ctx.db.update(posters).set({ elements, updatedAt: new Date() }).where(eq(posters.id, row.id));
  return row.name;
}

/** The bytes of an uploaded attachment of the site at this URL (network addresses are not fetched). */
function attachmentReader(app: FastifyInstance, siteId: number) {
  return async (url: string): Promise<Buffer> => {
    const [file] = await app.ctx.db
      .select({ storage: attachments.storage, path: attachments.path })
      .from(attachments)
      .where(and(eq(attachments.siteId, siteId), eq(attachments.url, url), ne(attachments.path, ''), isNull(attachments.deletedAt)))
      .limit(1);
    const storage = file ? app.storageOfKind(file.storage) : null;
    if (!file || !storage) throw badRequest('poster.imageMissing', { url });
    return storage.read(file.path);
  };
}

function encoded(image: Sharp, row: PosterRow): Sharp {
  if (row.format === 'jpg') return image.flatten({ background: '#ffffff' }).jpeg({ quality: row.quality, mozjpeg: true });
  if (row.format === 'webp') return image.webp({ quality: row.quality });
  return image.png({ compressionLevel: 9 });
}

export async function drawPoster(app: FastifyInstance, row: PosterRow): Promise<Buffer> {
  const settings = await getUploadSettings(app.ctx.db);
  const limitInputPixels = settings.image_max_pixels;
  const read = attachmentReader(app, row.siteId);
  const { width, height } = row;
  let base: Buffer;
  try {
    base =
      row.backgroundType === 'image' && row.backgroundImage
        ? await sharp(await read(row.backgroundImage), { limitInputPixels }).rotate().resize(width, height, { fit: 'cover' }).png().toBuffer()
        : await sharp({ create: { width, height, channels: 4, background: row.backgroundColor } }).png().toBuffer();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw badRequest('poster.badImage');
  }
  const layers: OverlayOptions[] = [];
  for (const el of row.elements) {
    let layer: Buffer;
    try {
      layer = await elementLayer(el, read, limitInputPixels);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw badRequest('poster.badImage');
    }
    const placed = await clipped(layer, el, width, height);
    if (placed) layers.push(placed);
  }
  return encoded(sharp(base).composite(layers), row).toBuffer();
}

export async function renderPoster(app: FastifyInstance, auth: AuthContext, id: number): Promise<PosterRendered & { name: string }> {
  const row = await loadPoster(app, auth, id);
  const bytes = await drawPoster(app, row);
  const file = await incomingFile(app.ctx.config.dataDir);
  try {
    await fs.writeFile(file, bytes);
    const fileName = `${row.name}.${row.format}`;
    const stored = await ingestFile(
      app,
      { file, name: fileName, ...(await hashFile(file)) },
      { siteId: row.siteId, adminId: auth.adminId, cateId: 0, type: ATTACHMENT_TYPE.image, reduceImg: false, settings: await getUploadSettings(app.ctx.db) },
    );
    await app.ctx.db.update(posters).set({ imageAttachmentId: stored.id, imageUrl: stored.url, renderedAt: new Date() }).where(eq(posters.id, row.id));
    return {
      id: row.id,
      attachment_id: stored.id,
      url: stored.url,
      file_name: stored.name,
      width: row.width,
      height: row.height,
      format: row.format as PosterRendered['format'],
      name: row.name,
    };
  } finally {
    await removeQuietly(file);
  }
}

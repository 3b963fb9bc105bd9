import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { attachments } from '../../db/schema/index';
import { ApiError, badRequest } from '../../http/errors';
import { getUploadSettings } from '../systemSettings';
import { translate } from '../../i18n/messages';
import { fetchRemote, RemoteFetchError, type RemoteFailure } from '../../services/remoteFetch';
import { parseFragment, serializeFragment } from './htmlFragment';
import { sniffImage } from './imageType';
import type { ImageLocalResult, UploadedFile } from '../../../models/content';
import type { Language } from '../../../models/language';

// Images of the content: uploads from the editor and remote images brought into the site's attachments.

/** attachments.type of an image. */
export const ATTACHMENT_IMAGE = 2;
export const IMAGE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Remote images localised in one call; the rest are reported as failed. */
export const IMG_LOCAL_MAX_IMAGES = 50;
const IMG_LOCAL_CONCURRENCY = 4;

/** A file name fit for display: no directories, no control characters, not too long. */
function displayName(name: string, ext: string): string {
  const base = path.posix.basename(name.replace(/\\/g, '/')).replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return base || `image.${ext}`;
}

/** Stores the bytes if they really are a JPEG/PNG/GIF/WEBP/BMP image and records them as an attachment of the site. */
export async function storeImage(
  app: FastifyInstance,
  target: { siteId: number; adminId: number },
  bytes: Buffer,
  name: string,
): Promise<UploadedFile | null> {
  const type = sniffImage(bytes);
  if (!type) return null;
  // A decompression bomb (a tiny file declaring billions of pixels) is refused like an attachment upload is,
  // from its header alone: it would be decoded by posters and by every visitor's browser.
  const size = await pixelSize(bytes, type.ext);
  if (!size) return null;
  const { image_max_pixels: max } = await getUploadSettings(app.ctx.db);
  if (size.width * size.height > max) throw new ApiError(413, 'attachment.tooManyPixels', { ...size, max });
  const now = new Date();
  const key = `${target.siteId}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${type.ext}`;
  const url = await app.storage.put(key, bytes, type.mime);
  try {
    const [row] = await app.ctx.db
      .insert(attachments)
      .values({
        siteId: target.siteId,
        name: displayName(name, type.ext),
        url,
        type: ATTACHMENT_IMAGE,
        storage: app.storage.kind,
        path: key,
        mime: type.mime,
        size: bytes.length,
        hash: createHash('sha256').update(bytes).digest('hex'),
        createdBy: target.adminId,
      })
      .returning({ id: attachments.id, name: attachments.name, url: attachments.url });
    return row!;
  } catch (err) {
    await app.storage.delete(key).catch(() => undefined);
    throw err;
  }
}

/** Width and height from the image's header, never decoding its pixels; null when there is no readable header. */
async function pixelSize(bytes: Buffer, ext: string): Promise<{ width: number; height: number } | null> {
  if (ext === 'bmp') {
    if (bytes.length < 26) return null;
    const core = bytes.readUInt32LE(14) === 12;
    return core ? { width: bytes.readUInt16LE(18), height: bytes.readUInt16LE(20) } : { width: Math.abs(bytes.readInt32LE(18)), height: Math.abs(bytes.readInt32LE(22)) };
  }
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    return meta.width && meta.height ? { width: meta.width, height: meta.pageHeight ?? meta.height } : null;
  } catch {
    return null;
  }
}

/** Like storeImage, but anything that is not an allowed image is a 400. */
export async function uploadImage(app: FastifyInstance, target: { siteId: number; adminId: number }, bytes: Buffer, name: string): Promise<UploadedFile> {
  const stored = await storeImage(app, target, bytes, name);
  if (!stored) throw badRequest('content.notImage');
  return stored;
}

type Failure = RemoteFailure | 'not_image' | 'too_many';

/**
 * Downloads every remote (http/https) <img> of the HTML into the site's attachments and points the
 * images at the stored copies. What cannot be fetched safely stays as it was and is reported.
 */
export async function localizeImages(
  app: FastifyInstance,
  target: { siteId: number; adminId: number },
  html: string,
  lang: Language,
): Promise<ImageLocalResult> {
  const $ = parseFragment(html);
  const remote = [...new Set($('img').map((_, el) => ($(el).attr('src') ?? '').trim()).get())].filter((src) => /^https?:\/\//i.test(src));
  const replaced = new Map<string, string>();
  const failed: ImageLocalResult['failed'] = [];
  const fail = (url: string, code: Failure) =>
    failed.push({ url, code, reason: translate(lang, `imgLocal.${code}`, { max: IMG_LOCAL_MAX_IMAGES }) });
  // Tests serve images from 127.0.0.1; everywhere else the default guard refuses non-public addresses.
  const isForbidden = app.ctx.config.allowPrivateFetchForTests ? () => false : undefined;

  const localize = async (url: string) => {
    try {
      const fetched = await fetchRemote(url, { maxBytes: IMAGE_UPLOAD_MAX_BYTES, isForbidden });
      const stored = await storeImage(app, target, fetched.bytes, decodeURIComponentSafe(new URL(fetched.url).pathname));
      if (stored) replaced.set(url, stored.url);
      else fail(url, 'not_image');
    } catch (err) {
      // An image over the pixel limit stays remote, like any other image that cannot be brought in.
      if (err instanceof ApiError && err.status === 413) return void fail(url, 'not_image');
      if (!(err instanceof RemoteFetchError)) throw err;
      fail(url, err.reason);
    }
  };
  for (const url of remote.slice(IMG_LOCAL_MAX_IMAGES)) fail(url, 'too_many');
  const queue = remote.slice(0, IMG_LOCAL_MAX_IMAGES);
  // A few downloads at a time: each is capped in time, so the call is too.
  await Promise.all(Array.from({ length: Math.min(IMG_LOCAL_CONCURRENCY, queue.length) }, async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) await localize(url);
  }));
  // Reported in the order the images appear, however the downloads finished.
  failed.sort((a, b) => remote.indexOf(a.url) - remote.indexOf(b.url));
  if (!replaced.size) return { content: html, localized: 0, failed };
  $('img').each((_, el) => {
    const stored = replaced.get(($(el).attr('src') ?? '').trim());
    if (stored) $(el).attr('src', stored);
  });
  return { content: serializeFragment($), localized: replaced.size, failed };
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

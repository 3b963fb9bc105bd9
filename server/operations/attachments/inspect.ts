import fs from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { ApiError } from '../../http/errors';
import type { AttachmentKind } from '../../../models/attachment';
import type { UploadSettings } from '../../../models/uploadSettings';
import {
  BLOCKED_EXTENSIONS,
  BLOCKED_SNIFFED,
  TEXT_EXTENSIONS,
  canonicalExtension,
  compatibleSniffs,
  extensionOf,
  kindFor,
} from './formats';

// What an uploaded file really is. The name gives the claimed format and, with the declared type, the
// kind whose limits apply; the bytes (file-type, then sharp for raster images) must back that claim.

export interface Inspected {
  kind: AttachmentKind;
  /** Extension the stored file gets. */
  ext: string;
  mime: string;
  /** SVG: must be sanitised before it is stored. */
  svg: boolean;
  /** Raster images: their size (for the pixel limit and downscaling). */
  width?: number;
  height?: number;
}

const unsupported = (key: 'attachment.noExtension' | 'attachment.formatNotAllowed' | 'attachment.dangerous' | 'attachment.typeMismatch' | 'attachment.badImage', format = '') =>
  new ApiError(415, key, { format });

/** Raster formats whose pixel count is checked (sharp reads their headers; BMP is read here). */
const RASTER = new Set(['jpg', 'png', 'apng', 'gif', 'webp', 'bmp', 'tif', 'avif', 'heic']);

const TEXT_MIME: Record<string, string> = {
  svg: 'image/svg+xml',
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  json: 'application/json',
  log: 'text/plain',
};

/** Markup a browser could render as a page (or a server could run), in a file meant as plain text. */
const ACTIVE_MARKUP = /<\s*(?:!doctype\s+html|html|head|body|script|iframe|frame|object|embed|meta|link|style|svg|form|base|img|a\s)|<\?php|<%/i;

/** Checks the claimed format, the kind's limits and the real contents; throws 413/415 with a clear message. */
export async function inspectFile(
  file: string,
  claim: { name: string; size: number; type?: number },
  settings: UploadSettings,
): Promise<Inspected> {
  const claimed = extensionOf(claim.name);
  if (!claimed) throw unsupported('attachment.noExtension');
  if (BLOCKED_EXTENSIONS.has(claimed)) throw unsupported('attachment.dangerous', claimed);
  const kind = kindFor(claimed, settings, claim.type);
  if (!kind) throw unsupported('attachment.formatNotAllowed', claimed);
  checkSize(claim.size, kind, settings);

  const sniffed = await fileTypeFromFile(file);
  if (sniffed && BLOCKED_SNIFFED.has(sniffed.ext)) throw unsupported('attachment.dangerous', claimed);
  const ext = canonicalExtension(claimed);

  if (TEXT_EXTENSIONS.has(claimed)) {
    const svg = claimed === 'svg';
    if (sniffed && !(svg && sniffed.ext === 'xml')) throw unsupported('attachment.typeMismatch', claimed);
    const head = await readHead(file, 64 * 1024);
    if (head.includes(0)) throw unsupported('attachment.typeMismatch', claimed);
    if (!svg && ACTIVE_MARKUP.test(head.toString('utf8'))) throw unsupported('attachment.dangerous', claimed);
    return { kind, ext, mime: TEXT_MIME[claimed] ?? 'text/plain', svg };
  }

  if (!sniffed || !compatibleSniffs(claimed).includes(sniffed.ext)) throw unsupported('attachment.typeMismatch', claimed);
  const out: Inspected = { kind, ext, mime: sniffed.mime, svg: false };
  if (RASTER.has(sniffed.ext)) {
    const { width, height } = await imageSize(file, sniffed.ext);
    if (width * height > settings.image_max_pixels) {
      throw new ApiError(413, 'attachment.tooManyPixels', { width, height, max: settings.image_max_pixels });
    }
    Object.assign(out, { width, height });
  }
  return out;
}

/** The kind's size limit (max_kb × 1024 bytes); 413 above it. */
export function checkSize(size: number, kind: AttachmentKind, settings: UploadSettings) {
  const max = settings[kind].max_kb;
  if (size > max * 1024) throw new ApiError(413, 'attachment.tooLarge', { max });
}

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Width and height from the image's header, without decoding its pixels. */
async function imageSize(file: string, ext: string): Promise<{ width: number; height: number }> {
  if (ext === 'bmp') {
    // sharp has no BMP reader: the info header holds the size (OS/2 core headers use 16-bit fields).
    const head = await readHead(file, 26);
    const core = head.length >= 22 && head.readUInt32LE(14) === 12;
    if (head.length < (core ? 22 : 26)) throw unsupported('attachment.badImage');
    const width = core ? head.readUInt16LE(18) : Math.abs(head.readInt32LE(18));
    const height = core ? head.readUInt16LE(20) : Math.abs(head.readInt32LE(22));
    return { width, height };
  }
  try {
    const meta = await sharp(file, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    return { width: meta.width, height: meta.pageHeight ?? meta.height };
  } catch {
    throw unsupported('attachment.badImage');
  }
}

import '@fastify/multipart';
import type { Hash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors';
import { incomingFile, removeQuietly, writeStreamAt, writeStreamToFile, type WrittenFile } from './tempFiles';

// One upload request: its text fields and at most one file, streamed to a temporary file whatever order
// the parts come in. Limits are this route's own (a chunk request may carry one chunk, no more).
// A caller may offer a place for the file once the fields before it are known (a chunk goes straight to
// its offset in its upload's file): the bytes are then written there and no temporary file is made.

/** Room for the multipart boundaries and the text fields around the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Where the file part goes instead of a temporary file: `start` bytes into `file`, feeding `hash`. */
export interface Placement {
  file: string;
  start: number;
  /** Bytes the place takes (at most maxFileBytes): nothing beyond is written, and the request is refused. */
  limit: number;
  hash: Hash | null;
  /** Called once when the request is done with the place (whatever happened). */
  release(): void;
}

export interface UploadRequest {
  fields: Record<string, string>;
  /** The file part, on disk; the caller owns (and removes) it, unless it was placed (then `placement`, to release). */
  file: (WrittenFile & { filename: string; placement?: Placement }) | null;
}

export interface ReadUploadOptions {
  fileField: string;
  /** The most a file part may have (refused before its bytes are read when the request says more). */
  maxFileBytes: number;
  /**
   * A tighter limit for the file part, from the fields before it (a chunk: its upload's chunk size).
   * Checked against the request's declared length, then while the bytes are written.
   */
  fileLimit?: (fields: Record<string, string>) => Promise<number>;
  dataDir: string;
  /** Hash the temporary file (default true). */
  hash?: boolean;
  /** Asked with the fields read so far when the file part arrives; null keeps the temporary file. */
  place?: (fields: Record<string, string>) => Promise<Placement | null>;
}

export async function readUpload(req: FastifyRequest, opts: ReadUploadOptions): Promise<UploadRequest> {
  if (!req.isMultipart()) throw new ApiError(415, 'error.unsupportedMediaType');
  // Refused before a byte is read when the request says it is too big.
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.maxFileBytes + MULTIPART_OVERHEAD_BYTES) throw new ApiError(413, 'error.payloadTooLarge');

  const fields: Record<string, string> = {};
  let file: UploadRequest['file'] = null;
  let target = '';
  let placement: Placement | null = null;
  let tooLarge = false;
  try {
    const parts = req.parts({ limits: { fileSize: opts.maxFileBytes, files: 1, fields: 20, fieldSize: 4096, parts: 21 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== opts.fileField || file || tooLarge) {
        part.file.resume();
        continue;
      }
      placement = opts.place ? await opts.place({ ...fields }) : null;
      const limit = Math.min(opts.maxFileBytes, placement ? placement.limit : opts.fileLimit ? await opts.fileLimit({ ...fields }) : Infinity);
      if (Number.isFinite(declared) && declared > limit + MULTIPART_OVERHEAD_BYTES) {
        // Refused without keeping a byte; the rest of the body is read past (the parser owns the request now).
        placement?.release();
        placement = null;
        tooLarge = true;
        part.file.resume();
        continue;
      }
      if (placement) {
        const size = await writeStreamAt(part.file, placement.file, placement.start, placement.hash, limit);
        file = { file: placement.file, size, sha256: '', filename: part.filename, placement };
      } else {
        target = await incomingFile(opts.dataDir);
        file = { ...(await writeStreamToFile(part.file, target, { hash: opts.hash, limit })), filename: part.filename };
      }
      if (part.file.truncated || file.size > limit) throw new ApiError(413, 'error.payloadTooLarge');
    }
    if (tooLarge) throw new ApiError(413, 'error.payloadTooLarge');
    return { fields, file };
  } catch (err) {
    placement?.release();
    if (target) await removeQuietly(target);
    throw err;
  }
}

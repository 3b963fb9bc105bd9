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
  maxFileBytes: number;
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
  try {
    const parts = req.parts({ limits: { fileSize: opts.maxFileBytes, files: 1, fields: 20, fieldSize: 4096, parts: 21 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== opts.fileField || file) {
        part.file.resume();
        continue;
      }
      placement = opts.place ? await opts.place({ ...fields }) : null;
      if (placement) {
        const size = await writeStreamAt(part.file, placement.file, placement.start, placement.hash);
        file = { file: placement.file, size, sha256: '', filename: part.filename, placement };
      } else {
        target = await incomingFile(opts.dataDir);
        file = { ...(await writeStreamToFile(part.file, target, { hash: opts.hash })), filename: part.filename };
      }
      if (part.file.truncated) throw new ApiError(413, 'error.payloadTooLarge');
    }
    return { fields, file };
  } catch (err) {
    placement?.release();
    if (target) await removeQuietly(target);
    throw err;
  }
}

import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/errors';
import { incomingFile, removeQuietly, writeStreamToFile, type WrittenFile } from './tempFiles';

// One upload request: its text fields and at most one file, streamed to a temporary file whatever order
// the parts come in. Limits are this route's own (a chunk request may carry one chunk, no more).

/** Room for the multipart boundaries and the text fields around the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface UploadRequest {
  fields: Record<string, string>;
  /** The file part, on disk; the caller owns (and removes) it. */
  file: (WrittenFile & { filename: string }) | null;
}

export async function readUpload(req: FastifyRequest, opts: { fileField: string; maxFileBytes: number; dataDir: string }): Promise<UploadRequest> {
  if (!req.isMultipart()) throw new ApiError(415, 'error.unsupportedMediaType');
  // Refused before a byte is read when the request says it is too big.
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > opts.maxFileBytes + MULTIPART_OVERHEAD_BYTES) throw new ApiError(413, 'error.payloadTooLarge');

  const fields: Record<string, string> = {};
  let file: UploadRequest['file'] = null;
  let target = '';
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
      target = await incomingFile(opts.dataDir);
      file = { ...(await writeStreamToFile(part.file, target)), filename: part.filename };
      if (part.file.truncated) throw new ApiError(413, 'error.payloadTooLarge');
    }
    return { fields, file };
  } catch (err) {
    if (target) await removeQuietly(target);
    throw err;
  }
}

import { UploadSettings } from '../../../models/uploadSettings';
import { CHUNK_KB_BYTES } from '../../../models/constants';

// Chunk size and chunk threshold of the upload settings, in bytes (spec §9: KB × 1024).

export interface UploadLimits {
  chunkSize: number;
  threshold: number;
  /** Where they came from: the attachment API, the system settings, or the defaults. */
  source: 'uploadConfig' | 'sysSetting' | 'default';
}

const ChunkSettings = UploadSettings.pick({ chunk_size: true, chunk_condition: true });

/** Bytes from a settings object in KB; missing or invalid values take the defaults. */
export function limitsFromSettings(settings: unknown, source: UploadLimits['source']): UploadLimits {
  const parsed = ChunkSettings.safeParse(settings ?? {});
  const kb = parsed.success ? parsed.data : ChunkSettings.parse({});
  return { chunkSize: kb.chunk_size * CHUNK_KB_BYTES, threshold: kb.chunk_condition * CHUNK_KB_BYTES, source };
}

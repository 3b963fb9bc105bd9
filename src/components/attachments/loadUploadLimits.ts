import { get } from '../../api/http';
import { limitsFromSettings, type UploadLimits } from './uploadLimits';

// Where the browser learns the chunk settings before an upload.

const hasChunkSettings = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && 'chunk_size' in v;

async function fetchLimits(): Promise<UploadLimits> {
  // Any admin who may upload can read these from the attachment API; the system settings need
  // their own menu (403 for the others), and without either the defaults apply.
  try {
    const { data } = await get<Record<string, unknown>>('/attachment/uploadConfig');
    const settings = hasChunkSettings(data) ? data : (data as { upload?: unknown })?.upload;
    if (hasChunkSettings(settings)) return limitsFromSettings(settings, 'uploadConfig');
  } catch {
    /* not offered: try the settings */
  }
  try {
    const { data } = await get<{ upload?: unknown }>('/sysSetting/index');
    if (hasChunkSettings(data?.upload)) return limitsFromSettings(data.upload, 'sysSetting');
  } catch {
    /* no settings menu */
  }
  return limitsFromSettings({}, 'default');
}

const FRESH_MS = 60_000;
let cached: { at: number; limits: Promise<UploadLimits> } | null = null;

/** The limits, asked at most once a minute. */
export function loadUploadLimits(): Promise<UploadLimits> {
  if (!cached || Date.now() - cached.at > FRESH_MS) cached = { at: Date.now(), limits: fetchLimits() };
  return cached.limits;
}

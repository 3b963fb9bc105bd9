import { z } from 'zod';
import { DateFilter, NumberFilter, Paging, TextFilter } from './common';

export const LoginLog = z.object({
  id: z.number().int(),
  admin_id: z.number().int().nullable(),
  name: z.string(),
  device: z.string(),
  location: z.string(),
  ip: z.string(),
  success: z.boolean(),
  reason: z.string(),
  created_at: z.string(),
});
export type LoginLog = z.infer<typeof LoginLog>;
export const LoginLogListQuery = Paging.extend({
  name: TextFilter,
  ip: TextFilter,
  success: NumberFilter,
  start: DateFilter,
  end: DateFilter,
});

export const OptLog = z.object({
  id: z.number().int(),
  admin_id: z.number().int().nullable(),
  admin_name: z.string(),
  operation: z.string(),
  content: z.string(),
  content_name: z.string(),
  content_type: z.string(),
  ip: z.string(),
  created_at: z.string(),
});
export type OptLog = z.infer<typeof OptLog>;
export const OptLogListQuery = Paging.extend({
  admin_name: TextFilter,
  operation: TextFilter,
  content_type: TextFilter,
  start: DateFilter,
  end: DateFilter,
});

/** Keys whose values never reach a log. */
export const SECRET_KEY_PATTERN = /pass|secret|token|^code$|auth_?code|key_?secret|access_?key|credential|private/i;
export const MASK = '******';

/** Deep-copies a value with every secret-looking key masked. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8) return '…';
  if (Array.isArray(value)) return value.map((v) => maskSecrets(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] = SECRET_KEY_PATTERN.test(k) && v !== '' && v !== null && v !== undefined ? MASK : maskSecrets(v, depth + 1);
    }
    return out;
  }
  return value;
}

import type { MessageKey } from '../i18n/messages';

/** A failure the client is told about: `code` is the envelope code, `status` the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
    readonly status: number = code >= 50000 ? 401 : code >= 400 && code < 600 ? code : 400,
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey = 'error.badRequest', params?: Record<string, string | number>, data?: unknown) =>
  new ApiError(400, key, params, data);
export const forbidden = (key: MessageKey = 'error.forbidden') => new ApiError(403, key);
export const notFound = (key: MessageKey = 'error.notFound') => new ApiError(404, key);
export const conflict = (key: MessageKey = 'error.conflict', params?: Record<string, string | number>, data?: unknown) =>
  new ApiError(409, key, params, data);
export const tooMany = (key: MessageKey = 'error.tooManyRequests', params?: Record<string, string | number>) =>
  new ApiError(429, key, params);

// The one response shape of every API call: `code` 0 is success.
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  count?: number;
}

export const CODE_OK = 0;
/** No token, or a token that is not (or no longer) known. */
export const CODE_TOKEN_INVALID = 50008;
/** The session was revoked: signed in elsewhere, password changed, disabled, role changed, revoked by an admin. */
export const CODE_TOKEN_REVOKED = 50012;
/** The session timed out (idle or absolute lifetime). */
export const CODE_TOKEN_EXPIRED = 50014;
export const SESSION_CODES: readonly number[] = [CODE_TOKEN_INVALID, CODE_TOKEN_REVOKED, CODE_TOKEN_EXPIRED];
/** Chunk upload: more chunks are expected. */
export const CODE_CONTINUE = 1;

export function isSessionCode(code: number): boolean {
  return SESSION_CODES.includes(code);
}

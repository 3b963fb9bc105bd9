import { REQUEST_TIMEOUT_MS } from '../../models/constants';
import { isSessionCode, type Envelope } from '../../models/envelope';
import { LANGUAGE_HEADER } from '../../models/language';
import { getToken } from '../app/token';
import { currentSiteStore } from '../app/siteStore';
import { languageStore, t } from '../i18n';

// The admin's API client on the browser's fetch: the login page and the shell need nothing more. Uploads
// that report their progress go through axios (src/api/upload.ts), loaded with the first such upload.

const BASE_URL = '/api';

/** A call that did not succeed: the envelope's code and message, or -1 for network failures. */
export class ApiFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export interface ApiResult<T> {
  data: T;
  count?: number;
  msg: string;
}

let onSessionEnded: (code: number) => void = () => {};
/** The app root connects session-ending codes (50008/50012/50014) to the session chart. */
export function connectSessionEnd(handler: (code: number) => void) {
  onSessionEnded = handler;
}

/** The headers every call carries: the session token, the interface language, the current site. */
export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = { [LANGUAGE_HEADER]: languageStore.get() };
  const token = getToken();
  if (token) headers['X-Token'] = token;
  const site = currentSiteStore.get();
  if (site) headers['X-Site-Id'] = String(site);
  return headers;
}

export interface UploadProgress {
  loaded: number;
  total?: number;
}

export interface RequestOptions {
  /** Session-ending codes reject without raising the expired-login confirm (the caller handles them). */
  quietSession?: boolean;
  /** Milliseconds before the call gives up; 0 waits for ever. REQUEST_TIMEOUT_MS when not given. */
  timeout?: number;
  signal?: AbortSignal;
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** A request as the senders see it (the fetch one here, the axios one for uploads with progress). */
export interface ApiRequest {
  method: 'GET' | 'POST';
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
  timeout: number;
  signal?: AbortSignal;
  onUploadProgress?: (progress: UploadProgress) => void;
}

/** A query string as axios wrote it: arrays as `key[]=v`, objects as JSON, dates in ISO, null and undefined left out. */
export function queryString(params: Record<string, unknown> | undefined): string {
  const parts: string[] = [];
  const add = (key: string, v: unknown) => {
    if (v === null || v === undefined) return;
    const text = v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  };
  for (const [key, v] of Object.entries(params ?? {})) {
    if (Array.isArray(v)) v.forEach((item) => add(`${key}[]`, item));
    else add(key, v);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A failure before any envelope arrived: a timeout, or the network's (or the server's bare) error. */
export const timeoutFailure = () => new ApiFailure(-1, t('common.timeout'));
export const networkFailure = (message: string) => new ApiFailure(-1, t('common.networkError', { message }));

/** The failure an answer's body describes, when it is an envelope. */
export function envelopeFailure(body: unknown): ApiFailure | null {
  const env = body as Partial<Envelope> | null | undefined;
  return env && typeof env === 'object' && typeof env.code === 'number' ? new ApiFailure(env.code, env.msg || t('common.requestFailed'), env.data ?? null) : null;
}

/** Runs fetch with the call's timeout and the caller's abort signal; `read` takes the answer. */
async function fetchWith<R>(url: string, init: RequestInit, timeout: number, signal: AbortSignal | undefined, read: (res: Response) => Promise<R>): Promise<R> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = timeout > 0 ? setTimeout(() => ((timedOut = true), controller.abort()), timeout) : undefined;
  const cancel = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', cancel);
  try {
    const res = await fetch(url, { ...init, signal: controller.signal });
    return await read(res);
  } catch (error) {
    if (error instanceof ApiFailure) throw error;
    if (timedOut) throw timeoutFailure();
    // The caller's own abort reads as axios's did: "canceled".
    throw networkFailure(signal?.aborted ? 'canceled' : error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

async function fetchEnvelope<T>(req: ApiRequest): Promise<Envelope<T>> {
  const headers = apiHeaders();
  let body: BodyInit | undefined;
  if (req.method === 'POST') {
    if (req.data instanceof FormData || req.data instanceof Blob || typeof req.data === 'string') body = req.data;
    else {
      body = JSON.stringify(req.data ?? {});
      headers['Content-Type'] = 'application/json';
    }
  }
  return fetchWith(BASE_URL + req.url + queryString(req.params), { method: req.method, headers, body }, req.timeout, req.signal, async (res) => {
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: a proxy's page, for instance */
    }
    if (!res.ok) throw envelopeFailure(parsed) ?? networkFailure(`Request failed with status code ${res.status}`);
    if (!parsed || typeof parsed !== 'object') throw new ApiFailure(-1, t('common.requestFailed'));
    return parsed as Envelope<T>;
  });
}

async function send<T>(method: 'GET' | 'POST', url: string, payload: { params?: Record<string, unknown>; data?: unknown }, { quietSession, timeout = REQUEST_TIMEOUT_MS, signal, onUploadProgress }: RequestOptions): Promise<ApiResult<T>> {
  const req: ApiRequest = { method, url, ...payload, timeout, signal, onUploadProgress };
  let failure: ApiFailure;
  try {
    // Only an upload that reports progress needs XMLHttpRequest: axios brings it, on first use.
    const body = onUploadProgress ? await (await import('./upload')).sendWithProgress<T>(req) : await fetchEnvelope<T>(req);
    if (body.code === 0) return { data: body.data, count: body.count, msg: body.msg };
    failure = new ApiFailure(body.code, body.msg || t('common.requestFailed'), body.data);
  } catch (error) {
    failure = error instanceof ApiFailure ? error : new ApiFailure(-1, error instanceof Error ? error.message : String(error));
  }
  if (isSessionCode(failure.code) && !quietSession) onSessionEnded(failure.code);
  throw failure;
}

export function get<T>(url: string, params?: Record<string, unknown>, config: RequestOptions = {}) {
  return send<T>('GET', url, { params }, config);
}

export function post<T>(url: string, body?: unknown, config: RequestOptions = {}) {
  return send<T>('POST', url, { data: body ?? {} }, config);
}

/** Downloads (exports, backups): the raw answer as a Blob, with the same headers, timeout and failures. */
export const http = {
  async get(url: string, { params, timeout = REQUEST_TIMEOUT_MS, signal }: { params?: Record<string, unknown>; timeout?: number; signal?: AbortSignal; responseType?: 'blob' } = {}): Promise<{ data: Blob }> {
    return fetchWith(BASE_URL + url + queryString(params), { headers: apiHeaders() }, timeout, signal, async (res) => {
      if (res.ok) return { data: await res.blob() };
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not an envelope */
      }
      throw envelopeFailure(parsed) ?? networkFailure(`Request failed with status code ${res.status}`);
    });
  },
};

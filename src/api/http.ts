import axios, { AxiosError, type AxiosRequestConfig } from 'axios';
import { REQUEST_TIMEOUT_MS } from '../../models/constants';
import { isSessionCode, type Envelope } from '../../models/envelope';
import { LANGUAGE_HEADER } from '../../models/language';
import { getToken } from '../app/token';
import { currentSiteStore } from '../app/siteStore';
import { languageStore, t } from '../i18n';

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

export const http = axios.create({ baseURL: '/api', timeout: REQUEST_TIMEOUT_MS });

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('X-Token', token);
  config.headers.set(LANGUAGE_HEADER, languageStore.get());
  const site = currentSiteStore.get();
  if (site) config.headers.set('X-Site-Id', String(site));
  return config;
});

function failureOf(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  if (error instanceof AxiosError) {
    const body = error.response?.data as Partial<Envelope> | undefined;
    if (body && typeof body.code === 'number') return new ApiFailure(body.code, body.msg || t('common.requestFailed'), body.data ?? null);
    if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) return new ApiFailure(-1, t('common.timeout'));
    return new ApiFailure(-1, t('common.networkError', { message: error.message }));
  }
  return new ApiFailure(-1, error instanceof Error ? error.message : String(error));
}

export interface RequestOptions extends AxiosRequestConfig {
  /** Session-ending codes reject without raising the expired-login confirm (the caller handles them). */
  quietSession?: boolean;
}

async function send<T>({ quietSession, ...config }: RequestOptions): Promise<ApiResult<T>> {
  let failure: ApiFailure;
  try {
    const res = await http.request<Envelope<T>>(config);
    const body = res.data;
    if (body.code === 0) return { data: body.data, count: body.count, msg: body.msg };
    failure = new ApiFailure(body.code, body.msg || t('common.requestFailed'), body.data);
  } catch (error) {
    failure = failureOf(error);
  }
  if (isSessionCode(failure.code) && !quietSession) onSessionEnded(failure.code);
  throw failure;
}

export function get<T>(url: string, params?: Record<string, unknown>, config: RequestOptions = {}) {
  return send<T>({ ...config, method: 'GET', url, params });
}

export function post<T>(url: string, body?: unknown, config: RequestOptions = {}) {
  return send<T>({ ...config, method: 'POST', url, data: body ?? {} });
}

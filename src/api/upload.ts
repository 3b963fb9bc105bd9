import axios, { AxiosError } from 'axios';
import type { Envelope } from '../../models/envelope';
import { apiHeaders, envelopeFailure, networkFailure, timeoutFailure, type ApiRequest } from './http';

// Uploads that report their progress (XMLHttpRequest's upload events, which fetch lacks), through axios:
// loaded with the first such upload, never by the login page or the shell.

const client = axios.create({ baseURL: '/api' });

export async function sendWithProgress<T>(req: ApiRequest): Promise<Envelope<T>> {
  try {
    const res = await client.request<Envelope<T>>({
      method: req.method,
      url: req.url,
      params: req.params,
      data: req.data,
      timeout: req.timeout,
      signal: req.signal,
      headers: apiHeaders(),
      onUploadProgress: req.onUploadProgress && ((p) => req.onUploadProgress!({ loaded: p.loaded, total: p.total })),
    });
    return res.data;
  } catch (error) {
    if (!(error instanceof AxiosError)) throw error;
    const failure = envelopeFailure(error.response?.data);
    if (failure) throw failure;
    if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) throw timeoutFailure();
    throw networkFailure(error.message);
  }
}

import type { ErrorCode } from '@voltcart/shared';
import axios, { type AxiosInstance, isAxiosError } from 'axios';
import { ApiError } from './errors';

export { ApiError, errorMessage } from './errors';

export interface ClientOptions {
  baseURL: string | (() => string);
  getToken?: () => string | null | undefined;
  /** Called on a 401 (e.g. to clear an expired session). */
  onUnauthorized?: (error: ApiError) => void;
  timeoutMs?: number;
}

export type Http = AxiosInstance;

/**
 * The one axios factory both UIs use.
 * - `baseURL` comes from configuration (runtime config in the storefront, Settings in the desktop app)
 * - the current token is read on every request and sent as `Authorization: Bearer <token>`
 * - a server reply `{flag: 0, msg}` is surfaced as an ApiError carrying that msg as-is
 * - network failures become an ApiError with a clear message instead of axios' "Network Error"
 */
export function createHttp(opts: ClientOptions): Http {
  const http = axios.create({ timeout: opts.timeoutMs ?? 20_000 });
  http.interceptors.request.use((req) => {
    req.baseURL = typeof opts.baseURL === 'function' ? opts.baseURL() : opts.baseURL;
    const token = opts.getToken?.();
    if (token) req.headers.set('Authorization', `Bearer ${token}`);
    return req;
  });
  http.interceptors.response.use(
    (res) => {
      const body = res.data as { flag?: number; msg?: string } | undefined;
      if (body && typeof body === 'object' && body.flag === 0) {
        const code = (body as { code?: ErrorCode }).code ?? 'http_error';
        throw new ApiError(body.msg ?? 'The request failed.', res.status, code, body);
      }
      return res;
    },
    (err: unknown) => {
      throw toApiError(err, opts.onUnauthorized);
    },
  );
  return http;
}

function toApiError(err: unknown, onUnauthorized?: (e: ApiError) => void): ApiError {
  if (err instanceof ApiError) return err;
  if (isAxiosError(err)) {
    if (err.response) {
      const body = err.response.data as { msg?: string; code?: ErrorCode } | undefined;
      const msg =
        body && typeof body === 'object' && typeof body.msg === 'string'
          ? body.msg
          : `The server answered ${err.response.status}. Please try again.`;
      const e = new ApiError(msg, err.response.status, body?.code ?? 'http_error', body ?? null);
      if (err.response.status === 401) onUnauthorized?.(e);
      return e;
    }
    if (err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT') {
      return new ApiError('The shop server took too long to answer. Please try again.', 0, 'timeout');
    }
    return new ApiError(
      'Cannot reach the shop server. Check your internet connection (or the API address) and try again.',
      0,
      'network',
    );
  }
  return new ApiError((err as Error)?.message ?? 'Something went wrong.', 0, 'unknown');
}

import { catalogApi } from '@voltcart/api-client/catalog';
import type { Http } from '@voltcart/api-client/http';
import { settingsApi } from '@voltcart/api-client/settings';
import { env } from '../config/env';
import { ApiCallError } from './api-errors';

const TIMEOUT_MS = 20_000;

type Params = Record<string, string | number | boolean | null | undefined>;

/**
 * GET over the browser's own fetch, answering the way the api-client's axios instance does
 * (`{data, status}`; failures carry the same status, code and messages, see api-errors.ts).
 * - the API address is read from the runtime config on every call
 * - no token: only public routes are read this way
 * - `{flag: 0, msg}` bodies fail with that msg, as createHttp does
 * - 20 s time limit, as createHttp's default; an abort by the caller is passed through unchanged
 */
export async function fetchGet<T>(
  url: string,
  config: { params?: Params; signal?: AbortSignal } = {},
): Promise<{ data: T; status: number }> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(config.params ?? {})) if (v != null) query.append(k, String(v));
  const qs = query.toString();

  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), TIMEOUT_MS);
  const onAbort = () => ctrl.abort(config.signal?.reason);
  config.signal?.addEventListener('abort', onAbort, { once: true });
  if (config.signal?.aborted) onAbort();

  let res: Response;
  let body: unknown;
  try {
    res = await fetch(`${env().apiUrl}${url}${qs ? `?${qs}` : ''}`, {
      signal: ctrl.signal,
      headers: { Accept: 'application/json' },
    });
    body = await res.json().catch(() => null);
  } catch (e) {
    if (config.signal?.aborted) throw e;
    if (ctrl.signal.aborted)
      throw new ApiCallError('The shop server took too long to answer. Please try again.', 0, 'timeout');
    throw new ApiCallError(
      'Cannot reach the shop server. Check your internet connection (or the API address) and try again.',
      0,
      'network',
    );
  } finally {
    clearTimeout(timer);
    config.signal?.removeEventListener('abort', onAbort);
  }

  const reply =
    body && typeof body === 'object' ? (body as { flag?: number; msg?: unknown; code?: unknown }) : null;
  if (!res.ok) {
    const msg =
      typeof reply?.msg === 'string' ? reply.msg : `The server answered ${res.status}. Please try again.`;
    throw new ApiCallError(
      msg,
      res.status,
      typeof reply?.code === 'string' ? reply.code : 'http_error',
      body,
    );
  }
  if (reply?.flag === 0) {
    throw new ApiCallError(
      typeof reply.msg === 'string' ? reply.msg : 'The request failed.',
      res.status,
      'failed',
      body,
    );
  }
  return { data: body as T, status: res.status };
}

/**
 * The api-client's public reads (catalogue and shop settings) on the fetch transport above.
 *
 * Why not the axios client: these reads are everything a guest's catalogue pages need, and axios is the
 * biggest library after React; the full client (lib/api.ts) is loaded on first use of anything else
 * (cart sync, login, newsletter, checkout), see load-api.ts. catalogApi and settingsApi only ever call
 * `http.get(url, {params, signal})` and read `.data` (public-api.test.ts holds them to it), so the
 * transport stands in for the axios instance they are typed with.
 */
const publicHttp = { get: fetchGet } as unknown as Http;

export const publicApi = {
  catalog: catalogApi(publicHttp),
  settings: settingsApi(publicHttp),
};

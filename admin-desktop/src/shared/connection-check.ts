import { createClient } from '@voltcart/api-client/client';
import { ApiError, createHttp } from '@voltcart/api-client/http';
import type { ConnectionCheck } from './ipc-contract';

/**
 * Checks that an address answers as the Voltcart API (GET /health → `{status: 'ok'}`) within `timeoutMs`.
 * The message says what went wrong in words staff can act on.
 */
export async function checkConnection(
  apiUrl: string,
  opts: { timeoutMs?: number } = {},
): Promise<ConnectionCheck> {
  const timeoutMs = opts.timeoutMs ?? 5000;
  const http = createHttp({ baseURL: apiUrl.replace(/\/+$/, ''), timeoutMs });
  // The status of an answer that is not the API's (a web server's page), for the message.
  let answered = 0;
  http.interceptors.response.use((res) => {
    answered = res.status;
    return res;
  });
  const started = Date.now();
  const ms = () => Date.now() - started;
  const notTheApi = (status: number): ConnectionCheck => ({
    ok: false,
    ms: ms(),
    message: `${apiUrl} answered (HTTP ${status}) but it does not look like the Voltcart API.`,
  });
  try {
    const reply = await createClient(http).health.live();
    if (reply?.status === 'ok') {
      return { ok: true, ms: ms(), message: `Connected to the Voltcart API (${ms()} ms).` };
    }
    return notTheApi(answered);
  } catch (e) {
    if (e instanceof ApiError && e.status > 0) return notTheApi(e.status);
    const timedOut = e instanceof ApiError && e.code === 'timeout';
    return {
      ok: false,
      ms: ms(),
      message: timedOut
        ? `No answer from ${apiUrl} within ${Math.round(timeoutMs / 1000)} s. Is the API running?`
        : `Cannot reach ${apiUrl}. Check the address and that the API is running.`,
    };
  }
}

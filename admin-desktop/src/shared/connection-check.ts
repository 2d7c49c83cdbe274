import type { ConnectionCheck } from './ipc-contract';

/**
 * Checks that an address answers as the Voltcart API (GET /health → `{status: 'ok'}`) within `timeoutMs`.
 * The message says what went wrong in words staff can act on.
 */
export async function checkConnection(
  apiUrl: string,
  opts: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<ConnectionCheck> {
  const started = Date.now();
  const ms = () => Date.now() - started;
  const doFetch = opts.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(`${apiUrl.replace(/\/+$/, '')}/health`, {
      signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
      headers: { Accept: 'application/json' },
    });
  } catch (e) {
    const timedOut = (e as Error)?.name === 'TimeoutError';
    return {
      ok: false,
      ms: ms(),
      message: timedOut
        ? `No answer from ${apiUrl} within ${Math.round((opts.timeoutMs ?? 5000) / 1000)} s. Is the API running?`
        : `Cannot reach ${apiUrl}. Check the address and that the API is running.`,
    };
  }
  let body: { status?: unknown } | null = null;
  try {
    body = (await res.json()) as { status?: unknown };
  } catch {
    body = null;
  }
  if (res.ok && body?.status === 'ok') {
    return { ok: true, ms: ms(), message: `Connected to the Voltcart API (${ms()} ms).` };
  }
  return {
    ok: false,
    ms: ms(),
    message: `${apiUrl} answered (HTTP ${res.status}) but it does not look like the Voltcart API.`,
  };
}

/**
 * Why a call got no answer, when the page can tell. A browser reports an API that refuses the page's origin
 * (no Access-Control-Allow-Origin for it) exactly like an API that is down: a bare network error. Asking the
 * API again without CORS (`mode: 'no-cors'`: the page cannot read that answer, but the request succeeds
 * whenever the server answers) tells the two apart.
 * - the API answers → it refuses this page's origin: the message names the origin and what to set
 * - no answer either (down, wrong address, blocked) → null: the caller keeps its own message
 */
export async function explainNetworkFailure(
  apiUrl: string,
  opts: { pageOrigin?: string; timeoutMs?: number } = {},
): Promise<string | null> {
  const origin = opts.pageOrigin ?? window.location.origin;
  try {
    await fetch(`${apiUrl.replace(/\/+$/, '')}/health`, {
      mode: 'no-cors',
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
    });
  } catch {
    return null;
  }
  return (
    `The API at ${apiUrl} is running but refuses requests from this page's origin (${origin}). ` +
    `Add ${origin} to CORS_ORIGINS where the API is started, or start the API (npm start) and ` +
    'npm run admin:web with the same ADMIN_WEB_PORT.'
  );
}

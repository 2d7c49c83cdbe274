/**
 * What `npm run admin:web` asks a running API before serving the back office (plain Node, no dependencies).
 */

const trimmed = (apiUrl) => String(apiUrl).replace(/\/+$/, '');

/**
 * Whether the API lets a page of `origin` call it: a CORS preflight for the login request, as a browser sends
 * it. Without an `Access-Control-Allow-Origin` naming the origin, every call of the page fails in the browser
 * with a bare network error.
 * Resolves `{reachable: false}` when the API does not answer, else `{reachable: true, allowed}`.
 */
export async function acceptsOrigin(apiUrl, origin, { timeoutMs = 3000 } = {}) {
  let res;
  try {
    res = await fetch(`${trimmed(apiUrl)}/admin/login`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { reachable: false, allowed: false };
  }
  await res.body?.cancel().catch(() => {});
  const allow = res.headers.get('access-control-allow-origin');
  return { reachable: true, allowed: allow === origin || allow === '*' };
}

/** A well-formed stored-image name (32 hex digits) that no upload will have. */
export const PROBE_IMAGE_PATH = `/images/product/${'0'.repeat(32)}.webp`;

const httpOrigin = (url) => {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
};

/**
 * The origin the API's pictures load from when it is not the API itself (the same probe as the desktop app's
 * admin-desktop/src/main/image-origin.ts): with STORAGE_DRIVER=s3 and S3_PUBLIC_URL the API redirects image
 * requests to the bucket, for any well-formed name, and the page's CSP must allow that origin for images.
 * Null when the API serves pictures itself, does not answer, or redirects to itself or to a non-http(s) address.
 */
export async function imageOriginOf(apiUrl, { timeoutMs = 3000 } = {}) {
  const api = httpOrigin(apiUrl);
  if (!api) return null;
  const probe = `${trimmed(apiUrl)}${PROBE_IMAGE_PATH}`;
  try {
    const res = await fetch(probe, { redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel().catch(() => {});
    const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null;
    if (!location) return null;
    const target = httpOrigin(new URL(location, probe).href);
    return target && target !== api ? target : null;
  } catch {
    return null;
  }
}

import { httpOrigin } from '../shared/csp';

/**
 * A well-formed stored-image name (32 hex digits, as the API names uploads) that no upload will have: the
 * probe asks for it only to see where the API sends image requests.
 */
export const PROBE_IMAGE_PATH = `/images/product/${'0'.repeat(32)}.webp`;

type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The origin the API's pictures really load from, when it is not the API itself.
 * With STORAGE_DRIVER=s3 and S3_PUBLIC_URL the API answers `/images/…` with a redirect to the bucket, and the
 * window's CSP must name that origin or every picture shows as a placeholder. GET /settings does not say where
 * pictures live; the redirect does, so the main process asks (it runs outside the page, so it sees the
 * redirect itself instead of an opaque one).
 * - the API redirects any well-formed name without looking the object up, so a made-up name is enough
 * - null when pictures come from the API itself (it answers 404 for the made-up name), for a redirect to the
 *   API's own origin or to anything but http(s), and when the API does not answer within `timeoutMs`
 */
export async function discoverImageOrigin(
  apiUrl: string,
  opts: { fetch?: FetchLike; timeoutMs?: number } = {},
): Promise<string | null> {
  const api = httpOrigin(apiUrl);
  if (!api) return null;
  const doFetch = opts.fetch ?? ((url, init) => fetch(url, init));
  const probe = `${apiUrl.replace(/\/+$/, '')}${PROBE_IMAGE_PATH}`;
  try {
    const res = await doFetch(probe, {
      method: 'GET',
      redirect: 'manual',
      signal: AbortSignal.timeout(opts.timeoutMs ?? 3000),
    });
    await res.body?.cancel().catch(() => {});
    if (res.status < 300 || res.status > 399) return null;
    const location = res.headers.get('location');
    if (!location) return null;
    const target = httpOrigin(new URL(location, probe).href);
    return target && target !== api ? target : null;
  } catch {
    return null;
  }
}

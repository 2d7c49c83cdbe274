/**
 * The renderer's Content-Security-Policy, in one place for the meta tag, the Electron session header and tests.
 * - scripts, styles and fonts only from the app itself: no inline script, no eval, no remote code
 * - no plugins, frames, <base> changes or form posts
 * - images and API calls: the meta tag (static, also used by the browser build whose API address comes from
 *   config.js) allows http(s); the Electron header, computed from the saved API address, narrows both to that
 *   one origin (two policies both apply, so the stricter wins)
 * - pictures kept in object storage (STORAGE_DRIVER=s3 with S3_PUBLIC_URL): the API answers /images/… with a
 *   redirect to the bucket, and a CSP checks the target of a redirect too, so the bucket's origin is added to
 *   img-src only (never to connect-src: the page loads pictures from it, it never calls it)
 * - development (vite dev server) additionally needs inline scripts/styles for hot reload and its websocket
 */
export interface CspOptions {
  /** Origin of the API (e.g. http://localhost:5000); omitted → any http(s) origin. */
  apiOrigin?: string;
  /** Further origins pictures load from (the bucket the API redirects image requests to). */
  imageOrigins?: readonly string[];
  dev?: boolean;
  /** Only a header may carry frame-ancestors; a meta tag ignores it (and browsers warn). */
  header?: boolean;
}

export function buildCsp(opts: CspOptions = {}): string {
  const remote = opts.apiOrigin ? [opts.apiOrigin] : ['http:', 'https:'];
  // Only well-formed http(s) origins: anything else could widen the policy (a stray `*` or `'unsafe-…'`).
  const images = (opts.imageOrigins ?? []).filter((o) => httpOrigin(o) === o);
  const dev = opts.dev ? ["'unsafe-inline'"] : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...dev]],
    ['style-src', ["'self'", ...dev]],
    ['img-src', ["'self'", 'data:', 'blob:', ...remote, ...images]],
    ['connect-src', ["'self'", ...remote, ...(opts.dev ? ['ws:', 'http:'] : [])]],
    ['font-src', ["'self'"]],
    ['media-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['worker-src', ["'self'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
  ];
  if (opts.header) directives.push(['frame-ancestors', ["'none'"]]);
  return directives.map(([k, v]) => `${k} ${[...new Set(v)].join(' ')}`).join('; ');
}

/** The origin of an http(s) URL, or null when it is not one. */
export function httpOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The renderer's Content-Security-Policy, in one place for the meta tag, the Electron session header and tests.
 * - scripts, styles and fonts only from the app itself: no inline script, no eval, no remote code
 * - no plugins, frames, <base> changes or form posts
 * - images and API calls: the meta tag (static, also used by the browser build whose API address comes from
 *   config.js) allows http(s); the Electron header, computed from the saved API address, narrows both to that
 *   one origin (two policies both apply, so the stricter wins)
 * - development (vite dev server) additionally needs inline scripts/styles for hot reload and its websocket
 */
export interface CspOptions {
  /** Origin of the API (e.g. http://localhost:5000); omitted → any http(s) origin. */
  apiOrigin?: string;
  dev?: boolean;
  /** Only a header may carry frame-ancestors; a meta tag ignores it (and browsers warn). */
  header?: boolean;
}

export function buildCsp(opts: CspOptions = {}): string {
  const remote = opts.apiOrigin ? [opts.apiOrigin] : ['http:', 'https:'];
  const dev = opts.dev ? ["'unsafe-inline'"] : [];
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...dev]],
    ['style-src', ["'self'", ...dev]],
    ['img-src', ["'self'", 'data:', 'blob:', ...remote]],
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

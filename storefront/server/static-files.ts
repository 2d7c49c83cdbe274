/**
 * The built app's files, served by @hono/node-server's serveStatic: the build's `.br`/`.gz` siblings
 * (scripts/lib/precompress.mjs) to browsers that accept them, HEAD and ranges. Around it, what a shop needs:
 * - hidden files (`.env`, `.vite/`) are never served, whatever their encoding; serveStatic itself refuses
 *   `..` segments, backslashes and encoded slashes
 * - caching per file kind: content-hashed files for a year, index.html revalidated each time, others an hour
 * - a weak ETag from the sent file's size and time, answered with 304 when the browser has it
 */
import { statSync } from 'node:fs';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
export const SHORT = 'public, max-age=3600';

/** Vite puts content-hashed files under /assets/ and names them name-<hash>.ext. */
const isHashed = (path: string) =>
  path.startsWith('/assets/') || /[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(path);

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

/** A path any of whose segments is hidden (or that holds a NUL), once decoded. */
function isHidden(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return decoded.includes('\0') || decoded.split(/[/\\]/).some((segment) => segment.startsWith('.'));
}

/** Middleware answering the request with a file of `root` when there is one; otherwise it passes on. */
export function staticFiles(root: string): MiddlewareHandler {
  // The file actually sent (a compressed sibling when one was chosen), per request.
  const sent = new WeakMap<Context, string>();
  const serve = serveStatic({
    root,
    precompressed: true,
    onFound: (path, c) => {
      sent.set(c, path);
    },
  });
  return async (c, next) => {
    if (isHidden(c.req.path)) return next();
    let missed = false;
    const res = await serve(c, async () => {
      missed = true;
    });
    const file = sent.get(c);
    if (missed || !(res instanceof Response) || !file) return next();
    const st = statSync(file);
    const etag = `W/"${st.size.toString(16)}-${Math.floor(st.mtimeMs).toString(16)}"`;
    const path = c.req.path;
    res.headers.set(
      'Cache-Control',
      path.endsWith('/') || path.endsWith('/index.html') ? REVALIDATE : isHashed(path) ? IMMUTABLE : SHORT,
    );
    res.headers.set('ETag', etag);
    if (COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '')) res.headers.set('Vary', 'Accept-Encoding');
    if (c.req.header('if-none-match') !== etag) return res;
    await res.body?.cancel();
    const kept = ['Cache-Control', 'ETag', 'Vary', 'Last-Modified'].flatMap((name) => {
      const value = res.headers.get(name);
      return value === null ? [] : [[name, value] as [string, string]];
    });
    return new Response(null, { status: 304, headers: kept });
  };
}

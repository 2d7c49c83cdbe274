import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { requestHeader } from '../lib/cache';
import { COMPRESS_MIN_BYTES, chooseEncoding, compressBody } from '../lib/compression';

/**
 * Compresses routed JSON answers (lib/compression.ts) when the client accepts brotli or gzip: uncached catalogue
 * reads, cache misses, admin reads, errors.
 * - the coding is chosen before the route runs (`c.var.encoding`): the routes' answers are compressed from their
 *   JSON text as they are made (jsonAnswer); any other JSON answer (errors, unknown routes) is read back and
 *   compressed here; kept catalogue answers come compressed already (lib/cache.ts)
 * - an answer that has a Content-Encoding is left as it is
 * - JSON only (images are WebP, compressed by their format), never HEAD, 204 or 304
 * - every JSON answer says `Vary: Accept-Encoding`, so that a shared cache never gives one client's coding to
 *   another
 */
export function compress() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const encoding = chooseEncoding(requestHeader(c, 'accept-encoding'));
    c.set('encoding', encoding);
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 304) return;
    const headers = res.headers;
    if (!headers.get('content-type')?.startsWith('application/json')) return;
    const vary = headers.get('vary');
    if (!vary) headers.set('Vary', 'Accept-Encoding');
    else if (!/\baccept-encoding\b/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
    if (!encoding || headers.has('content-encoding')) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const out = body.byteLength < COMPRESS_MIN_BYTES ? body : await compressBody(body, encoding, 'fast');
    // A new response (the old one's body is read); hono copies the old headers onto it, then the coding is set.
    c.res = undefined;
    c.res = new Response(out as Uint8Array<ArrayBuffer>, { status: res.status, headers });
    if (out !== body) c.res.headers.set('Content-Encoding', encoding);
    c.res.headers.set('Content-Length', String(out.byteLength));
  });
}

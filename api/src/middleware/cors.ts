import { cors as honoCors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { requestHeader } from '../lib/cache';

/**
 * CORS for the configured origins (CORS_ORIGINS) only.
 * - preflights (OPTIONS) get hono's full CORS answer
 * - other answers get `Access-Control-Allow-Origin` and `-Expose-Headers` (X-Request-Id, and Content-Disposition:
 *   the invoice PDF's file name, read by the UIs that save it) when the request names an
 *   allowed Origin (CORS headers only mean something to a browser, which always names its Origin), and
 *   `Vary: Origin` in any case
 */
const EXPOSED = ['X-Request-Id', 'Content-Disposition'];

export function corsPolicy(origins: readonly string[]) {
  const allowedOrigin = (origin: string) => (origins.includes(origin) ? origin : null);
  const preflight = honoCors({
    origin: allowedOrigin,
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposeHeaders: EXPOSED,
    maxAge: 600,
  });

  /** The CORS headers of an answer that is not a preflight, as a flat list (name, value, …). */
  const headers = (origin: string | undefined): string[] => {
    const allowed = allowedOrigin(origin ?? '');
    return allowed
      ? ['Access-Control-Allow-Origin', allowed, 'Access-Control-Expose-Headers', EXPOSED.join(', ')]
      : [];
  };

  const middleware = createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      const answered = await preflight(c, next);
      if (answered) c.res = answered;
      return;
    }
    await next();
    // Written on the response's own headers object (see request-id.ts).
    const res = c.res.headers;
    const list = headers(requestHeader(c, 'origin'));
    for (let i = 0; i < list.length; i += 2) res.set(list[i]!, list[i + 1]!);
    // A kept catalogue response already says so.
    if (!/\bOrigin\b/.test(res.get('Vary') ?? '')) res.append('Vary', 'Origin');
  });

  return { headers, middleware };
}

export type CorsPolicy = ReturnType<typeof corsPolicy>;

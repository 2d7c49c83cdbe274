import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { requestHeader } from '../lib/cache';

/**
 * The request's id: the client's `X-Request-Id` when it is well formed (a tracing proxy's), else a fresh UUID.
 * A malformed one is replaced, never logged: it could inject text into the logs.
 */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

/** `c.var.requestId` for the handlers and the logs; every answer says it in `X-Request-Id`. */
export function requestId() {
  return createMiddleware<AppEnv>(async (c, next) => {
    const id = requestIdOf(requestHeader(c, 'x-request-id'));
    c.set('requestId', id);
    await next();
    // The response's own headers object is written directly: c.header() on a finished response would make
    // @hono/node-server rebuild it as a stream (measured: a third of the throughput of a cached page).
    c.res.headers.set('X-Request-Id', id);
  });
}

import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import type { Logger } from '../lib/logger';
import { observeRequest } from '../lib/metrics';

interface RequestRecord {
  method: string;
  path: string;
  /** The route that answered (e.g. /product/:id), for metrics. */
  route: string;
  requestId: string;
  status: number;
}

/** Records one answered request: a log line (an error for 5xx, debug otherwise) and, when on, its metrics. */
export type RequestLog = (r: RequestRecord, started: number) => void;

export function requestLogger(logger: Logger, metrics: boolean): RequestLog {
  return (r, started) => {
    const elapsed = performance.now() - started;
    // The histogram takes the exact time (a warm /health answers in under 0.05 ms), the log line a rounded one.
    if (metrics) observeRequest(r.method, r.route, r.status, elapsed / 1000);
    const ms = Math.round(elapsed * 10) / 10;
    logger[r.status >= 500 ? 'error' : 'debug']('request', {
      requestId: r.requestId,
      method: r.method,
      path: r.path,
      status: r.status,
      ms,
    });
  };
}

/** Logs every routed request once it is answered (cached catalogue answers log themselves: catalog-cache.ts). */
export function requestLog(log: RequestLog) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = performance.now();
    await next();
    log(
      {
        method: c.req.method,
        path: c.req.path,
        route: c.req.routePath,
        requestId: c.var.requestId,
        status: c.res.status,
      },
      started,
    );
  });
}

import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { AppError } from '../../errors';
import { access } from '../../lib/access';
import { enableProcessMetrics, renderMetrics } from '../../lib/metrics';

/** Headers a proxy adds to what it forwards (deploy/nginx.conf sets X-Forwarded-For on every request). */
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * GET /metrics in Prometheus' text format: the whole server's figures (every worker's). Not JSON, so outside the
 * contract. Registered only when METRICS_ENABLED, for Prometheus scraping each process directly; the balancer
 * keeps it from the public, and in case a proxy's rule misses a spelling, the route itself answers only:
 * - the exact path /metrics (the app routes /metrics/ here too: `strict: false`)
 * - a request no proxy forwarded
 * Anything else gets the app's own 404, as for a route that does not exist.
 */
export function metricsRoutes() {
  enableProcessMetrics();
  const r = new Hono<AppEnv>();
  r.get('/metrics', access.public, async (c) => {
    // c.req.path has the trailing slash taken off already: the address as sent.
    if (new URL(c.req.url).pathname !== '/metrics' || FORWARDED.some((h) => c.req.header(h) !== undefined))
      return c.notFound();
    try {
      const { body, contentType } = await renderMetrics();
      return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
    } catch (e) {
      c.var.logger.warn('metrics unavailable', { error: (e as Error).message });
      throw new AppError(503, 'unavailable', 'The metrics could not be gathered right now.');
    }
  });
  return r;
}

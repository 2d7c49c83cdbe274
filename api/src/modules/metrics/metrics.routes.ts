import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { AppError } from '../../errors';
import { access } from '../../lib/access';
import { enableProcessMetrics, renderMetrics } from '../../lib/metrics';

/**
 * GET /metrics in Prometheus' text format: the whole server's figures (every worker's). Not JSON, so outside the
 * contract; public, because the balancer keeps it from the public. Registered only when METRICS_ENABLED.
 */
export function metricsRoutes() {
  enableProcessMetrics();
  const r = new Hono<AppEnv>();
  r.get('/metrics', access.public, async (c) => {
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

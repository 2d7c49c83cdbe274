/**
 * The benchmark's yardstick: a bare JSON route on the same stack and process model as the API
 * (Hono on @hono/node-server, WEB_CONCURRENCY workers through api/src/cluster.ts), so that
 * "route rps ÷ baseline rps" measures what our own code costs, not what the machine can do.
 * Env: PORT, HOST (default 127.0.0.1), WEB_CONCURRENCY.
 */
import { serve } from '@hono/node-server';
import { runWorkers, webConcurrency } from '@voltcart/api';
import { Hono } from 'hono';

const port = Number(process.env.PORT ?? 5100);
const hostname = process.env.HOST ?? '127.0.0.1';

await runWorkers(webConcurrency(), async () => {
  const app = new Hono();
  app.get('/', (c) => c.json({ flag: 1, msg: 'OK' }));
  const server = serve({ fetch: app.fetch, port, hostname });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
  process.on('SIGINT', () => server.close(() => process.exit(0)));
});

import cluster from 'node:cluster';
import { ConcurrencyError, runWorkers, webConcurrency } from './cluster';
import { type Config, ConfigError, loadConfig } from './config';
import { migrateDatabase } from './db/connection';
import { createDrainableServer } from './drain';
import { createLogger } from './lib/logger';
import { serveWorkerMetrics } from './lib/metrics';
import { createRuntime } from './runtime';

async function serveOne(config: Config, migrate: boolean) {
  const rt = await createRuntime(config, { migrate });
  // Kept catalogue responses are written straight to Node's response; everything else goes through hono.
  const drain = createDrainableServer(rt.app.listener);
  drain.server.listen(config.PORT, config.HOST, () => {
    rt.logger.info('api listening', { port: config.PORT, env: config.NODE_ENV, pid: process.pid });
  });

  // Graceful shutdown (see drain.ts): stop accepting, finish every request already sent, then close the pools.
  const stop = (signal: string) => {
    const started = drain.stop(async () => {
      await rt.close();
      process.exit(0);
    });
    if (!started) return;
    rt.logger.info('shutting down', { signal, pid: process.pid });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

async function main() {
  let config: Config;
  let workers: number;
  try {
    config = loadConfig();
    workers = webConcurrency();
  } catch (e) {
    if (e instanceof ConfigError || e instanceof ConcurrencyError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const logger = createLogger(config.LOG_LEVEL);
  // With several workers the primary migrates once, before any of them serves a request.
  const several = workers > 1 || cluster.isWorker;
  await runWorkers(workers, () => serveOne(config, !several), {
    log: (msg, fields) => logger.info(msg, fields),
    prepare: async () => {
      logger.info('api starting workers', { workers });
      await migrateDatabase(config.DATABASE_URL);
      if (config.METRICS_ENABLED) serveWorkerMetrics();
    },
  });
}

main().catch((e) => {
  console.error(`API failed to start: ${(e as Error).message}`);
  process.exit(1);
});

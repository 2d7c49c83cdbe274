import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';

export class ConcurrencyError extends Error {}

/**
 * How many API processes serve the port (WEB_CONCURRENCY, the Heroku/Render convention).
 * - unset: one per CPU in production, one elsewhere (development and tests stay a single, debuggable process)
 * - otherwise an integer from 1 to 64; anything else is a configuration error naming the variable
 */
export function webConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (!raw) return env.NODE_ENV === 'production' ? availableParallelism() : 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new ConcurrencyError('Invalid configuration:\n  WEB_CONCURRENCY: must be an integer from 1 to 64');
  return n;
}

export interface WorkerPoolOptions {
  /** Runs once in the primary before any worker starts (e.g. migrations, so that workers do not race). */
  prepare?: () => Promise<void>;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
}

/** A worker that dies this soon after starting is failing at start-up: restarting it would only loop. */
const CRASH_LOOP_MS = 5_000;

/**
 * Runs `start` in `count` processes sharing one listening port (node:cluster), or in this process when
 * `count` is 1. The primary only supervises: it restarts a worker that dies unexpectedly, and on SIGTERM or
 * SIGINT passes the signal on and exits once every worker has finished its in-flight requests.
 * Any state a request relies on across requests (login counters, caches' invalidation) must therefore live
 * in the database, never in one process's memory alone.
 */
export async function runWorkers(
  count: number,
  start: () => Promise<void>,
  opts: WorkerPoolOptions = {},
): Promise<void> {
  if (count <= 1 || cluster.isWorker) {
    await start();
    return;
  }
  await opts.prepare?.();
  let stopping = false;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const w = cluster.fork();
    startedAt.set(w.id, Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    opts.log?.('api worker exited', { pid: worker.process.pid, code, signal });
    if (lived < CRASH_LOOP_MS) {
      opts.log?.('api worker failed at start-up; stopping', { pid: worker.process.pid });
      stop('worker failure', 1);
      return;
    }
    fork();
  });
  const stop = (why: string, code = 0) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    opts.log?.('shutting down', { signal: why });
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit();
    for (const w of workers) w?.process.kill('SIGTERM');
    // Workers give their requests 10 s; past that they are gone anyway.
    setTimeout(() => process.exit(code || 1), 12_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < count; i++) fork();
}

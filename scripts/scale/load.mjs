/** Load loops of the scale-out test: many requests for a while, and the pauses in their answers. */
import { call } from './http.mjs';

/**
 * Runs `workers` loops of requests for `durationMs`; each loop calls `next(i)` for `[method, base, path, opts]`.
 * Returns every request with its start, end and status.
 */
export async function loop({ workers, durationMs, next }) {
  const until = performance.now() + durationMs;
  const records = [];
  let n = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        const i = n++;
        const [method, base, path, opts] = next(i);
        const t0 = performance.now();
        const r = await call(base, method, path, { ...opts, timeoutMs: 15_000 });
        records.push({
          i,
          method,
          path,
          status: r.status,
          error: r.error,
          t0,
          t1: performance.now(),
          body: r.body,
        });
      }
    }),
  );
  return records;
}

export const failed = (r) => r.status === 0 || r.status >= 500;

/** The longest stretch with no answered request, among records sorted by end time. */
export function longestSilence(records, from, to) {
  const ends = records
    .filter((r) => !failed(r))
    .map((r) => r.t1)
    .filter((t) => t >= from && t <= to)
    .sort((a, b) => a - b);
  let gap = 0;
  let prev = from;
  for (const t of ends) {
    gap = Math.max(gap, t - prev);
    prev = t;
  }
  return Math.max(gap, to - prev);
}

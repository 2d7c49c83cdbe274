/**
 * The scale-out test's record: each check passed or failed with how long it took, the figures the checks measure,
 * and the summary printed at the end (figures, runtime, `N passed, N failed`).
 */

const started = performance.now();
const results = [];
/** What the checks measured, for the summary: filled in as they run. */
export const figures = {};
export const log = (line = '') => console.log(line);
export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
export const round = (ms) => `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;

export async function check(name, fn) {
  const t = performance.now();
  try {
    const detail = await fn();
    results.push({ name, ok: true });
    log(`  ✓ ${name}${detail ? ` — ${detail}` : ''} (${seconds(performance.now() - t)})`);
    return true;
  } catch (e) {
    results.push({ name, ok: false });
    log(`  ✗ ${name}\n      ${String(e?.message ?? e).replaceAll('\n', '\n      ')}`);
    return false;
  }
}

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** A failure that is not a check's (the time limit, an unexpected error), counted in the summary. */
export function recordFailure(name) {
  results.push({ name, ok: false });
}

/** Prints the summary; the exit code, 1 when anything failed. */
export function finish() {
  const passed = results.filter((r) => r.ok).length;
  const failedCount = results.length - passed;
  log('\nScale-out summary');
  const b = figures.balancer;
  if (b)
    log(
      `  requests through the balancer: ${b.total} (last served by A ${b.byA}, by B ${b.byB}; ${b.retried} retried on the other process; ${b.failed} answered 5xx)`,
    );
  const f = figures.failover;
  if (f)
    log(
      `  failover (SIGTERM to B under load): ${f.requests} requests, ${f.getFailures} GET and ${f.postFailures} POST failures; ` +
        `slowest request ${round(f.slowest)}; longest pause in answers ${round(f.silence)} (before: ${round(f.baselineSilence)}); ` +
        `B drained and exited ${f.exitCode} in ${round(f.drain)}`,
    );
  if (figures.lag)
    log(
      `  replica lag (commit on primary → visible on replica), at rest: p50 ${round(figures.lag.p50)}, max ${round(figures.lag.max)}`,
    );
  const l = figures.lagUnderLoad;
  if (l)
    log(
      `  replica lag under the failover load: ${l.samples} samples, p50 ${round(l.p50)}, p99 ${round(l.p99)}, max ${round(l.max)}`,
    );
  if (figures.catchUp !== undefined) log(`  replica catch-up at the end: ${round(figures.catchUp)}`);
  if (figures.adminVisible !== undefined)
    log(`  admin change visible on both processes after ${round(figures.adminVisible)}`);
  if (figures.replicaCrash)
    log(
      `  replica crash: ${figures.replicaCrash.reads} reads served meanwhile, 0 failed; rejoined after ${seconds(figures.replicaCrash.back)}`,
    );
  log(`  runtime: ${seconds(performance.now() - started)}`);
  log(`${passed} passed, ${failedCount} failed`);
  return failedCount ? 1 : 0;
}

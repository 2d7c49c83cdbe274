import { bold, dim, step } from '../lib/log.mjs';

/**
 * How long each part of `npm run bench` took, split into preparing (seeding catalogues, making orders, plans and
 * builds) and measuring (everything else: servers started, warm-ups, load runs), so that a slow run says where
 * its minutes went. A part's preparing time is what its code wraps in `preparing()`; calls nested inside one
 * another count once.
 */
const parts = [];
let current = null;
let depth = 0;

const secondsOf = (ms) => `${Math.round(ms / 1000)} s`;

/** Runs one part and prints how long it took. */
export async function timedPart(name, fn) {
  current = { name, started: performance.now(), totalMs: 0, prepareMs: 0, failed: false };
  parts.push(current);
  try {
    return await fn();
  } catch (e) {
    current.failed = true;
    throw e;
  } finally {
    const part = current;
    part.totalMs = performance.now() - part.started;
    current = null;
    step(
      `Part ${part.name}: ${secondsOf(part.totalMs)} (preparing ${secondsOf(part.prepareMs)}, measuring ${secondsOf(part.totalMs - part.prepareMs)})`,
    );
  }
}

/** Runs `fn` as preparation of the current part (its time is counted apart from the measuring). */
export async function preparing(fn) {
  const started = performance.now();
  depth++;
  try {
    return await fn();
  } finally {
    depth--;
    if (current && depth === 0) current.prepareMs += performance.now() - started;
  }
}

/** Counts time a helper process spent preparing (it reports it; its process is timed whole) as the part's. */
export function countPreparing(ms) {
  if (current) current.prepareMs += ms;
}

/** The parts run so far: [{name, seconds, preparingSeconds, measuringSeconds}]. */
export function partTimes() {
  return parts.map((p) => ({
    name: p.name,
    seconds: Math.round(p.totalMs / 1000),
    preparingSeconds: Math.round(p.prepareMs / 1000),
    measuringSeconds: Math.round((p.totalMs - p.prepareMs) / 1000),
  }));
}

/** The summary table of part durations. */
export function printPartTimes() {
  const rows = partTimes();
  if (!rows.length) return;
  const w = Math.max(4, ...rows.map((r) => r.name.length));
  const cell = (s) => String(s).padStart(9);
  console.log(
    `\n${bold('part'.padEnd(w))}  ${bold(cell('total'))}  ${bold(cell('preparing'))}  ${bold(cell('measuring'))}`,
  );
  for (const r of rows)
    console.log(
      `${r.name.padEnd(w)}  ${cell(`${r.seconds} s`)}  ${cell(`${r.preparingSeconds} s`)}  ${cell(`${r.measuringSeconds} s`)}`,
    );
  const sum = (k) => rows.reduce((a, r) => a + r[k], 0);
  console.log(
    dim(
      `${'all'.padEnd(w)}  ${cell(`${sum('seconds')} s`)}  ${cell(`${sum('preparingSeconds')} s`)}  ${cell(`${sum('measuringSeconds')} s`)}`,
    ),
  );
}

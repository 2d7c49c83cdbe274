/**
 * What the parts of `npm run bench` share: how a helper script is run and its answer read, the catalogue the list figures are taken at,
 * one load run's line, the means of rounds, and a process's memory.
 */
import { readFileSync } from 'node:fs';
import { hasWrk } from './load.mjs';

/** Node's flags for the TypeScript helpers (scripts/bench/*.ts), run with tsx. */
export const TSX = ['--import', 'tsx'];

/** What a helper process answered: the JSON of the last line it printed. */
export const lastJson = (out) => JSON.parse(out.trim().split('\n').at(-1));

/** The catalogue size of the list figures (api, search, storefront, catalog). */
export const LIST_SIZE = 100_000;

/** The load tool that measured a figure, named beside it. */
export const tool = () => (hasWrk() ? 'wrk' : 'autocannon');

/** One load run on a line: requests per second, p50 and p99. */
export const fmt = (r) =>
  `${Math.round(r.rps).toLocaleString('en').padStart(8)} req/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms`;
export const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** A process's resident memory now (kB), from /proc (Linux); null elsewhere. */
export function rssKb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

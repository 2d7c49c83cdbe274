/** The table of every figure that `npm run bench` prints at the end, and how a value is written in it. */
import { bold, dim } from '../lib/log.mjs';
import { vsRelease } from './release.mjs';

export function printTable(results, notes, release) {
  const rows = results.map((r) => [
    r.name,
    formatValue(r.value, r.unit),
    r.unit,
    vsRelease(r, release.figures).text,
    notes.get(r.name) ?? '',
  ]);
  const w = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length), i === 3 ? 10 : 4));
  console.log(
    `\n${bold('name'.padEnd(w[0]))}  ${bold('value'.padStart(w[1]))}  ${bold('unit'.padEnd(w[2]))}  ${bold('vs release'.padStart(w[3]))}  ${bold('how')}`,
  );
  for (const r of rows)
    console.log(
      `${r[0].padEnd(w[0])}  ${r[1].padStart(w[1])}  ${r[2].padEnd(w[2])}  ${r[3].padStart(w[3])}  ${dim(r[4])}`,
    );
}

export function formatValue(v, unit) {
  if (unit === 'ratio') return v.toFixed(2);
  if (unit === 'req/s' || unit === 'orders/s') return Math.round(v).toLocaleString('en');
  if (unit === 'photos/s') return v.toFixed(1);
  if (unit === 'units' || unit === 'score') return String(v);
  if (unit === 'ms' || unit === 'kB') return v.toFixed(unit === 'ms' && v >= 100 ? 0 : 2);
  return String(v);
}

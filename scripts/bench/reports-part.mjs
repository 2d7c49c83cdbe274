import { resolve } from 'node:path';
import { databaseUrl } from '../lib/database.mjs';
import { ROOT, step } from '../lib/log.mjs';
import { run } from '../lib/processes.mjs';
import { lastJson, TSX } from './shared.mjs';
import { countPreparing } from './timings.mjs';

/**
 * The reports phase of `npm run bench`: scripts/bench/reports.ts over 100,000 orders in its own
 * database (<db-prefix>_reports, kept between runs), the 30- and 365-day sales reports' p99 with nothing changed
 * and right after an order changed, each also as a ratio to a bare Hono route's p99 in the same process and run.
 */
export async function reportsPart({ db, args, record }) {
  const [prefix, quick] = [args['db-prefix'], args.quick];
  const orders = 100_000;
  const reads = quick ? 40 : 200;
  step(`Reports over ${orders.toLocaleString('en')} orders: 30 and 365 days, ${reads} reads each…`);
  const out = await run(
    process.execPath,
    [
      ...TSX,
      resolve(ROOT, 'scripts/bench/reports.ts'),
      '--url',
      databaseUrl(db.serverUrl, `${prefix}_reports`),
      '--orders',
      String(orders),
      '--reads',
      String(reads),
    ],
    { quiet: true, label: 'The reports benchmark' },
  );
  const r = lastJson(out);
  countPreparing(r.prepareMs);
  const how = `${reads} reads through app.request in one process, ${orders.toLocaleString('en')} orders over 400 days`;
  for (const [key, label] of [
    ['d30', 'reports.30d'],
    ['d365', 'reports.365d'],
    ['d30Change', 'reports.30d_after_change'],
    ['d365Change', 'reports.365d_after_change'],
  ]) {
    console.log(`  ${label.padEnd(28)} p50 ${r[key].p50.toFixed(1)} ms  p99 ${r[key].p99.toFixed(1)} ms`);
    record(`${label}.p99_ms`, r[key].p99, 'ms', `${how} (goal ≤ 200 ms)`);
    record(
      `${label}.p99_ratio`,
      r[key].p99 / r.baselineP99,
      'ratio',
      'p99 ÷ a bare Hono route’s p99, same run',
    );
  }
  record('reports.first_fill_ms', r.firstMs, 'ms', 'the first 365-day report, counting every day (once)');
}

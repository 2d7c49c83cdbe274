#!/usr/bin/env node
/**
 * `npm run bench [-- --quick | --full] [--json FILE] [--only api,search,orders,storefront,images,catalog,gst,promotions,reports,reviews,delivery]
 *   [--db-prefix vc_bench_NAME] [--skip-lighthouse] [--save-release]`
 *
 * Measures the shop on this machine and prints a table; with --json writes FILE as a JSON array of
 * {name, value, unit} (bench-results/latest.json is always written). Each figure is also divided by its value at
 * the previous release (scripts/bench/release-figures.json, written by --save-release: scripts/bench/release.mjs),
 * and the run ends with the headline figures side by side and how long each part took (scripts/bench/timings.mjs).
 * Each part is a module of its own, scripts/bench/<part>.mjs (api: api-part.mjs, reports: reports-part.mjs), whose
 * opening comment says what it measures.
 * Databases vc_bench_<size> (or <--db-prefix>_<size>) are kept between runs and reused while the seed is unchanged.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { hasWrk } from './bench/load.mjs';
import { printSideBySide, readRelease, saveRelease } from './bench/release.mjs';
import { formatValue, printTable } from './bench/table.mjs';
import { printPartTimes, timedPart } from './bench/timings.mjs';
import { ensureDatabase } from './lib/database.mjs';
import { ensureInstalled } from './lib/install.mjs';
import { dim, ROOT, warn } from './lib/log.mjs';
import { main } from './lib/processes.mjs';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    full: { type: 'boolean', default: false },
    json: { type: 'string' },
    only: { type: 'string' },
    connections: { type: 'string', default: '64' },
    'db-prefix': { type: 'string', default: 'vc_bench' },
    // Lighthouse takes minutes (4 pages × 3 runs): leave it out with this flag.
    'skip-lighthouse': { type: 'boolean', default: false },
    // Writes this run's figures into scripts/bench/release-figures.json, the yardstick of the "vs release" column.
    'save-release': { type: 'boolean', default: false },
  },
});

const PHASES = [
  'api',
  'search',
  'orders',
  'storefront',
  'images',
  'catalog',
  'gst',
  'promotions',
  'reports',
  'reviews',
  'delivery',
];
const only = args.only ? args.only.split(',').map((s) => s.trim()) : PHASES;
if (!/^vc_bench(_\w+)?$/.test(args['db-prefix']))
  throw new Error('--db-prefix: a database name prefix starting with vc_bench_ (e.g. vc_bench_mine)');
for (const p of only)
  if (!PHASES.includes(p)) throw new Error(`--only: unknown part "${p}" (${PHASES.join(', ')})`);

// --quick: 2 s runs after 1 s of warm-up, enough for a ratio against the bare route measured beside it (on a 2-core
// machine the rounds of one run spread more than longer runs gain: 5 s runs with 2 s of warm-up gave the cached list
// and detail no better ratios), and the 100,000-product catalogue only: the 1,000-product one is there for the scale
// ratio (the largest catalogue's list ÷ its), without --quick.
const seconds = args.quick ? 2 : 10;
const warmup = args.quick ? 1 : 3;
const connections = Number(args.connections);
const sizes = [...(args.quick && !args.full ? [] : [1_000]), 100_000, ...(args.full ? [1_000_000] : [])];

const results = [];
const notes = new Map();
const record = (name, value, unit, note = '') => {
  results.push({ name, value: Math.round(value * 1000) / 1000, unit });
  if (note) notes.set(name, note);
};
/** What every part is given: the options and run settings, and `record` for its figures. */
const bench = { args, record, seconds, warmup, connections, sizes };

await main(async () => {
  const started = Date.now();
  await ensureInstalled();
  const startLoad = loadavg()[0];
  if (startLoad > availableParallelism())
    warn(
      `The load average is ${startLoad.toFixed(1)} on ${availableParallelism()} CPUs: figures will be noisy.`,
    );
  if (!hasWrk())
    warn(
      'wrk is not installed (apt-get install wrk): using autocannon, whose latencies are whole milliseconds.',
    );
  const db = await ensureDatabase({ quiet: true });
  mkdirSync(resolve(ROOT, 'bench-results'), { recursive: true });
  const parts = {
    api: async () => (await import('./bench/api-part.mjs')).apiPart(db, bench),
    search: async () => (await import('./bench/search.mjs')).searchPart(db, bench),
    orders: async () => (await import('./bench/orders.mjs')).ordersPart(db, bench),
    storefront: async () => (await import('./bench/storefront.mjs')).storefrontPart(db, bench),
    images: async () => (await import('./bench/images.mjs')).imagesPart(db, bench),
    catalog: async () => (await import('./bench/catalog.mjs')).catalogPart(db, bench),
    gst: async () => (await import('./bench/gst.mjs')).gstPart({ db, record, args }),
    promotions: async () =>
      (await import('./bench/promotions.mjs')).promotionsPart(db, {
        quick: args.quick,
        prefix: args['db-prefix'],
        record,
      }),
    reports: async () => (await import('./bench/reports-part.mjs')).reportsPart({ db, args, record }),
    reviews: async () =>
      (await import('./bench/reviews.mjs')).reviewsPart(db, {
        record,
        prefix: args['db-prefix'],
        connections,
        seconds,
        warmup,
      }),
    delivery: async () =>
      (await import('./bench/delivery.mjs')).deliveryPart(db, { record, args, seconds, warmup, connections }),
  };
  // In PHASES order whatever the order of --only. A part that fails stops the run, after the times so far.
  try {
    for (const name of PHASES) if (only.includes(name)) await timedPart(name, parts[name]);
  } catch (e) {
    printPartTimes();
    throw e;
  }

  const release = readRelease();
  printTable(results, notes, release);
  printSideBySide(results, release, formatValue);
  printPartTimes();
  const out = JSON.stringify(results, null, 2);
  const latest = resolve(ROOT, 'bench-results', 'latest.json');
  writeFileSync(latest, `${out}\n`);
  if (args.json) {
    mkdirSync(dirname(resolve(args.json)), { recursive: true });
    writeFileSync(resolve(args.json), `${out}\n`);
  }
  const loadAverage = loadavg().map((l) => Number(l.toFixed(1)));
  console.log(
    dim(
      `\n${results.length} figures in ${Math.round((Date.now() - started) / 1000)} s; load average ${loadAverage.join(' ')} (at the start ${startLoad.toFixed(1)})`,
    ),
  );
  if (args['save-release'])
    saveRelease(results, {
      command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
      parts: PHASES.filter((p) => only.includes(p)),
      loadAverage: `${startLoad.toFixed(1)} at the start, ${loadAverage.join(' ')} at the end`,
      machine: `${availableParallelism()} CPUs, ${hasWrk() ? 'wrk' : 'autocannon'}; a shared machine: compare ratios first`,
    });
});

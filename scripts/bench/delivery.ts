/**
 * Helpers of the delivery benchmark (run by scripts/bench/delivery.mjs with tsx):
 *   tsx scripts/bench/delivery.ts lookup [--count N]
 *     the pincode directory in this process: the first lookup (the file read into memory), then N lookups of
 *     pincodes drawn from the directory and a few it does not know, each timed on its own; one JSON line with
 *     the load time, p50, p99 and max in ms
 *   tsx scripts/bench/delivery.ts configure --url URL
 *     a shop with its shipping set up the long way, written into the vc_bench_*_orders database the checkout
 *     benchmark prepared: 30 zones (states, pincode prefixes and ranges; Bengaluru's range last, so finding its
 *     zone scans them all), 10 weight bands and 5 order value bands each, 60 holidays, 5,000 pincodes without
 *     cash on delivery, a COD fee, and every product weighed
 */
import { parseArgs } from 'node:util';
import { createDb, directorySize, lookupPincode } from '@voltcart/api';
import { GST_STATES } from '@voltcart/shared';
import { sql } from 'kysely';
import { percentile } from './bench-shop';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { url: { type: 'string' }, count: { type: 'string', default: '200000' } },
});

function lookup() {
  let t = performance.now();
  lookupPincode('560001');
  const loadMs = performance.now() - t;
  // Pincodes the directory knows, spread over its range, and one in fifty it does not.
  const known: string[] = [];
  for (let pin = 110001; pin < 860000 && known.length < 20_000; pin += 37)
    if (lookupPincode(String(pin))) known.push(String(pin));
  const count = Number(values.count);
  const times = new Float64Array(count);
  let found = 0;
  for (let i = 0; i < count; i++) {
    const pin = i % 50 === 0 ? String(999_000 + (i % 999)) : known[(i * 7919) % known.length]!;
    t = performance.now();
    if (lookupPincode(pin)) found++;
    times[i] = performance.now() - t;
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      pincodes: directorySize(),
      lookups: count,
      found,
      loadMs,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      max: sorted.at(-1) ?? 0,
    }),
  );
}

async function configure() {
  const url = values.url ?? '';
  if (!/\/vc_bench(_\w+)?_orders(?:\?|$)/.test(url))
    throw new Error('--url must name a vc_bench_*_orders database');
  const db = createDb(url, 2);
  const bands = Array.from({ length: 10 }, (_, i) => ({
    fromGrams: i * 500,
    toGrams: i === 9 ? null : (i + 1) * 500,
    feePaise: 4900 + i * 1000,
  }));
  const valueBands = Array.from({ length: 5 }, (_, i) => ({
    fromPaise: i * 50_000,
    toPaise: i === 4 ? null : (i + 1) * 50_000,
    feePaise: Math.max(0, 4000 - i * 1000),
  }));
  const states = Object.values(GST_STATES).filter((c) => c !== '29');
  const zone = (i: number, name: string, st: string[], pins: string[]) => ({
    name,
    position: i,
    states: JSON.stringify(st),
    pincodes: JSON.stringify(pins),
    bands: JSON.stringify(bands),
    value_bands: JSON.stringify(valueBands),
    free_from_paise: 10_000_000_000,
    cod: 1,
    dispatch_days: 1 + (i % 2),
    transit_min_days: 2,
    transit_max_days: 6,
  });
  // 6 zones of states, 23 of pincode prefixes and ranges outside Karnataka, then Bengaluru's range.
  const rows = [
    ...Array.from({ length: 6 }, (_, i) =>
      zone(
        i,
        `States ${i + 1}`,
        states.filter((_, j) => j % 6 === i),
        [],
      ),
    ),
    ...Array.from({ length: 23 }, (_, i) =>
      zone(6 + i, `Pincodes ${i + 1}`, [], [`${11 + i}`, `${700_001 + i * 1000}-${700_999 + i * 1000}`]),
    ),
    zone(29, 'Bengaluru', ['29'], ['560001-560110']),
  ];
  await db.deleteFrom('shipping_zones').execute();
  await db.insertInto('shipping_zones').values(rows).execute();
  const holidays = Array.from({ length: 60 }, (_, i) =>
    new Date(Date.UTC(2027, 0, 1 + i * 5)).toISOString().slice(0, 10),
  );
  const blocked = Array.from({ length: 5000 }, (_, i) => String(110_001 + i * 7));
  for (const [name, value] of [
    ['shop_holidays', JSON.stringify(holidays)],
    ['cod_blocked_pincodes', JSON.stringify(blocked)],
    ['cod_fee_paise', '2900'],
  ]) {
    await sql`INSERT INTO settings (name, value) VALUES (${name}, ${value})
      ON DUPLICATE KEY UPDATE value = VALUES(value)`.execute(db);
  }
  await sql`UPDATE products SET weight_grams = 180 + (id % 7) * 120`.execute(db);
  await sql`UPDATE product_variants SET weight_grams = 200 + (id % 5) * 150 WHERE id % 2 = 0`.execute(db);
  await db.destroy();
  console.log(JSON.stringify({ zones: rows.length, bands: bands.length, valueBands: valueBands.length }));
}

if (positionals[0] === 'lookup') lookup();
else if (positionals[0] === 'configure') await configure();
else throw new Error('usage: delivery.ts lookup | configure --url URL');

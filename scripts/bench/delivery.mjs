/**
 * The delivery benchmark (`npm run bench -- --only delivery`), figures as ratios against a baseline of the same run:
 * - the pincode directory in-process: p50 and p99 of one lookup (target p99 ≤ 1 ms), and its load time
 * - `GET /delivery/pincode/:pincode` with a cart's value and weight, the shop's shipping set up the long way
 *   (scripts/bench/delivery.ts configure), against the bare Hono route served the same way, measured before and
 *   after it (req/s ratio to their mean)
 * - the checkout rush of scripts/bench/orders.ts on a fresh database twice: with a new shop's delivery set-up
 *   (one zone, one rate) and with that long set-up (30 zones, weight and value bands, holidays, a COD block
 *   list, weighed products); orders/s and their ratio (target ≥ 0.85)
 */
import { resolve } from 'node:path';
import { ROOT, step, UserError } from '../lib/log.mjs';
import { run } from '../lib/processes.mjs';
import { BENCH_WORKERS, measure, startBaseline } from './api.mjs';
import { checkoutRush, SHOPPERS } from './checkout-rush.mjs';
import { lastJson, TSX } from './shared.mjs';
import { preparing } from './timings.mjs';

export async function deliveryPart(db, { record, args, seconds, warmup, connections }) {
  const helper = resolve(ROOT, 'scripts/bench/delivery.ts');

  step('Pincode directory, in-process lookups…');
  const l = lastJson(
    await run(process.execPath, [...TSX, helper, 'lookup', '--count', args.quick ? '100000' : '500000'], {
      quiet: true,
      label: 'delivery.ts lookup',
    }),
  );
  console.log(
    `  ${l.pincodes.toLocaleString('en')} pincodes loaded in ${l.loadMs.toFixed(0)} ms; ${l.lookups.toLocaleString('en')} lookups: p50 ${(l.p50 * 1000).toFixed(2)} µs, p99 ${(l.p99 * 1000).toFixed(2)} µs, max ${l.max.toFixed(3)} ms`,
  );
  record(
    'delivery.lookup_p99_ms',
    l.p99,
    'ms',
    `one directory lookup, ${l.lookups} timed singly (target ≤ 1 ms)`,
  );
  record('delivery.lookup_p50_ms', l.p50, 'ms', 'one directory lookup');
  record(
    'delivery.directory_load_ms',
    l.loadMs,
    'ms',
    `first lookup: ${l.pincodes} pincodes read into memory`,
  );

  const checkout = checkoutRush(db, args['db-prefix'], 'delivery-plan.json');
  const { url } = checkout;
  // The figure is a same-run ratio (30 zones ÷ one): --quick makes it from 600 carts, as the promotions part does.
  const carts = args.quick ? 600 : 3000;
  const prepare = (configured) => preparing(() => prepareShop(configured));
  const prepareShop = async (configured) => {
    await checkout.prepare(carts);
    if (configured) await run(process.execPath, [...TSX, helper, 'configure', '--url', url], { quiet: true });
  };
  const api = () => checkout.startApi({ MAIL_ENABLED: 'false' });

  // The pincode route, on the long set-up, between two runs of the bare route.
  await prepare(true);
  step(
    `GET /delivery/pincode/:pincode vs the bare route (${BENCH_WORKERS} workers, ${connections} connections)…`,
  );
  const baseline = await startBaseline();
  const server = await api();
  let route;
  let bare;
  try {
    const opts = { connections, seconds, warmup };
    const pins = ['560001', '560034', '110001', '400001', '700001', '781001', '795001', '600001'];
    const paths = pins.map(
      (p, i) => `/delivery/pincode/${p}?amount=${300 + i * 150}&weight=${250 * (i + 1)}`,
    );
    for (const p of paths) {
      const res = await fetch(server.base + p);
      if (res.status !== 200) throw new UserError(`${p} answered ${res.status}`);
    }
    const before = await measure(baseline.base, ['/'], opts);
    route = await measure(server.base, paths, opts);
    const after = await measure(baseline.base, ['/'], { ...opts, warmup: 1 });
    bare = (before.rps + after.rps) / 2;
  } finally {
    await server.stop();
    await baseline.stop();
  }
  console.log(
    `  ${Math.round(route.rps).toLocaleString('en')} req/s (p99 ${route.p99.toFixed(2)} ms); bare route ${Math.round(bare).toLocaleString('en')} req/s`,
  );
  record(
    'delivery.pincode_route_rps',
    route.rps,
    'req/s',
    '8 pincodes with a cart value and weight, 30 zones',
  );
  record('delivery.pincode_route_ratio', route.rps / bare, 'ratio', 'req/s ÷ the bare Hono route, same run');
  record('delivery.pincode_route_p99_ms', route.p99, 'ms', 'as the load tool saw it');

  // The checkout rush, as a new shop has it and with the long set-up.
  const rush = {};
  for (const configured of [false, true]) {
    step(
      `Checkout rush, ${configured ? '30 zones with weight and value bands' : "a new shop's one zone and rate"}…`,
    );
    await prepare(configured);
    const s = await api();
    try {
      rush[configured] = await checkout.drive('checkout', s.base, ['--concurrency', String(SHOPPERS)]);
    } finally {
      await s.stop();
    }
    const r = rush[configured];
    if (r.errors)
      throw new UserError(
        `The checkout had ${r.errors} unexpected answers, e.g. ${r.firstErrors.join(' | ')}`,
      );
    console.log(
      `  ${Math.round(r.perSecond)} orders/s; ${r.placed} placed, oversold ${r.oversold}; p99 ${r.p99.toFixed(1)} ms`,
    );
  }
  record(
    'delivery.checkout_per_s',
    rush.true.perSecond,
    'orders/s',
    `${carts} carts, ${SHOPPERS} at a time, 30 zones`,
  );
  record(
    'delivery.checkout_per_s_default',
    rush.false.perSecond,
    'orders/s',
    "the same rush, a new shop's set-up",
  );
  record(
    'delivery.checkout_ratio',
    rush.true.perSecond / rush.false.perSecond,
    'ratio',
    'orders/s with zones and rates configured ÷ without, same run (target ≥ 0.85)',
  );
}

/**
 * Part `orders` of `npm run bench`:
 * cash-on-delivery checkouts by concurrent shoppers against limited stock; units sold beyond
 * stock must be 0. The rush runs twice, with the mail outbox off and on (same run), for their ratio.
 */
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT, step, UserError } from '../lib/log.mjs';
import { checkoutRush, SHOPPERS } from './checkout-rush.mjs';
import { preparing } from './timings.mjs';

export async function ordersPart(db, { args, record, seconds, warmup }) {
  const checkout = checkoutRush(db, args['db-prefix'], 'orders-plan.json');
  const carts = args.quick ? 1000 : 3000;

  /**
   * One checkout rush on a freshly prepared database, with the mail outbox on (each order writes its mail in its
   * transaction; the API's outbox sender delivers them as .eml files meanwhile) or off (MAIL_ENABLED=false);
   * the shopping journey follows when asked.
   */
  const rushWith = async (outbox, withJourney) => {
    step(
      `Checkout, mail outbox ${outbox ? 'on' : 'off'}: ${carts.toLocaleString('en')} shoppers with filled carts place cash-on-delivery orders, ${SHOPPERS} at a time…`,
    );
    await preparing(() => checkout.prepare(carts));
    const data = resolve(ROOT, 'bench-results', 'data-orders');
    rmSync(resolve(data, 'mail'), { recursive: true, force: true });
    const api = await checkout.startApi({ MAIL_ENABLED: String(outbox), DATA_DIR: data });
    let rush;
    let journey;
    try {
      const driver = (mode, extra) => checkout.drive(mode, api.base, extra);
      rush = await driver('checkout', ['--concurrency', String(SHOPPERS)]);
      console.log(
        `  ${Math.round(rush.perSecond)} orders/s; ${rush.placed} placed, ${rush.refused} refused (sold out), oversold ${rush.oversold}; place-order p50 ${rush.p50.toFixed(1)} ms p99 ${rush.p99.toFixed(1)} ms`,
      );
      if (withJourney) {
        journey = await driver('shop', ['--seconds', String(seconds), '--warmup', String(warmup)]);
        console.log(
          `  shopping journey (add to cart + order, ${journey.shoppers} shoppers): ${Math.round(journey.perSecond)} orders/s, oversold ${journey.oversold}`,
        );
      }
    } finally {
      await api.stop();
    }
    for (const r of [rush, journey]) {
      if (r?.errors)
        throw new UserError(
          `The checkout benchmark had ${r.errors} unexpected answers, e.g. ${r.firstErrors.join(' | ')}`,
        );
    }
    return { rush, journey };
  };

  const off = await rushWith(false, false);
  const { rush, journey } = await rushWith(true, true);
  record(
    'orders.per_s',
    rush.perSecond,
    'orders/s',
    `${rush.buyers} ready carts, ${SHOPPERS} at a time, cash on delivery, mail outbox on`,
  );
  record(
    'orders.per_s_outbox_off',
    off.rush.perSecond,
    'orders/s',
    'the same rush on a fresh database with MAIL_ENABLED=false (no outbox rows)',
  );
  record(
    'orders.outbox_ratio',
    rush.perSecond / off.rush.perSecond,
    'ratio',
    'orders/s with the outbox ÷ without, same run (target ≥ 0.9)',
  );
  record(
    'orders.oversold',
    journey.oversold + journey.mismatched + off.rush.oversold,
    'units',
    `units sold beyond stock; ${journey.hotSoldOut} of 2 hot products sold out`,
  );
  record('orders.p99_ms', rush.p99, 'ms', 'place-order as the shoppers saw it (client side)');
  record(
    'orders.journey_per_s',
    journey.perSecond,
    'orders/s',
    `${journey.shoppers} shoppers: add to cart + place order, again and again`,
  );
}

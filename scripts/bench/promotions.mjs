/**
 * The promotions part of `npm run bench` (--only promotions): what discounts cost checkout, and the race for a
 * code's last uses (the figures in docs/performance.md's summary). scripts/bench/promotions.ts does the work in its
 * own process.
 * - the same carts priced (POST /cart/quote) and placed (cash on delivery), on fresh databases, without any
 *   promotion and with a code and two automatic offers that every cart meets (three discounts each), twice each in
 *   the order without, with, with, without: req/s, orders/s and p99 of each (means of two rounds), and the ratios
 *   with ÷ without (goal: orders/s within 15 %, ratio ≥ 0.85)
 * - 300 shoppers place their orders at once with one code of 100 uses: orders that used it (exactly 100)
 */
import { resolve } from 'node:path';
import { databaseUrl } from '../lib/database.mjs';
import { ROOT, step, UserError } from '../lib/log.mjs';
import { run } from '../lib/processes.mjs';
import { benchSecrets, startApi } from './api.mjs';
import { lastJson, mean, TSX } from './shared.mjs';
import { preparing } from './timings.mjs';

const SCRIPT = resolve(ROOT, 'scripts/bench/promotions.ts');
// Fewer at a time than the orders part: every order with promotions updates the same promotion rows (their use
// counts), so more at once only queue on those row locks, and on a loaded 2-core machine past the API's 8 s
// request deadline.
const CONCURRENCY = 16;
const RACE_SHOPPERS = 300;
const RACE_USES = 100;

export async function promotionsPart(db, { quick, prefix, record }) {
  const secrets = benchSecrets();
  const url = databaseUrl(db.serverUrl, `${prefix}_promotions`);
  const plan = resolve(ROOT, 'bench-results', 'promotions-plan.json');
  const carts = quick ? 600 : 3000;
  const helper = (args, label) =>
    run(process.execPath, [...TSX, SCRIPT, ...args], { quiet: true, label }).then((out) => lastJson(out));
  /** Prepares a fresh database, starts the API on it, runs `then` against it, stops it. */
  const withApi = async (prepare, then) => {
    await preparing(() =>
      helper([...prepare, '--url', url, '--secret', secrets.JWT_SECRET, '--out', plan], 'Preparing'),
    );
    const api = await startApi({
      url,
      uploads: resolve(ROOT, 'bench-results', 'uploads', 'promotions'),
      secrets,
      env: { MAIL_ENABLED: 'false' },
    });
    try {
      return await then(api.base);
    } finally {
      await api.stop();
    }
  };
  const load = async (promotions) => {
    step(
      `Promotions ${promotions}: ${carts.toLocaleString('en')} shoppers quote then place their carts, ${CONCURRENCY} at a time…`,
    );
    const r = await withApi(['prepare', '--carts', String(carts), '--promotions', promotions], (api) =>
      helper(
        ['load', '--url', url, '--api', api, '--in', plan, '--concurrency', String(CONCURRENCY)],
        'Load',
      ),
    );
    if (r.errors)
      throw new UserError(
        `The promotions benchmark had ${r.errors} unexpected answers, e.g. ${r.firstErrors.join(' | ')}`,
      );
    const want = promotions === 'on' ? r.orders : 0;
    if (r.ordersWithThreeDiscounts !== want)
      throw new UserError(
        `${r.ordersWithThreeDiscounts} of ${r.orders} orders carry three discounts; expected ${want}.`,
      );
    console.log(
      `  quote ${Math.round(r.quote.perSecond)} req/s p99 ${r.quote.p99.toFixed(1)} ms (${r.quote.discounts} discounts); place-order ${Math.round(r.order.perSecond)} orders/s p99 ${r.order.p99.toFixed(1)} ms`,
    );
    return r;
  };

  // Without, with, with, without (ABBA): the machine's drift during the part weighs on both sides alike, and each
  // figure is the mean of two rounds.
  const rounds = [];
  for (const promotions of ['off', 'on', 'on', 'off']) rounds.push({ promotions, r: await load(promotions) });
  const side = (promotions) => {
    const of = (figure) => mean(rounds.filter((x) => x.promotions === promotions).map((x) => figure(x.r)));
    return {
      quote: { perSecond: of((r) => r.quote.perSecond), p99: of((r) => r.quote.p99) },
      order: { perSecond: of((r) => r.order.perSecond), p99: of((r) => r.order.p99) },
    };
  };
  const off = side('off');
  const on = side('on');
  step(`A code of ${RACE_USES} uses, ${RACE_SHOPPERS} shoppers placing their orders with it at once…`);
  const race = await withApi(
    ['race-prepare', '--shoppers', String(RACE_SHOPPERS), '--uses', String(RACE_USES)],
    (api) => helper(['race', '--url', url, '--api', api, '--in', plan], 'Race'),
  );
  if (race.errors)
    throw new UserError(
      `The race had ${race.errors} unexpected answers, e.g. ${race.firstErrors.join(' | ')}`,
    );
  console.log(
    `  ${race.placed} orders placed with the code, ${race.refusedUsedUp} told it has been used (${race.retries} tries again after a busy answer, ${race.emptied} found their order already placed); its use count ${race.codeUses}`,
  );

  // A request's p99 with promotions, beside the one without and as their ratio.
  const recordP99 = (request, what) => {
    const [withP99, withoutP99] = [on[request].p99, off[request].p99];
    record(`promotions.${request}_p99_ms`, withP99, 'ms', `without promotions: ${withoutP99.toFixed(1)} ms`);
    record(
      `promotions.${request}_p99_ratio`,
      withP99 / withoutP99,
      'ratio',
      `${what} p99 with promotions ÷ without`,
    );
  };
  const note = `${carts} carts (a phone and an accessory), ${CONCURRENCY} at a time, cash on delivery; mean of two rounds each, without / with / with / without`;
  record(
    'promotions.quote_per_s',
    on.quote.perSecond,
    'req/s',
    `POST /cart/quote with a code and two offers; ${note}`,
  );
  record(
    'promotions.quote_per_s_ratio',
    on.quote.perSecond / off.quote.perSecond,
    'ratio',
    'quotes/s with promotions ÷ without, same run',
  );
  recordP99('quote', 'quote');
  record(
    'promotions.orders_per_s',
    on.order.perSecond,
    'orders/s',
    `place-order with the code, three discounts each; ${note}`,
  );
  record(
    'promotions.orders_per_s_ratio',
    on.order.perSecond / off.order.perSecond,
    'ratio',
    `orders/s with promotions ÷ without (${Math.round(off.order.perSecond)} orders/s), same run (goal ≥ 0.85)`,
  );
  recordP99('order', 'place-order');
  record(
    'promotions.race_code_uses',
    race.ordersWithCode,
    'units',
    `${RACE_SHOPPERS} shoppers at once on a ${RACE_USES}-use code: orders that used it (must be ${RACE_USES}; its count ${race.codeUses})`,
  );
}

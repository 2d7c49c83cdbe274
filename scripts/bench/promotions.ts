/**
 * The promotions benchmark (run by scripts/bench/promotions.mjs with tsx), in steps around the API's start:
 *   tsx scripts/bench/promotions.ts prepare --url URL --secret S --carts C --promotions on|off --out FILE
 *   tsx scripts/bench/promotions.ts load --api BASE --in FILE --concurrency K
 *   tsx scripts/bench/promotions.ts race-prepare --url URL --secret S --shoppers N --uses U --out FILE
 *   tsx scripts/bench/promotions.ts race --url URL --api BASE --in FILE
 * prepare: a fresh <prefix>_promotions database with 10 phones and 10 accessories, C shoppers whose carts hold a
 *   phone and an accessory; with promotions on, a code (BENCH10, 10 % off, combinable) and two automatic offers
 *   ("10% off accessories with any phone", "₹250 off orders over ₹5,000", both combinable) that every cart meets.
 * load: each shopper prices its cart (POST /cart/quote, with the code when on), K at a time, then places it as a
 *   cash-on-delivery order (with the code when on); the first tenth of each warms up. Prints req/s and
 *   p50/p99 of each, and how many orders carry three discounts (all of them with promotions on, none without).
 * race-prepare / race: N shoppers with filled carts place their orders all at once with one code of U uses (one
 *   told to try again in a moment tries again); prints how many orders used it (exactly U) and the code's use
 *   count in the database.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createDb, type Database, type Db } from '@voltcart/api';
import { type Insertable, sql } from 'kysely';
import {
  ADDRESS,
  addCartLines,
  addCategory,
  addProduct,
  addShoppers,
  checkoutArgs,
  freshShop as freshShopDatabase,
  keepAliveClient,
  percentile,
  type Shopper,
} from './bench-shop';

const { positionals, values } = checkoutArgs({
  carts: { type: 'string', default: '1000' },
  shoppers: { type: 'string', default: '300' },
  uses: { type: 'string', default: '100' },
  promotions: { type: 'string', default: 'on' },
});

interface Plan {
  promotions: boolean;
  code: string | null;
  buyers: Shopper[];
}

const url = values.url ?? '';
// <prefix>_promotions (scripts/bench.mjs's --db-prefix, vc_bench by default): a database this script may drop.
const checkUrl = () => {
  if (!/\/vc_bench(?:_\w+)?_promotions(?:\?|$)/.test(url))
    throw new Error('--url must name the vc_bench_promotions (or vc_bench_<name>_promotions) database');
};

/** A fresh database with a phone and an accessory category, N products of each, and `users` shoppers. */
async function freshShop(perCategory: number, users: number) {
  checkUrl();
  const db = await freshShopDatabase(url);
  const phones = await addCategory(db, 'Phones');
  const accessories = await addCategory(db, 'Accessories');
  const products: Record<'phones' | 'accessories', number[]> = { phones: [], accessories: [] };
  for (const [kind, categoryId, base] of [
    ['phones', phones, 1_999_900],
    ['accessories', accessories, 149_900],
  ] as const) {
    for (let i = 0; i < perCategory; i++) {
      const id = await addProduct(db, {
        name: `Bench ${kind} ${i + 1}`,
        slug: `bench-${kind}-${i + 1}`,
        sku: `BENCH-${kind}-${i + 1}`,
        categoryId,
        price: base + i * 10_000,
        discountPercent: 0,
        stock: 1_000_000,
      });
      products[kind].push(id);
    }
  }
  const buyers = await addShoppers(db, users, values.secret ?? '');
  // Each cart: a phone and one or two of an accessory.
  await addCartLines(
    db,
    buyers.flatMap((b, i) => [
      { user_id: b.id, product_id: products.phones[i % perCategory]!, qty: 1 },
      { user_id: b.id, product_id: products.accessories[(i * 7) % perCategory]!, qty: 1 + (i % 2) },
    ]),
  );
  return { db, buyers, phones, accessories };
}

const promotion = (over: { name: string } & Partial<Insertable<Database['promotions']>>) => ({
  kind: 'automatic' as const,
  action: 'percent' as const,
  percent_bp: null,
  amount_paise: null,
  cap_paise: null,
  buy_qty: null,
  get_qty: null,
  scope: 'order' as const,
  targets: '[]',
  min_order_paise: 0,
  starts_at: null,
  ends_at: null,
  max_uses: null,
  per_customer: null,
  first_order_only: 0,
  online_only: 0,
  combinable: 1,
  active: 1,
  deal: 0,
  ...over,
});

async function addCode(db: Db, code: string, maxUses: number | null) {
  const r = await db
    .insertInto('promotions')
    .values(promotion({ name: code, kind: 'code', percent_bp: 1000, max_uses: maxUses }))
    .executeTakeFirstOrThrow();
  await db
    .insertInto('promotion_codes')
    .values({ promotion_id: Number(r.insertId), code, max_uses: null })
    .execute();
}

async function prepare() {
  const on = values.promotions === 'on';
  const { db, buyers, phones, accessories } = await freshShop(10, Number(values.carts));
  if (on) {
    await addCode(db, 'BENCH10', null);
    await db
      .insertInto('promotions')
      .values([
        promotion({
          name: '10% off accessories with any phone',
          percent_bp: 1000,
          scope: 'categories',
          targets: JSON.stringify([String(accessories)]),
          requires_scope: 'categories',
          requires_targets: JSON.stringify([String(phones)]),
        }),
        promotion({
          name: '₹250 off orders over ₹5,000',
          action: 'amount',
          amount_paise: 25_000,
          min_order_paise: 500_000,
        }),
      ])
      .execute();
  }
  await db.destroy();
  writeFileSync(
    values.out!,
    JSON.stringify({ promotions: on, code: on ? 'BENCH10' : null, buyers } satisfies Plan),
  );
  console.log(JSON.stringify({ buyers: buyers.length, promotions: on }));
}

async function racePrepare() {
  const { db, buyers } = await freshShop(2, Number(values.shoppers));
  await addCode(db, 'RACE100', Number(values.uses));
  await db.destroy();
  writeFileSync(values.out!, JSON.stringify({ promotions: true, code: 'RACE100', buyers } satisfies Plan));
  console.log(JSON.stringify({ shoppers: buyers.length }));
}

const http = keepAliveClient(512);
/** The bench's calls are all POSTs. */
const call = (api: string, path: string, token: string, body: unknown) =>
  http.call(api, 'POST', path, token, body);

/** Every buyer makes one call, K at a time; the first tenth warms up. */
async function round(
  plan: Plan,
  width: number,
  send: (b: Plan['buyers'][number]) => Promise<{ status: number; text: string }>,
  ok: (r: { status: number; text: string }) => boolean,
) {
  const warm = Math.floor(plan.buyers.length / 10);
  let next = 0;
  let timedStart = 0;
  let timed = 0;
  const errors: string[] = [];
  const latencies: number[] = [];
  const bodies: string[] = [];
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < plan.buyers.length && errors.length <= 20) {
        const n = next++;
        if (n === warm) timedStart = performance.now();
        const t0 = performance.now();
        const r = await send(plan.buyers[n]!);
        const t1 = performance.now();
        if (!ok(r)) errors.push(`${r.status}: ${r.text.slice(0, 200)}`);
        else if (n >= warm) {
          timed++;
          latencies.push(t1 - t0);
          if (bodies.length < 1) bodies.push(r.text);
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    perSecond: timed / ((performance.now() - timedStart) / 1000),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
    sample: bodies[0] ?? '',
  };
}

async function load() {
  const plan = JSON.parse(readFileSync(values.in!, 'utf8')) as Plan;
  const api = values.api!;
  const width = Number(values.concurrency);
  const code = plan.code ? { discount_code: plan.code } : {};
  const quote = await round(
    plan,
    width,
    (b) => call(api, '/cart/quote', b.token, { payment_mode: 0, ...code }),
    (r) => r.status === 200,
  );
  const discountsQuoted = quote.sample
    ? (JSON.parse(quote.sample) as { discounts: unknown[] }).discounts.length
    : 0;
  const order = await round(
    plan,
    width,
    (b) => call(api, '/order/place-order', b.token, { payment_mode: 0, shipping_details: ADDRESS, ...code }),
    (r) => r.status === 201,
  );
  const db = createDb(url, 2);
  const withThree = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM (
      SELECT order_id FROM order_discounts GROUP BY order_id HAVING COUNT(*) = 3) AS x`.execute(db);
  const orders = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM orders`.execute(db);
  await db.destroy();
  const errors = [...quote.errors, ...order.errors];
  console.log(
    JSON.stringify({
      buyers: plan.buyers.length,
      concurrency: width,
      quote: { perSecond: quote.perSecond, p50: quote.p50, p99: quote.p99, discounts: discountsQuoted },
      order: { perSecond: order.perSecond, p50: order.p50, p99: order.p99 },
      orders: Number(orders.rows[0]?.n ?? 0),
      ordersWithThreeDiscounts: Number(withThree.rows[0]?.n ?? 0),
      errors: errors.length,
      firstErrors: errors.slice(0, 3),
    }),
  );
}

async function race() {
  const plan = JSON.parse(readFileSync(values.in!, 'utf8')) as Plan;
  const api = values.api!;
  // All at once; a shopper told "try again in a moment" (503: the API's deadline or pool, on a loaded machine) tries
  // again, as the page asks, until the shop answers yes or no.
  let retries = 0;
  const answers = await Promise.all(
    plan.buyers.map(async (b) => {
      for (let attempt = 0; ; attempt++) {
        const r = await call(api, '/order/place-order', b.token, {
          payment_mode: 0,
          shipping_details: ADDRESS,
          discount_code: plan.code,
        });
        if (r.status !== 503 || attempt >= 30) return r;
        retries++;
        await new Promise((done) => setTimeout(done, 200 + Math.random() * 800));
      }
    }),
  );
  const placed = answers.filter((r) => r.status === 201).length;
  const usedUp = answers.filter((r) => r.status === 409 && r.text.includes('discount_refused')).length;
  // A busy answer may come after the order was written (the deadline passed as it committed): trying again then
  // finds the cart empty. The orders in the database are the figure.
  const emptied = answers.filter((r) => r.status === 400 && r.text.includes('cart_empty')).length;
  const other = answers.filter(
    (r) =>
      r.status !== 201 &&
      !(r.status === 409 && r.text.includes('discount_refused')) &&
      !(r.status === 400 && r.text.includes('cart_empty') && retries > 0),
  );
  const db = createDb(url, 2);
  const uses = await sql<{ uses: number }>`SELECT uses FROM promotions WHERE name = ${plan.code}`.execute(db);
  const withCode = await sql<{
    n: number | string;
  }>`SELECT COUNT(*) AS n FROM order_discounts WHERE code = ${plan.code}`.execute(db);
  await db.destroy();
  console.log(
    JSON.stringify({
      shoppers: plan.buyers.length,
      placed,
      refusedUsedUp: usedUp,
      ordersWithCode: Number(withCode.rows[0]?.n ?? 0),
      codeUses: Number(uses.rows[0]?.uses ?? 0),
      retries,
      emptied,
      errors: other.length,
      firstErrors: other.slice(0, 3).map((r) => `${r.status}: ${r.text.slice(0, 200)}`),
    }),
  );
}

if (positionals[0] === 'prepare') await prepare();
else if (positionals[0] === 'load') await load();
else if (positionals[0] === 'race-prepare') await racePrepare();
else if (positionals[0] === 'race') await race();
else throw new Error('usage: promotions.ts prepare|load|race-prepare|race …');
http.close();

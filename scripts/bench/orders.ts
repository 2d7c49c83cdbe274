/**
 * The checkout benchmark (run by scripts/bench/checkout-rush.mjs with tsx), in two steps around the API's start:
 *   tsx scripts/bench/orders.ts prepare --url URL --secret JWT_SECRET --shoppers N --carts C --out FILE
 *   tsx scripts/bench/orders.ts checkout --url URL --api BASE --in FILE --concurrency K
 *   tsx scripts/bench/orders.ts shop --url URL --api BASE --in FILE --seconds S --warmup W
 * prepare: a fresh vc_bench_orders database with 30 products (2 of them "hot", with little stock), C shoppers
 *   whose carts are already filled (1–2 lines, some with a hot product) and N more with empty carts, all with
 *   tokens signed with the API's secret.
 * checkout: the moment of a sale: the C shoppers place their cash-on-delivery orders, K at a time; the first
 *   tenth warms up, the rest gives orders/s. Orders for a sold-out hot product are refused ("only N left").
 * shop: the N shoppers, concurrently, add a product to their cart and place an order, again and again (a
 *   refusal empties the cart); orders placed in the measured window give orders/s for the whole journey.
 * Both end with the ledger, read from the database: for each product, stock now + units sold = stock before,
 * and units sold beyond the starting stock ("oversold") must be 0. Each prints one JSON line.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createDb } from '@voltcart/api';
import { sql } from 'kysely';
import {
  ADDRESS,
  addCartLines,
  addCategory,
  addProduct,
  addShoppers,
  checkoutArgs,
  freshShop,
  keepAliveClient,
  percentile,
  type Shopper,
} from './bench-shop';

const HOT_STOCK = 25;
const PLENTY = 1_000_000;
const PRODUCTS = 30;
const HOT = 2;
/** Share of carts that go for a hot product: enough to sell them out and race for the last units. */
const HOT_SHARE = 0.05;

const { positionals, values } = checkoutArgs({
  shoppers: { type: 'string', default: '64' },
  carts: { type: 'string', default: '0' },
  seconds: { type: 'string', default: '5' },
  warmup: { type: 'string', default: '2' },
});

interface Plan {
  products: { id: number; stock: number; hot: boolean }[];
  /** Shoppers with empty carts (the shopping journey). */
  shoppers: Shopper[];
  /** Shoppers whose carts are filled (the checkout rush). */
  buyers: Shopper[];
}

const url = values.url ?? '';
// vc_bench_orders, or <--db-prefix>_orders (scripts/bench.mjs): a database this script may drop.
const name = /\/(vc_bench(?:_\w+)?_orders)(?:\?|$)/.exec(url)?.[1] ?? '';
if (!name) throw new Error('--url must name the vc_bench_orders (or vc_bench_<name>_orders) database');

async function prepare() {
  const db = await freshShop(url);
  const categoryId = await addCategory(db, 'Phones');
  const products: Plan['products'] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const hot = i < HOT;
    const stock = hot ? HOT_STOCK : PLENTY;
    const id = await addProduct(db, {
      name: `Bench Phone ${i + 1}`,
      slug: `bench-phone-${i + 1}`,
      sku: `BENCH-PHONE-${i + 1}`,
      categoryId,
      price: 1_999_900 + i * 10_000,
      discountPercent: 10,
      stock,
    });
    products.push({ id, stock, hot });
  }
  const all = await addShoppers(db, Number(values.shoppers) + Number(values.carts), values.secret ?? '');
  const buyers = all.slice(Number(values.shoppers));
  // Filled carts: one or two products each; one cart in twenty asks for a hot product.
  const hot = products.filter((p) => p.hot);
  const plenty = products.filter((p) => !p.hot);
  const lines = buyers.flatMap((b, i) => {
    const first = (i * 7919) % 100 < HOT_SHARE * 100 ? hot[i % hot.length]! : plenty[i % plenty.length]!;
    const second = plenty[(i * 31 + 7) % plenty.length]!;
    const picks = i % 3 === 0 && second.id !== first.id ? [first, second] : [first];
    return picks.map((p) => ({ user_id: b.id, product_id: p.id, qty: 1 + (i % 2) }));
  });
  await addCartLines(db, lines);
  await db.destroy();
  writeFileSync(
    values.out!,
    JSON.stringify({ products, shoppers: all.slice(0, Number(values.shoppers)), buyers } satisfies Plan),
  );
  console.log(
    JSON.stringify({
      products: products.length,
      shoppers: all.length - buyers.length,
      buyers: buyers.length,
    }),
  );
}

const { call, close } = keepAliveClient(256);

/** The ledger from the database: units sold beyond stock, and products whose stock does not add up. */
async function ledger(plan: Plan) {
  const db = createDb(url, 2);
  const rows = await sql<{ id: number; stock: number; sold: string | null }>`
    SELECT p.id, p.stock, (SELECT SUM(l.qty) FROM order_lines l JOIN orders o ON o.id = l.order_id
      WHERE l.product_id = p.id AND o.state IN ('placed', 'pending_payment', 'paid', 'shipped', 'delivered')) AS sold
    FROM products p`.execute(db);
  await db.destroy();
  const before = new Map(plan.products.map((p) => [p.id, p.stock]));
  let oversold = 0;
  let mismatched = 0;
  for (const r of rows.rows) {
    const sold = Number(r.sold ?? 0);
    const start = before.get(Number(r.id)) ?? 0;
    oversold += Math.max(0, sold - start);
    if (Number(r.stock) + sold !== start) mismatched++;
  }
  const hotSoldOut = rows.rows.filter(
    (r) => before.get(Number(r.id)) === HOT_STOCK && Number(r.stock) === 0,
  ).length;
  return { oversold, mismatched, hotSoldOut };
}

async function checkout() {
  const plan = JSON.parse(readFileSync(values.in!, 'utf8')) as Plan;
  const api = values.api!;
  const width = Number(values.concurrency);
  const warm = Math.floor(plan.buyers.length / 10);
  let next = 0;
  let placed = 0;
  let refused = 0;
  let timedStart = 0;
  let timedPlaced = 0;
  const errors: string[] = [];
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < plan.buyers.length && errors.length <= 20) {
        const n = next++;
        if (n === warm) timedStart = performance.now();
        const b = plan.buyers[n]!;
        const t0 = performance.now();
        const r = await call(api, 'POST', '/order/place-order', b.token, {
          payment_mode: 0,
          shipping_details: ADDRESS,
        });
        const t1 = performance.now();
        if (r.status === 201) {
          placed++;
          if (n >= warm) {
            timedPlaced++;
            latencies.push(t1 - t0);
          }
        } else if (r.status === 409) refused++;
        else errors.push(`place-order ${r.status}: ${r.text.slice(0, 200)}`);
      }
    }),
  );
  const seconds = (performance.now() - timedStart) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      buyers: plan.buyers.length,
      concurrency: width,
      placed,
      refused,
      perSecond: timedPlaced / seconds,
      errors: errors.length,
      firstErrors: errors.slice(0, 3),
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      ...(await ledger(plan)),
    }),
  );
}

async function shop() {
  const plan = JSON.parse(readFileSync(values.in!, 'utf8')) as Plan;
  const api = values.api!;
  const warmupMs = Number(values.warmup) * 1000;
  const measureMs = Number(values.seconds) * 1000;
  const hot = plan.products.filter((p) => p.hot);
  const plenty = plan.products.filter((p) => !p.hot);
  const started = performance.now();
  const windowStart = started + warmupMs;
  const end = windowStart + measureMs;
  let placed = 0;
  let placedInWindow = 0;
  let refused = 0;
  const errors: string[] = [];
  const latencies: number[] = [];

  await Promise.all(
    plan.shoppers.map(async (s, n) => {
      let i = n;
      while (performance.now() < end) {
        i++;
        const product =
          (i * 7919) % 100 < HOT_SHARE * 100 ? hot[i % hot.length]! : plenty[i % plenty.length]!;
        const add = await call(api, 'POST', '/cart/add-to-cart', s.token, {
          productId: String(product.id),
          qty: 1,
        });
        if (add.status === 409) {
          refused++;
          await call(api, 'DELETE', '/cart', s.token);
          continue;
        }
        if (add.status !== 200) {
          errors.push(`add-to-cart ${add.status}: ${add.text.slice(0, 200)}`);
          if (errors.length > 20) return;
          continue;
        }
        const t0 = performance.now();
        const order = await call(api, 'POST', '/order/place-order', s.token, {
          payment_mode: 0,
          shipping_details: ADDRESS,
        });
        const t1 = performance.now();
        if (order.status === 201) {
          placed++;
          if (t1 >= windowStart && t1 < end) {
            placedInWindow++;
            latencies.push(t1 - t0);
          }
        } else if (order.status === 409) {
          refused++;
          await call(api, 'DELETE', '/cart', s.token);
        } else {
          errors.push(`place-order ${order.status}: ${order.text.slice(0, 200)}`);
          if (errors.length > 20) return;
          await call(api, 'DELETE', '/cart', s.token);
        }
      }
    }),
  );

  latencies.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      shoppers: plan.shoppers.length,
      placed,
      perSecond: placedInWindow / (measureMs / 1000),
      refused,
      errors: errors.length,
      firstErrors: errors.slice(0, 3),
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      ...(await ledger(plan)),
    }),
  );
}

if (positionals[0] === 'prepare') await prepare();
else if (positionals[0] === 'checkout') await checkout();
else if (positionals[0] === 'shop') await shop();
else throw new Error('usage: orders.ts prepare|checkout|shop …');
close();

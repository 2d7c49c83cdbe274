/**
 * The reports' cost over 100,000 orders, run by scripts/bench.mjs with tsx:
 *   tsx scripts/bench/reports.ts --url mysql://…/vc_bench_reports [--orders 100000] [--reads 200]
 * A database of its own (dropped and made again when its orders are fewer than asked): 20,000 shoppers and 200
 * products, orders placed over the last 400 days (Asia/Kolkata), in the shop's states and both payment modes, one
 * line each, some refunded. The API runs in this process (createApp, as the tests make it) and every read goes
 * through `app.request` with an Owner's token, so the figures are the route's own: the 30-day and 365-day sales
 * reports, each read again and again with nothing changed (`steady`), and each read right after an order
 * changed (`after a change`: its day is counted again first). Their p99 are compared with a bare Hono route's in
 * the same process and run. Prints one JSON line.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  createApp,
  createDb,
  createLogger,
  createServices,
  ensureDatabase,
  LocalStorage,
  loadConfig,
  MariaDbSearch,
  migrateToLatest,
  Tokens,
} from '@voltcart/api';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { freshDatabase } from './fresh-database';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    orders: { type: 'string', default: '100000' },
    reads: { type: 'string', default: '200' },
  },
});
const url = values.url ?? '';
const name = /\/(vc_bench(?:_\w+)?_reports)$/.exec(url)?.[1] ?? '';
if (!name) throw new Error('--url must name the vc_bench_reports (or vc_bench_<name>_reports) database');
const ORDERS = Number(values.orders);
const READS = Number(values.reads);
const SHOPPERS = 20_000;
const PRODUCTS = 200;
const DAYS = 400;

async function prepare() {
  await ensureDatabase(url);
  let db = createDb(url, 4, { queryTimeoutMs: null });
  const have = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM information_schema.tables
    WHERE table_schema = ${name} AND table_name = 'orders'`.execute(db);
  const count =
    Number(have.rows[0]?.n) > 0
      ? Number((await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM orders`.execute(db)).rows[0]?.n)
      : 0;
  if (count === ORDERS) {
    await migrateToLatest(db);
    return db;
  }
  await db.destroy();
  await freshDatabase(url);
  db = createDb(url, 4, { queryTimeoutMs: null });
  await migrateToLatest(db);
  await sql`INSERT INTO categories (name, slug, image) VALUES ('Phones', 'phones', '')`.execute(db);
  await sql`INSERT INTO products (name, slug, original_price, discount_percentage, final_price, category_id,
      thumbnail, stock, brand)
    SELECT CONCAT('Bench phone ', s.seq), CONCAT('bench-phone-', s.seq), 2000000, 10, 1800000,
      (SELECT id FROM categories LIMIT 1), '', 1000, CONCAT('Brand ', s.seq % 12)
    FROM seq_1_to_${sql.raw(String(PRODUCTS))} AS s`.execute(db);
  await sql`INSERT INTO users (name, email, password_hash)
    SELECT CONCAT('Shopper ', s.seq), CONCAT('shopper', s.seq, '@bench.voltcart.test'), 'x'
    FROM seq_1_to_${sql.raw(String(SHOPPERS))} AS s`.execute(db);
  const [u] = (await sql<{ a: number }>`SELECT MIN(id) AS a FROM users`.execute(db)).rows;
  const [p] = (await sql<{ a: number }>`SELECT MIN(id) AS a FROM products`.execute(db)).rows;
  // States as a shop has them: most delivered, some paid online or shipped, a few cancelled or returned.
  const states = sql`ELT(1 + s.seq % 10, 'delivered', 'delivered', 'delivered', 'delivered', 'paid', 'shipped',
    'placed', 'cancelled', 'delivered', 'returned')`;
  for (let from = 1; from <= ORDERS; from += 20_000) {
    const to = Math.min(ORDERS, from + 19_999);
    await sql`INSERT INTO orders (public_id, user_id, state, payment_mode, total_paise, original_total_paise,
        ship_adress_line1, ship_city, ship_state, ship_postal_code, ship_country, paid_at, refunded_paise,
        created_at, updated_at)
      SELECT CONCAT('VB', LPAD(s.seq, 18, '0')), ${Number(u!.a)} + (s.seq * 7919) % ${SHOPPERS}, ${states},
        s.seq % 3 = 0, 100000 * (1 + s.seq % 40), 110000 * (1 + s.seq % 40), '12 MG Road', 'Bengaluru',
        'Karnataka', '560001', 'India', IF(s.seq % 3 = 0, UTC_TIMESTAMP(3), NULL),
        IF(s.seq % 23 = 0, 50000, 0),
        UTC_TIMESTAMP(3) - INTERVAL (s.seq * 86400 * ${DAYS} DIV ${ORDERS}) SECOND,
        UTC_TIMESTAMP(3) - INTERVAL (s.seq * 86400 * ${DAYS} DIV ${ORDERS}) SECOND
      FROM seq_${sql.raw(String(from))}_to_${sql.raw(String(to))} AS s`.execute(db);
  }
  await sql`INSERT INTO order_lines (order_id, product_id, name, unit_price_paise, unit_original_paise, qty)
    SELECT o.id, ${Number(p!.a)} + o.id % ${PRODUCTS}, 'Bench phone', o.total_paise, o.original_total_paise, 1
    FROM orders AS o`.execute(db);
  return db;
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

const preparingFrom = performance.now();
const db = await prepare();
// The orders made (or found) before any read: reported apart, as the part's preparing time.
const prepareMs = performance.now() - preparingFrom;
const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: url,
  JWT_SECRET: randomBytes(32).toString('hex'),
  UPLOAD_DIR: await mkdtemp(join(tmpdir(), 'vc-bench-reports-')),
  LOG_LEVEL: 'silent',
});
const logger = createLogger('silent');
const search = new MariaDbSearch();
const services = await createServices({ config, db, logger, search }, { mailSender: false });
const app = createApp({
  db,
  config,
  storage: new LocalStorage(config.UPLOAD_DIR),
  search,
  logger,
  services: services.values,
});
await sql`INSERT IGNORE INTO admins (name, email, password_hash, role)
  VALUES ('Bench owner', 'owner@bench.voltcart.test', 'x', 'owner')`.execute(db);
const [owner] = (
  await sql<{ id: number }>`SELECT id FROM admins WHERE email = 'owner@bench.voltcart.test'`.execute(db)
).rows;
const token = await new Tokens(config.JWT_SECRET, { admin: '1h', customer: '1h' }).sign(
  'admin',
  Number(owner!.id),
  0,
);
const headers = { authorization: `Bearer ${token}` };

const bare = new Hono().get('/', (c) => c.json({ flag: 1, msg: 'ok' }));
const today = new Date(Date.now() + 330 * 60_000);
const dayBack = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
const paths = {
  d30: '/reports/sales?period=30d',
  d365: `/reports/sales?period=custom&from=${dayBack(364)}&to=${dayBack(0)}`,
};

/** Times `reads` reads; `before` runs ahead of each, untimed (a change of an order). */
async function timed(read: () => Response | Promise<Response>, before?: (i: number) => Promise<void>) {
  const ms: number[] = [];
  for (let i = 0; i < READS; i++) {
    if (before) await before(i);
    const t0 = performance.now();
    const r = await read();
    await r.arrayBuffer();
    ms.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`reports bench: HTTP ${r.status}`);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 0.5), p99: percentile(ms, 0.99) };
}

// The first read counts every day (the aggregates start empty); reads after it are the ones measured.
const t0 = performance.now();
await (await app.request(paths.d365, { headers })).arrayBuffer();
const firstMs = performance.now() - t0;
await (await app.request(paths.d30, { headers })).arrayBuffer();

const [ids] = [
  (await sql<{ id: number }>`SELECT id FROM orders ORDER BY id`.execute(db)).rows.map((r) => r.id),
];
// A change as staff make them: an order's refund moves its figures (and its updated_at, so its day counts again).
const change = async (i: number) => {
  const id = ids[(i * 7919) % ids.length]!;
  await sql`UPDATE orders SET refunded_paise = (refunded_paise + 100) % total_paise WHERE id = ${id}`.execute(
    db,
  );
};

const baseline = await timed(() => bare.request('/'));
const out = {
  orders: ORDERS,
  reads: READS,
  prepareMs,
  firstMs,
  baselineP99: baseline.p99,
  d30: await timed(() => app.request(paths.d30, { headers })),
  d365: await timed(() => app.request(paths.d365, { headers })),
  d30Change: await timed(() => app.request(paths.d30, { headers }), change),
  d365Change: await timed(() => app.request(paths.d365, { headers }), change),
};
await services.close();
await db.destroy();
console.log(JSON.stringify(out));

/**
 * The catalogue CSV and back-office list benchmark's database work (scripts/bench/catalog.mjs, part `catalog`):
 * - admin --url U --secret S: an admin account in U; prints {token} signed with the API's secret
 * - customers --url U --count N: tops the customer accounts up to N (joined over the last three years, one in
 *   fifty blocked), for the customer list at scale
 * - orders --url U --count N: tops the orders up to N (INSERT…SELECT over MariaDB's sequence engine, so 100,000
 *   orders take seconds): spread over the last two years, realistic states (mostly delivered, some waiting to ship,
 *   cancelled or failed), 60 % paid online, one line of a real product (one to three units) per order, the total
 *   from its price; needs the customers first
 * - import-prepare --url U --rows N --out FILE: a fresh database (dropped first) with categories and colours,
 *   and a CSV of N new variant rows (four per product: two colours × two memory sizes) written to FILE
 * - drop --url U: drops the database
 * Prints one JSON line.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createDb, migrateToLatest, Tokens } from '@voltcart/api';
import { CATALOG_CSV_COLUMNS } from '@voltcart/shared';
import bcrypt from 'bcryptjs';
import { sql } from 'kysely';
import { freshDatabase } from './fresh-database';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    secret: { type: 'string' },
    count: { type: 'string' },
    rows: { type: 'string' },
    out: { type: 'string' },
  },
});
const mode = positionals[0];
const url = values.url ?? '';
const name = new URL(url).pathname.slice(1);
if (!/^vc_bench_\w+$/.test(name)) throw new Error(`refusing to use "${name}": not a vc_bench_ database`);

const CATEGORIES = ['phones', 'tablets', 'laptops', 'audio', 'gaming'];
const COLORS = ['black', 'silver', 'blue', 'green'];

async function admin() {
  const db = createDb(url, 2);
  const email = `bench-${randomBytes(4).toString('hex')}@voltcart.test`;
  const r = await db
    .insertInto('admins')
    .values({ name: 'Bench', email, password_hash: await bcrypt.hash(randomBytes(12).toString('hex'), 4) })
    .executeTakeFirstOrThrow();
  const token = await new Tokens(values.secret ?? '', { admin: '2h', customer: '2h' }).sign(
    'admin',
    Number(r.insertId),
    0,
  );
  await db.destroy();
  return { token };
}

async function customers() {
  const want = Number(values.count);
  const db = createDb(url, 2);
  const have = Number(
    (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM users`.execute(db)).rows[0]?.n ?? 0,
  );
  // Many rows per statement; the password hash is a fixed placeholder nobody can log in with.
  for (let from = have; from < want; from += 5000) {
    const rows = [];
    for (let i = from; i < Math.min(want, from + 5000); i++)
      rows.push({
        name: `Customer ${String(i).padStart(6, '0')} ${['Rao', 'Iyer', 'Khan', 'Das', 'Patel'][i % 5]}`,
        email: `customer${i}@bench.voltcart.test`,
        password_hash: '!',
        created_at: new Date(Date.UTC(2024, 0, 1) + ((i * 9_461) % (3 * 365)) * 86_400_000),
        blocked_at: i % 50 === 0 ? new Date(Date.UTC(2026, 10, 1)) : null,
      });
    await db
      .insertInto('users')
      .values(rows as never)
      .execute();
  }
  await sql`ANALYZE TABLE users`.execute(db);
  await db.destroy();
  return { customers: Math.max(have, want) };
}

async function orders() {
  const want = Number(values.count);
  const db = createDb(url, 2);
  const count = async (table: string) =>
    Number(
      (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]?.n ?? 0,
    );
  const have = await count('orders');
  if (have < want) {
    const users = await sql<{
      lo: number;
      n: number;
    }>`SELECT MIN(id) AS lo, COUNT(*) AS n FROM users`.execute(db);
    const products = await sql<{
      lo: number;
      n: number;
    }>`SELECT MIN(id) AS lo, COUNT(*) AS n FROM products`.execute(db);
    const u = users.rows[0]!;
    const p = products.rows[0]!;
    if (!Number(u.n) || !Number(p.n))
      throw new Error('orders: the database needs customers and products first');
    // `h` is a cheap hash of the sequence number: states, modes, dates and products look random but are the same
    // on every run. The sequence engine table seq_A_to_B makes the rows without a round trip each.
    const from = have + 1;
    await sql`
      INSERT INTO orders (public_id, user_id, state, payment_mode, total_paise, original_total_paise,
        ship_adress_line1, ship_city, ship_state, ship_postal_code, ship_country, ship_contact,
        created_at, updated_at, paid_at, carrier, tracking_number)
      SELECT CONCAT('VC', LPAD(s.seq, 18, '0')),
        ${Number(u.lo)} + (s.h % ${Number(u.n)}),
        s.state, s.mode, pr.final_price * s.qty, pr.original_price * s.qty,
        CONCAT(1 + s.h % 400, ' MG Road'), ELT(1 + s.h % 5, 'Bengaluru', 'Mumbai', 'Chennai', 'Pune', 'Kolkata'),
        ELT(1 + s.h % 5, 'Karnataka', 'Maharashtra', 'Tamil Nadu', 'Maharashtra', 'West Bengal'),
        LPAD(560000 + s.h % 9000, 6, '0'), 'India', '9876543210',
        s.at, s.at, IF(s.mode = 1 AND s.state IN ('paid', 'shipped', 'delivered'), s.at, NULL),
        IF(s.state IN ('shipped', 'delivered'), 'Delhivery', NULL),
        IF(s.state IN ('shipped', 'delivered'), CONCAT('DL', s.seq), NULL)
      FROM (
        SELECT q.seq, q.h, 1 + q.h % 3 AS qty,
          CASE WHEN q.h % 100 < 45 THEN 'delivered' WHEN q.h % 100 < 60 THEN 'shipped'
               WHEN q.h % 100 < 72 THEN 'placed' WHEN q.h % 100 < 82 THEN 'paid'
               WHEN q.h % 100 < 85 THEN 'pending_payment' WHEN q.h % 100 < 90 THEN 'payment_failed'
               ELSE 'cancelled' END AS state,
          -- cash on delivery orders are placed (or moved on); online ones are paid, pending or failed
          CASE WHEN q.h % 100 BETWEEN 60 AND 71 THEN 0 WHEN q.h % 100 BETWEEN 72 AND 89 THEN 1
               ELSE IF((q.h DIV 100) % 10 < 6, 1, 0) END AS mode,
          TIMESTAMP('2024-11-25') + INTERVAL (q.h % (730 * 86400)) SECOND AS at
        FROM (SELECT seq, (seq * 2654435761) % 4294967291 AS h FROM ${sql.table(`seq_${from}_to_${want}`)}) q
      ) s
      JOIN products pr ON pr.id = ${Number(p.lo)} + (s.h DIV 7) % ${Number(p.n)}
      ORDER BY s.seq`.execute(db);
    // One line per new order: the product and units its total was made of.
    await sql`
      INSERT INTO order_lines (order_id, product_id, name, unit_price_paise, unit_original_paise, qty)
      SELECT o.id, pr.id, pr.name, pr.final_price, pr.original_price, o.total_paise DIV pr.final_price
      FROM orders o
      JOIN products pr ON pr.id = ${Number(p.lo)} +
        ((CAST(SUBSTRING(o.public_id, 3) AS UNSIGNED) * 2654435761) % 4294967291 DIV 7) % ${Number(p.n)}
      WHERE o.public_id BETWEEN ${`VC${String(from).padStart(18, '0')}`} AND ${`VC${String(want).padStart(18, '0')}`}`.execute(
      db,
    );
    await sql`ANALYZE TABLE orders, order_lines`.execute(db);
  }
  await db.destroy();
  return { orders: Math.max(have, want) };
}

async function importPrepare() {
  const rows = Number(values.rows);
  await freshDatabase(url);
  const db = createDb(url, 2);
  await migrateToLatest(db);
  await db
    .insertInto('categories')
    .values(CATEGORIES.map((slug) => ({ name: slug[0]!.toUpperCase() + slug.slice(1), slug })))
    .execute();
  await db
    .insertInto('colors')
    .values(COLORS.map((slug) => ({ name: slug, slug, hexcode: '#333333' })))
    .execute();
  await db.destroy();

  const cell = (v: string | number) => {
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  const lines = [CATALOG_CSV_COLUMNS.join(',')];
  for (let i = 0; i < rows; i++) {
    const p = Math.floor(i / 4);
    const color = COLORS[(i % 2) + (p % 2) * 2]!;
    const memory = i % 4 < 2 ? 128 : 256;
    const cells: Record<string, string | number> = {
      handle: `bench-phone-${p}`,
      name: `Bench Phone ${p}`,
      brand: ['Voltcart', 'Acme', 'Nimbus'][p % 3]!,
      category: CATEGORIES[p % CATEGORIES.length]!,
      original_price: 9999 + (p % 500) * 100,
      discount_percentage: p % 4 === 0 ? 10 : 0,
      active: 1,
      in_stock: 1,
      top_selling: p % 20 === 0 ? 1 : 0,
      short_description: `A phone for benchmarks, number ${p}, with a long battery life.`,
      sku: `BENCH-${p}-${color.toUpperCase()}-${memory}`,
      color,
      memory_gb: memory,
      variant_price: memory === 256 ? 9999 + (p % 500) * 100 + 2000 : '',
      stock: (i * 7) % 40,
      variant_active: 1,
    };
    lines.push(CATALOG_CSV_COLUMNS.map((c) => cell(cells[c] ?? '')).join(','));
  }
  const text = `${lines.join('\r\n')}\r\n`;
  await writeFile(values.out ?? '', text);
  return { rows, bytes: Buffer.byteLength(text) };
}

async function drop() {
  const db = createDb(url, 1);
  await sql`DROP DATABASE IF EXISTS ${sql.id(name)}`.execute(db);
  await db.destroy();
  return { dropped: name };
}

const modes: Record<string, () => Promise<unknown>> = {
  admin,
  customers,
  orders,
  'import-prepare': importPrepare,
  drop,
};
const run = mode ? modes[mode] : undefined;
if (!run) throw new Error(`usage: catalog-csv.ts ${Object.keys(modes).join('|')} --url URL …`);
console.log(JSON.stringify(await run()));
process.exit(0);

/**
 * The catalogue CSV and back-office list benchmark's database work (scripts/bench.mjs, part `catalog`):
 * - admin --url U --secret S: an admin account in U; prints {token} signed with the API's secret
 * - customers --url U --count N: tops the customer accounts up to N (joined over the last three years, one in
 *   fifty blocked), for the customer list at scale
 * - import-prepare --url U --rows N --out FILE: a fresh database (dropped first) with categories and colours,
 *   and a CSV of N new variant rows (four per product: two colours × two memory sizes) written to FILE
 * - drop --url U: drops the database
 * Prints one JSON line.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { CATALOG_CSV_COLUMNS } from '@voltcart/shared';
import bcrypt from 'bcryptjs';
import { sql } from 'kysely';
import { createDb, ensureDatabase, migrateToLatest } from '../../api/src/db/connection';
import { Tokens } from '../../api/src/lib/auth';

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

async function importPrepare() {
  const rows = Number(values.rows);
  await ensureDatabase(url);
  const boot = createDb(url, 2);
  await sql`DROP DATABASE IF EXISTS ${sql.id(name)}`.execute(boot);
  await boot.destroy();
  await ensureDatabase(url);
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
  'import-prepare': importPrepare,
  drop,
};
const run = mode ? modes[mode] : undefined;
if (!run) throw new Error(`usage: catalog-csv.ts ${Object.keys(modes).join('|')} --url URL …`);
console.log(JSON.stringify(await run()));
process.exit(0);

/**
 * What the checkout benchmarks (orders.ts, promotions.ts) share: their common options, a fresh shop database, its
 * products, its shoppers with signed tokens and filled carts, the address they order to, and a cheap HTTP client.
 */
import { Agent, request } from 'node:http';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { createDb, type Db, migrateToLatest, Tokens } from '@voltcart/api';
import { freshDatabase } from './fresh-database';

/** A shopper of the plan: the user's id and a token signed with the API's secret (nobody logs in). */
export interface Shopper {
  id: number;
  token: string;
}

/**
 * A checkout benchmark step's command line: the options every step takes (the database, the API, the secret tokens
 * are signed with, the plan a prepare step writes with --out and the others read with --in, shoppers at a time),
 * and the script's `own`.
 */
export function checkoutArgs<const O extends NonNullable<ParseArgsConfig['options']>>(own: O) {
  return parseArgs({
    allowPositionals: true,
    options: {
      url: { type: 'string' },
      api: { type: 'string' },
      secret: { type: 'string' },
      concurrency: { type: 'string', default: '64' },
      out: { type: 'string' },
      in: { type: 'string' },
      ...own,
    },
  });
}

export { SHOPPER_ADDRESS as ADDRESS } from '../lib/shopper-address.mjs';

/**
 * A fresh, migrated database at `url` (fresh-database.ts: a copy of the migrated template). The rush pays cash on
 * delivery for carts of several phones: above the default COD limit (₹50,000), so the limit is raised.
 */
export async function freshShop(url: string): Promise<Db> {
  await freshDatabase(url);
  const db = createDb(url, 4);
  await migrateToLatest(db);
  await db.insertInto('settings').values({ name: 'cod_max_paise', value: '1000000000' }).execute();
  return db;
}

export async function addCategory(db: Db, name: string): Promise<number> {
  const r = await db
    .insertInto('categories')
    .values({ name, slug: name.toLowerCase(), image: '' })
    .executeTakeFirstOrThrow();
  return Number(r.insertId);
}

/** A product without options (its one variant holds the stock); prices in paise. */
export async function addProduct(
  db: Db,
  p: {
    name: string;
    slug: string;
    sku: string;
    categoryId: number;
    price: number;
    discountPercent: number;
    stock: number;
  },
): Promise<number> {
  const r = await db
    .insertInto('products')
    .values({
      name: p.name,
      slug: p.slug,
      sku: null,
      original_price: p.price,
      discount_percentage: p.discountPercent,
      final_price: Math.floor(p.price * (1 - p.discountPercent / 100)),
      short_description: null,
      long_description: null,
      category_id: p.categoryId,
      thumbnail: '',
      stock: p.stock,
    })
    .executeTakeFirstOrThrow();
  await db
    .insertInto('product_variants')
    .values({ product_id: Number(r.insertId), sku: p.sku, stock: p.stock })
    .execute();
  return Number(r.insertId);
}

/** `count` shoppers (a thousand rows a statement), in id order, with tokens signed with `secret`. */
export async function addShoppers(db: Db, count: number, secret: string): Promise<Shopper[]> {
  for (let from = 0; from < count; from += 1000) {
    await db
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(1000, count - from) }, (_, i) => ({
          name: `Shopper ${from + i + 1}`,
          email: `shopper${from + i + 1}@bench.voltcart.test`,
          // Tokens are signed below: nobody logs in with a password here.
          password_hash: 'x',
        })),
      )
      .execute();
  }
  const users = await db.selectFrom('users').select('id').orderBy('id').execute();
  const tokens = new Tokens(secret, { admin: '1h', customer: '1h' });
  return Promise.all(
    users.map(async (u) => ({ id: Number(u.id), token: await tokens.sign('customer', Number(u.id), 0) })),
  );
}

/** Fills the carts, two thousand lines a statement. */
export async function addCartLines(
  db: Db,
  lines: { user_id: number; product_id: number; qty: number }[],
): Promise<void> {
  for (let from = 0; from < lines.length; from += 2000)
    await db
      .insertInto('cart_lines')
      .values(lines.slice(from, from + 2000))
      .execute();
}

/**
 * A client that sends each request over a keep-alive connection, at most `maxSockets` at once. node:http rather
 * than fetch: the load generator shares the machine's two cores with the API and the database, and fetch costs
 * it several times the CPU per request. `close` ends the kept connections, so that the script can exit.
 */
export function keepAliveClient(maxSockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  const call = (api: string, method: string, path: string, token: string, body?: unknown) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        api + path,
        {
          method,
          agent,
          headers: {
            authorization: `Bearer ${token}`,
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
              : {}),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
  return { call, close: () => agent.destroy() };
}

/** The value at quantile `q` of sorted figures (0 when there are none). */
export const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

// Fixtures for the order and payment tests: catalogue rows, carts and accounts written straight into the
// database, so these tests do not depend on the catalogue, cart and user modules.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../src/db/connection';
import { Tokens } from '../src/lib/auth';
import { refreshFigures } from '../src/modules/product/product-variant.repository';
import { ensureVariants } from '../src/modules/product/product-variant.service';
import type { TestContext } from './context';

export interface ProductSpec {
  name?: string;
  /** Rupees. */
  price?: number;
  originalPrice?: number;
  /** Units of the product; they go to its first variant unless `variantStock` spreads them. */
  stock?: number;
  /** Units per variant, in colour × memory order (the product's stock is then their sum). */
  variantStock?: number[];
  inStock?: boolean;
  status?: boolean;
  colors?: { name: string; adj?: number }[];
  memory?: { size: number; adj?: number }[];
}

export interface MadeProduct {
  id: number;
  name: string;
  colorIds: number[];
  /** In colour × memory order. */
  variantIds: number[];
}

const suffix = () => randomBytes(4).toString('hex');

export async function makeProduct(db: Db, spec: ProductSpec = {}): Promise<MadeProduct> {
  const name = spec.name ?? `Phone ${suffix()}`;
  const price = spec.price ?? 1000;
  const r = await db
    .insertInto('products')
    .values({
      name,
      slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${suffix()}`,
      sku: null,
      original_price: Math.round((spec.originalPrice ?? price) * 100),
      discount_percentage: 0,
      final_price: Math.round(price * 100),
      short_description: null,
      long_description: null,
      category_id: null,
      thumbnail: 'thumb.webp',
      stock: spec.stock ?? 10,
      in_stock: spec.inStock === false ? 0 : 1,
      status: spec.status === false ? 0 : 1,
    })
    .executeTakeFirstOrThrow();
  const id = Number(r.insertId);
  const colorIds: number[] = [];
  for (const [i, c] of (spec.colors ?? []).entries()) {
    const cr = await db
      .insertInto('colors')
      .values({ name: c.name, slug: `${c.name.toLowerCase()}-${suffix()}`, hexcode: '#112233' })
      .executeTakeFirstOrThrow();
    const colorId = Number(cr.insertId);
    colorIds.push(colorId);
    await db
      .insertInto('product_colors')
      .values({ product_id: id, color_id: colorId, position: i, price_adj: Math.round((c.adj ?? 0) * 100) })
      .execute();
  }
  for (const [i, m] of (spec.memory ?? []).entries()) {
    await db
      .insertInto('product_memory')
      .values({ product_id: id, size_gb: m.size, position: i, price_adj: Math.round((m.adj ?? 0) * 100) })
      .execute();
  }
  // Like the migration: one variant per colour × memory size, the product's stock on the first.
  await ensureVariants(db);
  const variantIds = (
    await db
      .selectFrom('product_variants')
      .select('id')
      .where('product_id', '=', id)
      .orderBy('position')
      .execute()
  ).map((v) => Number(v.id));
  if (spec.variantStock) {
    for (const [i, stock] of spec.variantStock.entries())
      await db.updateTable('product_variants').set({ stock }).where('id', '=', variantIds[i]!).execute();
    await refreshFigures(db, id);
  }
  return { id, name, colorIds, variantIds };
}

export async function addToCart(
  db: Db,
  userId: number,
  productId: number,
  qty = 1,
  opts: { colorId?: number; memorySize?: number } = {},
): Promise<void> {
  await db
    .insertInto('cart_lines')
    .values({
      user_id: userId,
      product_id: productId,
      qty,
      color_id: opts.colorId ?? 0,
      memory_size: opts.memorySize ?? 0,
    })
    .execute();
}

export async function stockOf(db: Db, productId: number): Promise<number> {
  const r = await db
    .selectFrom('products')
    .select('stock')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return r.stock;
}

export async function cartSize(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('cart_lines')
    .select(sql<string>`COALESCE(SUM(qty), 0)`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export interface Shopper {
  id: number;
  token: string;
  email: string;
}

const tokensFor = (ctx: TestContext) =>
  new Tokens(ctx.config.JWT_SECRET, {
    admin: ctx.config.ADMIN_TOKEN_TTL,
    customer: ctx.config.CUSTOMER_TOKEN_TTL,
  });

/** A customer account with a valid token, written directly (fast enough for fifty racing shoppers). */
export async function insertShopper(ctx: TestContext, name = 'Shopper'): Promise<Shopper> {
  const email = `shopper-${suffix()}${suffix()}@example.com`;
  const r = await ctx.db
    .insertInto('users')
    .values({ name, email, password_hash: 'x' })
    .executeTakeFirstOrThrow();
  const id = Number(r.insertId);
  return { id, email, token: await tokensFor(ctx).sign('customer', id, 0) };
}

/** A customer registered through POST /user/register. */
export async function shopper(ctx: TestContext, name = 'Shopper'): Promise<Shopper> {
  const c = await ctx.customer(name);
  return { id: Number(c.id), token: c.token, email: c.email };
}

/** An admin token, through POST /admin/login. */
export const adminToken = (ctx: TestContext): Promise<string> => ctx.adminToken();

export const address = (over: Record<string, unknown> = {}) => ({
  adressLine1: '12 MG Road',
  adressLine2: 'Flat 4',
  city: 'Bengaluru',
  state: 'Karnataka',
  postalCode: '560001',
  country: 'India',
  contact: '9876543210',
  ...over,
});

export const orderBody = (paymentMode: 0 | 1, over: Record<string, unknown> = {}) => ({
  payment_mode: paymentMode,
  order_total: 1, // ignored by the API
  shipping_details: address(),
  ...over,
});

export async function orderRow(db: Db, publicId: string) {
  return db.selectFrom('orders').selectAll().where('public_id', '=', publicId).executeTakeFirstOrThrow();
}

/** Pays the shopper's online order through the payment simulator (its signature, then POST /order/success). */
export async function payWithSimulator(ctx: TestContext, token: string, orderId: string) {
  const signed = await ctx.req('POST', '/order/simulator/sign', { token, body: { order_id: orderId } });
  return ctx.req('POST', '/order/success', {
    token,
    body: { order_id: orderId, razorpay_response: signed.body.razorpay_response },
  });
}

// Covers the no-oversell guarantee under concurrency: 50 shoppers with the same product in their carts and 5 units
// in stock all place orders at once → exactly 5 orders, 45 clean 409 refusals, stock 0 (run three times, plus a
// mixed cash/online run), and one shopper double-submitting the same cart → one order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import {
  addToCart,
  cartSize,
  insertShopper,
  makeProduct,
  orderBody,
  type Shopper,
  stockOf,
} from './order-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const SHOPPERS = 50;
const UNITS = 5;

async function race(mode: (i: number) => 0 | 1) {
  const product = await makeProduct(ctx.db, {
    name: `Last Units ${Math.random().toString(36).slice(2, 7)}`,
    stock: UNITS,
    price: 999,
  });
  const shoppers: Shopper[] = [];
  for (let i = 0; i < SHOPPERS; i++) {
    const s = await insertShopper(ctx, `Racer ${i}`);
    await addToCart(ctx.db, s.id, product.id, 1);
    shoppers.push(s);
  }
  const results = await Promise.all(
    shoppers.map((s, i) =>
      ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(mode(i)) }),
    ),
  );
  return { product, shoppers, results };
}

describe('race for the last units', () => {
  it.each([1, 2, 3])('run %i: 50 shoppers, 5 units → exactly 5 orders and 45 clean refusals', async () => {
    const { product, shoppers, results } = await race(() => 0);
    const won = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(won).toHaveLength(UNITS);
    expect(refused).toHaveLength(SHOPPERS - UNITS);
    for (const r of refused) {
      expect(r.body).toMatchObject({ flag: 0, msg: `Sorry, ${product.name} is out of stock.` });
    }
    expect(await stockOf(ctx.db, product.id)).toBe(0);

    const lines = await ctx.db
      .selectFrom('order_lines')
      .select(['order_id', 'qty'])
      .where('product_id', '=', product.id)
      .execute();
    expect(lines).toHaveLength(UNITS);
    expect(lines.reduce((n, l) => n + l.qty, 0)).toBe(UNITS);
    const orders = await ctx.db
      .selectFrom('orders')
      .select('public_id')
      .where(
        'id',
        'in',
        lines.map((l) => l.order_id),
      )
      .execute();
    expect(orders.map((o) => o.public_id).sort()).toEqual(won.map((r) => r.body.order_id).sort());

    // Winners' carts are empty, the others keep theirs.
    const carts = await Promise.all(shoppers.map((s) => cartSize(ctx.db, s.id)));
    expect(carts.filter((n) => n === 0)).toHaveLength(UNITS);
    expect(carts.filter((n) => n === 1)).toHaveLength(SHOPPERS - UNITS);
  });

  it('holds with cash and online orders mixed', async () => {
    const { product, results } = await race((i) => (i % 2) as 0 | 1);
    expect(results.filter((r) => r.status === 201)).toHaveLength(UNITS);
    expect(results.filter((r) => r.status === 409)).toHaveLength(SHOPPERS - UNITS);
    expect(await stockOf(ctx.db, product.id)).toBe(0);
    for (const r of results.filter((x) => x.status === 201 && x.body.payment)) {
      expect(r.body.payment).toMatchObject({ amount: 99900, currency: 'INR', simulator: true });
    }
  });

  it('turns one shopper submitting the same cart five times at once into one order', async () => {
    const product = await makeProduct(ctx.db, { stock: 10 });
    const s = await insertShopper(ctx);
    await addToCart(ctx.db, s.id, product.id, 2);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map(() =>
        ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const rest = results.filter((r) => r.status !== 201);
    expect(rest.every((r) => r.status === 400 && r.body.msg === 'Your cart is empty.')).toBe(true);
    expect(await stockOf(ctx.db, product.id)).toBe(8);
  });
});

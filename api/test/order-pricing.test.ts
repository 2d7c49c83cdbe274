// Covers what an order costs between cart and checkout: a product whose category staff switched off cannot be
// ordered from a cart it was already in (409 `unavailable`, the cart shows it unavailable), and the total the
// checkout showed (`expected_total`) must be the API's total, else 409 `prices_changed` with the new figures and
// nothing written; the `order_total` first-release clients send stays informational.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import {
  addToCart,
  cartSize,
  makeProduct,
  orderBody,
  orderRow,
  type Shopper,
  shopper,
  stockOf,
} from './order-fixtures';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken(); // Cash-on-delivery orders here go above the default COD limit (₹50,000): this shop takes them.
  await ctx.db.insertInto('settings').values({ name: 'cod_max_paise', value: '10000000000' }).execute();
});
afterAll(() => ctx.close());

const place = (s: Shopper, body: unknown) => ctx.req('POST', '/order/place-order', { token: s.token, body });

async function inNewCategory(productId: number): Promise<number> {
  const r = await ctx.db
    .insertInto('categories')
    .values({ name: `Audio ${productId}`, slug: `audio-${productId}`, image: 'audio.webp', status: 1 })
    .executeTakeFirstOrThrow();
  const id = Number(r.insertId);
  await ctx.db.updateTable('products').set({ category_id: id }).where('id', '=', productId).execute();
  return id;
}

describe('place-order: a product of a switched-off category', () => {
  it('is refused from a cart it was already in, and the cart shows it unavailable', async () => {
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { name: 'Volt Buds', price: 2499, stock: 5 });
    const category = await inNewCategory(p.id);
    await addToCart(ctx.db, s.id, p.id, 1);
    const off = await ctx.req('PATCH', `/category/status/${category}`, { token: admin });
    expect(off.status).toBe(200);
    expect(off.body.category.status).toBe(false);

    const before = await ctx.snapshot();
    const r = await place(s, orderBody(0));
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      flag: 0,
      code: 'unavailable',
      msg: 'Volt Buds is no longer available. Please remove it from your cart.',
    });
    expect(await ctx.snapshot()).toEqual(before);

    const cart = await ctx.req('GET', '/cart', { token: s.token });
    expect(cart.status).toBe(200);
    expect(cart.body.cart).toHaveLength(1);
    expect(cart.body.cart[0].product_id).toMatchObject({ _id: String(p.id), status: false });

    // Nor can more of it be added, or its quantity raised.
    const more = await ctx.req('PATCH', `/cart/line/${cart.body.cart[0]._id}`, {
      token: s.token,
      body: { qty: 2 },
    });
    expect(more.status).toBe(409);
    expect(more.body.code).toBe('unavailable');

    // Switched on again, it can be ordered.
    expect((await ctx.req('PATCH', `/category/status/${category}`, { token: admin })).status).toBe(200);
    expect((await place(s, orderBody(0))).status).toBe(201);
    expect(await stockOf(ctx.db, p.id)).toBe(4);
  });
});

describe('place-order: the total the checkout showed', () => {
  it('places the order when expected_total is the total; order_total stays informational', async () => {
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, {
      price: 1000,
      colors: [{ name: 'Black' }, { name: 'Gold', adj: 250.5 }],
      variantStock: [0, 5],
    });
    await addToCart(ctx.db, s.id, p.id, 2, { colorId: p.colorIds[1] });
    const r = await place(s, orderBody(0, { expected_total: 2501, order_total: 3 }));
    expect(r.status).toBe(201);
    expect(r.body.order_total).toBe(2501);
  });

  it('refuses with 409 prices_changed and the new figures when staff raised the price, then places at the new one', async () => {
    const s = await shopper(ctx);
    const phone = await makeProduct(ctx.db, {
      name: 'Volt Max',
      price: 173_499,
      originalPrice: 199_999,
      stock: 5,
    });
    const cable = await makeProduct(ctx.db, { name: 'Volt Cable', price: 499, stock: 5 });
    await addToCart(ctx.db, s.id, phone.id, 1);
    await addToCart(ctx.db, s.id, cable.id, 2);
    const shown = await ctx.req('GET', '/cart', { token: s.token });
    const shownTotal = shown.body.cart.reduce(
      (t: number, l: { unitPrice: number; qty: number }) => t + l.unitPrice * l.qty,
      0,
    );
    expect(shownTotal).toBe(174_497);

    // Staff raise the phone's price (its variant's own price) after the shopper saw the cart.
    const raised = await ctx.req('PUT', `/product/${phone.id}/variants/${phone.variantIds[0]}`, {
      token: admin,
      body: { priceOverride: 1_734_990 },
    });
    expect(raised.status).toBe(200);

    const before = await ctx.snapshot();
    const r = await place(s, orderBody(0, { expected_total: shownTotal }));
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      flag: 0,
      code: 'prices_changed',
      order_total: 1_735_988,
      original_total: 1_735_988,
      you_save: 0,
    });
    expect(r.body.msg).toBe(
      'Prices changed — please review. Your order now comes to ₹17,35,988; place it again to order at this price.',
    );
    expect(r.body.lines).toEqual([
      { _id: shown.body.cart[0]._id, unitPrice: 1_734_990, lineTotal: 1_734_990 },
      { _id: shown.body.cart[1]._id, unitPrice: 499, lineTotal: 998 },
    ]);
    expect(await ctx.snapshot()).toEqual(before);
    expect(await cartSize(ctx.db, s.id)).toBe(3);

    // The shopper reviewed the new total and places the order again.
    const again = await place(s, orderBody(0, { expected_total: r.body.order_total }));
    expect(again.status).toBe(201);
    expect((await orderRow(ctx.db, again.body.order_id)).total_paise).toBe(173_598_800);
  });

  it('refuses an expected_total that is not an amount (400) and changes nothing', async () => {
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { stock: 5 });
    await addToCart(ctx.db, s.id, p.id, 1);
    const before = await ctx.snapshot();
    for (const expected_total of [-1, 'lots', 10.555]) {
      const r = await place(s, orderBody(0, { expected_total }));
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ flag: 0, code: 'invalid_input' });
      expect(r.body.msg).toMatch(/^expected_total /);
    }
    expect(await ctx.snapshot()).toEqual(before);
  });
});

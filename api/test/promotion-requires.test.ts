// Covers an automatic offer that requires something else in the cart ("10% off accessories with any phone"):
// staff validation of the requirement, the quote and checkout (only the accessories are discounted, and only
// with a phone in the cart), and the words shoppers' product cards and pages show for the running offers
// (the store list, best sellers and a product page name them; staff lists do not; an ended offer is gone).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { addToCart, adminToken, insertShopper, makeProduct, orderBody } from './order-fixtures';

let ctx: TestContext;
let admin: string;
let phones: number;
let accessories: number;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminToken(ctx);
  const cat = async (name: string) =>
    Number(
      (
        await ctx.db
          .insertInto('categories')
          .values({ name, slug: `${name.toLowerCase()}-${Date.now()}` })
          .executeTakeFirstOrThrow()
      ).insertId,
    );
  phones = await cat('Phones');
  accessories = await cat('Accessories');
});
afterAll(() => ctx.close());
afterEach(async () => {
  await ctx.db.updateTable('promotions').set({ active: 0 }).execute();
});

async function product(price: number, categoryId: number, name: string) {
  const p = await makeProduct(ctx.db, { price, name });
  await ctx.db.updateTable('products').set({ category_id: categoryId }).where('id', '=', p.id).execute();
  return p;
}

const withPhone = (over: Record<string, unknown> = {}) => ({
  name: '10% off accessories with any phone',
  kind: 'automatic',
  action: 'percent',
  percent: 10,
  scope: 'categories',
  targets: [String(accessories)],
  requiresScope: 'categories',
  requiresTargets: [String(phones)],
  ...over,
});

const quote = (lines: { productId: number; qty: number }[], extra: Record<string, unknown> = {}) =>
  ctx.req('POST', '/cart/quote', {
    body: { lines: lines.map((l) => ({ productId: String(l.productId), qty: l.qty })), ...extra },
  });

describe('an offer that requires another product in the cart', () => {
  it('refuses a requirement without targets, targets without a requirement, and names for ids', async () => {
    for (const [body, field] of [
      [withPhone({ requiresTargets: [] }), 'requiresTargets'],
      [withPhone({ requiresScope: null }), 'requiresScope'],
      [withPhone({ requiresTargets: ['phones'] }), 'requiresTargets'],
      [withPhone({ requiresScope: 'colours' }), 'requiresScope'],
    ] as const) {
      const r = await ctx.req('POST', '/promotion', { token: admin, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.msg).toContain(field);
    }
    expect(await ctx.db.selectFrom('promotions').select('id').execute()).toEqual([]);
  });

  it('takes 10% off the accessories only, and only with a phone in the cart (quote and checkout)', async () => {
    const created = await ctx.req('POST', '/promotion', { token: admin, body: withPhone() });
    expect(created.status, created.text).toBe(201);
    expect(created.body.promotion).toMatchObject({
      requiresScope: 'categories',
      requiresTargets: [String(phones)],
    });
    const phone = await product(20000, phones, 'Galaxy A55');
    const charger = await product(1499, accessories, 'Fast charger');
    const cable = await product(399, accessories, 'USB-C cable');

    const alone = await quote([
      { productId: charger.id, qty: 1 },
      { productId: cable.id, qty: 2 },
    ]);
    expect(alone.body.discounts).toEqual([]);
    expect(alone.body.total).toBe(1499 + 798);

    // 10% of ₹1,499 + ₹798 = ₹229.70, shared over the two accessory lines; the phone pays full price.
    const both = await quote([
      { productId: phone.id, qty: 1 },
      { productId: charger.id, qty: 1 },
      { productId: cable.id, qty: 2 },
    ]);
    expect(both.body).toMatchObject({
      discounts: [{ label: '10% off accessories with any phone', code: null, amount: 229.7 }],
      total: 20000 + 1499 + 798 - 229.7,
    });
    expect(both.body.lines[0]).toMatchObject({ discount: 0, lineTotal: 20000 });
    expect(both.body.lines[1].discount + both.body.lines[2].discount).toBeCloseTo(229.7, 2);

    const s = await insertShopper(ctx);
    await addToCart(ctx.db, s.id, phone.id);
    await addToCart(ctx.db, s.id, charger.id);
    await addToCart(ctx.db, s.id, cable.id, 2);
    const placed = await ctx.req('POST', '/order/place-order', {
      token: s.token,
      body: orderBody(0, { expected_total: both.body.total }),
    });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.order_total).toBe(both.body.total);
  });

  it('a code that requires a phone tells the shopper so', async () => {
    const r = await ctx.req('POST', '/promotion', {
      token: admin,
      body: withPhone({ kind: 'code', code: 'CHARGE10', name: 'Charger code' }),
    });
    expect(r.status, r.text).toBe(201);
    const charger = await product(1499, accessories, 'Travel charger');
    const q = await quote([{ productId: charger.id, qty: 1 }], { discount_code: 'charge10' });
    expect(q.body.code).toEqual({
      code: 'CHARGE10',
      applied: false,
      reason: 'This code needs Phones in your cart: add one to use it.',
    });
  });
});

describe('offers on product cards and pages', () => {
  it('names the running offers for each product to shoppers, not to staff, and drops an ended one', async () => {
    const phone = await product(30000, phones, 'Pixel 9');
    const charger = await product(999, accessories, 'Car charger');
    const offer = (await ctx.req('POST', '/promotion', { token: admin, body: withPhone() })).body.promotion;
    const bxgy = await ctx.req('POST', '/promotion', {
      token: admin,
      body: {
        name: 'Buy 2 get 1',
        kind: 'automatic',
        action: 'buy_x_get_y',
        buyQty: 2,
        getQty: 1,
        scope: 'products',
        targets: [String(charger.id)],
      },
    });
    expect(bxgy.status, bxgy.text).toBe(201);
    await ctx.req('POST', '/promotion', {
      token: admin,
      body: {
        name: 'Prepaid',
        kind: 'automatic',
        action: 'amount',
        amount: 250,
        minOrder: 5000,
        onlineOnly: true,
      },
    });

    const list = await ctx.req('GET', '/product?limit=0');
    const card = (id: number) => list.body.products.find((p: { _id: string }) => p._id === String(id));
    expect(card(charger.id).offers).toEqual(['10% off with anything from Phones', 'Buy 2, get 1 free']);
    // The shop-wide prepaid offer is not on every card; the phone has no offer of its own.
    expect(card(phone.id).offers).toBeUndefined();

    const page = await ctx.req('GET', `/product/${phone.id}`);
    expect(page.body.product.offers).toEqual(['₹250 off on orders over ₹5,000 with online payment']);

    const staff = await ctx.req('GET', '/product?limit=0', { token: admin });
    expect(
      staff.body.products.find((p: { _id: string }) => p._id === String(charger.id)).offers,
    ).toBeUndefined();

    await ctx.db
      .updateTable('promotions')
      .set({ ends_at: new Date(Date.now() - 1000) })
      .where('id', '=', Number(offer._id))
      .execute();
    const after = await ctx.req('GET', `/product/${charger.id}`);
    expect(after.body.product.offers).toEqual([
      'Buy 2, get 1 free',
      '₹250 off on orders over ₹5,000 with online payment',
    ]);
  });
});

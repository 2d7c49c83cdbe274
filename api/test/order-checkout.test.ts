// Covers POST /order/place-order: access and identity, every checkout validation message, the empty
// cart, totals computed from the database (options, quantities; the client's order_total ignored), the stock
// guard and its messages, and a failure injected mid-transaction that must leave nothing behind.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import {
  address,
  addToCart,
  adminToken,
  cartSize,
  makeProduct,
  orderBody,
  orderRow,
  type Shopper,
  shopper,
  stockOf,
} from './order-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(); // Cash-on-delivery orders here go above the default COD limit (₹50,000): this shop takes them.
  await ctx.db.insertInto('settings').values({ name: 'cod_max_paise', value: '10000000000' }).execute();
});
afterAll(() => ctx.close());

const place = (s: Shopper, body: unknown) => ctx.req('POST', '/order/place-order', { token: s.token, body });

describe('place-order: access', () => {
  it('needs a customer token: 401 without, 403 with an admin token', async () => {
    expect((await ctx.req('POST', '/order/place-order', { body: orderBody(0) })).status).toBe(401);
    const r = await ctx.req('POST', '/order/place-order', {
      token: await adminToken(ctx),
      body: orderBody(0),
    });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ flag: 0, code: 'forbidden' });
  });

  it("refuses a body user_id that is not the token's user (403) and accepts the matching one", async () => {
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { stock: 5 });
    await addToCart(ctx.db, s.id, p.id, 1);
    const before = await ctx.snapshot();
    const r = await place(s, orderBody(0, { user_id: String(s.id + 1000) }));
    expect(r.status).toBe(403);
    expect(r.body.flag).toBe(0);
    expect(await ctx.snapshot()).toEqual(before);
    const ok = await place(s, orderBody(0, { user_id: String(s.id) }));
    expect(ok.status).toBe(201);
  });
});

describe('place-order: checkout validation', () => {
  let s: Shopper;
  beforeAll(async () => {
    s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { stock: 5 });
    await addToCart(ctx.db, s.id, p.id, 1);
  });

  const cases: [string, Record<string, unknown>, string][] = [
    [
      'address line 1 missing',
      { shipping_details: address({ adressLine1: undefined }) },
      'Please enter adressLine1',
    ],
    [
      'address line 1 blank',
      { shipping_details: address({ adressLine1: '   ' }) },
      'Please enter adressLine1',
    ],
    ['city missing', { shipping_details: address({ city: '' }) }, 'Please enter city'],
    ['state missing', { shipping_details: address({ state: undefined }) }, 'Please enter state'],
    ['postal code missing', { shipping_details: address({ postalCode: ' ' }) }, 'Please enter postalCode'],
    ['country missing', { shipping_details: address({ country: undefined }) }, 'Please enter country'],
    [
      'contact missing',
      { shipping_details: address({ contact: undefined }) },
      'Please enter a valid contact number',
    ],
    [
      'contact 9 characters after trimming',
      { shipping_details: address({ contact: '  987654321  ' }) },
      'Please enter a valid contact number',
    ],
    [
      'contact of ten letters',
      { shipping_details: address({ contact: 'abcdefghij' }) },
      'Please enter a valid contact number',
    ],
    ['payment mode missing', { payment_mode: undefined }, 'Please select a payment mode'],
    ['payment mode 2', { payment_mode: 2 }, 'Please select a payment mode'],
    ['payment mode text', { payment_mode: 'card' }, 'Please select a payment mode'],
    ['no shipping details at all', { shipping_details: undefined }, 'Please enter adressLine1'],
    // The address is checked before the payment mode, as the checkout form does.
    [
      'city and payment mode both wrong',
      { shipping_details: address({ city: '' }), payment_mode: 7 },
      'Please enter city',
    ],
  ];

  it.each(cases)('%s → 400 with the checkout message', async (_name, over, msg) => {
    const before = await ctx.snapshot();
    const r = await place(s, orderBody(0, over));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ flag: 0, msg, code: 'invalid_input' });
    expect(await ctx.snapshot()).toEqual(before);
  });

  it('accepts the payment mode as text ("0"), the correctly spelt addressLine1 and null notes', async () => {
    const t = await shopper(ctx);
    const p = await makeProduct(ctx.db, { stock: 5 });
    await addToCart(ctx.db, t.id, p.id, 1);
    const details = address({ adressLine1: undefined, addressLine1: '1 Park Street' });
    const r = await place(t, orderBody(0, { payment_mode: '0', shipping_details: details, notes: null }));
    expect(r.status).toBe(201);
    expect((await orderRow(ctx.db, r.body.order_id)).ship_adress_line1).toBe('1 Park Street');
  });
});

describe('place-order: cash on delivery', () => {
  it('refuses an empty cart', async () => {
    const s = await shopper(ctx);
    const r = await place(s, orderBody(0));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ flag: 0, msg: 'Your cart is empty.' });
  });

  it('computes the total from the database with option prices and ignores the client total', async () => {
    const s = await shopper(ctx);
    const phone = await makeProduct(ctx.db, {
      name: 'Volt X',
      price: 20000,
      originalPrice: 25000,
      colors: [{ name: 'Black' }, { name: 'Gold', adj: 500 }],
      memory: [
        { size: 128, adj: 0 },
        { size: 256, adj: 2000.5 },
      ],
      // Black 128 GB, Black 256 GB, Gold 128 GB, Gold 256 GB: 10 units.
      variantStock: [5, 0, 0, 5],
    });
    const cable = await makeProduct(ctx.db, { name: 'USB-C cable', price: 299.99, stock: 3 });
    await addToCart(ctx.db, s.id, phone.id, 2, { colorId: phone.colorIds[1], memorySize: 256 });
    await addToCart(ctx.db, s.id, phone.id, 1, { colorId: phone.colorIds[0], memorySize: 128 });
    await addToCart(ctx.db, s.id, cable.id, 3);

    const r = await place(s, orderBody(0, { order_total: 1, notes: 'Ring the bell' }));
    expect(r.status).toBe(201);
    // (20000 + 500 + 2000.5) × 2 + 20000 + 299.99 × 3
    const total = 22500.5 * 2 + 20000 + 899.97;
    expect(r.body).toMatchObject({ flag: 1, order_total: total });
    expect(r.body.msg).toMatch(/order placed/i);
    expect(r.body.order_id).toMatch(/^VC[0-9A-HJKMNP-TV-Z]{18}$/);
    expect(r.body.razorpay_order_id).toBeUndefined();

    expect(await stockOf(ctx.db, phone.id)).toBe(7);
    expect(await stockOf(ctx.db, cable.id)).toBe(0);
    expect(await cartSize(ctx.db, s.id)).toBe(0);

    const row = await orderRow(ctx.db, r.body.order_id);
    expect(row).toMatchObject({ state: 'placed', payment_mode: 0, total_paise: Math.round(total * 100) });
    expect(row.expires_at).toBeNull();

    const got = await ctx.req('GET', `/order/${r.body.order_id}`, { token: s.token });
    expect(got.status).toBe(200);
    const order = got.body.order;
    expect(order).toMatchObject({
      order_id: r.body.order_id,
      state: 'placed',
      payment_mode: 0,
      order_total: total,
      original_total: (25000 + 500 + 2000.5) * 2 + 25000 + 899.97,
      razorpay_order_id: null,
      notes: 'Ring the bell',
      shipping_details: address(),
      user: { _id: String(s.id), email: s.email },
    });
    expect(order.lines).toHaveLength(3);
    expect(order.lines).toContainEqual(
      expect.objectContaining({
        productId: String(phone.id),
        name: 'Volt X',
        colorName: 'Gold',
        memorySize: 256,
        unitPrice: 22500.5,
        unitOriginalPrice: 27500.5,
        qty: 2,
        lineTotal: 45001,
      }),
    );
    expect(order.lines).toContainEqual(
      expect.objectContaining({
        name: 'USB-C cable',
        colorName: null,
        memorySize: null,
        qty: 3,
        unitPrice: 299.99,
      }),
    );
  });

  it('makes order ids random: many orders share no prefix beyond VC and are not sequential', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const s = await shopper(ctx);
      const p = await makeProduct(ctx.db, { stock: 1 });
      await addToCart(ctx.db, s.id, p.id, 1);
      ids.add((await place(s, orderBody(0))).body.order_id);
    }
    expect(ids.size).toBe(5);
    expect(new Set([...ids].map((id) => id.slice(0, 6))).size).toBeGreaterThan(1);
  });
});

describe('place-order: the stock guard', () => {
  it('refuses more than is left, names the product and the figure, and changes nothing', async () => {
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { name: 'Volt Tab', stock: 2 });
    await addToCart(ctx.db, s.id, p.id, 3);
    const before = await ctx.snapshot();
    const r = await place(s, orderBody(0));
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ flag: 0, msg: 'Only 2 left in stock for Volt Tab.' });
    expect(await ctx.snapshot()).toEqual(before);
    expect(await cartSize(ctx.db, s.id)).toBe(3);
  });

  it('adds up the lines of one product in several options before checking', async () => {
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, {
      name: 'Volt Duo',
      stock: 3,
      colors: [{ name: 'Red' }, { name: 'Blue' }],
    });
    await addToCart(ctx.db, s.id, p.id, 2, { colorId: p.colorIds[0] });
    await addToCart(ctx.db, s.id, p.id, 2, { colorId: p.colorIds[1] });
    const r = await place(s, orderBody(0));
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('Only 3 left in stock for Volt Duo.');
    expect(await stockOf(ctx.db, p.id)).toBe(3);
  });

  it('says out of stock at zero units and when the merchant switched stock off', async () => {
    const s = await shopper(ctx);
    const empty = await makeProduct(ctx.db, { name: 'Volt Zero', stock: 0 });
    await addToCart(ctx.db, s.id, empty.id, 1);
    let r = await place(s, orderBody(0));
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('Sorry, Volt Zero is out of stock.');

    const t = await shopper(ctx);
    const off = await makeProduct(ctx.db, { name: 'Volt Off', stock: 9, inStock: false });
    await addToCart(ctx.db, t.id, off.id, 1);
    r = await place(t, orderBody(0));
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('Sorry, Volt Off is out of stock.');
    expect(await stockOf(ctx.db, off.id)).toBe(9);
  });

  it('refuses an inactive product and a colour the product no longer offers', async () => {
    const s = await shopper(ctx);
    const hidden = await makeProduct(ctx.db, { name: 'Volt Old', stock: 9, status: false });
    await addToCart(ctx.db, s.id, hidden.id, 1);
    let r = await place(s, orderBody(0));
    expect(r.status).toBe(409);
    expect(r.body.msg).toMatch(/Volt Old is no longer available/);

    const t = await shopper(ctx);
    const p = await makeProduct(ctx.db, { name: 'Volt Hue', stock: 9, colors: [{ name: 'Green' }] });
    await addToCart(ctx.db, t.id, p.id, 1, { colorId: p.colorIds[0] });
    await ctx.db.deleteFrom('product_colors').where('product_id', '=', p.id).execute();
    r = await place(t, orderBody(0));
    expect(r.status).toBe(409);
    expect(r.body.msg).toMatch(/Volt Hue is no longer sold in the colour/);
    expect(await stockOf(ctx.db, p.id)).toBe(9);
  });

  it('undoes the decrement of an earlier product when a later one is short', async () => {
    const s = await shopper(ctx);
    const a = await makeProduct(ctx.db, { name: 'First', stock: 5 });
    const b = await makeProduct(ctx.db, { name: 'Second', stock: 1 });
    await addToCart(ctx.db, s.id, a.id, 2);
    await addToCart(ctx.db, s.id, b.id, 2);
    const before = await ctx.snapshot();
    const r = await place(s, orderBody(0));
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('Only 1 left in stock for Second.');
    expect(await stockOf(ctx.db, a.id)).toBe(5);
    expect(await ctx.snapshot()).toEqual(before);
  });
});

describe('place-order: a failure inside the transaction', () => {
  it('leaves no order, no line, no stock change and the cart as it was', async () => {
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { stock: 4 });
    await addToCart(ctx.db, s.id, p.id, 2);
    // The order row and the stock decrement are already written when the line insert fails.
    await sql`CREATE TRIGGER order_lines_fail BEFORE INSERT ON order_lines FOR EACH ROW
      SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'injected failure'`.execute(ctx.db);
    try {
      const before = await ctx.snapshot();
      const r = await place(s, orderBody(0));
      expect(r.status).toBe(500);
      expect(r.body).toMatchObject({ flag: 0, code: 'internal' });
      expect(r.body.msg).not.toMatch(/injected/);
      expect(await ctx.snapshot()).toEqual(before);
      expect(await stockOf(ctx.db, p.id)).toBe(4);
      expect(await cartSize(ctx.db, s.id)).toBe(2);
      const orders = await ctx.db.selectFrom('orders').select('id').where('user_id', '=', s.id).execute();
      expect(orders).toHaveLength(0);
    } finally {
      await sql`DROP TRIGGER IF EXISTS order_lines_fail`.execute(ctx.db);
    }
    const ok = await place(s, orderBody(0));
    expect(ok.status).toBe(201);
    expect(await stockOf(ctx.db, p.id)).toBe(2);
  });
});

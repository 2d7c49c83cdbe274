// Covers: the server cart (GET /cart, POST /cart/add-to-cart, POST /cart/move-to-db, PATCH and DELETE
// /cart/line/{lineId}, DELETE /cart): CartLine shape, colour and memory options with their price
// adjustments, default options, identical lines summed, stock and 99 caps, unknown/withdrawn products,
// guest cart merge, someone else's line (404), someone else's userId (403), bad quantities, roles,
// readCartLines/clearCart for the orders module, and that refused requests change nothing.
import type { CartLine } from '@voltcart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearCart, readCartLines } from '../src/modules/cart/cart.repository';
import { refreshFigures } from '../src/modules/product/product-variant.repository';
import { ensureVariants } from '../src/modules/product/product-variant.service';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Inserts catalogue rows directly (money in paise), so these tests do not depend on the catalogue module. */
async function fixture() {
  const db = ctx.db;
  const tag = Math.random().toString(36).slice(2, 8);
  const cat = await db
    .insertInto('categories')
    .values({ name: `Phones ${tag}`, slug: `phones-${tag}` })
    .executeTakeFirstOrThrow();
  const categoryId = Number(cat.insertId);
  const color = async (name: string, hexcode: string, status = 1) =>
    Number(
      (
        await db
          .insertInto('colors')
          .values({ name, slug: `${name.toLowerCase()}-${tag}`, hexcode, status })
          .executeTakeFirstOrThrow()
      ).insertId,
    );
  const black = await color('Black', '#000000');
  const blue = await color('Blue', '#0000ff');
  const red = await color('Red', '#ff0000', 0);
  const green = await color('Green', '#00ff00');

  const product = async (
    name: string,
    p: { original: number; final: number; stock: number; in_stock?: number; status?: number },
  ) =>
    Number(
      (
        await db
          .insertInto('products')
          .values({
            name,
            slug: `${name.toLowerCase().replace(/\s+/g, '-')}-${tag}`,
            original_price: p.original,
            discount_percentage: 0,
            final_price: p.final,
            category_id: categoryId,
            thumbnail: `${name.toLowerCase().replace(/\s+/g, '-')}.webp`,
            stock: p.stock,
            in_stock: p.in_stock ?? 1,
            status: p.status ?? 1,
          })
          .executeTakeFirstOrThrow()
      ).insertId,
    );
  // ₹1,000 (was ₹1,200); Blue +₹500, Black first by position; 256 GB +₹2,000.50, 128 GB first.
  const phone = await product('Volt Phone', { original: 120_000, final: 100_000, stock: 10 });
  await db
    .insertInto('product_colors')
    .values([
      { product_id: phone, color_id: blue, position: 1, price_adj: 50_000 },
      { product_id: phone, color_id: black, position: 0, price_adj: 0 },
      { product_id: phone, color_id: red, position: 2, price_adj: 0 },
    ])
    .execute();
  await db
    .insertInto('product_memory')
    .values([
      { product_id: phone, size_gb: 256, position: 1, price_adj: 200_050 },
      { product_id: phone, size_gb: 128, position: 0, price_adj: 0 },
    ])
    .execute();
  const cable = await product('USB Cable', { original: 49_900, final: 29_950, stock: 3 });
  const bulk = await product('Screen Wipe', { original: 1_000, final: 900, stock: 500 });
  const hidden = await product('Old Phone', { original: 1_000, final: 1_000, stock: 5, status: 0 });
  const paused = await product('Paused Pad', { original: 1_000, final: 1_000, stock: 5, in_stock: 0 });
  const soldOut = await product('Sold Out Tab', { original: 1_000, final: 1_000, stock: 0 });
  // One variant per colour × memory size (as the migration makes them); each of the phone's holds 10 units.
  await ensureVariants(db);
  await db.updateTable('product_variants').set({ stock: 10 }).where('product_id', '=', phone).execute();
  await refreshFigures(db, phone);
  return { black, blue, red, green, phone, cable, bulk, hidden, paused, soldOut };
}

let f: Awaited<ReturnType<typeof fixture>>;
beforeAll(async () => {
  f = await fixture();
});

const add = (token: string, body: unknown) => ctx.req('POST', '/cart/add-to-cart', { token, body });
const getCart = async (token: string) => (await ctx.req('GET', '/cart', { token })).body.cart as CartLine[];

async function refused(fn: () => ReturnType<TestContext['req']>) {
  const before = await ctx.snapshot();
  const lines = await ctx.db.selectFrom('cart_lines').selectAll().orderBy('id').execute();
  const r = await fn();
  expect(r.body.flag).toBe(0);
  expect(typeof r.body.msg).toBe('string');
  expect(await ctx.snapshot()).toEqual(before);
  expect(await ctx.db.selectFrom('cart_lines').selectAll().orderBy('id').execute()).toEqual(lines);
  return r;
}

describe('GET /cart and roles', () => {
  it('starts empty', async () => {
    const s = await ctx.customer();
    const r = await ctx.req('GET', '/cart', { token: s.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ flag: 1, cart: [] });
  });

  it('needs a customer token: 401 without, 403 with an admin token', async () => {
    const admin = await ctx.adminToken();
    for (const [method, path] of [
      ['GET', '/cart'],
      ['POST', '/cart/add-to-cart'],
      ['POST', '/cart/move-to-db'],
      ['PATCH', '/cart/line/1'],
      ['DELETE', '/cart/line/1'],
      ['DELETE', '/cart'],
    ] as const) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { productId: f.phone, qty: 1 };
      const none = await refused(() => ctx.req(method, path, { body }));
      expect(none.status).toBe(401);
      const wrong = await refused(() => ctx.req(method, path, { body, token: admin }));
      expect(wrong.status).toBe(403);
      expect(wrong.body.msg).toBe('This action is for customer accounts.');
    }
  });
});

describe('POST /cart/add-to-cart', () => {
  it('adds a line with the first colour and memory size by default, priced in rupees', async () => {
    const s = await ctx.customer();
    const r = await add(s.token, { productId: String(f.phone) });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ flag: 1, msg: 'Volt Phone added to your cart.' });
    expect(r.body.cart).toHaveLength(1);
    const line = r.body.cart[0];
    expect(line).toEqual({
      _id: expect.stringMatching(/^[1-9]\d*$/),
      product_id: {
        _id: String(f.phone),
        name: 'Volt Phone',
        slug: expect.stringMatching(/^volt-phone-/),
        thumbnail: 'volt-phone.webp',
        finalPrice: 1000,
        originalPrice: 1200,
        stock: 10,
        inStock: true,
        status: true,
      },
      productId: String(f.phone),
      colorId: String(f.black),
      color: { _id: String(f.black), name: 'Black', hexcode: '#000000', priceAdj: 0 },
      memorySize: 128,
      // The line is the variant of that colour and memory size; product_id.stock is its units.
      variantId: expect.stringMatching(/^[1-9]\d*$/),
      sku: expect.stringMatching(/^VOLT-PHONE-.*-BLACK-.*128GB$/),
      qty: 1,
      unitPrice: 1000,
      unitOriginalPrice: 1200,
    });
  });

  it('prices the chosen options: colour and memory adjustments on both unit prices', async () => {
    const s = await ctx.customer();
    const r = await add(s.token, { productId: f.phone, qty: 2, colorId: f.blue, memorySize: '256' });
    expect(r.status).toBe(200);
    expect(r.body.cart[0]).toMatchObject({
      colorId: String(f.blue),
      color: { _id: String(f.blue), name: 'Blue', hexcode: '#0000ff', priceAdj: 500 },
      memorySize: 256,
      qty: 2,
      unitPrice: 3500.5,
      unitOriginalPrice: 3700.5,
      product_id: { finalPrice: 1000, originalPrice: 1200 },
    });
  });

  it('adds to the identical line and keeps different options apart', async () => {
    const s = await ctx.customer();
    await add(s.token, { productId: f.phone });
    await add(s.token, { productId: f.phone, colorId: f.black, memorySize: 128, qty: 2 });
    await add(s.token, { productId: f.phone, colorId: f.blue });
    const r = await add(s.token, { productId: f.phone, memorySize: 256 });
    const cart = r.body.cart;
    expect(cart.map((l: CartLine) => [l.colorId, l.memorySize, l.qty])).toEqual([
      [String(f.black), 128, 3],
      [String(f.blue), 128, 1],
      [String(f.black), 256, 1],
    ]);
    expect(cart.map((l: CartLine) => l.unitPrice)).toEqual([1000, 1500, 3000.5]);
  });

  it('stores no options for a product that has none, whatever was sent', async () => {
    const s = await ctx.customer();
    const r = await add(s.token, { productId: f.cable, colorId: f.blue, memorySize: 128 });
    expect(r.status).toBe(200);
    expect(r.body.cart[0]).toMatchObject({
      colorId: null,
      color: null,
      memorySize: null,
      unitPrice: 299.5,
      unitOriginalPrice: 499,
    });
  });

  it('refuses a colour or memory size the product does not offer (400)', async () => {
    const s = await ctx.customer();
    for (const [body, msg] of [
      [{ colorId: f.green }, /colour is not available for Volt Phone/],
      [{ colorId: f.red }, /colour is not available/], // linked, but the colour is switched off
      [{ colorId: 99999 }, /colour is not available/],
      [{ memorySize: 512 }, /^512 GB is not available for Volt Phone/],
    ] as const) {
      const r = await refused(() => add(s.token, { productId: f.phone, ...body }));
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(msg);
      expect(r.body.code).toBe('invalid_option');
    }
  });

  it('answers 404 for an unknown or withdrawn product', async () => {
    const s = await ctx.customer();
    for (const productId of [999_999, f.hidden]) {
      const r = await refused(() => add(s.token, { productId }));
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ flag: 0, msg: 'Product not found.', code: 'not_found' });
    }
  });

  it('caps a line at the stock with 409 "Only N left"', async () => {
    const s = await ctx.customer();
    let r = await refused(() => add(s.token, { productId: f.cable, qty: 4 }));
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ flag: 0, msg: 'Only 3 left in stock for USB Cable.', available: 3 });
    expect((await add(s.token, { productId: f.cable, qty: 2 })).status).toBe(200);
    r = await refused(() => add(s.token, { productId: f.cable, qty: 2 }));
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('Only 3 left in stock for USB Cable.');
    expect((await add(s.token, { productId: f.cable })).body.cart[0].qty).toBe(3);
  });

  it('refuses products that cannot be sold now (Stock switch off, 0 units)', async () => {
    const s = await ctx.customer();
    for (const [productId, name] of [
      [f.paused, 'Paused Pad'],
      [f.soldOut, 'Sold Out Tab'],
    ] as const) {
      const r = await refused(() => add(s.token, { productId }));
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ flag: 0, msg: `${name} is out of stock.`, code: 'out_of_stock' });
    }
  });

  it('caps a line at 99 units', async () => {
    const s = await ctx.customer();
    expect((await add(s.token, { productId: f.bulk, qty: 99 })).status).toBe(200);
    const r = await refused(() => add(s.token, { productId: f.bulk, qty: 1 }));
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('You can have at most 99 of Screen Wipe in your cart.');
  });

  it('refuses quantities that are not whole numbers from 1 to 99, and bad product ids', async () => {
    const s = await ctx.customer();
    for (const [body, msg] of [
      [{ productId: f.phone, qty: 0 }, 'qty must be at least 1'],
      [{ productId: f.phone, qty: -1 }, 'qty must be at least 1'],
      [{ productId: f.phone, qty: 100 }, 'qty must be at most 99'],
      [{ productId: f.phone, qty: 'abc' }, 'qty must be a number'],
      [{ productId: f.phone, qty: 1.5 }, 'qty must be a whole number'],
      // Union schemas in the shared package still answer zod's bare 'Invalid input' (reported).
      [{ qty: 1 }, /^productId |^Invalid input$/],
      [{ productId: 'abc' }, 'productId must be a valid id'],
      [{ productId: { id: 1 } }, /^productId |^Invalid input$/],
      [{ productId: f.phone, memorySize: 'x'.repeat(200_000) }, /^memorySize |^Invalid input$/],
    ] as const) {
      const r = await refused(() => add(s.token, body));
      expect(r.status).toBe(400);
      if (typeof msg === 'string') expect(r.body.msg).toBe(msg);
      else expect(r.body.msg).toMatch(msg);
    }
  });

  it('refuses 10 MB strings (too large, or invalid) without changing anything', async () => {
    const s = await ctx.customer();
    const huge = 'a'.repeat(10 * 1024 * 1024);
    for (const body of [{ productId: f.phone, colorId: huge }, { productId: huge }]) {
      const before = await ctx.snapshot();
      const r = await add(s.token, body);
      expect([400, 413]).toContain(r.status);
      expect(r.body.flag).toBe(0);
      expect(r.body.msg).toMatch(/too large|must be a valid id/);
      expect(await ctx.snapshot()).toEqual(before);
    }
  });

  it("refuses someone else's userId (403) and accepts your own", async () => {
    const s = await ctx.customer();
    const other = await ctx.customer();
    const r = await refused(() => add(s.token, { userId: other.id, productId: f.phone }));
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ flag: 0, msg: 'You can only change your own account.', code: 'forbidden' });
    expect((await add(s.token, { userId: s.id, productId: f.phone })).status).toBe(200);
    expect((await add(s.token, { userId: Number(s.id), productId: f.phone })).status).toBe(200);
  });

  it('keeps the stock cap when adds race', async () => {
    const s = await ctx.customer();
    const rs = await Promise.all([1, 2, 3, 4, 5].map(() => add(s.token, { productId: f.cable })));
    expect(rs.filter((r) => r.status === 200)).toHaveLength(3);
    expect(rs.filter((r) => r.status === 409)).toHaveLength(2);
    expect((await getCart(s.token))[0]?.qty).toBe(3);
  });
});

describe('PATCH /cart/line/{lineId}', () => {
  it('sets the quantity within stock', async () => {
    const s = await ctx.customer();
    const lineId = (await add(s.token, { productId: f.phone })).body.cart[0]._id;
    const r = await ctx.req('PATCH', `/cart/line/${lineId}`, { token: s.token, body: { qty: 10 } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ flag: 1, msg: 'Cart updated.', cart: [{ _id: lineId, qty: 10 }] });
    const down = await ctx.req('PATCH', `/cart/line/${lineId}`, { token: s.token, body: { qty: '2' } });
    expect(down.body.cart[0].qty).toBe(2);
  });

  it('refuses more than the stock and bad quantities', async () => {
    const s = await ctx.customer();
    const lineId = (await add(s.token, { productId: f.phone })).body.cart[0]._id;
    const over = await refused(() =>
      ctx.req('PATCH', `/cart/line/${lineId}`, { token: s.token, body: { qty: 11 } }),
    );
    expect(over.status).toBe(409);
    expect(over.body.msg).toBe('Only 10 left in stock for Volt Phone.');
    for (const qty of [0, -1, 100, 'abc', null]) {
      const r = await refused(() =>
        ctx.req('PATCH', `/cart/line/${lineId}`, { token: s.token, body: { qty } }),
      );
      expect(r.status).toBe(400);
      expect(r.body.msg).toMatch(/^qty /);
    }
  });

  it("answers 404 for someone else's line and for ids that cannot exist", async () => {
    const owner = await ctx.customer();
    const intruder = await ctx.customer();
    const lineId = (await add(owner.token, { productId: f.phone })).body.cart[0]._id;
    for (const id of [lineId, '0', 'abc', '999999']) {
      const r = await refused(() =>
        ctx.req('PATCH', `/cart/line/${id}`, { token: intruder.token, body: { qty: 2 } }),
      );
      expect(r.status).toBe(404);
      expect(r.body.msg).toMatch(/not found/);
    }
    expect((await getCart(owner.token))[0]?.qty).toBe(1);
  });
});

describe('DELETE /cart/line/{lineId} and DELETE /cart', () => {
  it('removes one line, then empties the cart', async () => {
    const s = await ctx.customer();
    await add(s.token, { productId: f.phone });
    const cart = (await add(s.token, { productId: f.cable })).body.cart;
    const r = await ctx.req('DELETE', `/cart/line/${cart[0]._id}`, { token: s.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ flag: 1, msg: 'Item removed from your cart.' });
    expect(r.body.cart.map((l: CartLine) => l._id)).toEqual([cart[1]._id]);
    const gone = await refused(() => ctx.req('DELETE', `/cart/line/${cart[0]._id}`, { token: s.token }));
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toBe('Cart line not found.');
    const cleared = await ctx.req('DELETE', '/cart', { token: s.token });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({ flag: 1, msg: 'Your cart is now empty.', cart: [] });
    expect(await getCart(s.token)).toEqual([]);
  });

  it("answers 404 for someone else's line and leaves other carts alone when clearing", async () => {
    const owner = await ctx.customer();
    const intruder = await ctx.customer();
    const lineId = (await add(owner.token, { productId: f.phone })).body.cart[0]._id;
    const r = await refused(() => ctx.req('DELETE', `/cart/line/${lineId}`, { token: intruder.token }));
    expect(r.status).toBe(404);
    await ctx.req('DELETE', '/cart', { token: intruder.token });
    expect(await getCart(owner.token)).toHaveLength(1);
  });
});

describe('POST /cart/move-to-db', () => {
  const merge = (token: string, body: unknown) => ctx.req('POST', '/cart/move-to-db', { token, body });

  it('merges the guest cart: sums identical lines with the server cart, returns the whole cart', async () => {
    const s = await ctx.customer();
    await add(s.token, { productId: f.phone, qty: 2 });
    const r = await merge(s.token, {
      user_id: s.id,
      cart: [
        { productId: String(f.phone), qty: 1 },
        { productId: String(f.phone), qty: 3, colorId: String(f.black), memorySize: 128 },
        { productId: f.phone, qty: 1, colorId: f.blue, memorySize: 256 },
        { productId: f.cable, qty: 1, colorId: '', memorySize: null },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ flag: 1, msg: 'Your cart has been saved.' });
    expect(
      r.body.cart.map((l: CartLine) => [l.productId, l.colorId, l.memorySize, l.qty, l.unitPrice]),
    ).toEqual([
      [String(f.phone), String(f.black), 128, 6, 1000],
      [String(f.phone), String(f.blue), 256, 1, 3500.5],
      [String(f.cable), null, null, 1, 299.5],
    ]);
    expect(await getCart(s.token)).toEqual(r.body.cart);
  });

  it('caps lines at stock and 99, leaves out gone and unsellable products, and says so', async () => {
    const s = await ctx.customer();
    await add(s.token, { productId: f.bulk, qty: 60 });
    const r = await merge(s.token, {
      cart: [
        { productId: f.cable, qty: 2 },
        { productId: f.cable, qty: 2 },
        { productId: f.bulk, qty: 60 },
        { productId: f.hidden, qty: 1 },
        { productId: 999_999, qty: 1 },
        { productId: f.soldOut, qty: 1 },
        { productId: f.phone, qty: 1, colorId: f.green, memorySize: 512 },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.flag).toBe(1);
    expect(r.body.msg).toBe(
      'Your cart has been saved. 2 items are no longer available and were left out. ' +
        'Sold Out Tab is out of stock and not added. ' +
        'The quantity of USB Cable and Screen Wipe was reduced to what is in stock.',
    );
    expect(r.body.cart.map((l: CartLine) => [l.productId, l.colorId, l.memorySize, l.qty])).toEqual([
      [String(f.bulk), null, null, 99],
      [String(f.cable), null, null, 3],
      // Options the product does not offer fall back to its first ones.
      [String(f.phone), String(f.black), 128, 1],
    ]);
  });

  it('accepts the local cart object with items, and an empty cart', async () => {
    const s = await ctx.customer();
    const r = await merge(s.token, { cart: { items: [{ productId: f.phone, qty: 2 }], finalTotal: 2000 } });
    expect(r.status).toBe(200);
    expect(r.body.cart).toHaveLength(1);
    const top = await merge(s.token, { items: [{ productId: f.phone, qty: 1 }] });
    expect(top.body.cart[0].qty).toBe(3);
    const empty = await merge(s.token, { cart: [] });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ flag: 1, msg: 'Your cart has been saved.', cart: [{ qty: 3 }] });
    expect((await merge(s.token, {})).body.cart).toHaveLength(1);
  });

  it('changes nothing when any line is invalid, or the user_id is not yours', async () => {
    const s = await ctx.customer();
    const other = await ctx.customer();
    await add(s.token, { productId: f.phone });
    for (const [body, status] of [
      [
        {
          cart: [
            { productId: f.cable, qty: 1 },
            { productId: f.phone, qty: 0 },
          ],
        },
        400,
      ],
      [{ cart: [{ productId: f.cable, qty: 'abc' }] }, 400],
      [{ cart: [{ qty: 1 }] }, 400],
      [{ cart: 'lots' }, 400],
      [{ cart: Array.from({ length: 201 }, () => ({ productId: f.cable, qty: 1 })) }, 400],
      [{ user_id: other.id, cart: [{ productId: f.cable, qty: 1 }] }, 403],
    ] as const) {
      const r = await refused(() => merge(s.token, body));
      expect(r.status).toBe(status);
    }
  });
});

describe('readCartLines and clearCart (used by orders)', () => {
  it('reads the cart in paise with the raw figures of its prices (the pricing function prices them), and clears it', async () => {
    const s = await ctx.customer();
    await add(s.token, { productId: f.phone, colorId: f.blue, memorySize: 256, qty: 2 });
    await add(s.token, { productId: f.cable });
    const rows = await readCartLines(ctx.db, Number(s.id));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      product_id: f.phone,
      name: 'Volt Phone',
      color_id: f.blue,
      color_name: 'Blue',
      memory_size: 256,
      qty: 2,
      final_price_paise: 100_000,
      original_price_paise: 120_000,
      color_adj_paise: 50_000,
      memory_adj_paise: 200_050,
      override_paise: null,
      stock: 10,
      in_stock: true,
      status: true,
      thumbnail: 'volt-phone.webp',
      options_valid: true,
    });
    expect(rows[1]).toMatchObject({
      color_id: null,
      color_name: null,
      memory_size: null,
      final_price_paise: 29_950,
      color_adj_paise: 0,
      memory_adj_paise: 0,
    });
    // An option removed from the product afterwards is flagged, and no longer priced.
    await ctx.db
      .deleteFrom('product_memory')
      .where('product_id', '=', f.phone)
      .where('size_gb', '=', 256)
      .execute();
    const after = await readCartLines(ctx.db, Number(s.id));
    expect(after[0]).toMatchObject({ options_valid: false, color_adj_paise: 50_000, memory_adj_paise: 0 });
    await ctx.db
      .insertInto('product_memory')
      .values({ product_id: f.phone, size_gb: 256, position: 1, price_adj: 200_050 })
      .execute();
    expect(await clearCart(ctx.db, Number(s.id))).toBe(2);
    expect(await readCartLines(ctx.db, Number(s.id))).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, png } from '../support';
import { ApiServer, address, productForm, razorpaySignature } from './server';

/**
 * The call table's cart and order rows (docs/api.md: add-to-cart, move-to-db, place-order, success) and the rules
 * of orders and payments: prices from the database, stock decremented in a guarded update, no oversell, order
 * states, the payment simulator's HMAC check, identity from the token.
 */

let api: ApiServer;
let admin: string;

// biome-ignore lint/suspicious/noExplicitAny: contract tests read whatever the server sent
type Row = any;
type Shopper = Awaited<ReturnType<ApiServer['customer']>>;

let categoryId: string;
let colourA: Row;
let colourB: Row;
let n = 0;

beforeAll(async () => {
  api = await ApiServer.start();
  admin = await api.adminToken();
  const fd = new FormData();
  fd.append('name', 'Phones');
  fd.append('slug', 'phones');
  fd.append('Image', file(await png(), 'c.png'));
  expect((await api.call('POST', '/category/create', { token: admin, form: fd })).body.flag).toBe(1);
  categoryId = (await api.get('/category', admin)).body.categories.find((c: Row) => c.slug === 'phones')._id;
  for (const [name, hexcode] of [
    ['Graphite', '#41424c'],
    ['Sierra Blue', '#69abce'],
  ]) {
    const r = await api.call('POST', '/color/create', { token: admin, json: { name, hexcode } });
    expect(r.body.flag).toBe(1);
  }
  const colours = (await api.get('/color', admin)).body.colors as Row[];
  colourA = colours.find((c) => c.name === 'Graphite');
  colourB = colours.find((c) => c.name === 'Sierra Blue');
});
afterAll(async () => {
  await api?.stop();
});

async function product(fields: Record<string, string | number> = {}): Promise<Row> {
  n += 1;
  const name = `Order Phone ${n}`;
  const form = productForm({
    name,
    originalPrice: 1000,
    discountPercentage: 15,
    shortDescription: 's',
    longDescription: 'l',
    categoryId,
    stock: 5,
    thumbnail: file(await png(), 't.png'),
    ...fields,
  });
  const r = await api.call('POST', '/product/create', { token: admin, form });
  expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
  const row = (await api.get('/product?limit=0', admin)).body.products.find((p: Row) => p.name === name);
  return (await api.get(`/product/${row._id}`, admin)).body.product;
}

async function stockOf(id: string): Promise<number> {
  return (await api.get(`/product/${id}`, admin)).body.product.stock;
}

async function addToCart(s: Shopper, productId: string, qty = 1, extra: Record<string, unknown> = {}) {
  const r = await api.call('POST', '/cart/add-to-cart', {
    token: s.token,
    json: { userId: s.user._id, productId, qty, ...extra },
  });
  return r;
}

async function placeOrder(s: Shopper, paymentMode: number, overrides: Record<string, unknown> = {}) {
  return api.call('POST', '/order/place-order', {
    token: s.token,
    json: {
      user_id: s.user._id,
      order_total: 1,
      payment_mode: paymentMode,
      shipping_details: address(),
      ...overrides,
    },
  });
}

async function orderOf(orderId: string, token: string): Promise<Row> {
  const r = await api.get(`/order/${orderId}`, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(r.body.flag).toBe(1);
  return r.body.order;
}
const stateOf = (o: Row) => o.state;

describe('cart', () => {
  it('POST /cart/add-to-cart {userId, productId, qty: 1} succeeds; adding again raises the quantity', async () => {
    const p = await product();
    const s = await api.customer();
    const r = await addToCart(s, p._id);
    expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
    expect(r.body.flag).toBe(1);
    expect((await addToCart(s, p._id)).body.flag).toBe(1);
    const moved = await api.call('POST', '/cart/move-to-db', {
      token: s.token,
      json: { cart: [], user_id: s.user._id },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.cart).toHaveLength(1);
    expect(moved.body.cart[0].qty).toBe(2);
  });

  it('POST /cart/move-to-db {cart, user_id} merges the local cart and answers cart [{product_id: {_id, finalPrice, originalPrice}, qty}]', async () => {
    const p1 = await product();
    const p2 = await product({ originalPrice: 500, discountPercentage: 0 });
    const s = await api.customer();
    const r = await api.call('POST', '/cart/move-to-db', {
      token: s.token,
      json: {
        user_id: s.user._id,
        cart: [
          { productId: p1._id, qty: 2 },
          { productId: p2._id, qty: 1 },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.flag).toBe(1);
    expect(Array.isArray(r.body.cart)).toBe(true);
    const lines = r.body.cart as Row[];
    expect(lines).toHaveLength(2);
    const l1 = lines.find((l) => l.product_id._id === p1._id);
    expect(l1).toMatchObject({ qty: 2, product_id: { _id: p1._id, finalPrice: 850, originalPrice: 1000 } });
    const l2 = lines.find((l) => l.product_id._id === p2._id);
    expect(l2).toMatchObject({ qty: 1, product_id: { finalPrice: 500, originalPrice: 500 } });

    // Logging in again elsewhere with an empty local cart gets the same server cart back.
    const again = await api.call('POST', '/cart/move-to-db', {
      token: s.token,
      json: { user_id: s.user._id, cart: [] },
    });
    expect((again.body.cart as Row[]).map((l) => [l.product_id._id, l.qty]).sort()).toEqual(
      [
        [p1._id, 2],
        [p2._id, 1],
      ].sort(),
    );
  });

  it('client prices in the cart payload are ignored', async () => {
    const p = await product();
    const s = await api.customer();
    const r = await api.call('POST', '/cart/move-to-db', {
      token: s.token,
      json: { user_id: s.user._id, cart: [{ productId: p._id, qty: 1, finalPrice: 1, price: 1 }] },
    });
    expect(r.status).toBe(200);
    expect(r.body.cart[0].product_id.finalPrice).toBe(850);
  });

  it('a cart line keeps colour and memory size, and its unit price includes their adjustments', async () => {
    const p = await product({
      originalPrice: 1000,
      discountPercentage: 0,
      colors: JSON.stringify([
        { _id: colourA._id, priceAdj: 0 },
        { _id: colourB._id, priceAdj: 30 },
      ]),
      memorySizes: JSON.stringify([128, 256]),
      memoryPriceAdj: JSON.stringify([0, 100]),
    });
    // The stock sent with the form is the first variant's (A, 128 GB); B 256 GB gets its own units.
    const b256 = (p.variants as Row[]).find((v) => v.colorId === colourB._id && v.memorySize === 256)!;
    const stocked = await api.call('PATCH', `/product/${p._id}/variants/stock`, {
      token: admin,
      json: { changes: [{ variantId: b256._id, stock: 5, expectedStock: 0 }] },
    });
    expect(stocked.status, JSON.stringify(stocked.body)).toBe(200);
    const s = await api.customer();
    const r = await addToCart(s, p._id, 1, { colorId: colourB._id, memorySize: 256 });
    expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
    expect((await addToCart(s, p._id, 1, { colorId: colourA._id, memorySize: 128 })).body.flag).toBe(1);
    const cart = (
      await api.call('POST', '/cart/move-to-db', { token: s.token, json: { user_id: s.user._id, cart: [] } })
    ).body.cart as Row[];
    expect(cart).toHaveLength(2);
    const prices = cart.map((l) => l.unitPrice ?? l.price).sort((a: number, b: number) => a - b);
    expect(prices).toEqual([1000, 1130]);
  });

  it('refuses a missing product (404), qty below 1 (400), no token (401), another user_id (403)', async () => {
    const p = await product();
    const s = await api.customer();
    const other = await api.customer();
    expect((await addToCart(s, '999999')).status).toBe(404);
    expect((await addToCart(s, p._id, 0)).status).toBe(400);
    expect((await addToCart(s, p._id, -2)).status).toBe(400);
    const none = await api.call('POST', '/cart/add-to-cart', {
      json: { userId: s.user._id, productId: p._id, qty: 1 },
    });
    expect(none.status).toBe(401);
    const foreign = await api.call('POST', '/cart/add-to-cart', {
      token: s.token,
      json: { userId: other.user._id, productId: p._id, qty: 1 },
    });
    expect(foreign.status).toBe(403);
    const foreignMove = await api.call('POST', '/cart/move-to-db', {
      token: s.token,
      json: { user_id: other.user._id, cart: [{ productId: p._id, qty: 1 }] },
    });
    expect(foreignMove.status).toBe(403);
    for (const who of [s, other]) {
      const cart = await api.call('POST', '/cart/move-to-db', {
        token: who.token,
        json: { user_id: who.user._id, cart: [] },
      });
      expect(cart.body.cart).toEqual([]);
    }
  });
});

describe('cart lines (Remove from Cart removes the line)', () => {
  it('GET /cart, change a line quantity, remove a line', async () => {
    const p = await product();
    const s = await api.customer();
    await addToCart(s, p._id, 2);
    const got = await api.get('/cart', s.token);
    expect(got.status).toBe(200);
    expect(got.body.flag).toBe(1);
    const [line] = got.body.cart;
    expect(line).toMatchObject({ qty: 2, product_id: { _id: p._id } });
    const changed = await api.call('PATCH', `/cart/line/${line._id}`, { token: s.token, json: { qty: 4 } });
    expect(changed.status).toBe(200);
    expect(changed.body.cart[0].qty).toBe(4);
    expect(
      (await api.call('PATCH', `/cart/line/${line._id}`, { token: s.token, json: { qty: 0 } })).status,
    ).toBe(400);
    const removed = await api.call('DELETE', `/cart/line/${line._id}`, { token: s.token });
    expect(removed.status).toBe(200);
    expect(removed.body.cart).toEqual([]);
    expect((await api.get('/cart', s.token)).body.cart).toEqual([]);
    expect((await api.get('/cart')).status).toBe(401);
  });
});

describe('orders', () => {
  it('cash on delivery: msg, flag, order_id; prices from the database; stock decremented; cart emptied', async () => {
    const p = await product({ stock: 5 });
    const s = await api.customer();
    await addToCart(s, p._id, 2);
    const r = await placeOrder(s, 0);
    expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
    expect(r.body.flag).toBe(1);
    expect(typeof r.body.msg).toBe('string');
    expect(typeof r.body.order_id).toBe('string');
    expect(r.body.order_id.length).toBeGreaterThanOrEqual(8);
    expect(r.body.razorpay_order_id ?? null).toBeNull();
    expect(await stockOf(p._id)).toBe(3);
    const cart = await api.call('POST', '/cart/move-to-db', {
      token: s.token,
      json: { user_id: s.user._id, cart: [] },
    });
    expect(cart.body.cart).toEqual([]);

    const order = await orderOf(r.body.order_id, s.token);
    expect(order.order_id ?? order._id).toBe(r.body.order_id);
    expect(order.order_total).toBe(1700);
    expect(order.payment_mode).toBe(0);
    expect(stateOf(order)).toBe('placed');
    expect(order.shipping_details).toMatchObject({ adressLine1: '12 MG Road', city: 'Bengaluru' });
  });

  it('prices are re-read at checkout, and the order keeps a snapshot of its lines', async () => {
    const p = await product({ originalPrice: 1000, discountPercentage: 15, stock: 5 });
    const s = await api.customer();
    await addToCart(s, p._id, 2);
    const update = (fields: Record<string, string | number>) =>
      api.call('PUT', `/product/update/${p._id}`, { token: admin, form: productForm(fields) });
    expect((await update({ name: p.name, originalPrice: 600, discountPercentage: 0 })).status).toBe(200);
    const r = await placeOrder(s, 0);
    expect(r.body.flag).toBe(1);
    const order = await orderOf(r.body.order_id, s.token);
    expect(order.order_total).toBe(1200);
    expect((await update({ name: 'Renamed Later', originalPrice: 9000, discountPercentage: 0 })).status).toBe(
      200,
    );
    const later = await orderOf(r.body.order_id, s.token);
    expect(later.order_total).toBe(1200);
    expect(later.lines).toEqual([expect.objectContaining({ name: p.name, unitPrice: 600, qty: 2 })]);
  });

  it('order ids are not sequential numbers', async () => {
    const p = await product({ stock: 10 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const s = await api.customer();
      await addToCart(s, p._id);
      ids.push((await placeOrder(s, 0)).body.order_id);
    }
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).not.toMatch(/^\d{1,7}$/);
  });

  it('online payment: razorpay_order_id, then /order/success with a valid signature marks it paid (idempotent)', async () => {
    const p = await product({ stock: 5 });
    const s = await api.customer();
    await addToCart(s, p._id, 1);
    const r = await placeOrder(s, 1);
    expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
    expect(r.body.flag).toBe(1);
    expect(typeof r.body.order_id).toBe('string');
    expect(typeof r.body.razorpay_order_id).toBe('string');
    expect(r.body.razorpay_order_id).toMatch(/^order_/);
    expect(stateOf(await orderOf(r.body.order_id, s.token))).toBe('pending_payment');
    expect(await stockOf(p._id)).toBe(4);

    const paymentId = 'pay_contract123';
    const good = {
      order_id: r.body.order_id,
      user_id: s.user._id,
      razorpay_response: {
        razorpay_order_id: r.body.razorpay_order_id,
        razorpay_payment_id: paymentId,
        razorpay_signature: razorpaySignature(r.body.razorpay_order_id, paymentId),
      },
    };

    const forged = await api.call('POST', '/order/success', {
      token: s.token,
      json: {
        ...good,
        razorpay_response: {
          ...good.razorpay_response,
          razorpay_signature: razorpaySignature(r.body.razorpay_order_id, paymentId, 'wrong-secret'),
        },
      },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.flag).toBe(0);
    expect(stateOf(await orderOf(r.body.order_id, s.token))).toBe('pending_payment');

    const ok = await api.call('POST', '/order/success', { token: s.token, json: good });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ flag: 1, order_id: r.body.order_id });
    expect(typeof ok.body.msg).toBe('string');
    expect(stateOf(await orderOf(r.body.order_id, s.token))).toBe('paid');

    const again = await api.call('POST', '/order/success', { token: s.token, json: good });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ flag: 1, order_id: r.body.order_id });
    expect(stateOf(await orderOf(r.body.order_id, s.token))).toBe('paid');
    expect(await stockOf(p._id)).toBe(4);
  });

  it("/order/success refuses someone else's order and a signature for another razorpay order", async () => {
    const p = await product({ stock: 5 });
    const s = await api.customer();
    const other = await api.customer();
    await addToCart(s, p._id);
    const r = await placeOrder(s, 1);
    const paymentId = 'pay_x1';
    const body = (sig: string, userId = s.user._id) => ({
      order_id: r.body.order_id,
      user_id: userId,
      razorpay_response: {
        razorpay_order_id: r.body.razorpay_order_id,
        razorpay_payment_id: paymentId,
        razorpay_signature: sig,
      },
    });
    const wrongOrder = await api.call('POST', '/order/success', {
      token: s.token,
      json: body(razorpaySignature('order_someoneelse', paymentId)),
    });
    expect(wrongOrder.status).toBe(400);
    const foreign = await api.call('POST', '/order/success', {
      token: other.token,
      json: body(razorpaySignature(r.body.razorpay_order_id, paymentId), other.user._id),
    });
    expect([403, 404]).toContain(foreign.status);
    const foreignBody = await api.call('POST', '/order/success', {
      token: other.token,
      json: body(razorpaySignature(r.body.razorpay_order_id, paymentId)),
    });
    expect(foreignBody.status).toBe(403);
    const noToken = await api.call('POST', '/order/success', {
      json: body(razorpaySignature(r.body.razorpay_order_id, paymentId)),
    });
    expect(noToken.status).toBe(401);
    expect(stateOf(await orderOf(r.body.order_id, s.token))).toBe('pending_payment');
  });

  it('checkout validation answers 400 with the checkout messages and changes nothing', async () => {
    const p = await product({ stock: 5 });
    const s = await api.customer();
    await addToCart(s, p._id);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ shipping_details: address({ adressLine1: '' }) }, /^Please enter .*(address|line)/i],
      [{ shipping_details: address({ city: '  ' }) }, /^Please enter city/i],
      [{ shipping_details: address({ state: '' }) }, /^Please enter state/i],
      [{ shipping_details: address({ postalCode: '' }) }, /^Please enter postal ?code/i],
      [{ shipping_details: address({ country: '' }) }, /^Please enter country/i],
      [{ shipping_details: address({ contact: '  98765  ' }) }, /^Please enter a valid contact number$/],
      [{ shipping_details: address({ contact: undefined }) }, /^Please enter a valid contact number$/],
      [{ payment_mode: 2 }, /^Please select a payment mode$/],
      [{ payment_mode: undefined }, /^Please select a payment mode$/],
    ];
    for (const [over, msg] of cases) {
      const r = await api.call('POST', '/order/place-order', {
        token: s.token,
        json: {
          user_id: s.user._id,
          order_total: 850,
          payment_mode: 0,
          shipping_details: address(),
          ...over,
        },
      });
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.flag).toBe(0);
      expect(r.body.msg, JSON.stringify(over)).toMatch(msg);
    }
    expect(await stockOf(p._id)).toBe(5);
    const cart = await api.call('POST', '/cart/move-to-db', {
      token: s.token,
      json: { user_id: s.user._id, cart: [] },
    });
    expect(cart.body.cart).toHaveLength(1);
  });

  it('refuses an empty cart (400), no token (401), another user_id (403)', async () => {
    const p = await product({ stock: 5 });
    const s = await api.customer();
    const other = await api.customer();
    const empty = await placeOrder(s, 0);
    expect(empty.status).toBe(400);
    expect(empty.body.flag).toBe(0);
    expect(empty.body.msg).toMatch(/cart/i);
    await addToCart(s, p._id);
    const none = await api.call('POST', '/order/place-order', {
      json: { user_id: s.user._id, order_total: 850, payment_mode: 0, shipping_details: address() },
    });
    expect(none.status).toBe(401);
    const foreign = await placeOrder(s, 0, { user_id: other.user._id });
    expect(foreign.status).toBe(403);
    expect(await stockOf(p._id)).toBe(5);
  });

  it('not enough stock: refused with 409 naming the product and how many are left', async () => {
    const p = await product({ stock: 2 });
    const a = await api.customer();
    const b = await api.customer();
    const tooMany = await addToCart(a, p._id, 3);
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.msg).toContain(p.name);
    expect(tooMany.body.msg).toMatch(/only 2 left/i);
    expect((await addToCart(a, p._id, 2)).body.flag).toBe(1);
    expect((await addToCart(b, p._id, 1)).body.flag).toBe(1);
    expect((await placeOrder(b, 0)).body.flag).toBe(1);
    const r = await placeOrder(a, 0);
    expect(r.status).toBe(409);
    expect(r.body.flag).toBe(0);
    expect(r.body.msg).toContain(p.name);
    expect(r.body.msg).toMatch(/only 1 left/i);
    expect(await stockOf(p._id)).toBe(1);
  });

  it('a product switched out of stock (inStock off) cannot be ordered', async () => {
    const p = await product({ stock: 5 });
    const s = await api.customer();
    await addToCart(s, p._id);
    await api.call('PATCH', `/product/status/${p._id}`, { token: admin, json: { flag: 2 } });
    const r = await placeOrder(s, 0);
    expect([400, 409]).toContain(r.status);
    expect(r.body.flag).toBe(0);
    expect(await stockOf(p._id)).toBe(5);
  });

  it('race: 8 shoppers, 3 units, all at once -> exactly 3 orders, stock 0', async () => {
    const p = await product({ stock: 3 });
    const shoppers: Shopper[] = [];
    for (let i = 0; i < 8; i++) {
      const s = await api.customer();
      expect((await addToCart(s, p._id)).body.flag).toBe(1);
      shoppers.push(s);
    }
    const results = await Promise.all(shoppers.map((s) => placeOrder(s, 0)));
    const won = results.filter((r) => r.body.flag === 1);
    const lost = results.filter((r) => r.body.flag !== 1);
    expect(won).toHaveLength(3);
    expect(lost).toHaveLength(5);
    for (const r of lost) {
      expect(r.status).toBe(409);
      expect(r.body.msg).toMatch(/left|stock/i);
    }
    expect(await stockOf(p._id)).toBe(0);
  });

  it('admin moves order states; illegal moves 409; cancelling returns the stock once', async () => {
    const p = await product({ stock: 5 });
    const s = await api.customer();
    await addToCart(s, p._id, 2);
    const placed = (await placeOrder(s, 0)).body.order_id;
    expect(await stockOf(p._id)).toBe(3);
    // The order's field is `state` (docs/api.md).
    const move = (id: string, state: string, token = admin) =>
      api.call('PATCH', `/order/status/${id}`, { token, json: { state } });

    expect((await move(placed, 'shipped', s.token)).status).toBe(403);
    expect((await api.call('PATCH', `/order/status/${placed}`, { json: { state: 'shipped' } })).status).toBe(
      401,
    );
    expect((await move(placed, 'paid')).status).toBe(409);
    const c = await move(placed, 'cancelled');
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.flag).toBe(1);
    expect(await stockOf(p._id)).toBe(5);
    expect((await move(placed, 'cancelled')).status).toBe(409);
    expect(await stockOf(p._id)).toBe(5);
    expect((await move(placed, 'shipped')).status).toBe(409);

    await addToCart(s, p._id, 1);
    const second = (await placeOrder(s, 0)).body.order_id;
    expect((await move(second, 'shipped')).status).toBe(200);
    expect((await move(second, 'delivered')).status).toBe(200);
    expect(stateOf(await orderOf(second, s.token))).toBe('delivered');
    expect((await move(second, 'placed')).status).toBe(409);
    expect((await move(second, 'no-such-state')).status).toBe(400);
    expect((await move('no-such-order', 'shipped')).status).toBe(404);

    const list = await api.get('/order', admin);
    expect(list.status).toBe(200);
    expect(list.body.flag).toBe(1);
    expect((await api.get('/order', s.token)).status).toBe(403);
    expect((await api.get('/order')).status).toBe(401);
  });

  it('an order is visible to its owner and an admin, not to another shopper', async () => {
    const p = await product({ stock: 5 });
    const s = await api.customer();
    const other = await api.customer();
    await addToCart(s, p._id);
    const id = (await placeOrder(s, 0)).body.order_id;
    expect((await api.get(`/order/${id}`, admin)).status).toBe(200);
    expect((await api.get(`/order/${id}`, other.token)).status).toBe(404);
    expect((await api.get(`/order/${id}`)).status).toBe(401);
  });
});

describe('newsletter', () => {
  // The API's path is POST /newsletter/subscribe (docs/api.md).
  it('stores an email once (dedupe) and refuses a malformed one', async () => {
    const email = `news.${Date.now()}@voltcart.test`;
    const first = await api.call('POST', '/newsletter/subscribe', { json: { email } });
    expect([200, 201], JSON.stringify(first.body)).toContain(first.status);
    expect(first.body.flag).toBe(1);
    const again = await api.call('POST', '/newsletter/subscribe', { json: { email: email.toUpperCase() } });
    expect([200, 201, 409]).toContain(again.status);
    const bad = await api.call('POST', '/newsletter/subscribe', { json: { email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.flag).toBe(0);
  });
});

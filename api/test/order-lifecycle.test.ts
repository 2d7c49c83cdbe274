// Covers reading orders (owner / admin / others 404), the shopper's history and the admin list with filters and
// pages, admin state moves (legal, illegal → 409, stock returned once), the unpaid-order expiry sweep run by
// several processes at once, the dashboard metrics and the admin users list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireUnpaidOrders } from '../src/modules/order/order-lifecycle.service';
import { createTestContext, type TestContext } from './context';
import {
  addToCart,
  adminToken,
  insertShopper,
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
  admin = await adminToken(ctx);
});
afterAll(() => ctx.close());

/** Places a one-line order for `s` and returns its id. */
async function placeOne(
  s: Shopper,
  opts: { mode?: 0 | 1; qty?: number; price?: number; stock?: number } = {},
) {
  const p = await makeProduct(ctx.db, { stock: opts.stock ?? 10, price: opts.price ?? 500 });
  await addToCart(ctx.db, s.id, p.id, opts.qty ?? 1);
  const r = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(opts.mode ?? 0) });
  expect(r.status).toBe(201);
  return { orderId: r.body.order_id as string, productId: p.id, body: r.body };
}

const move = (orderId: string, state: string, token = admin) =>
  ctx.req('PATCH', `/order/status/${orderId}`, { token, body: { state } });

describe('GET /order/{order_id}', () => {
  it('shows the order to its owner and to an admin; anyone else gets 404; no token 401', async () => {
    const owner = await shopper(ctx);
    const other = await shopper(ctx);
    const { orderId } = await placeOne(owner);
    expect((await ctx.req('GET', `/order/${orderId}`, { token: owner.token })).body.order.order_id).toBe(
      orderId,
    );
    const asAdmin = await ctx.req('GET', `/order/${orderId}`, { token: admin });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.order.user.email).toBe(owner.email);
    const asOther = await ctx.req('GET', `/order/${orderId}`, { token: other.token });
    expect(asOther.status).toBe(404);
    expect(asOther.body).toMatchObject({ flag: 0, code: 'not_found' });
    expect((await ctx.req('GET', `/order/${orderId}`)).status).toBe(401);
    expect((await ctx.req('GET', `/order/${orderId}`, { token: 'not-a-token' })).status).toBe(401);
    expect((await ctx.req('GET', '/order/VC000000000000000000', { token: owner.token })).status).toBe(404);
    expect((await ctx.req('GET', '/order/1', { token: admin })).status).toBe(404);
  });
});

describe('GET /order/my-orders', () => {
  it('lists only my orders, newest first, a page at a time', async () => {
    const me = await shopper(ctx);
    const someone = await shopper(ctx);
    await placeOne(someone);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await placeOne(me)).orderId);
    const p1 = await ctx.req('GET', '/order/my-orders?limit=2', { token: me.token });
    expect(p1.status).toBe(200);
    expect(p1.body.flag).toBe(1);
    expect(p1.body.orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[2], ids[1]]);
    expect(p1.body.hasMore).toBe(true);
    expect(p1.body.orders[0].lines).toHaveLength(1);
    const p2 = await ctx.req('GET', '/order/my-orders?limit=2&page=2', { token: me.token });
    expect(p2.body.orders.map((o: { order_id: string }) => o.order_id)).toEqual([ids[0]]);
    expect(p2.body.hasMore).toBe(false);
  });

  it('needs a customer token and checks the paging figures', async () => {
    expect((await ctx.req('GET', '/order/my-orders')).status).toBe(401);
    expect((await ctx.req('GET', '/order/my-orders', { token: admin })).status).toBe(403);
    const me = await shopper(ctx);
    const bad = await ctx.req('GET', '/order/my-orders?limit=500', { token: me.token });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/limit/);
  });
});

describe('GET /order (admin)', () => {
  it('filters by state and finds an order by its id or its customer email', async () => {
    const s = await shopper(ctx);
    const cod = await placeOne(s);
    const online = await placeOne(s, { mode: 1 });

    const pending = await ctx.req('GET', '/order?state=pending_payment&limit=100', { token: admin });
    expect(pending.status).toBe(200);
    const pendingIds = pending.body.orders.map((o: { order_id: string }) => o.order_id);
    expect(pendingIds).toContain(online.orderId);
    expect(pendingIds).not.toContain(cod.orderId);
    expect(pending.body.orders.every((o: { state: string }) => o.state === 'pending_payment')).toBe(true);

    const byId = await ctx.req('GET', `/order?q=${cod.orderId.toLowerCase()}`, { token: admin });
    expect(byId.body.orders.map((o: { order_id: string }) => o.order_id)).toEqual([cod.orderId]);

    const byEmail = await ctx.req('GET', `/order?q=${encodeURIComponent(s.email)}`, { token: admin });
    expect(byEmail.body.orders.map((o: { order_id: string }) => o.order_id)).toEqual([
      online.orderId,
      cod.orderId,
    ]);
    const paged = await ctx.req('GET', `/order?q=${encodeURIComponent(s.email)}&limit=1`, { token: admin });
    expect(paged.body.hasMore).toBe(true);
  });

  it('is for admins only and refuses an unknown state', async () => {
    const s = await shopper(ctx);
    expect((await ctx.req('GET', '/order')).status).toBe(401);
    expect((await ctx.req('GET', '/order', { token: s.token })).status).toBe(403);
    const bad = await ctx.req('GET', '/order?state=lost', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/state must be one of/);
  });
});

describe('PATCH /order/status/{order_id}', () => {
  it('moves a cash-on-delivery order placed → shipped → delivered', async () => {
    const s = await shopper(ctx);
    const { orderId } = await placeOne(s);
    const shipped = await move(orderId, 'shipped');
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ flag: 1, order: { order_id: orderId, state: 'shipped' } });
    expect((await move(orderId, 'delivered')).body.order.state).toBe('delivered');
  });

  it('accepts the new state under the name `status` too', async () => {
    const { orderId } = await placeOne(await shopper(ctx));
    const r = await ctx.req('PATCH', `/order/status/${orderId}`, {
      token: admin,
      body: { status: 'shipped' },
    });
    expect(r.status).toBe(200);
    expect(r.body.order.state).toBe('shipped');
  });

  it.each([
    ['delivered', 'cancelled'],
    ['delivered', 'shipped'],
    ['shipped', 'placed'],
    ['shipped', 'shipped'],
  ])('refuses an illegal move from %s to %s with 409', async (from, to) => {
    const s = await shopper(ctx);
    const { orderId } = await placeOne(s);
    if (from === 'shipped' || from === 'delivered') await move(orderId, 'shipped');
    if (from === 'delivered') await move(orderId, 'delivered');
    const r = await move(orderId, to);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      flag: 0,
      msg: `Cannot move an order from ${from} to ${to}.`,
      code: 'illegal_move',
    });
    expect((await orderRow(ctx.db, orderId)).state).toBe(from);
  });

  it('does not let an admin mark an order paid or payment_failed by hand', async () => {
    const s = await shopper(ctx);
    const cod = await placeOne(s);
    const online = await placeOne(s, { mode: 1 });
    expect((await move(cod.orderId, 'paid')).body.msg).toBe('Cannot move an order from placed to paid.');
    expect((await move(online.orderId, 'paid')).status).toBe(409);
    expect((await move(online.orderId, 'payment_failed')).status).toBe(409);
  });

  it('returns the stock once when an order is cancelled', async () => {
    const s = await shopper(ctx);
    const { orderId, productId } = await placeOne(s, { qty: 3, stock: 5 });
    expect(await stockOf(ctx.db, productId)).toBe(2);
    const r = await move(orderId, 'cancelled');
    expect(r.status).toBe(200);
    expect(await stockOf(ctx.db, productId)).toBe(5);
    expect((await orderRow(ctx.db, orderId)).stock_returned).toBe(1);
    // Two more cancels at the same time: both refused, the stock is not returned again.
    const again = await Promise.all([move(orderId, 'cancelled'), move(orderId, 'cancelled')]);
    expect(again.map((a) => a.status)).toEqual([409, 409]);
    expect(await stockOf(ctx.db, productId)).toBe(5);
  });

  it('returns the stock exactly once when two admins cancel at the same moment', async () => {
    const s = await shopper(ctx);
    const { orderId, productId } = await placeOne(s, { qty: 2, stock: 4 });
    const results = await Promise.all([move(orderId, 'cancelled'), move(orderId, 'cancelled')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stockOf(ctx.db, productId)).toBe(4);
  });

  it('validates the state, the token and the order id', async () => {
    const s = await shopper(ctx);
    const { orderId } = await placeOne(s);
    const bad = await move(orderId, 'teleported');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/state must be one of/);
    expect((await move(orderId, 'shipped', s.token)).status).toBe(403);
    expect((await ctx.req('PATCH', `/order/status/${orderId}`, { body: { state: 'shipped' } })).status).toBe(
      401,
    );
    expect((await move('VCZZZZZZZZZZZZZZZZZZ', 'shipped')).status).toBe(404);
  });
});

describe('the unpaid-order expiry sweep', () => {
  it('fails expired unpaid orders and returns their stock once, even with several sweeps at once', async () => {
    const s = await shopper(ctx);
    const expired = await placeOne(s, { mode: 1, qty: 2, stock: 6 });
    const fresh = await placeOne(s, { mode: 1, qty: 1, stock: 6 });
    const cod = await placeOne(s, { mode: 0, qty: 1, stock: 6 });
    await ctx.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('public_id', 'in', [expired.orderId, cod.orderId])
      .execute();
    expect(await stockOf(ctx.db, expired.productId)).toBe(4);

    const counts = await Promise.all([
      expireUnpaidOrders(ctx),
      expireUnpaidOrders(ctx),
      expireUnpaidOrders(ctx),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await orderRow(ctx.db, expired.orderId)).state).toBe('payment_failed');
    expect(await stockOf(ctx.db, expired.productId)).toBe(6);
    expect((await orderRow(ctx.db, fresh.orderId)).state).toBe('pending_payment');
    expect((await orderRow(ctx.db, cod.orderId)).state).toBe('placed');
    expect(await expireUnpaidOrders(ctx)).toBe(0);
    expect(await stockOf(ctx.db, expired.productId)).toBe(6);
  });

  it('sets the expiry from PAYMENT_EXPIRY_MINUTES', async () => {
    const s = await shopper(ctx);
    const before = Date.now();
    const { orderId } = await placeOne(s, { mode: 1 });
    const row = await orderRow(ctx.db, orderId);
    const minutes = (row.expires_at!.getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThan(ctx.config.PAYMENT_EXPIRY_MINUTES - 0.1);
    expect(minutes).toBeLessThan(ctx.config.PAYMENT_EXPIRY_MINUTES + 0.1);
  });
});

describe('admin dashboard and users (separate database, exact figures)', () => {
  let fresh: TestContext;
  let freshAdmin: string;
  beforeAll(async () => {
    fresh = await createTestContext();
    freshAdmin = await adminToken(fresh);
  });
  afterAll(() => fresh.close());

  async function order(s: Shopper, mode: 0 | 1, rupees: number) {
    const p = await makeProduct(fresh.db, { price: rupees, stock: 5 });
    await addToCart(fresh.db, s.id, p.id, 1);
    const r = await fresh.req('POST', '/order/place-order', { token: s.token, body: orderBody(mode) });
    expect(r.status).toBe(201);
    return r.body.order_id as string;
  }
  const set = (id: string, state: string) =>
    fresh.db.updateTable('orders').set({ state }).where('public_id', '=', id).execute();

  it('counts customers, revenue (paid online + delivered cash), orders to ship and all orders', async () => {
    const empty = await fresh.req('GET', '/admin/metrics', { token: freshAdmin });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      flag: 1,
      msg: expect.any(String),
      metrics: {
        customers: 0,
        revenue: 0,
        ordersToShip: 0,
        orders: 0,
        period: expect.objectContaining({ key: 'today', newCustomers: 0, orders: 0, revenue: 0 }),
      },
    });

    const a = await insertShopper(fresh, 'Asha');
    const b = await insertShopper(fresh, 'Bala');
    await insertShopper(fresh, 'Chitra');
    await order(a, 0, 100); // placed: to ship, no revenue yet
    const delivered = await order(a, 0, 200.5); // cash collected
    await set(delivered, 'delivered');
    const paid = await order(b, 1, 1000); // paid online: revenue and to ship
    await set(paid, 'paid');
    const shipped = await order(b, 1, 50); // paid then shipped: revenue
    await set(shipped, 'shipped');
    await order(b, 1, 70); // pending payment: nothing
    const cancelled = await order(b, 0, 999);
    await set(cancelled, 'cancelled');

    const r = await fresh.req('GET', '/admin/metrics', { token: freshAdmin });
    expect(r.body.metrics).toMatchObject({ customers: 3, revenue: 1250.5, ordersToShip: 2, orders: 6 });
    // Every one of them is today's (dashboard.test.ts covers the periods' edges).
    expect(r.body.metrics.period).toMatchObject({
      key: 'today',
      newCustomers: 3,
      orders: 6,
      revenue: 1250.5,
    });
    const s = await insertShopper(fresh);
    expect((await fresh.req('GET', '/admin/metrics', { token: s.token })).status).toBe(403);
    expect((await fresh.req('GET', '/admin/metrics')).status).toBe(401);
  });

  it('lists customers with their order counts, searchable and paged', async () => {
    const r = await fresh.req('GET', '/admin/users?limit=100', { token: freshAdmin });
    expect(r.status).toBe(200);
    const asha = r.body.users.find((u: { name: string }) => u.name === 'Asha');
    expect(asha).toEqual({
      _id: expect.any(String),
      name: 'Asha',
      email: expect.stringMatching(/@example\.com$/),
      orderCount: 2,
      createdAt: expect.any(String),
      blocked: false,
    });
    expect(r.body.users.find((u: { name: string }) => u.name === 'Bala').orderCount).toBe(4);
    expect(r.body.users.find((u: { name: string }) => u.name === 'Chitra').orderCount).toBe(0);
    expect(r.body.hasMore).toBe(false);

    const search = await fresh.req('GET', '/admin/users?q=bala', { token: freshAdmin });
    expect(search.body.users.map((u: { name: string }) => u.name)).toEqual(['Bala']);
    const page = await fresh.req('GET', '/admin/users?limit=1&page=1', { token: freshAdmin });
    expect(page.body.users).toHaveLength(1);
    expect(page.body.hasMore).toBe(true);
    const s = await insertShopper(fresh);
    expect((await fresh.req('GET', '/admin/users', { token: s.token })).status).toBe(403);
  });
});

describe('units sold (popularity)', () => {
  const indexed = async (name: string) => {
    const p = await makeProduct(ctx.db, { name, stock: 10, price: 500 });
    await ctx.db.transaction().execute((trx) => ctx.search.indexProducts(trx, [p.id]));
    return p;
  };
  const sold = async (productId: number) =>
    Number(
      (
        await ctx.db
          .selectFrom('search_docs')
          .select('popularity')
          .where('product_id', '=', productId)
          .executeTakeFirstOrThrow()
      ).popularity,
    );
  const order = async (s: Shopper, productId: number, qty: number, mode: 0 | 1 = 0) => {
    await addToCart(ctx.db, s.id, productId, qty);
    const r = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(mode) });
    expect(r.status).toBe(201);
    return r.body.order_id as string;
  };

  it('counts units when a cash order is placed, keeps them when it ships, takes them back when cancelled', async () => {
    const s = await shopper(ctx);
    const p = await indexed('Sellwell Speaker');
    expect(await sold(p.id)).toBe(0);
    const first = await order(s, p.id, 3);
    expect(await sold(p.id)).toBe(3);
    const second = await order(s, p.id, 2);
    expect(await sold(p.id)).toBe(5);
    expect((await move(first, 'shipped')).status).toBe(200);
    expect(await sold(p.id)).toBe(5);
    expect((await move(second, 'cancelled')).status).toBe(200);
    expect(await sold(p.id)).toBe(3);
    // A back-office save indexes the product again from the orders: the same figure.
    await ctx.db.transaction().execute((trx) => ctx.search.indexProducts(trx, [p.id]));
    expect(await sold(p.id)).toBe(3);
  });

  it('does not count an online order until it is paid', async () => {
    const s = await shopper(ctx);
    const p = await indexed('Waitpay Speaker');
    const id = await order(s, p.id, 2, 1);
    expect(await sold(p.id)).toBe(0);
    expect((await move(id, 'cancelled')).status).toBe(200);
    expect(await sold(p.id)).toBe(0);
  });

  it('orders the popularity sort and breaks relevance ties by units sold', async () => {
    const s = await shopper(ctx);
    const quiet = await indexed('Tiebrk Lamp One');
    const busy = await indexed('Tiebrk Lamp Two');
    await order(s, busy.id, 4);
    const ids = async (qs: string) =>
      (await ctx.req('GET', `/product?limit=0&${qs}`)).body.products.map((x: { _id: string }) =>
        Number(x._id),
      );
    expect(await ids('q=tiebrk&sort=popularity')).toEqual([busy.id, quiet.id]);
    expect(await ids('q=tiebrk lamp')).toEqual([busy.id, quiet.id]);
  });
});

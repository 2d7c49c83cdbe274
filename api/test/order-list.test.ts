// Covers the back office's order list (GET /order): each filter (several states, payment mode, date range,
// amount range, order id or email), each sort with its tie-break, the total the filters match with pages, and
// bad queries refused with 400 naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { addToCart, insertShopper, makeProduct, orderBody, type Shopper } from './order-fixtures';

let ctx: TestContext;
let admin: string;
let asha: Shopper;
let ravi: Shopper;
/** Public ids by a name this file gives each order. */
const ids: Record<string, string> = {};

/** Places a one-line order through the API, then sets its state and date as the list should find them. */
async function place(
  name: string,
  s: Shopper,
  o: { mode: 0 | 1; price: number; state: string; day: string },
) {
  const p = await makeProduct(ctx.db, { stock: 5, price: o.price });
  await addToCart(ctx.db, s.id, p.id, 1);
  const r = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(o.mode) });
  expect(r.status, r.text).toBe(201);
  await ctx.db
    .updateTable('orders')
    .set({ state: o.state, created_at: new Date(`${o.day}T10:00:00Z`) } as never)
    .where('public_id', '=', r.body.order_id)
    .execute();
  ids[name] = r.body.order_id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
  asha = await insertShopper(ctx, 'Asha');
  ravi = await insertShopper(ctx, 'Ravi');
  await place('a', asha, { mode: 0, price: 500, state: 'placed', day: '2026-11-01' });
  await place('b', asha, { mode: 1, price: 2500, state: 'paid', day: '2026-11-05' });
  await place('c', ravi, { mode: 1, price: 1200, state: 'shipped', day: '2026-11-05' });
  await place('d', ravi, { mode: 0, price: 9000, state: 'delivered', day: '2026-11-10' });
  await place('e', ravi, { mode: 1, price: 300, state: 'cancelled', day: '2026-11-20' });
});
afterAll(() => ctx.close());

/** The list for a query string: the names of the orders, in the order answered, and the total. */
async function list(query: string) {
  const r = await ctx.req('GET', `/order?${query}`, { token: admin });
  expect(r.status, r.text).toBe(200);
  const byId = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
  return {
    names: r.body.orders.map((o: { order_id: string }) => byId[o.order_id]).join(''),
    total: r.body.total as number,
    hasMore: r.body.hasMore as boolean,
  };
}

describe('GET /order filters', () => {
  it('lists every order, newest first, with the total', async () => {
    expect(await list('')).toEqual({ names: 'edcba', total: 5, hasMore: false });
  });

  it('keeps one state or several', async () => {
    expect(await list('state=paid')).toMatchObject({ names: 'b', total: 1 });
    expect(await list('state=placed,paid,shipped')).toMatchObject({ names: 'cba', total: 3 });
  });

  it('keeps a payment mode', async () => {
    expect(await list('payment_mode=0')).toMatchObject({ names: 'da', total: 2 });
    expect(await list('payment_mode=1')).toMatchObject({ names: 'ecb', total: 3 });
  });

  it('keeps whole days, both included', async () => {
    expect(await list('from=2026-11-05&to=2026-11-10')).toMatchObject({ names: 'dcb', total: 3 });
    expect(await list('to=2026-11-01')).toMatchObject({ names: 'a', total: 1 });
  });

  it('keeps an amount range in rupees, both included', async () => {
    expect(await list('minTotal=1200&maxTotal=2500')).toMatchObject({ names: 'cb', total: 2 });
    expect(await list('minTotal=2500.01')).toMatchObject({ names: 'd', total: 1 });
  });

  it('finds an order id or part of an email', async () => {
    expect(await list(`q=${ids.c!.toLowerCase()}`)).toMatchObject({ names: 'c', total: 1 });
    expect(await list(`q=${encodeURIComponent(asha.email)}`)).toMatchObject({ names: 'ba', total: 2 });
  });

  it('combines filters', async () => {
    expect(await list(`state=paid,shipped&payment_mode=1&q=${encodeURIComponent(ravi.email)}`)).toMatchObject(
      {
        names: 'c',
        total: 1,
      },
    );
  });
});

describe('GET /order sorts and pages', () => {
  it('sorts by total, state and payment mode either way', async () => {
    expect((await list('sort=total&dir=asc')).names).toBe('eacbd');
    expect((await list('sort=total')).names).toBe('dbcae');
    expect((await list('sort=state&dir=asc')).names).toBe('edbac');
    expect((await list('sort=payment&dir=asc')).names).toBe('adbce');
    expect((await list('sort=date&dir=asc')).names).toBe('abcde');
  });

  it('sorts within a state or payment mode by date, then id', async () => {
    // c (online) placed before b: within the online orders, by date rather than by id.
    const moved = (day: string) =>
      ctx.db
        .updateTable('orders')
        .set({ created_at: new Date(`${day}T10:00:00Z`) } as never)
        .where('public_id', '=', ids.c!)
        .execute();
    await moved('2026-11-02');
    try {
      expect((await list('sort=payment&dir=asc')).names).toBe('adcbe');
      expect((await list('sort=payment')).names).toBe('ebcda');
      expect((await list('sort=payment&dir=asc&limit=2&page=2')).names).toBe('cb');
    } finally {
      await moved('2026-11-05');
    }
  });

  it('pages with the same total on every page', async () => {
    expect(await list('sort=date&dir=asc&limit=2')).toEqual({ names: 'ab', total: 5, hasMore: true });
    expect(await list('sort=date&dir=asc&limit=2&page=3')).toEqual({ names: 'e', total: 5, hasMore: false });
    expect(await list('limit=2&page=9')).toEqual({ names: '', total: 5, hasMore: false });
  });
});

describe('GET /order bad queries', () => {
  it.each([
    ['state=placed,lost', /state must be one of/],
    ['payment_mode=2', /payment_mode must be 0 \(cash on delivery\) or 1 \(online\)/],
    ['from=5-11-2026', /from must be a date/],
    ['from=2026-11-10&to=2026-11-01', /to must not be before from/],
    ['minTotal=abc', /minTotal must be an amount/],
    ['minTotal=-5', /minTotal must be an amount/],
    ['minTotal=900&maxTotal=100', /maxTotal must not be less than minTotal/],
    ['sort=customer', /sort must be one of date, total, state, payment/],
    ['dir=up', /dir must be asc or desc/],
    ['limit=101', /limit must be at most 100/],
  ])('refuses %s', async (query, message) => {
    const r = await ctx.req('GET', `/order?${query}`, { token: admin });
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(message);
  });
});

// Covers the totals of the back office's order and customer lists, which the API keeps per filter (lib/list-counts.ts):
// a kept total is exact when shown, because every change the lists filter on moves the list's version in the same
// transaction (triggers of migration 20261125T0800): a new order, a state move through the API, a change written
// with SQL by hand, a new customer and a block are all seen by the next request; a change of a column the lists do
// not filter on leaves the version where it was.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListCounts } from '../src/lib/list-counts';
import { createTestContext, type TestContext } from './context';
import { addToCart, insertShopper, makeProduct, orderBody, type Shopper } from './order-fixtures';

let ctx: TestContext;
let admin: string;
let shopper: Shopper;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
  shopper = await insertShopper(ctx, 'Leela');
});
afterAll(() => ctx.close());

async function placeOrder(): Promise<string> {
  const p = await makeProduct(ctx.db, { stock: 5, price: 700 });
  await addToCart(ctx.db, shopper.id, p.id, 1);
  const r = await ctx.req('POST', '/order/place-order', { token: shopper.token, body: orderBody(0) });
  expect(r.status, r.text).toBe(201);
  return r.body.order_id as string;
}

async function total(path: string): Promise<number> {
  const r = await ctx.req('GET', path, { token: admin });
  expect(r.status, r.text).toBe(200);
  return r.body.total as number;
}

const version = async (list: string) =>
  Number(
    (
      await sql<{
        v: string | null;
      }>`SELECT SUM(version) AS v FROM list_versions WHERE list = ${list}`.execute(ctx.db)
    ).rows[0]?.v ?? 0,
  );

describe('order list totals', () => {
  it('follow a new order, a move through the API and a change by hand at once', async () => {
    const first = await placeOrder();
    expect(await total('/order?state=placed')).toBe(1);
    expect(await total('/order?state=placed')).toBe(1);
    const second = await placeOrder();
    expect(await total('/order?state=placed')).toBe(2);
    expect(await total('/order?state=shipped')).toBe(0);

    const moved = await ctx.req('PATCH', `/order/status/${first}`, {
      token: admin,
      body: { state: 'shipped' },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(await total('/order?state=placed')).toBe(1);
    expect(await total('/order?state=shipped')).toBe(1);

    await ctx.db.updateTable('orders').set({ state: 'cancelled' }).where('public_id', '=', second).execute();
    expect(await total('/order?state=placed')).toBe(0);
    expect(await total('/order?state=cancelled')).toBe(1);
    expect(await total('/order')).toBe(2);
  });

  it('keep their version when a column the lists do not filter on changes', async () => {
    const before = await version('orders');
    await ctx.db.updateTable('orders').set({ notes: 'Leave with the guard' }).execute();
    expect(await version('orders')).toBe(before);
    await ctx.db.updateTable('orders').set({ total_paise: sql`total_paise + 1` }).execute();
    expect(await version('orders')).toBeGreaterThan(before);
  });
});

describe('customer list totals', () => {
  it('follow a new customer and a block at once', async () => {
    const all = await total('/admin/users');
    expect(await total('/admin/users?blocked=true')).toBe(0);
    const fresh = await ctx.customer('Nikhil');
    expect(await total('/admin/users')).toBe(all + 1);
    const blocked = await ctx.req('PUT', `/admin/users/${fresh.id}/block`, {
      token: admin,
      body: { blocked: true },
    });
    expect(blocked.status, blocked.text).toBe(200);
    expect(await total('/admin/users?blocked=true')).toBe(1);
    expect(await total('/admin/users?blocked=false')).toBe(all);
  });
});

describe('ListCounts', () => {
  it('counts once per list version and filter, and again once the version moves', async () => {
    const counts = new ListCounts();
    let loads = 0;
    const load = async () => ++loads;
    expect(await counts.count(ctx.db, 'orders', 'a', load)).toBe(1);
    expect(await counts.count(ctx.db, 'orders', 'a', load)).toBe(1);
    expect(await counts.count(ctx.db, 'orders', 'b', load)).toBe(2);
    // The customers' version is another list's: the orders' totals stay.
    await ctx.customer('Farah');
    expect(await counts.count(ctx.db, 'orders', 'a', load)).toBe(1);
    await placeOrder();
    expect(await counts.count(ctx.db, 'orders', 'a', load)).toBe(3);
    expect(await counts.count(ctx.db, 'orders', 'a', load)).toBe(3);
  });

  it('does not keep a failed count', async () => {
    const counts = new ListCounts();
    await expect(
      counts.count(ctx.db, 'users', 'x', () => Promise.reject(new Error('lost'))),
    ).rejects.toThrow();
    expect(await counts.count(ctx.db, 'users', 'x', async () => 7)).toBe(7);
  });
});

// Covers customers in the back office: the list's filters (blocked, joined dates), sorts and total (GET
// /admin/users); the customer page with addresses, orders and totals (GET /admin/users/:id); blocking (PUT
// /admin/users/:id/block): the customer's tokens stop at once (no cart, no order), their login is refused with
// 403 `account_blocked` while a wrong password still gets the usual 401, and unblocking lets them log in again;
// only admins may do any of it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { addToCart, makeProduct, orderBody } from './order-fixtures';

let ctx: TestContext;
let admin: string;
const tag = randomBytes(3).toString('hex');

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

async function register(name: string) {
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${tag}@example.com`;
  const r = await ctx.req('POST', '/user/register', { body: { name, email, password: 'shopper-pass-1' } });
  expect(r.status, r.text).toBe(201);
  return { id: r.body.user._id as string, token: r.body.token as string, email };
}

const block = (id: string, blocked: boolean, token = admin) =>
  ctx.req('PUT', `/admin/users/${id}/block`, { token, body: { blocked } });

describe('the customer page and blocking', () => {
  it('shows the account, addresses, orders and totals', async () => {
    const c = await register('Asha Rao');
    const address = {
      adressLine1: '12 MG Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
      country: 'India',
      contact: '9876543210',
    };
    const added = await ctx.req('POST', '/user/add-address', {
      token: c.token,
      body: { shipping_address: address },
    });
    expect(added.status, added.text).toBe(201);
    const p = await makeProduct(ctx.db, { price: 1500, stock: 5 });
    await addToCart(ctx.db, Number(c.id), p.id, 2);
    const placed = await ctx.req('POST', '/order/place-order', { token: c.token, body: orderBody(0) });
    expect(placed.status, placed.text).toBe(201);

    const r = await ctx.req('GET', `/admin/users/${c.id}`, { token: admin });
    expect(r.status, r.text).toBe(200);
    expect(r.body.customer).toMatchObject({ _id: c.id, name: 'Asha Rao', blocked: false, orderCount: 1 });
    expect(r.body.addresses).toHaveLength(1);
    expect(r.body.addresses[0]).toMatchObject({ city: 'Bengaluru' });
    expect(r.body.orders).toEqual([
      expect.objectContaining({ order_id: placed.body.order_id, state: 'placed', order_total: 3000 }),
    ]);
    expect(r.body.totals).toEqual({ orders: 1, spent: 3000 });
  });

  it('blocks: the tokens stop at once, login is refused, unblocking lets the customer in again', async () => {
    const c = await register('Ravi Kumar');
    const p = await makeProduct(ctx.db, { price: 500, stock: 5 });
    await addToCart(ctx.db, Number(c.id), p.id, 1);
    const before = await ctx.snapshot();

    const r = await block(c.id, true);
    expect(r.status, r.text).toBe(200);
    expect(r.body.msg).toBe(
      'Ravi Kumar is blocked: they cannot log in or order, and their sessions have ended.',
    );
    expect(r.body.customer).toMatchObject({ blocked: true });

    const order = await ctx.req('POST', '/order/place-order', { token: c.token, body: orderBody(0) });
    expect(order.status).toBe(401);
    expect((await ctx.req('GET', '/cart', { token: c.token })).status).toBe(401);
    // Nothing changed but the block's own history record.
    expect(await ctx.snapshot()).toEqual({ ...before, audit_log: before.audit_log! + 1 });

    const login = await ctx.req('POST', '/user/login', {
      body: { email: c.email, password: 'shopper-pass-1' },
    });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: 'account_blocked' });
    const wrong = await ctx.req('POST', '/user/login', {
      body: { email: c.email, password: 'wrong-pass-1' },
    });
    expect(wrong.status).toBe(401);

    // Blocking again changes nothing.
    expect((await block(c.id, true)).body.customer.blocked).toBe(true);

    expect((await block(c.id, false)).body.msg).toBe('Ravi Kumar is unblocked: they can log in again.');
    const again = await ctx.req('POST', '/user/login', {
      body: { email: c.email, password: 'shopper-pass-1' },
    });
    expect(again.status).toBe(200);
    expect((await ctx.req('GET', '/cart', { token: again.body.token })).status).toBe(200);
    // The tokens from before the block stay ended.
    expect((await ctx.req('GET', '/cart', { token: c.token })).status).toBe(401);
  });

  it('is for admins only, and says which customer does not exist', async () => {
    const c = await register('Meera Iyer');
    expect((await block(c.id, true, '')).status).toBe(401);
    expect((await block(c.id, true, c.token)).status).toBe(403);
    expect((await ctx.req('GET', `/admin/users/${c.id}`, { token: c.token })).status).toBe(403);
    expect((await ctx.req('GET', '/admin/users/999999999', { token: admin })).status).toBe(404);
    expect((await block('abc', true)).status).toBe(404);
    const bad = await ctx.req('PUT', `/admin/users/${c.id}/block`, {
      token: admin,
      body: { blocked: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('blocked must be true or false');
  });
});

describe('the customer list', () => {
  const listTag = randomBytes(3).toString('hex');
  const names = ['Zoya Blocked', 'Anil Early', 'Kiran Late'];
  beforeAll(async () => {
    const made = [];
    for (const n of names) made.push(await register(`${n} ${listTag}`));
    await block(made[0]!.id, true);
    await ctx.db
      .updateTable('users')
      .set({ created_at: new Date('2025-01-15T10:00:00Z') } as never)
      .where('id', '=', Number(made[1]!.id))
      .execute();
  });

  const list = (query: string) => ctx.req('GET', `/admin/users?q=${listTag}&${query}`, { token: admin });

  it('filters by blocked and by joined dates, with the total', async () => {
    const blocked = await list('blocked=true');
    expect(blocked.body.users.map((u: { name: string }) => u.name)).toEqual([`Zoya Blocked ${listTag}`]);
    expect(blocked.body.total).toBe(1);
    expect((await list('blocked=false')).body.total).toBe(2);
    const early = await list('joinedFrom=2025-01-15&joinedTo=2025-01-15');
    expect(early.body.users.map((u: { name: string }) => u.name)).toEqual([`Anil Early ${listTag}`]);
    expect((await list('joinedFrom=2025-01-16')).body.total).toBe(2);
  });

  it('sorts by name, email or joined date either way, with pages that add up', async () => {
    const byName = await list('sort=name&dir=asc');
    expect(byName.body.users.map((u: { name: string }) => u.name)).toEqual(
      names.map((n) => `${n} ${listTag}`).sort(),
    );
    const joined = await list('sort=joined&dir=asc&limit=2');
    expect(joined.body.users[0].name).toBe(`Anil Early ${listTag}`);
    expect(joined.body).toMatchObject({ total: 3, hasMore: true });
    const page2 = await list('sort=joined&dir=asc&limit=2&page=2');
    expect(page2.body).toMatchObject({ total: 3, hasMore: false });
    expect(page2.body.users).toHaveLength(1);
    const bad = await list('sort=orders');
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('sort must be one of joined, name, email');
  });
});

// Covers the staff view of addresses the pincode migration could not match to a state (GET /admin/addresses/review):
// flagged saved addresses and orders with their customer and the state as typed; the fix (PUT
// /admin/addresses/:id/state): a state from the list, checked against the pincode as the shopper's form is, the
// flag cleared and the change in the History; refusals (a state not on the list, a pincode of another state, an
// unknown address) change nothing; a role without the customers permissions gets 403.
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

/** An address as the migration leaves one it could not match: the state text kept, no code, flagged. */
async function flaggedAddress(userId: string, state: string, postalCode: string) {
  const r = await ctx.db
    .insertInto('addresses')
    .values({
      user_id: Number(userId),
      adress_line1: '12 MG Road',
      adress_line2: 'Floor 2',
      city: 'Bengaluru',
      state,
      postal_code: postalCode,
      country: 'India',
      contact: '9876543210',
      address_review: 1,
    })
    .executeTakeFirstOrThrow();
  return String(r.insertId);
}

const list = (token = admin) => ctx.req('GET', '/admin/addresses/review', { token });
const fix = (id: string, stateCode: unknown, token = admin) =>
  ctx.req('PUT', `/admin/addresses/${id}/state`, { token, body: { stateCode } });

describe('addresses to check', () => {
  it('lists flagged addresses and orders with the customer and the state as typed, not the matched ones', async () => {
    const c = await ctx.customer(`Asha ${tag}`);
    const flagged = await flaggedAddress(c.id, 'Karnatka state', '560001');
    const matched = await ctx.db
      .insertInto('addresses')
      .values({
        user_id: Number(c.id),
        adress_line1: '1 Park Street',
        adress_line2: '',
        contact: '',
        city: 'Kolkata',
        state: 'West Bengal',
        state_code: '19',
        postal_code: '700016',
        country: 'India',
      })
      .executeTakeFirstOrThrow();
    // An order placed before the directory, whose state text the migration could not match.
    const p = await makeProduct(ctx.db, { price: 1500, stock: 5 });
    await addToCart(ctx.db, Number(c.id), p.id, 1);
    const placed = await ctx.req('POST', '/order/place-order', { token: c.token, body: orderBody(0) });
    expect(placed.status, placed.text).toBe(201);
    const order = placed.body.order_id as string;
    await ctx.db
      .updateTable('orders')
      .set({ ship_state: 'Bengal W.', ship_state_code: null, address_review: 1 })
      .where('public_id', '=', order)
      .execute();

    const r = await list();
    expect(r.status, r.text).toBe(200);
    expect(r.body.addresses).toContainEqual({
      _id: flagged,
      customer: { _id: c.id, name: `Asha ${tag}`, email: c.email },
      address: '12 MG Road, Floor 2, Bengaluru, 560001',
      postalCode: '560001',
      state: 'Karnatka state',
    });
    expect(r.body.addresses.map((a: { _id: string }) => a._id)).not.toContain(String(matched.insertId));
    expect(r.body.orders).toContainEqual(
      expect.objectContaining({
        _id: order,
        state: 'Bengal W.',
        customer: expect.objectContaining({ _id: c.id }),
      }),
    );
    expect(r.body.total.addresses).toBe(r.body.addresses.length);
    expect(r.body.total.orders).toBe(r.body.orders.length);
  });

  it('fixes an address: the state from the list, the flag cleared, the change in the History', async () => {
    const c = await ctx.customer(`Ravi ${tag}`);
    const id = await flaggedAddress(c.id, 'Kar.', '560001');
    const r = await fix(id, '29');
    expect(r.status, r.text).toBe(200);
    expect(r.body.msg).toBe(`The address of Ravi ${tag} is now in Karnataka.`);
    expect(r.body.addresses.map((a: { _id: string }) => a._id)).not.toContain(id);
    const row = await ctx.db
      .selectFrom('addresses')
      .select(['state', 'state_code', 'address_review'])
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'Karnataka', state_code: '29', address_review: 0 });
    // The customer's own address book shows the fixed state.
    const me = await ctx.req('GET', `/admin/users/${c.id}`, { token: admin });
    expect(me.body.addresses[0]).toMatchObject({ state: 'Karnataka', stateCode: '29' });

    const history = await ctx.req('GET', `/admin/audit?kind=customer&objectId=${c.id}`, { token: admin });
    expect(history.status, history.text).toBe(200);
    expect(history.body.records[0]).toMatchObject({
      action: 'customer.address_state',
      summary: `State of Ravi ${tag}'s address (PIN 560001): "Kar." → Karnataka`,
      before: expect.objectContaining({ state: 'Kar.', flagged: true }),
      after: expect.objectContaining({ state: 'Karnataka', stateCode: '29', flagged: false }),
    });
  });

  it('refuses a state not on the list, a pincode of another state and an unknown address, changing nothing', async () => {
    const c = await ctx.customer(`Meena ${tag}`);
    const id = await flaggedAddress(c.id, 'Karnatka', '560001');
    const before = await ctx.snapshot();
    for (const bad of ['KA', 'Karnataka', '99', '', 29, null]) {
      const r = await fix(id, bad);
      expect(r.status, `${bad}: ${r.text}`).toBe(400);
      expect(r.body.msg).toContain('Please choose a state or union territory of India');
    }
    const wrong = await fix(id, '32');
    expect(wrong.status, wrong.text).toBe(400);
    expect(wrong.body.code).toBe('wrong_state');
    expect(wrong.body.msg).toContain('560001 is in Karnataka, not Kerala');
    const missing = await fix('999999999', '29');
    expect(missing.status, missing.text).toBe(404);
    expect(await ctx.snapshot()).toEqual(before);
    const row = await ctx.db
      .selectFrom('addresses')
      .select(['state', 'state_code', 'address_review'])
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'Karnatka', state_code: null, address_review: 1 });
  });

  it('is for staff who may see customers: Catalogue gets 403, Orders may look but not fix', async () => {
    const c = await ctx.customer(`Kiran ${tag}`);
    const id = await flaggedAddress(c.id, 'Karnatka', '560001');
    const catalogue = (await ctx.staffMember(admin, 'catalogue')).token;
    const orders = (await ctx.staffMember(admin, 'orders')).token;
    for (const r of [await list(catalogue), await fix(id, '29', catalogue), await fix(id, '29', orders)]) {
      expect(r.status, r.text).toBe(403);
      expect(r.body.code).toBe('missing_permission');
    }
    expect((await list(orders)).status).toBe(200);
    expect((await list(c.token)).status).toBe(403);
  });
});

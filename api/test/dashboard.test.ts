// Covers the dashboard's periods: GET /admin/metrics?period=today|7d|30d (today when absent,
// anything else 400) answers the all-time figures as before and the period's own: sign-ups and orders whose
// creation time falls in the period's days in the shop's time zone (Asia/Kolkata, so a day starts at 18:30 UTC),
// revenue split into online (paid) and cash on delivery (delivered only), and the cash still to collect. Rows are
// written at chosen instants on both sides of each period's first midnight.
import { randomBytes } from 'node:crypto';
import { periodRange } from '@voltcart/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

const DAY = 24 * 60 * 60 * 1000;

async function userAt(createdAt: Date): Promise<number> {
  const r = await ctx.db
    .insertInto('users')
    .values({
      name: 'Dashboard Shopper',
      email: `dash-${randomBytes(5).toString('hex')}@example.com`,
      password_hash: 'x',
    })
    .executeTakeFirstOrThrow();
  const id = Number(r.insertId);
  await backdate('users', id, createdAt);
  return id;
}

/** created_at is the database's own (never written by the app): set it afterwards. */
async function backdate(table: 'users' | 'orders', id: number, createdAt: Date) {
  await sql`UPDATE ${sql.table(table)} SET created_at = ${createdAt} WHERE id = ${id}`.execute(ctx.db);
}

async function orderAt(userId: number, createdAt: Date, mode: 0 | 1, state: string, rupees: number) {
  const r = await ctx.db
    .insertInto('orders')
    .values({
      public_id: randomBytes(10).toString('hex'),
      user_id: userId,
      state,
      payment_mode: mode,
      total_paise: rupees * 100,
      original_total_paise: rupees * 100,
      ship_adress_line1: '12 MG Road',
      ship_city: 'Bengaluru',
      ship_state: 'Karnataka',
      ship_postal_code: '560001',
      ship_country: 'India',
    })
    .executeTakeFirstOrThrow();
  await backdate('orders', Number(r.insertId), createdAt);
}

const metrics = async (query = '') => {
  const r = await ctx.req('GET', `/admin/metrics${query}`, { token: admin });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.metrics;
};

describe('GET /admin/metrics?period=', () => {
  it('counts each period’s days in India time, with revenue by rule, next to the all-time figures', async () => {
    const now = new Date();
    const today = periodRange('today', now);
    const week = periodRange('7d', now);
    const month = periodRange('30d', now);
    // Days start at midnight in India: 18:30 UTC the day before.
    for (const r of [today, week, month]) expect(r.from.toISOString()).toMatch(/T18:30:00\.000Z$/);
    expect(today.to.getTime() - today.from.getTime()).toBe(DAY);
    expect(today.from.getTime() - week.from.getTime()).toBe(6 * DAY);
    expect(today.from.getTime() - month.from.getTime()).toBe(29 * DAY);
    const before = (t: Date) => new Date(t.getTime() - 1);

    const old = await userAt(new Date(month.from.getTime() - 10 * DAY));
    await userAt(today.from); // first instant of today
    await userAt(before(today.from)); // last instant of yesterday
    await userAt(before(month.from)); // just outside 30 days

    await orderAt(old, today.from, 0, 'delivered', 100); // today: cash collected
    await orderAt(old, today.from, 1, 'pending_payment', 999); // today: not paid, no revenue
    await orderAt(old, new Date(today.from.getTime() + 1000), 0, 'cancelled', 300); // today: no revenue
    await orderAt(old, before(today.from), 1, 'paid', 1000); // yesterday: 7 days
    await orderAt(old, week.from, 0, 'placed', 50); // first instant of 7 days: cash to collect
    await orderAt(old, before(week.from), 1, 'shipped', 200); // 30 days only
    await orderAt(old, month.from, 0, 'shipped', 70); // first instant of 30 days: cash to collect
    await orderAt(old, before(month.from), 0, 'delivered', 500); // outside every period

    const period = (key: string, from: Date, to: Date) => ({
      key,
      from: from.toISOString(),
      to: to.toISOString(),
    });
    const m = await metrics();
    // All time, as before: every customer and order; online paid + cash delivered; placed cash + paid online.
    expect(m).toMatchObject({ customers: 4, orders: 8, revenue: 1800, ordersToShip: 2 });
    expect(m.period).toEqual({
      ...period('today', today.from, today.to),
      timeZone: 'Asia/Kolkata',
      newCustomers: 1,
      orders: 3,
      revenue: 100,
      gross: 100,
      discounts: 0,
      revenueOnline: 0,
      revenueCod: 100,
      codToCollect: 0,
    });
    expect((await metrics('?period=today')).period).toEqual(m.period);
    expect((await metrics('?period=7d')).period).toEqual({
      ...period('7d', week.from, week.to),
      timeZone: 'Asia/Kolkata',
      newCustomers: 2,
      orders: 5,
      revenue: 1100,
      gross: 1100,
      discounts: 0,
      revenueOnline: 1000,
      revenueCod: 100,
      codToCollect: 50,
    });
    const thirty = await metrics('?period=30d');
    expect(thirty.period).toEqual({
      ...period('30d', month.from, month.to),
      timeZone: 'Asia/Kolkata',
      newCustomers: 2,
      orders: 7,
      revenue: 1300,
      gross: 1300,
      discounts: 0,
      revenueOnline: 1200,
      revenueCod: 100,
      codToCollect: 120,
    });
    expect(thirty).toMatchObject({ customers: 4, orders: 8, revenue: 1800, ordersToShip: 2 });
  });

  it('refuses an unknown period with 400, and anyone but staff', async () => {
    for (const p of ['yesterday', 'TODAY', '7', '365d']) {
      const r = await ctx.req('GET', `/admin/metrics?period=${p}`, { token: admin });
      expect(r.status, p).toBe(400);
      expect(r.body).toEqual({ flag: 0, code: 'invalid_input', msg: 'period must be today, 7d or 30d' });
    }
    expect((await ctx.req('GET', '/admin/metrics?period=7d')).status).toBe(401);
    const shopper = await ctx.customer();
    expect((await ctx.req('GET', '/admin/metrics?period=7d', { token: shopper.token })).status).toBe(403);
  });
});

// Covers the sales report (GET /reports/sales, reports.read) against orders whose figures are worked out by hand
// below: orders placed, paid orders, gross, refunds (a partial and a full one), net, average order value, units,
// new and returning customers, prepaid and cash-on-delivery shares, the series by day and by month, the top
// products, categories and brands, the previous period; the dashboard's figures of the same days and a customer's
// "spent" agree with it to the paisa; the CSV export of each table (formula-looking names kept as text); the
// period's bad input (end before start, over 5 years, in the future) answered in words; and who may read it.
import { randomBytes } from 'node:crypto';
import { dayOf, dayStart } from '@voltcart/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import {
  addToCart,
  insertShopper,
  makeProduct,
  orderBody,
  payWithSimulator,
  type Shopper,
} from './order-fixtures';

let ctx: TestContext;
let admin: string;
const tag = randomBytes(3).toString('hex');
const today = dayOf(new Date());
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const week = { period: 'custom', from: addDays(today, -6), to: today };
const qs = (q: Record<string, string>) => `?${new URLSearchParams(q)}`;

let phoneId: number;
let cableId: number;
const s: Shopper[] = [];

/** Places the shopper's cart as an order and dates it at noon (India) of `day`. */
async function order(shopper: Shopper, mode: 0 | 1, lines: [number, number][], day: string) {
  for (const [productId, qty] of lines) await addToCart(ctx.db, shopper.id, productId, qty);
  const r = await ctx.req('POST', '/order/place-order', { token: shopper.token, body: orderBody(mode) });
  expect(r.status, r.text).toBe(201);
  const id = r.body.order_id as string;
  const at = new Date(dayStart(day).getTime() + 12 * 3600_000);
  await sql`UPDATE orders SET created_at = ${at} WHERE public_id = ${id}`.execute(ctx.db);
  if (mode === 1) expect((await payWithSimulator(ctx, shopper.token, id)).status).toBe(200);
  return id;
}
const move = async (id: string, ...states: string[]) => {
  for (const state of states) {
    const r = await ctx.req('PATCH', `/order/status/${id}`, { token: admin, body: { state } });
    expect(r.status, r.text).toBe(200);
  }
};
const refund = async (id: string, amount: number) => {
  const r = await ctx.req('POST', `/order/${id}/refund`, {
    token: admin,
    body: { amount, reason: 'Scratched box' },
  });
  expect(r.status, r.text).toBe(200);
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
  const cat = new FormData();
  cat.append('name', `Phones ${tag}`);
  expect((await ctx.req('POST', '/category/create', { token: admin, form: cat })).status).toBe(201);
  const category = await ctx.db
    .selectFrom('categories')
    .select('id')
    .where('slug', '=', `phones-${tag}`)
    .executeTakeFirstOrThrow();
  phoneId = (await makeProduct(ctx.db, { name: `Phone ${tag}`, price: 1000, stock: 50 })).id;
  cableId = (await makeProduct(ctx.db, { name: `=cheap cable ${tag}`, price: 250, stock: 50 })).id;
  await ctx.db
    .updateTable('products')
    .set({ brand: 'Acme', category_id: category.id })
    .where('id', '=', phoneId)
    .execute();
  for (let i = 0; i < 4; i++) s.push(await insertShopper(ctx, `Shopper ${i}`));

  // The previous 7 days: shopper 0's first order, cash on delivery, delivered (₹250).
  await move(await order(s[0]!, 0, [[cableId, 1]], addDays(today, -10)), 'shipped', 'delivered');
  // This week:
  // O1, 2 days ago: shopper 0 (returning), 2 phones, cash on delivery, delivered: ₹2,000
  await move(await order(s[0]!, 0, [[phoneId, 2]], addDays(today, -2)), 'shipped', 'delivered');
  // O2, yesterday: shopper 1 (new), a phone and 2 cables online: ₹1,500, ₹300 refunded
  await refund(
    await order(
      s[1]!,
      1,
      [
        [phoneId, 1],
        [cableId, 2],
      ],
      addDays(today, -1),
    ),
    300,
  );
  // O3, today: shopper 2, a cable, cash on delivery, not delivered: placed, no money taken yet
  await order(s[2]!, 0, [[cableId, 1]], today);
  // O4, today: shopper 1, a phone online, refunded in full before shipping: ₹1,000 taken and given back
  await refund(await order(s[1]!, 1, [[phoneId, 1]], today), 1000);
  // O5, 3 days ago: shopper 3, a phone, cash on delivery, cancelled
  await move(await order(s[3]!, 0, [[phoneId, 1]], addDays(today, -3)), 'cancelled');
});
afterAll(() => ctx.close());

const report = async (q: Record<string, string>, token = admin) =>
  ctx.req('GET', `/reports/sales${qs(q)}`, { token });

describe('GET /reports/sales', () => {
  it('gives the week’s figures as worked out by hand, and the previous week’s', async () => {
    const r = await report(week);
    expect(r.status, r.text).toBe(200);
    expect(r.body.current).toEqual({
      orders: 5,
      paidOrders: 3,
      gross: 4500,
      discounts: 0,
      refunds: 1300,
      net: 3200,
      averageOrderValue: 1500,
      units: 6,
      newCustomers: 1,
      returningCustomers: 1,
      prepaid: { orders: 2, net: 1200 },
      cod: { orders: 1, net: 2000 },
      returnedOrders: 0,
    });
    expect(r.body.previous).toEqual({ firstDay: addDays(today, -13), lastDay: addDays(today, -7) });
    expect(r.body.comparison).toMatchObject({
      orders: 1,
      paidOrders: 1,
      gross: 250,
      net: 250,
      units: 1,
      newCustomers: 1,
    });
    expect(r.body.period).toMatchObject({
      days: 7,
      groupBy: 'day',
      timeZone: 'Asia/Kolkata',
      firstDay: week.from,
    });
  });

  it('gives a point for every day, and groups by month when asked', async () => {
    const r = await report(week);
    expect(r.body.series).toHaveLength(7);
    const at = (day: string) => r.body.series.find((p: { bucket: string }) => p.bucket === day);
    expect(at(addDays(today, -2))).toEqual({
      bucket: addDays(today, -2),
      paidOrders: 1,
      gross: 2000,
      discounts: 0,
      refunds: 0,
      net: 2000,
      units: 2,
    });
    expect(at(addDays(today, -1))).toMatchObject({ gross: 1500, refunds: 300, net: 1200, units: 3 });
    expect(at(today)).toMatchObject({ paidOrders: 1, gross: 1000, refunds: 1000, net: 0, units: 1 });
    expect(at(addDays(today, -3))).toMatchObject({ paidOrders: 0, gross: 0 });
    const monthly = await report({ ...week, groupBy: 'month' });
    const sum = monthly.body.series.reduce((t: number, p: { net: number }) => t + p.net, 0);
    expect(sum).toBe(3200);
    expect(monthly.body.series.every((p: { bucket: string }) => p.bucket.endsWith('-01'))).toBe(true);
  });

  it('ranks products, categories and brands by sales', async () => {
    const r = await report(week);
    expect(r.body.topProducts).toEqual([
      { _id: String(phoneId), name: `Phone ${tag}`, units: 4, sales: 4000 },
      { _id: String(cableId), name: `=cheap cable ${tag}`, units: 2, sales: 500 },
    ]);
    expect(r.body.topCategories).toMatchObject([
      { name: `Phones ${tag}`, units: 4, sales: 4000 },
      { _id: null, name: 'Uncategorised', units: 2, sales: 500 },
    ]);
    expect(r.body.topBrands).toEqual([
      { _id: null, name: 'Acme', units: 4, sales: 4000 },
      { _id: null, name: 'No brand', units: 2, sales: 500 },
    ]);
  });

  it('agrees with the dashboard and the customer page to the paisa (refunds subtracted on all three)', async () => {
    const dash = await ctx.req('GET', '/admin/metrics?period=7d', { token: admin });
    expect(dash.status, dash.text).toBe(200);
    const r = await report({ period: '7d' });
    expect(dash.body.metrics.period).toMatchObject({
      orders: r.body.current.orders,
      revenue: r.body.current.net,
      revenueOnline: r.body.current.prepaid.net,
      revenueCod: r.body.current.cod.net,
    });
    expect(dash.body.metrics.period.revenue).toBe(3200);
    const customer = await ctx.req('GET', `/admin/users/${s[1]!.id}`, { token: admin });
    expect(customer.body.totals.spent).toBe(1200);
  });

  it('refuses a period that ends before it starts, is over 5 years or reaches into the future, in words', async () => {
    const before = await report({ period: 'custom', from: today, to: addDays(today, -3) });
    expect(before.status).toBe(400);
    expect(before.body.msg).toMatch(/^The period ends \(.+\) before it starts/);
    const long = await report({ period: 'custom', from: addDays(today, -6 * 366), to: today });
    expect(long.status).toBe(400);
    expect(long.body.msg).toMatch(/longer than 5 years/);
    const future = await report({ period: 'custom', from: today, to: addDays(today, 1) });
    expect(future.status).toBe(400);
    expect(future.body.msg).toMatch(/ends in the future/);
    expect((await report({ period: 'custom', from: today })).body.msg).toMatch(
      /both the first and the last day/,
    );
    expect((await report({ period: 'fortnight' })).status).toBe(400);
    expect((await report({ period: 'custom', from: '2026-02-30', to: today })).status).toBe(400);
  });

  it('is for the Owner and Managers only', async () => {
    expect((await ctx.req('GET', '/reports/sales')).status).toBe(401);
    expect((await report(week, s[0]!.token)).status).toBe(403);
    const manager = await ctx.staffMember(admin, 'manager');
    expect((await report(week, manager.token)).status).toBe(200);
    for (const role of ['orders', 'catalogue']) {
      const m = await ctx.staffMember(admin, role);
      const r = await report(week, m.token);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('missing_permission');
      expect(
        (await ctx.req('GET', `/reports/sales.csv${qs({ ...week, table: 'products' })}`, { token: m.token }))
          .status,
      ).toBe(403);
    }
  });
});

describe('the days kept for reports', () => {
  it('follow orders changed after a report was read: a new order, a refund, an order moved to another day', async () => {
    const before = (await report(week)).body;
    const shopper = await insertShopper(ctx, 'Later shopper');
    // A cash-on-delivery phone placed today and delivered: +₹1,000 today.
    const late = await order(shopper, 0, [[phoneId, 1]], today);
    await move(late, 'shipped', 'delivered');
    let after = (await report(week)).body;
    expect(after.current.net).toBe(before.current.net + 1000);
    expect(after.current.orders).toBe(before.current.orders + 1);
    expect(after.current.newCustomers).toBe(before.current.newCustomers + 1);
    // Moved to 5 days ago: today loses it, that day gains it (the day it left is counted again).
    const at = new Date(dayStart(addDays(today, -5)).getTime() + 3600_000);
    await sql`UPDATE orders SET created_at = ${at} WHERE public_id = ${late}`.execute(ctx.db);
    after = (await report(week)).body;
    const point = (day: string) => after.series.find((p: { bucket: string }) => p.bucket === day);
    expect(point(today).gross).toBe(1000);
    expect(point(addDays(today, -5))).toMatchObject({ paidOrders: 1, gross: 1000, units: 1 });
    expect(after.current.net).toBe(before.current.net + 1000);
    const dash = await ctx.req('GET', '/admin/metrics?period=7d', { token: admin });
    expect(dash.body.metrics.period.revenue).toBe(after.current.net);
  });
});

describe('GET /reports/sales.csv', () => {
  it('exports each table as CSV with a header, a formula-looking name kept as text', async () => {
    const products = await ctx.req('GET', `/reports/sales.csv${qs({ ...week, table: 'products' })}`, {
      token: admin,
    });
    expect(products.status).toBe(200);
    expect(products.headers.get('content-type')).toMatch(/text\/csv/);
    expect(products.headers.get('content-disposition')).toContain(
      `voltcart-products-${week.from}-to-${today}.csv`,
    );
    const lines = products.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toEqual(['product,units,sales', `Phone ${tag},5,5000`, `'=cheap cable ${tag},2,500`]);
    const series = await ctx.req('GET', `/reports/sales.csv${qs({ ...week, table: 'series' })}`, {
      token: admin,
    });
    const rows = series.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(rows[0]).toBe('day,paid orders,gross,discounts,refunds,net,units');
    expect(rows).toHaveLength(8);
    expect(rows).toContain(`${addDays(today, -1)},1,1500,0,300,1200,3`);
    const bad = await ctx.req('GET', `/reports/sales.csv${qs({ ...week, table: 'everything' })}`, {
      token: admin,
    });
    expect(bad.status).toBe(400);
  });
});

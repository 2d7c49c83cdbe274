// Covers gross, discounts and net on the sales report, its CSV export and the dashboard, against orders with
// discounts worked out by hand below (a percentage code, a fixed-amount code, a refund, an order whose cash is not
// collected yet): the three agree to the paisa, and net = gross - discounts - refunds.
import { dayOf } from '@voltcart/shared';
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
const today = dayOf(new Date());
let phoneId: number;
let cableId: number;

async function order(shopper: Shopper, mode: 0 | 1, lines: [number, number][], code?: string) {
  for (const [productId, qty] of lines) await addToCart(ctx.db, shopper.id, productId, qty);
  const r = await ctx.req('POST', '/order/place-order', {
    token: shopper.token,
    body: orderBody(mode, code ? { discount_code: code } : {}),
  });
  expect(r.status, r.text).toBe(201);
  const id = r.body.order_id as string;
  if (mode === 1) expect((await payWithSimulator(ctx, shopper.token, id)).status).toBe(200);
  return { id, total: r.body.order_total as number };
}
const move = async (id: string, ...states: string[]) => {
  for (const state of states) {
    const r = await ctx.req('PATCH', `/order/status/${id}`, { token: admin, body: { state } });
    expect(r.status, r.text).toBe(200);
  }
};
const code = async (body: Record<string, unknown>) => {
  const r = await ctx.req('POST', '/promotion', { token: admin, body: { kind: 'code', ...body } });
  expect(r.status, r.text).toBe(201);
};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
  phoneId = (await makeProduct(ctx.db, { name: 'Report phone', price: 1000, stock: 50 })).id;
  cableId = (await makeProduct(ctx.db, { name: 'Report cable', price: 250, stock: 50 })).id;
  await code({ name: 'Ten', code: 'TENPCT', action: 'percent', percent: 10 });
  await code({ name: 'Flat', code: 'FLAT5055', action: 'amount', amount: 50.55 });
  const [a, b, c, d] = [
    await insertShopper(ctx, 'A'),
    await insertShopper(ctx, 'B'),
    await insertShopper(ctx, 'C'),
    await insertShopper(ctx, 'D'),
  ];
  // A: a phone and a cable online with 10 % off: ₹1,250 - ₹125 = ₹1,125
  expect(
    (
      await order(
        a!,
        1,
        [
          [phoneId, 1],
          [cableId, 1],
        ],
        'tenpct',
      )
    ).total,
  ).toBe(1125);
  // B: 3 cables, cash on delivery, delivered, ₹50.55 off: ₹750 - ₹50.55 = ₹699.45
  const bOrder = await order(b!, 0, [[cableId, 3]], 'FLAT5055');
  expect(bOrder.total).toBe(699.45);
  await move(bOrder.id, 'shipped', 'delivered');
  // C: a phone online, no discount, ₹200 refunded: ₹1,000
  const cOrder = await order(c!, 1, [[phoneId, 1]]);
  const refund = await ctx.req('POST', `/order/${cOrder.id}/refund`, {
    token: admin,
    body: { amount: 200, reason: 'Dented box' },
  });
  expect(refund.status, refund.text).toBe(200);
  // D: cash on delivery with 10 % off, not delivered: no money taken, not counted
  await order(d!, 0, [[phoneId, 1]], 'TENPCT');
});
afterAll(() => ctx.close());

describe('gross, discounts and net', () => {
  // Paid: A ₹1,125 + B ₹699.45 + C ₹1,000 = ₹2,824.45; discounts ₹125 + ₹50.55 = ₹175.55;
  // gross = ₹3,000.00; refunds ₹200; net = ₹3,000 - ₹175.55 - ₹200 = ₹2,624.45.
  const hand = { paidOrders: 3, gross: 3000, discounts: 175.55, refunds: 200, net: 2624.45 };

  it('the sales report gives them as worked out by hand, for the period and its day', async () => {
    const r = await ctx.req('GET', `/reports/sales?period=custom&from=${today}&to=${today}`, {
      token: admin,
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.current).toMatchObject({ orders: 4, ...hand, units: 6 });
    // What was paid per order: (₹3,000 - ₹175.55) / 3, to the paisa.
    expect(r.body.current.averageOrderValue).toBe(941.48);
    expect(r.body.series).toEqual([{ bucket: today, ...hand, units: 6 }]);
  });

  it('the CSV export and the dashboard agree with it to the paisa', async () => {
    const csv = await ctx.req(
      'GET',
      `/reports/sales.csv?period=custom&from=${today}&to=${today}&table=series`,
      {
        token: admin,
      },
    );
    expect(csv.status).toBe(200);
    expect(
      csv.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toEqual(['day,paid orders,gross,discounts,refunds,net,units', `${today},3,3000,175.55,200,2624.45,6`]);
    const dash = await ctx.req('GET', '/admin/metrics?period=today', { token: admin });
    expect(dash.status, dash.text).toBe(200);
    expect(dash.body.metrics.period).toMatchObject({
      gross: 3000,
      discounts: 175.55,
      revenue: 2624.45,
    });
  });
});

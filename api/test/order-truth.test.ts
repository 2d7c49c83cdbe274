// Covers order states that tell the truth after refunds and returns, and finding orders the way support asks:
// - a fully refunded order becomes `refunded`: units back when it had not shipped, out of the orders to ship (list,
//   dashboard count, bulk-ship preview), no ship or cancel; revenue and a customer's "spent" net of refunds agree
// - a shipped or delivered cash-on-delivery parcel that comes back becomes `returned`: units to sellable stock or
//   counted damaged, a credit note against its invoice; a cash/UPI/bank refund recorded where cash was collected
// - cancelling a paid order (a refund) needs orders.refund: the Orders role gets 403, nothing changes
// - tracking details corrected after shipping (PATCH /order/:orderId/tracking), in the timeline
// - the order search finds a phone number, the shopper's name, the start or end of an order id
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import {
  addToCart,
  makeProduct,
  orderBody,
  orderRow,
  payWithSimulator,
  type Shopper,
  shopper,
  stockOf,
} from './order-fixtures';

let ctx: TestContext;
let owner: string;
let ordersRole: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.adminToken();
  ordersRole = (await ctx.staffMember(owner, 'orders')).token;
});
afterAll(() => ctx.close());

/** A one-line order of `rupees` × qty; online ones paid through the simulator. */
async function placeOne(
  s: Shopper,
  mode: 0 | 1,
  opts: { rupees?: number; qty?: number; contact?: string } = {},
) {
  const p = await makeProduct(ctx.db, { price: opts.rupees ?? 1000, stock: 10 });
  await addToCart(ctx.db, s.id, p.id, opts.qty ?? 1);
  const body = orderBody(mode);
  if (opts.contact) body.shipping_details = { ...body.shipping_details, contact: opts.contact };
  const placed = await ctx.req('POST', '/order/place-order', { token: s.token, body });
  expect(placed.status, placed.text).toBe(201);
  const orderId = placed.body.order_id as string;
  if (mode === 1) {
    const paid = await payWithSimulator(ctx, s.token, orderId);
    expect(paid.status, paid.text).toBe(200);
  }
  return { orderId, productId: p.id };
}

const move = (orderId: string, body: Record<string, unknown>, token = owner) =>
  ctx.req('PATCH', `/order/status/${orderId}`, { token, body });
const refund = (orderId: string, body: Record<string, unknown>, token = owner) =>
  ctx.req('POST', `/order/${orderId}/refund`, { token, body });
const details = async (orderId: string) => (await ctx.req('GET', `/order/${orderId}`, { token: owner })).body;
const metrics = async () => (await ctx.req('GET', '/admin/metrics', { token: owner })).body.metrics;
const spent = async (s: Shopper) =>
  (await ctx.req('GET', `/admin/users/${s.id}`, { token: owner })).body.totals.spent as number;
const toShip = async (orderId: string) =>
  (await ctx.req('GET', `/order?state=placed,paid&q=${orderId}`, { token: owner })).body.total as number;

describe('a fully refunded order', () => {
  it('becomes refunded: units back, out of the orders to ship, no ship or cancel, revenue net of refunds', async () => {
    const s = await shopper(ctx);
    const before = await metrics();
    const { orderId, productId } = await placeOne(s, 1, { rupees: 1000, qty: 2 });
    expect(await stockOf(ctx.db, productId)).toBe(8);
    expect(await toShip(orderId)).toBe(1);

    // A part refund: still paid and to ship; revenue and "spent" both net of it.
    expect((await refund(orderId, { amount: 500, reason: 'Price match' })).status).toBe(200);
    expect((await orderRow(ctx.db, orderId)).state).toBe('paid');
    expect((await metrics()).revenue - before.revenue).toBe(1500);
    expect(await spent(s)).toBe(1500);

    const rest = await refund(orderId, { reason: 'Out of stock at the warehouse' });
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.order.state).toBe('refunded');
    expect(await stockOf(ctx.db, productId)).toBe(10);
    expect(await toShip(orderId)).toBe(0);
    const after = await metrics();
    expect(after.ordersToShip).toBe(before.ordersToShip);
    expect(after.revenue).toBe(before.revenue);
    expect(await spent(s)).toBe(0);
    expect(rest.body.timeline.map((e: { event: string }) => e.event)).toContain('refunded');

    for (const state of ['shipped', 'cancelled']) {
      const r = await move(orderId, { state });
      expect(r.status).toBe(409);
      expect(r.body.code).toBe('illegal_move');
    }
    const bulk = await ctx.req('POST', '/order/bulk-ship', {
      token: owner,
      body: { csv: `order id,carrier,tracking number\n${orderId},Delhivery,DL123\n` },
    });
    expect(bulk.body).toMatchObject({ ready: 0, errors: 1 });
    expect((await refund(orderId, { reason: 'Again' })).body.code).toBe('refund_too_large');
  });

  it('keeps the units with the shopper when it had shipped', async () => {
    const s = await shopper(ctx);
    const { orderId, productId } = await placeOne(s, 1, { rupees: 800 });
    expect((await move(orderId, { state: 'shipped' })).status).toBe(200);
    const r = await refund(orderId, { reason: 'Arrived damaged, customer keeps it' });
    expect(r.body.order.state).toBe('refunded');
    expect(await stockOf(ctx.db, productId)).toBe(9);
    expect(r.body.documents.map((d: { kind: string }) => d.kind)).toEqual(['invoice', 'credit_note']);
  });

  it('is not marked refunded by hand', async () => {
    const s = await shopper(ctx);
    const { orderId } = await placeOne(s, 1);
    const r = await move(orderId, { state: 'refunded' });
    expect(r.status).toBe(409);
    expect((await orderRow(ctx.db, orderId)).state).toBe('paid');
  });
});

describe('a cash-on-delivery parcel returned to origin', () => {
  it('goes back to sellable stock when staff say so, its invoice cancelled by a credit note; no cash, no refund', async () => {
    const s = await shopper(ctx);
    const { orderId, productId } = await placeOne(s, 0, { rupees: 1200, qty: 3 });
    expect(
      (await move(orderId, { state: 'shipped', carrier: 'Delhivery', trackingNumber: 'DL1' })).status,
    ).toBe(200);
    expect(await stockOf(ctx.db, productId)).toBe(7);

    const unsaid = await move(orderId, { state: 'returned' });
    expect(unsaid.status).toBe(400);
    expect(unsaid.body.code).toBe('restock_required');

    const r = await move(orderId, { state: 'returned', restock: true });
    expect(r.status, r.text).toBe(200);
    expect(r.body.order.state).toBe('returned');
    expect(await stockOf(ctx.db, productId)).toBe(10);
    const d = await details(orderId);
    expect(d.documents).toEqual([
      expect.objectContaining({ kind: 'invoice', total: 3600 }),
      expect.objectContaining({ kind: 'credit_note', total: 3600 }),
    ]);
    expect(d.payment.refundable).toBe(0);
    expect(d.timeline.map((e: { event: string }) => e.event)).toEqual(
      expect.arrayContaining(['returned', 'credit_note_issued']),
    );

    const none = await refund(orderId, { method: 'cash', reason: 'Refused at the door' });
    expect(none.status).toBe(409);
    expect(none.body.msg).toMatch(/No cash was collected/);
    expect((await move(orderId, { state: 'delivered' })).status).toBe(409);
  });

  it('counts damaged units out of stock, and records a UPI refund of collected cash', async () => {
    const s = await shopper(ctx);
    const before = await metrics();
    const { orderId, productId } = await placeOne(s, 0, { rupees: 700, qty: 2 });
    expect((await move(orderId, { state: 'shipped' })).status).toBe(200);
    expect((await move(orderId, { state: 'delivered' })).status).toBe(200);
    expect(await spent(s)).toBe(1400);
    expect((await metrics()).revenue - before.revenue).toBe(1400);

    const r = await move(orderId, { state: 'returned', restock: false });
    expect(r.status, r.text).toBe(200);
    expect(await stockOf(ctx.db, productId)).toBe(8);
    expect((await orderRow(ctx.db, orderId)).return_stock).toBe('damaged');

    const noWay = await refund(orderId, { reason: 'Returned' });
    expect(noWay.status).toBe(400);
    expect(noWay.body.code).toBe('refund_method');
    const noRef = await refund(orderId, { reason: 'Returned', method: 'upi' });
    expect(noRef.status).toBe(400);
    expect(noRef.body.msg).toMatch(/reference/);

    const paid = await refund(orderId, { reason: 'Returned', method: 'upi', reference: 'UPI-4471' });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.msg).toBe('Recorded a refund of ₹1,400 (UPI, ref. UPI-4471).');
    expect(paid.body.refunds).toEqual([
      expect.objectContaining({ amount: 1400, state: 'processed', method: 'upi', reference: 'UPI-4471' }),
    ]);
    // The return already credited the whole invoice: the refund adds no second credit note.
    expect(paid.body.documents.filter((x: { kind: string }) => x.kind === 'credit_note')).toHaveLength(1);
    expect(paid.body.order.state).toBe('returned');
    expect(await spent(s)).toBe(0);
    expect((await metrics()).revenue).toBe(before.revenue);
  });

  it('refuses returning an order that never shipped', async () => {
    const s = await shopper(ctx);
    const { orderId } = await placeOne(s, 0);
    expect((await move(orderId, { state: 'returned', restock: true })).status).toBe(409);
  });
});

describe('cancelling a paid order', () => {
  it('needs orders.refund: the Orders role gets 403 and the order stays paid; it may cancel an unpaid one', async () => {
    const s = await shopper(ctx);
    const { orderId } = await placeOne(s, 1, { rupees: 900 });
    const r = await move(orderId, { state: 'cancelled' }, ordersRole);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('missing_permission');
    expect(r.body.msg).toMatch(/refunds ₹900 to the customer.*orders\.refund/);
    const row = await orderRow(ctx.db, orderId);
    expect(row).toMatchObject({ state: 'paid', refunded_paise: 0 });

    const cod = await placeOne(s, 0);
    expect((await move(cod.orderId, { state: 'cancelled' }, ordersRole)).status).toBe(200);
    expect((await move(orderId, { state: 'cancelled' })).status).toBe(200);
  });
});

describe('PATCH /order/{order_id}/tracking', () => {
  it('corrects the tracking of a shipped order in its timeline; 409 before shipping; 403 without orders.write', async () => {
    const s = await shopper(ctx);
    const { orderId } = await placeOne(s, 0);
    const path = `/order/${orderId}/tracking`;
    const fix = { carrier: 'Blue Dart', trackingNumber: 'BD-998877' };
    const early = await ctx.req('PATCH', path, { token: owner, body: fix });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('not_shipped');

    await move(orderId, { state: 'shipped', carrier: 'Delhivery', trackingNumber: 'DL-0000' });
    expect((await ctx.req('PATCH', path, { token: owner, body: { carrier: '' } })).status).toBe(400);
    const catalogue = (await ctx.staffMember(owner, 'catalogue')).token;
    expect((await ctx.req('PATCH', path, { token: catalogue, body: fix })).status).toBe(403);
    expect((await ctx.req('PATCH', path, { token: s.token, body: fix })).status).toBe(403);

    const r = await ctx.req('PATCH', path, { token: ordersRole, body: fix });
    expect(r.status, r.text).toBe(200);
    expect(r.body.payment).toMatchObject({ carrier: 'Blue Dart', trackingNumber: 'BD-998877' });
    expect(r.body.timeline.at(-1)).toMatchObject({
      event: 'tracking_changed',
      note: 'Blue Dart BD-998877 (was Delhivery DL-0000)',
    });
    const mine = await ctx.req('GET', `/order/${orderId}`, { token: s.token });
    expect(mine.body.payment.trackingNumber).toBe('BD-998877');
  });
});

describe('the order search', () => {
  it('finds orders by phone number, the shopper’s name and the start or end of the order id', async () => {
    const s = await shopper(ctx, 'Lakshmi Venkataraman');
    const { orderId } = await placeOne(s, 0, { contact: '+91 99001-23456' });
    const other = await placeOne(await shopper(ctx, 'Someone Else'), 0, { contact: '9876543210' });
    const found = async (q: string) => {
      const r = await ctx.req('GET', `/order?q=${encodeURIComponent(q)}&limit=100`, { token: owner });
      expect(r.status, r.text).toBe(200);
      return r.body.orders.map((o: { order_id: string }) => o.order_id) as string[];
    };
    for (const q of ['9900123456', '+91 99001 23456', '099001-23456', '990012']) {
      const ids = await found(q);
      expect(ids, q).toContain(orderId);
      expect(ids, q).not.toContain(other.orderId);
    }
    expect(await found('Lakshmi')).toEqual([orderId]);
    expect(await found('venkataraman')).toEqual([orderId]);
    expect(await found(orderId.slice(0, 8).toLowerCase())).toContain(orderId);
    expect(await found(orderId.slice(2, 10))).toContain(orderId);
    expect(await found(orderId.slice(-6))).toContain(orderId);
    expect(await found(orderId.slice(-6))).not.toContain(other.orderId);
  });
});

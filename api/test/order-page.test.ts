// Covers the shopper's order page API: GET /order/:orderId with lines, address, payment and a dated timeline
// (someone else's order → 404, staff see any); POST /order/:orderId/cancel until shipping (stock back in the same
// transaction, 409 after shipping, a paid online order refunded through the payment simulator, mails written);
// POST /order/:orderId/pay for a failed payment (the same order and Razorpay order, stock taken again, no new
// order; 409 for orders not waiting for payment, 409 when the stock is gone); shipping with carrier and tracking.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import {
  addToCart,
  cartSize,
  makeProduct,
  orderBody,
  orderRow,
  type Shopper,
  shopper,
  stockOf,
} from './order-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function placed(mode: 0 | 1, opts: { stock?: number; qty?: number } = {}) {
  const s = await shopper(ctx, 'Meera Iyer');
  const p = await makeProduct(ctx.db, { name: 'Tab S9', price: 500, stock: opts.stock ?? 5 });
  await addToCart(ctx.db, s.id, p.id, opts.qty ?? 2);
  const r = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(mode) });
  expect(r.status).toBe(201);
  return { s, productId: p.id, orderId: r.body.order_id as string, rzp: r.body.razorpay_order_id as string };
}

async function payWithSimulator(s: Shopper, orderId: string) {
  const signed = await ctx.req('POST', '/order/simulator/sign', {
    token: s.token,
    body: { order_id: orderId },
  });
  expect(signed.status).toBe(200);
  const ok = await ctx.req('POST', '/order/success', {
    token: s.token,
    body: { order_id: orderId, razorpay_response: signed.body.razorpay_response },
  });
  expect(ok.status).toBe(200);
}

const mailKinds = async (publicId: string) =>
  (
    await ctx.db
      .selectFrom('outbox')
      .innerJoin('orders', 'orders.id', 'outbox.order_id')
      .select('outbox.kind')
      .where('orders.public_id', '=', publicId)
      .orderBy('outbox.id')
      .execute()
  ).map((r) => r.kind);

const ordersOf = async (userId: number) =>
  (await ctx.db.selectFrom('orders').select('id').where('user_id', '=', userId).execute()).length;

describe('GET /order/:orderId', () => {
  it('gives the shopper lines, address, payment and a dated timeline; others get 404, staff see it', async () => {
    const { s, orderId } = await placed(0);
    const r = await ctx.req('GET', `/order/${orderId}`, { token: s.token });
    expect(r.status).toBe(200);
    expect(r.body.order).toMatchObject({ order_id: orderId, state: 'placed', order_total: 1000 });
    expect(r.body.order.lines).toEqual([expect.objectContaining({ name: 'Tab S9', qty: 2, unitPrice: 500 })]);
    expect(r.body.order.shipping_details).toMatchObject({ city: 'Bengaluru', state: 'Karnataka' });
    expect(r.body.payment).toMatchObject({ mode: 'cod', paidAt: null, refunded: 0 });
    expect(r.body.timeline).toEqual([
      { event: 'placed', actor: 'customer', note: '', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ]);

    const other = await shopper(ctx);
    const theirs = await ctx.req('GET', `/order/${orderId}`, { token: other.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ flag: 0, code: 'not_found' });
    expect((await ctx.req('GET', `/order/${orderId}`, { token: await ctx.adminToken() })).status).toBe(200);
    expect((await ctx.req('GET', `/order/${orderId}`)).status).toBe(401);
  });
});

describe('POST /order/:orderId/cancel', () => {
  it('cancels a cash-on-delivery order, returns its stock, records and mails it; a second cancel is 409', async () => {
    const { s, orderId, productId } = await placed(0);
    expect(await stockOf(ctx.db, productId)).toBe(3);
    const r = await ctx.req('POST', `/order/${orderId}/cancel`, {
      token: s.token,
      body: { reason: 'Ordered by mistake' },
    });
    expect(r.status).toBe(200);
    expect(r.body.order.state).toBe('cancelled');
    expect(r.body.timeline.map((e: { event: string }) => e.event)).toEqual(['placed', 'cancelled']);
    expect(r.body.timeline[1]).toMatchObject({ actor: 'customer', note: 'Ordered by mistake' });
    expect(await stockOf(ctx.db, productId)).toBe(5);
    expect(await mailKinds(orderId)).toEqual(['order_placed', 'cancelled']);

    const again = await ctx.req('POST', `/order/${orderId}/cancel`, { token: s.token, body: {} });
    expect(again.status).toBe(409);
    expect(await stockOf(ctx.db, productId)).toBe(5);
  });

  it("answers 409 once the order has shipped, and 404 for someone else's order", async () => {
    const { s, orderId, productId } = await placed(0);
    const admin = await ctx.adminToken();
    expect(
      (await ctx.req('POST', `/order/${orderId}/cancel`, { token: (await shopper(ctx)).token, body: {} }))
        .status,
    ).toBe(404);
    const shipped = await ctx.req('PATCH', `/order/status/${orderId}`, {
      token: admin,
      body: { state: 'shipped', carrier: 'Delhivery', trackingNumber: 'DLV123456789' },
    });
    expect(shipped.status).toBe(200);
    const r = await ctx.req('POST', `/order/${orderId}/cancel`, { token: s.token, body: {} });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'not_cancellable', msg: expect.stringContaining('shipped') });
    expect(await stockOf(ctx.db, productId)).toBe(3);

    const page = await ctx.req('GET', `/order/${orderId}`, { token: s.token });
    expect(page.body.payment).toMatchObject({ carrier: 'Delhivery', trackingNumber: 'DLV123456789' });
    expect(page.body.timeline.map((e: { event: string; actor: string }) => `${e.event}/${e.actor}`)).toEqual([
      'placed/customer',
      'shipped/admin',
      'invoice_issued/admin',
    ]);
    const mail = await ctx.db
      .selectFrom('outbox')
      .select(['text_body', 'subject'])
      .where('kind', '=', 'shipped')
      .where('recipient', '=', s.email)
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain(`Order ${orderId} has shipped`);
    expect(mail.text_body).toContain('Carrier: Delhivery. Tracking number: DLV123456789.');
  });

  it('refunds a paid online order in full through the payment provider when the shopper cancels', async () => {
    const { s, orderId, productId } = await placed(1);
    await payWithSimulator(s, orderId);
    expect(await stockOf(ctx.db, productId)).toBe(3);
    const r = await ctx.req('POST', `/order/${orderId}/cancel`, { token: s.token, body: {} });
    expect(r.status).toBe(200);
    expect(r.body.msg).toMatch(/refunded/);
    expect(r.body.order.state).toBe('cancelled');
    expect(r.body.refunds).toEqual([
      expect.objectContaining({ amount: 1000, state: 'processed', reason: 'Cancelled by the shopper' }),
    ]);
    expect(r.body.payment.refunded).toBe(1000);
    expect(await stockOf(ctx.db, productId)).toBe(5);
    expect(r.body.timeline.map((e: { event: string }) => e.event)).toEqual([
      'pending_payment',
      'paid',
      'invoice_issued',
      'cancelled',
      'refund_requested',
      'refunded',
      'credit_note_issued',
    ]);
    expect(await mailKinds(orderId)).toEqual(['payment_received', 'cancelled', 'refunded']);
    expect((await orderRow(ctx.db, orderId)).refunded_paise).toBe(100_000);
  });
});

describe('POST /order/:orderId/pay (pay now)', () => {
  it('reuses the same order and Razorpay order after a failed payment, with no new order', async () => {
    const { s, orderId, rzp, productId } = await placed(1);
    const failed = await ctx.req('POST', '/order/payment-failed', {
      token: s.token,
      body: { order_id: orderId },
    });
    expect(failed.body.order.state).toBe('payment_failed');
    expect(await stockOf(ctx.db, productId)).toBe(5);
    expect(await cartSize(ctx.db, s.id)).toBe(2);
    expect(await mailKinds(orderId)).toEqual(['payment_failed']);

    const r = await ctx.req('POST', `/order/${orderId}/pay`, { token: s.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ order_id: orderId, order_total: 1000, razorpay_order_id: rzp });
    expect(r.body.payment).toMatchObject({ razorpay_order_id: rzp, amount: 100_000, simulator: true });
    expect((await orderRow(ctx.db, orderId)).state).toBe('pending_payment');
    expect(await stockOf(ctx.db, productId)).toBe(3);
    expect(await cartSize(ctx.db, s.id)).toBe(0);

    await payWithSimulator(s, orderId);
    expect((await orderRow(ctx.db, orderId)).state).toBe('paid');
    expect(await ordersOf(s.id)).toBe(1);
    const again = await ctx.req('POST', `/order/${orderId}/pay`, { token: s.token });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('not_payable');
  });

  it('refuses a cash-on-delivery order (409) and someone else’s order (404)', async () => {
    const { s, orderId } = await placed(0);
    expect((await ctx.req('POST', `/order/${orderId}/pay`, { token: s.token })).status).toBe(409);
    const online = await placed(1);
    const other = await shopper(ctx);
    expect((await ctx.req('POST', `/order/${online.orderId}/pay`, { token: other.token })).status).toBe(404);
  });

  it('does not hold the units longer when asked again, and refuses an order a payment already reached', async () => {
    const { s, orderId } = await placed(1);
    const before = (await orderRow(ctx.db, orderId)).expires_at;
    await new Promise((r) => setTimeout(r, 1100));
    expect((await ctx.req('POST', `/order/${orderId}/pay`, { token: s.token })).status).toBe(200);
    expect((await orderRow(ctx.db, orderId)).expires_at).toEqual(before);

    // A late payment that was refunded leaves its payment id on the failed order: no second payment on it.
    await ctx.req('POST', '/order/payment-failed', { token: s.token, body: { order_id: orderId } });
    await ctx.db
      .updateTable('orders')
      .set({ razorpay_payment_id: 'pay_late_refunded' })
      .where('public_id', '=', orderId)
      .execute();
    const r = await ctx.req('POST', `/order/${orderId}/pay`, { token: s.token });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('not_payable');
    expect((await orderRow(ctx.db, orderId)).state).toBe('payment_failed');
  });

  it('keeps the order failed and says so when its units were sold meanwhile', async () => {
    const { s, orderId, productId } = await placed(1, { stock: 2, qty: 2 });
    await ctx.req('POST', '/order/payment-failed', { token: s.token, body: { order_id: orderId } });
    await ctx.db.updateTable('products').set({ stock: 1 }).where('id', '=', productId).execute();
    const r = await ctx.req('POST', `/order/${orderId}/pay`, { token: s.token });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'insufficient_stock', available: 1 });
    expect((await orderRow(ctx.db, orderId)).state).toBe('payment_failed');
    expect(await stockOf(ctx.db, productId)).toBe(1);
  });
});

describe('staff view of an order', () => {
  it('says who on the staff did what, lists the mails, and resends one as a new message', async () => {
    const { s, orderId } = await placed(0);
    const other = await placed(0);
    const admin = await ctx.adminToken();
    await ctx.req('PATCH', `/order/status/${orderId}`, { token: admin, body: { state: 'shipped' } });

    const staff = await ctx.req('GET', `/order/${orderId}`, { token: admin });
    const shipped = staff.body.timeline.find((e: { event: string }) => e.event === 'shipped');
    expect(shipped).toMatchObject({
      actor: 'admin',
      by: expect.stringMatching(/^Admin <admin-.*@voltcart\.test>$/),
    });
    expect(staff.body.mails.map((m: { kind: string }) => m.kind)).toEqual(['order_placed', 'shipped']);
    expect(staff.body.mails[0]).toMatchObject({ to: s.email, sentAt: null, attempts: 0, lastError: null });

    const shopperView = await ctx.req('GET', `/order/${orderId}`, { token: s.token });
    expect(shopperView.body.mails).toBeUndefined();
    expect(shopperView.body.timeline.some((e: { by?: string }) => e.by)).toBe(false);

    const mailId = staff.body.mails[0]._id;
    const resent = await ctx.req('POST', `/order/${orderId}/mails/${mailId}/resend`, { token: admin });
    expect(resent.status).toBe(200);
    expect(resent.body.mails.map((m: { kind: string }) => m.kind)).toEqual([
      'order_placed',
      'shipped',
      'order_placed',
    ]);
    expect(resent.body.timeline.at(-1)).toMatchObject({
      event: 'mail_resent',
      note: `order_placed to ${s.email}`,
    });
    const rows = await ctx.db
      .selectFrom('outbox')
      .select(['message_id', 'subject'])
      .where('kind', '=', 'order_placed')
      .where('recipient', '=', s.email)
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.subject).toBe(rows[1]!.subject);
    expect(rows[0]!.message_id).not.toBe(rows[1]!.message_id);

    const wrongOrder = await ctx.req('POST', `/order/${other.orderId}/mails/${mailId}/resend`, {
      token: admin,
    });
    expect(wrongOrder.status).toBe(404);
    expect(
      (await ctx.req('POST', `/order/${orderId}/mails/${mailId}/resend`, { token: s.token })).status,
    ).toBe(403);
  });
});

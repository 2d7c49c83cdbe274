// Covers POST /order/webhook/razorpay: the signature over the raw body (a re-serialised body must fail), bad and
// missing signatures, de-duplication on x-razorpay-event-id, events in any order (a paid order never goes back),
// a failed payment returning stock once, a capture after a failure, unknown events and orders, amount mismatch.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_SECRET } from '../src/config';
import { createTestContext, type TestContext } from './context';
import { addToCart, makeProduct, orderBody, orderRow, shopper, stockOf } from './order-fixtures';

const WEBHOOK_SECRET = 'whsec-for-voltcart-tests';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
});
afterAll(() => ctx.close());

let seq = 0;
const hmac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

/** A Razorpay-like webhook body, pretty-printed the way Razorpay does not: re-serialising changes the bytes. */
function event(name: string, rzp: string, opts: { paymentId?: string; amount: number }) {
  const payment = {
    entity: {
      id: opts.paymentId ?? `pay_${++seq}`,
      order_id: rzp,
      amount: opts.amount,
      currency: 'INR',
      status: name === 'payment.failed' ? 'failed' : 'captured',
    },
  };
  const payload: Record<string, unknown> = { payment };
  if (name === 'order.paid')
    payload.order = { entity: { id: rzp, amount: opts.amount, amount_paid: opts.amount, status: 'paid' } };
  return JSON.stringify(
    {
      entity: 'event',
      account_id: 'acc_test',
      event: name,
      contains: Object.keys(payload),
      payload,
      created_at: 1700000000,
    },
    null,
    1,
  );
}

async function post(raw: string, opts: { signature?: string | null; eventId?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signature = opts.signature === undefined ? hmac(WEBHOOK_SECRET, raw) : opts.signature;
  if (signature !== null) headers['x-razorpay-signature'] = signature;
  headers['x-razorpay-event-id'] = opts.eventId ?? `evt_${++seq}_${Date.now()}`;
  const res = await ctx.app.request('/order/webhook/razorpay', { method: 'POST', headers, body: raw });
  return { status: res.status, body: (await res.json()) as { flag: number; msg: string } };
}

async function onlineOrder(qty = 1, stock = 5) {
  const s = await shopper(ctx);
  const p = await makeProduct(ctx.db, { stock, price: 250 });
  await addToCart(ctx.db, s.id, p.id, qty);
  const r = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(1) });
  expect(r.status).toBe(201);
  return {
    orderId: r.body.order_id as string,
    rzp: r.body.razorpay_order_id as string,
    amount: r.body.payment.amount as number,
    productId: p.id,
    s,
  };
}

describe('webhook signature', () => {
  it('accepts the signature over the raw body and refuses the same body re-serialised', async () => {
    const o = await onlineOrder();
    const raw = event('payment.captured', o.rzp, { amount: o.amount });
    const reserialised = JSON.stringify(JSON.parse(raw));
    expect(reserialised).not.toBe(raw);
    const refused = await post(reserialised, { signature: hmac(WEBHOOK_SECRET, raw) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ flag: 0, msg: 'Webhook signature could not be verified.' });
    expect((await orderRow(ctx.db, o.orderId)).state).toBe('pending_payment');

    const ok = await post(raw);
    expect(ok.status).toBe(200);
    expect(ok.body.flag).toBe(1);
    expect((await orderRow(ctx.db, o.orderId)).state).toBe('paid');
  });

  it('refuses a missing signature, a wrong secret and a mangled signature without recording the event', async () => {
    const o = await onlineOrder();
    const raw = event('payment.captured', o.rzp, { amount: o.amount });
    const before = await ctx.snapshot();
    for (const signature of [null, hmac('wrong-secret', raw), `${hmac(WEBHOOK_SECRET, raw)}00`, '']) {
      const r = await post(raw, { signature });
      expect(r.status).toBe(400);
    }
    expect(await ctx.snapshot()).toEqual(before);
    expect((await orderRow(ctx.db, o.orderId)).state).toBe('pending_payment');
  });

  it('refuses a signed body that is not JSON', async () => {
    const r = await post('not json at all');
    expect(r.status).toBe(400);
  });
});

describe('webhook events', () => {
  it('processes an event once: a replay with the same event id changes nothing', async () => {
    const o = await onlineOrder(2, 5);
    const raw = event('payment.failed', o.rzp, { amount: o.amount });
    const first = await post(raw, { eventId: 'evt_dup_1' });
    expect(first.status).toBe(200);
    expect((await orderRow(ctx.db, o.orderId)).state).toBe('payment_failed');
    expect(await stockOf(ctx.db, o.productId)).toBe(5);

    const replay = await post(raw, { eventId: 'evt_dup_1' });
    expect(replay).toEqual({ status: 200, body: { flag: 1, msg: 'Event already processed.' } });
    expect(await stockOf(ctx.db, o.productId)).toBe(5);
    const events = await ctx.db
      .selectFrom('payment_events')
      .selectAll()
      .where('event_id', '=', 'evt_dup_1')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'payment.failed', razorpay_order_id: o.rzp });
  });

  it('never moves a paid order back: a late payment.failed and a repeated order.paid are ignored', async () => {
    const o = await onlineOrder(1, 5);
    expect(
      (await post(event('payment.captured', o.rzp, { paymentId: 'pay_win', amount: o.amount }))).status,
    ).toBe(200);
    expect(await orderRow(ctx.db, o.orderId)).toMatchObject({
      state: 'paid',
      razorpay_payment_id: 'pay_win',
    });
    const late = await post(event('payment.failed', o.rzp, { paymentId: 'pay_lose', amount: o.amount }));
    expect(late.status).toBe(200);
    const paidAgain = await post(event('order.paid', o.rzp, { paymentId: 'pay_win', amount: o.amount }));
    expect(paidAgain.status).toBe(200);
    expect(await orderRow(ctx.db, o.orderId)).toMatchObject({
      state: 'paid',
      razorpay_payment_id: 'pay_win',
      stock_returned: 0,
    });
    expect(await stockOf(ctx.db, o.productId)).toBe(4);
  });

  it('marks paid on order.paid alone (the shopper never came back)', async () => {
    const o = await onlineOrder();
    const r = await post(event('order.paid', o.rzp, { paymentId: 'pay_bg', amount: o.amount }));
    expect(r.body.msg).toMatch(/paid/);
    expect(await orderRow(ctx.db, o.orderId)).toMatchObject({ state: 'paid', razorpay_payment_id: 'pay_bg' });
    // The shopper's own confirmation arriving afterwards is answered as success.
    const sig = createHmac('sha256', SIMULATOR_SECRET).update(`${o.rzp}|pay_bg`).digest('hex');
    const confirm = await ctx.req('POST', '/order/success', {
      token: o.s.token,
      body: {
        order_id: o.orderId,
        razorpay_response: {
          razorpay_order_id: o.rzp,
          razorpay_payment_id: 'pay_bg',
          razorpay_signature: sig,
        },
      },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.flag).toBe(1);
  });

  it('handles a failure followed by a capture (the shopper retried): paid, stock taken again', async () => {
    const o = await onlineOrder(2, 6);
    await post(event('payment.failed', o.rzp, { amount: o.amount }));
    expect(await stockOf(ctx.db, o.productId)).toBe(6);
    await post(event('payment.captured', o.rzp, { paymentId: 'pay_retry', amount: o.amount }));
    expect(await orderRow(ctx.db, o.orderId)).toMatchObject({ state: 'paid', stock_returned: 0 });
    expect(await stockOf(ctx.db, o.productId)).toBe(4);
  });

  it('returns the stock once however many failure events arrive', async () => {
    const o = await onlineOrder(3, 3);
    const results = await Promise.all(
      [1, 2, 3].map(() => post(event('payment.failed', o.rzp, { amount: o.amount }))),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await stockOf(ctx.db, o.productId)).toBe(3);
  });

  it('ignores unknown events, unknown orders and a payment whose amount differs from the order', async () => {
    const o = await onlineOrder();
    expect((await post(event('refund.created', o.rzp, { amount: o.amount }))).body).toEqual({
      flag: 1,
      msg: 'Event ignored.',
    });
    const unknown = await post(event('payment.captured', 'order_unknown123', { amount: o.amount }));
    expect(unknown).toEqual({ status: 200, body: { flag: 1, msg: 'Event ignored: no matching order.' } });
    const wrongAmount = await post(event('payment.captured', o.rzp, { amount: o.amount - 100 }));
    expect(wrongAmount.status).toBe(200);
    expect(wrongAmount.body.msg).toMatch(/amount/);
    expect((await orderRow(ctx.db, o.orderId)).state).toBe('pending_payment');
  });
});

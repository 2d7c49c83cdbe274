// Covers online checkout with the payment simulator: the place-order reply for mode 1, POST /order/simulator/sign,
// POST /order/success signature checks (valid, wrong secret, wrong order id, tampered payment id, replayed,
// someone else's order), POST /order/payment-failed (stock back once, cart restored), and a verified payment
// arriving after the order failed (revived when the stock is still there, refunded when it is not), and a late
// payment of a cancelled unpaid order: revived only when the payment window closed on it (the expiry sweep), and
// then only with units still for sale; refunded automatically when the shopper cancelled it or the product or its
// variant was switched off meanwhile.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_SECRET } from '../src/config';
import { expireUnpaidOrders } from '../src/modules/order/order-lifecycle.service';
import { createTestContext, type TestContext } from './context';
import {
  addToCart,
  adminToken,
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

const sign = (secret: string, orderId: string, paymentId: string) =>
  createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex');

async function placeOnline(s: Shopper, opts: { qty?: number; stock?: number; price?: number } = {}) {
  const p = await makeProduct(ctx.db, { stock: opts.stock ?? 10, price: opts.price ?? 1499.5 });
  await addToCart(ctx.db, s.id, p.id, opts.qty ?? 1);
  const r = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(1) });
  expect(r.status).toBe(201);
  return {
    orderId: r.body.order_id as string,
    rzp: r.body.razorpay_order_id as string,
    productId: p.id,
    body: r.body,
  };
}

const success = (s: Shopper, body: unknown) => ctx.req('POST', '/order/success', { token: s.token, body });
const response = (rzp: string, paymentId: string, signature: string) => ({
  razorpay_order_id: rzp,
  razorpay_payment_id: paymentId,
  razorpay_signature: signature,
});

describe('placing an online order with the simulator', () => {
  it('answers with the payment details the checkout dialog needs and waits for payment', async () => {
    const s = await shopper(ctx);
    const { orderId, rzp, productId, body } = await placeOnline(s, { qty: 2, stock: 5, price: 1499.5 });
    expect(body).toMatchObject({
      flag: 1,
      order_id: orderId,
      order_total: 2999,
      razorpay_order_id: expect.stringMatching(/^order_sim_\w+$/),
      payment: {
        razorpay_order_id: rzp,
        key_id: 'rzp_test_simulator',
        amount: 299900,
        currency: 'INR',
        simulator: true,
      },
    });
    const row = await orderRow(ctx.db, orderId);
    expect(row).toMatchObject({
      state: 'pending_payment',
      payment_mode: 1,
      razorpay_order_id: rzp,
      paid_at: null,
    });
    expect(await stockOf(ctx.db, productId)).toBe(3);
    expect(await cartSize(ctx.db, s.id)).toBe(0);
  });
});

describe('POST /order/simulator/sign and /order/success', () => {
  it('signs a simulated payment that /order/success accepts; a replay answers success without changes', async () => {
    const s = await shopper(ctx);
    const { orderId, rzp } = await placeOnline(s);
    const signed = await ctx.req('POST', '/order/simulator/sign', {
      token: s.token,
      body: { order_id: orderId, outcome: 'success' },
    });
    expect(signed.status).toBe(200);
    const rr = signed.body.razorpay_response;
    expect(rr).toMatchObject({
      razorpay_order_id: rzp,
      razorpay_payment_id: expect.stringMatching(/^pay_sim_/),
    });
    expect(rr.razorpay_signature).toBe(sign(SIMULATOR_SECRET, rzp, rr.razorpay_payment_id));

    const ok = await success(s, { order_id: orderId, user_id: String(s.id), razorpay_response: rr });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ flag: 1, order_id: orderId });
    const paid = await orderRow(ctx.db, orderId);
    expect(paid).toMatchObject({ state: 'paid', razorpay_payment_id: rr.razorpay_payment_id });
    expect(paid.paid_at).toBeInstanceOf(Date);

    const again = await success(s, { order_id: orderId, razorpay_response: rr });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ flag: 1, order_id: orderId });
    expect(await orderRow(ctx.db, orderId)).toEqual(paid);

    // Nothing left to sign once paid.
    const late = await ctx.req('POST', '/order/simulator/sign', {
      token: s.token,
      body: { order_id: orderId },
    });
    expect(late.status).toBe(409);
  });

  it('refuses a signature made with the wrong secret, for another order id, or over a changed payment id', async () => {
    const s = await shopper(ctx);
    const { orderId, rzp } = await placeOnline(s);
    const other = await placeOnline(s);
    const before = await orderRow(ctx.db, orderId);
    const attempts = [
      response(rzp, 'pay_1', sign('not-the-secret', rzp, 'pay_1')),
      // A valid signature, but for the other order's Razorpay id.
      response(other.rzp, 'pay_2', sign(SIMULATOR_SECRET, other.rzp, 'pay_2')),
      // Signed for this order's Razorpay id, sent with another one.
      response(other.rzp, 'pay_3', sign(SIMULATOR_SECRET, rzp, 'pay_3')),
      response(rzp, 'pay_4b', sign(SIMULATOR_SECRET, rzp, 'pay_4')),
      response(rzp, 'pay_5', 'a'.repeat(64)),
      response(rzp, 'pay_6', sign(SIMULATOR_SECRET, rzp, 'pay_6').slice(0, 63)),
    ];
    for (const rr of attempts) {
      const r = await success(s, { order_id: orderId, razorpay_response: rr });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ flag: 0, msg: 'Payment could not be verified.' });
    }
    expect(await orderRow(ctx.db, orderId)).toEqual(before);
    expect((await orderRow(ctx.db, other.orderId)).state).toBe('pending_payment');
  });

  it("answers 404 for someone else's order and 403 for a foreign user_id", async () => {
    const owner = await shopper(ctx);
    const thief = await shopper(ctx);
    const { orderId, rzp } = await placeOnline(owner);
    const rr = response(rzp, 'pay_x', sign(SIMULATOR_SECRET, rzp, 'pay_x'));
    const r = await success(thief, { order_id: orderId, razorpay_response: rr });
    expect(r.status).toBe(404);
    expect(
      (await ctx.req('POST', '/order/simulator/sign', { token: thief.token, body: { order_id: orderId } }))
        .status,
    ).toBe(404);
    const foreign = await success(owner, {
      order_id: orderId,
      user_id: String(thief.id),
      razorpay_response: rr,
    });
    expect(foreign.status).toBe(403);
    expect((await orderRow(ctx.db, orderId)).state).toBe('pending_payment');
  });

  it('refuses a confirmation for a cash-on-delivery order and an incomplete body', async () => {
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { stock: 2 });
    await addToCart(ctx.db, s.id, p.id, 1);
    const cod = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) });
    const r = await success(s, {
      order_id: cod.body.order_id,
      razorpay_response: response('order_x', 'pay_x', 'sig'),
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe('Payment could not be verified.');
    const missing = await success(s, { order_id: cod.body.order_id });
    expect(missing.status).toBe(400);
    expect(missing.body.flag).toBe(0);
    expect((await ctx.req('POST', '/order/success', { body: { order_id: cod.body.order_id } })).status).toBe(
      401,
    );
  });
});

describe('POST /order/payment-failed', () => {
  it('marks the order failed, returns the stock once and puts the lines back in the cart', async () => {
    const s = await shopper(ctx);
    const { orderId, productId } = await placeOnline(s, { qty: 2, stock: 5 });
    expect(await stockOf(ctx.db, productId)).toBe(3);
    const r = await ctx.req('POST', '/order/payment-failed', {
      token: s.token,
      body: { order_id: orderId, reason: 'dismissed' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ flag: 1, order: { order_id: orderId, state: 'payment_failed' } });
    expect(await stockOf(ctx.db, productId)).toBe(5);
    expect(await cartSize(ctx.db, s.id)).toBe(2);

    const again = await ctx.req('POST', '/order/payment-failed', {
      token: s.token,
      body: { order_id: orderId },
    });
    expect(again.status).toBe(200);
    expect(await stockOf(ctx.db, productId)).toBe(5);
    expect(await cartSize(ctx.db, s.id)).toBe(2);
  });

  it("refuses to fail a paid order (409) and hides someone else's order (404)", async () => {
    const s = await shopper(ctx);
    const { orderId, rzp, productId } = await placeOnline(s, { stock: 4 });
    await success(s, {
      order_id: orderId,
      razorpay_response: response(rzp, 'pay_ok', sign(SIMULATOR_SECRET, rzp, 'pay_ok')),
    });
    const r = await ctx.req('POST', '/order/payment-failed', { token: s.token, body: { order_id: orderId } });
    expect(r.status).toBe(409);
    expect(r.body.msg).toBe('Cannot move an order from paid to payment_failed.');
    expect(await stockOf(ctx.db, productId)).toBe(3);
    const other = await shopper(ctx);
    expect(
      (await ctx.req('POST', '/order/payment-failed', { token: other.token, body: { order_id: orderId } }))
        .status,
    ).toBe(404);
  });
});

describe('a verified payment after the order failed', () => {
  it('revives the order and takes the stock again when the units are still there', async () => {
    const s = await shopper(ctx);
    const { orderId, rzp, productId } = await placeOnline(s, { qty: 2, stock: 5 });
    await ctx.req('POST', '/order/payment-failed', { token: s.token, body: { order_id: orderId } });
    expect(await stockOf(ctx.db, productId)).toBe(5);
    const r = await success(s, {
      order_id: orderId,
      razorpay_response: response(rzp, 'pay_late', sign(SIMULATOR_SECRET, rzp, 'pay_late')),
    });
    expect(r.status).toBe(200);
    expect(await orderRow(ctx.db, orderId)).toMatchObject({
      state: 'paid',
      stock_returned: 0,
      razorpay_payment_id: 'pay_late',
    });
    expect(await stockOf(ctx.db, productId)).toBe(3);
  });

  it('keeps the order failed and refunds the payment when the units were sold meanwhile', async () => {
    const s = await shopper(ctx);
    const { orderId, rzp, productId } = await placeOnline(s, { qty: 2, stock: 2 });
    await ctx.req('POST', '/order/payment-failed', { token: s.token, body: { order_id: orderId } });
    await ctx.db.updateTable('products').set({ stock: 1 }).where('id', '=', productId).execute();
    const r = await success(s, {
      order_id: orderId,
      razorpay_response: response(rzp, 'pay_gone', sign(SIMULATOR_SECRET, rzp, 'pay_gone')),
    });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ flag: 0, code: 'payment_after_cancel' });
    expect(r.body.msg).toMatch(/refunded/);
    expect(await orderRow(ctx.db, orderId)).toMatchObject({
      state: 'payment_failed',
      razorpay_payment_id: 'pay_gone',
      refunded_paise: 299_900,
    });
    expect(await stockOf(ctx.db, productId)).toBe(1);
    // Refunded through the payment provider, once, though the same payment is confirmed again.
    await success(s, {
      order_id: orderId,
      razorpay_response: response(rzp, 'pay_gone', sign(SIMULATOR_SECRET, rzp, 'pay_gone')),
    });
    const refunds = await ctx.db
      .selectFrom('refunds')
      .selectAll()
      .where('order_id', '=', (await orderRow(ctx.db, orderId)).id)
      .execute();
    expect(refunds).toEqual([
      expect.objectContaining({ state: 'processed', amount_paise: 299_900, actor: 'system' }),
    ]);
  });

  it('does not revive an order the shop cancelled after it was paid', async () => {
    const s = await shopper(ctx);
    const { orderId, rzp, productId } = await placeOnline(s, { qty: 1, stock: 3 });
    const rr = response(rzp, 'pay_once', sign(SIMULATOR_SECRET, rzp, 'pay_once'));
    expect((await success(s, { order_id: orderId, razorpay_response: rr })).status).toBe(200);
    const cancel = await ctx.req('PATCH', `/order/status/${orderId}`, {
      token: await adminToken(ctx),
      body: { state: 'cancelled' },
    });
    expect(cancel.status).toBe(200);
    expect(await stockOf(ctx.db, productId)).toBe(3);
    const replay = await success(s, { order_id: orderId, razorpay_response: rr });
    expect(replay.status).toBe(409);
    expect(await orderRow(ctx.db, orderId)).toMatchObject({ state: 'cancelled', stock_returned: 1 });
    expect(await stockOf(ctx.db, productId)).toBe(3);
  });

  it('ends paid with the stock taken once when success and failure race', async () => {
    for (let i = 0; i < 3; i++) {
      const s = await shopper(ctx);
      const { orderId, rzp, productId } = await placeOnline(s, { qty: 1, stock: 3 });
      const rr = response(rzp, `pay_r${i}`, sign(SIMULATOR_SECRET, rzp, `pay_r${i}`));
      await Promise.all([
        success(s, { order_id: orderId, razorpay_response: rr }),
        ctx.req('POST', '/order/payment-failed', { token: s.token, body: { order_id: orderId } }),
      ]);
      expect((await orderRow(ctx.db, orderId)).state).toBe('paid');
      expect(await stockOf(ctx.db, productId)).toBe(2);
    }
  });
});

describe('a verified payment after the order was cancelled or its payment window closed', () => {
  /** The payment-expiry sweep closes the order's payment window (payment_failed). */
  async function expire(orderId: string) {
    await ctx.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('public_id', '=', orderId)
      .execute();
    await expireUnpaidOrders(ctx);
    expect((await orderRow(ctx.db, orderId)).state).toBe('payment_failed');
  }
  const late = (s: Shopper, orderId: string, rzp: string, paymentId: string) =>
    success(s, {
      order_id: orderId,
      razorpay_response: response(rzp, paymentId, sign(SIMULATOR_SECRET, rzp, paymentId)),
    });
  const refundsOf = async (orderId: string) =>
    ctx.db
      .selectFrom('refunds')
      .select(['state', 'amount_paise'])
      .where('order_id', '=', (await orderRow(ctx.db, orderId)).id)
      .execute();

  it('refunds a late payment of an order the shopper cancelled, which stays cancelled', async () => {
    const s = await shopper(ctx);
    const { orderId, rzp, productId } = await placeOnline(s, { qty: 1, stock: 4, price: 800 });
    expect((await ctx.req('POST', `/order/${orderId}/cancel`, { token: s.token, body: {} })).status).toBe(
      200,
    );
    expect(await stockOf(ctx.db, productId)).toBe(4);
    const r = await late(s, orderId, rzp, 'pay_after_cancel');
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('payment_after_cancel');
    expect(await orderRow(ctx.db, orderId)).toMatchObject({
      state: 'cancelled',
      razorpay_payment_id: 'pay_after_cancel',
      refunded_paise: 80_000,
    });
    expect(await stockOf(ctx.db, productId)).toBe(4);
    expect(await refundsOf(orderId)).toEqual([{ state: 'processed', amount_paise: 80_000 }]);
  });

  it('revives an order whose payment window closed when its units are still for sale', async () => {
    const s = await shopper(ctx);
    const { orderId, rzp, productId } = await placeOnline(s, { qty: 1, stock: 4 });
    await expire(orderId);
    expect((await late(s, orderId, rzp, 'pay_after_expiry')).status).toBe(200);
    expect(await orderRow(ctx.db, orderId)).toMatchObject({ state: 'paid', stock_returned: 0 });
    expect(await stockOf(ctx.db, productId)).toBe(3);
  });

  it('refunds instead of reviving when the product or its variant was switched off meanwhile', async () => {
    for (const off of ['product', 'variant'] as const) {
      const s = await shopper(ctx);
      const { orderId, rzp, productId } = await placeOnline(s, { qty: 1, stock: 4, price: 500 });
      await expire(orderId);
      if (off === 'product')
        await ctx.db.updateTable('products').set({ status: 0 }).where('id', '=', productId).execute();
      else
        await ctx.db
          .updateTable('product_variants')
          .set({ enabled: 0 })
          .where('product_id', '=', productId)
          .execute();
      const variantStock = async () =>
        (
          await ctx.db
            .selectFrom('product_variants')
            .select('stock')
            .where('product_id', '=', productId)
            .execute()
        ).map((v) => v.stock);
      const before = await variantStock();
      const r = await late(s, orderId, rzp, `pay_${off}_off`);
      expect(r.status, off).toBe(409);
      expect(await orderRow(ctx.db, orderId), off).toMatchObject({
        state: 'payment_failed',
        refunded_paise: 50_000,
      });
      expect(await variantStock(), off).toEqual(before);
      expect(await refundsOf(orderId), off).toEqual([{ state: 'processed', amount_paise: 50_000 }]);
    }
  });
});

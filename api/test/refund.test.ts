// Covers staff refunds through Razorpay's refunds API (the real `razorpay` SDK against the local stand-in):
// full and partial refunds with a reason, more than is left → 400 naming the amount left (across refunds), two
// refunds at once (the second sees the first), a refund Razorpay refuses (502, nothing refunded, order still
// paid), and the refund.processed / refund.failed webhooks: deduplicated by event id, matched by our refund id
// when they arrive before Razorpay's answer was recorded, `processed` final whatever comes after.
import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { createApp } from '../src/app';
import type { RazorpayProvider } from '../src/lib/payments/razorpay';
import { createTestContext, type TestContext } from './context';
import { addToCart, makeProduct, orderBody, orderRow, shopper } from './order-fixtures';
import { razorpayApp, STANDIN_KEY_ID, STANDIN_KEY_SECRET, type StandIn } from './razorpay-stand-in';
import { request } from './support';

const KEY_ID = STANDIN_KEY_ID;
const KEY_SECRET = STANDIN_KEY_SECRET;

let ctx: TestContext;
let standIn: StandIn;
let provider: RazorpayProvider;
let app: ReturnType<typeof createApp>;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ standIn, provider, app } = await razorpayApp(ctx));
  admin = await ctx.adminToken();
});
afterAll(async () => {
  await standIn.stop();
  await ctx.close();
});
beforeEach(() => {
  standIn.mode = 'ok';
  standIn.refundMode = 'processed';
  standIn.seen = [];
  provider.http.defaults.baseURL = standIn.url;
});

const call = (method: string, path: string, token: string, body?: unknown) =>
  request(app, method, path, { token, body });

/** An online order of `rupees`, paid through Razorpay (checkout signature with the key secret). */
async function paidOrder(rupees = 1000) {
  const s = await shopper(ctx);
  const p = await makeProduct(ctx.db, { price: rupees, stock: 10 });
  await addToCart(ctx.db, s.id, p.id, 1);
  const placed = await call('POST', '/order/place-order', s.token, orderBody(1));
  const rzp = placed.body.razorpay_order_id as string;
  const paymentId = `pay_${randomBytes(6).toString('hex')}`;
  const ok = await call('POST', '/order/success', s.token, {
    order_id: placed.body.order_id,
    razorpay_response: {
      razorpay_order_id: rzp,
      razorpay_payment_id: paymentId,
      razorpay_signature: createHmac('sha256', KEY_SECRET).update(`${rzp}|${paymentId}`).digest('hex'),
    },
  });
  expect(ok.status).toBe(200);
  return { s, orderId: placed.body.order_id as string, paymentId };
}

const refund = (orderId: string, body: Record<string, unknown>) =>
  call('POST', `/order/${orderId}/refund`, admin, body);

/** A signed refund webhook, as Razorpay sends it (the webhook secret defaults to the key secret in tests). */
async function refundEvent(
  event: 'refund.processed' | 'refund.failed',
  entity: Record<string, unknown>,
  eventId = `evt_${randomBytes(6).toString('hex')}`,
) {
  const raw = JSON.stringify({
    entity: 'event',
    event,
    contains: ['refund', 'payment'],
    payload: { refund: { entity: { entity: 'refund', currency: 'INR', ...entity } } },
    created_at: 1700000000,
  });
  const res = await app.request('/order/webhook/razorpay', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', KEY_SECRET).update(raw).digest('hex'),
      'x-razorpay-event-id': eventId,
    },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as { msg: string } };
}

const refundRows = async (orderId: string) =>
  ctx.db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .selectAll('refunds')
    .where('orders.public_id', '=', orderId)
    .orderBy('refunds.id')
    .execute();

describe('staff refunds through Razorpay', () => {
  it('refunds in part and then the rest, refusing more than is left with the amount left', async () => {
    const { s, orderId, paymentId } = await paidOrder(1000);
    const first = await refund(orderId, { amount: 300, reason: 'Scratched screen' });
    expect(first.status).toBe(200);
    expect(first.body.msg).toBe('Refunded ₹300.');
    expect(first.body.order.state).toBe('paid');
    expect(first.body.payment.refunded).toBe(300);
    expect(first.body.refunds).toEqual([
      expect.objectContaining({ amount: 300, reason: 'Scratched screen', state: 'processed' }),
    ]);
    const seen = standIn.seen.find((r) => r.url.endsWith('/refund'))!;
    expect(seen.url).toBe(`/v1/payments/${paymentId}/refund`);
    expect(seen.authorization).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    expect(seen.body).toMatchObject({ amount: 30_000, notes: { order_id: orderId } });

    const tooMuch = await refund(orderId, { amount: 800, reason: 'Changed mind' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({ code: 'refund_too_large', left: 700 });
    expect(tooMuch.body.msg).toContain('₹700');

    const rest = await refund(orderId, { reason: 'Returned' });
    expect(rest.status).toBe(200);
    expect(rest.body.payment.refunded).toBe(1000);
    expect(rest.body.documents.map((d: { kind: string }) => d.kind)).toEqual([
      'invoice',
      'credit_note',
      'credit_note',
    ]);
    const none = await refund(orderId, { amount: 1, reason: 'Again' });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'refund_too_large', left: 0 });

    const mails = await ctx.db
      .selectFrom('outbox')
      .select('subject')
      .where('recipient', '=', s.email)
      .where('kind', '=', 'refunded')
      .execute();
    expect(mails.map((m) => m.subject.split(' – ')[0])).toEqual([
      `Refund of ₹300 for order ${orderId}`,
      `Refund of ₹700 for order ${orderId}`,
    ]);
  });

  it('lets the second of two refunds at once see the first', async () => {
    const { orderId } = await paidOrder(1000);
    const [a, b] = await Promise.all([
      refund(orderId, { amount: 600, reason: 'One' }),
      refund(orderId, { amount: 600, reason: 'Two' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const refused = a.status === 400 ? a : b;
    expect(refused.body).toMatchObject({ code: 'refund_too_large', left: 400 });
    expect((await orderRow(ctx.db, orderId)).refunded_paise).toBe(60_000);
  });

  it('keeps the order paid and says why when Razorpay refuses the refund', async () => {
    const { orderId } = await paidOrder(500);
    standIn.refundMode = 'reject';
    const r = await refund(orderId, { amount: 100, reason: 'Late delivery' });
    expect(r.status).toBe(502);
    expect(r.body.code).toBe('refund_refused');
    expect(r.body.msg).toContain('greater than amount captured');
    expect(await orderRow(ctx.db, orderId)).toMatchObject({ state: 'paid', refunded_paise: 0 });
    expect(await refundRows(orderId)).toEqual([
      expect.objectContaining({ state: 'failed', amount_paise: 10_000 }),
    ]);
    standIn.refundMode = 'processed';
    expect((await refund(orderId, { reason: 'Late delivery' })).body.payment.refunded).toBe(500);
  });

  it('shows the gateway’s reason for a refused refund to staff, never to the shopper', async () => {
    const { s, orderId } = await paidOrder(400);
    standIn.refundMode = 'reject';
    expect((await refund(orderId, { amount: 100, reason: 'Late delivery' })).status).toBe(502);
    const staff = await call('GET', `/order/${orderId}`, admin);
    expect(staff.body.refunds[0].error).toContain('greater than amount captured');
    expect(JSON.stringify(staff.body.timeline)).toContain('greater than amount captured');
    const own = await call('GET', `/order/${orderId}`, s.token);
    expect(own.status).toBe(200);
    expect(own.body.refunds[0]).toMatchObject({ state: 'failed', error: null });
    expect(own.body.timeline.map((e: { event: string }) => e.event)).toContain('refund_failed');
    expect(JSON.stringify(own.body)).not.toContain('greater than amount captured');
  });

  it('answers 409 for a cash-on-delivery order and 403 for a shopper', async () => {
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { price: 100 });
    await addToCart(ctx.db, s.id, p.id, 1);
    const cod = await call('POST', '/order/place-order', s.token, orderBody(0));
    expect((await refund(cod.body.order_id, { reason: 'x' })).status).toBe(409);
    const { orderId } = await paidOrder(100);
    expect((await call('POST', `/order/${orderId}/refund`, s.token, { reason: 'x' })).status).toBe(403);
  });
});

describe('refund webhooks', () => {
  it('settles a pending refund on refund.processed, once, and ignores a later refund.failed', async () => {
    const { s, orderId } = await paidOrder(800);
    standIn.refundMode = 'pending';
    const r = await refund(orderId, { amount: 200, reason: 'Missing charger' });
    expect(r.status).toBe(200);
    expect(r.body.msg).toMatch(/started/);
    const [row] = await refundRows(orderId);
    expect(row).toMatchObject({ state: 'pending', provider_refund_id: expect.stringMatching(/^rfnd_/) });

    const entity = { id: row!.provider_refund_id, amount: 20_000, status: 'processed' };
    const first = await refundEvent('refund.processed', entity, 'evt_refund_once');
    expect(first.body.msg).toBe('Refund marked as processed.');
    const replay = await refundEvent('refund.processed', entity, 'evt_refund_once');
    expect(replay.body.msg).toBe('Event already processed.');
    const late = await refundEvent('refund.failed', { ...entity, status: 'failed' });
    expect(late.body.msg).toBe('Event ignored: the refund is processed.');

    expect((await refundRows(orderId))[0]!.state).toBe('processed');
    expect((await orderRow(ctx.db, orderId)).refunded_paise).toBe(20_000);
    const mails = await ctx.db
      .selectFrom('outbox')
      .select('kind')
      .where('recipient', '=', s.email)
      .where('kind', '=', 'refunded')
      .execute();
    expect(mails).toHaveLength(1);
  });

  it('matches an event that comes before Razorpay’s answer was recorded by the refund id in its notes', async () => {
    const { orderId } = await paidOrder(800);
    standIn.refundMode = 'error';
    const r = await refund(orderId, { amount: 800, reason: 'Cancelled' });
    expect(r.status).toBe(200);
    const [row] = await refundRows(orderId);
    expect(row).toMatchObject({ state: 'pending', provider_refund_id: null });
    const processed = await refundEvent('refund.processed', {
      id: 'rfnd_LateArrival1',
      amount: 80_000,
      status: 'processed',
      notes: { refund_id: row!.public_id, order_id: orderId },
    });
    expect(processed.body.msg).toBe('Refund marked as processed.');
    expect((await refundRows(orderId))[0]).toMatchObject({
      state: 'processed',
      provider_refund_id: 'rfnd_LateArrival1',
    });
  });

  it('gives the amount back on refund.failed, leaving the order paid', async () => {
    const { orderId } = await paidOrder(600);
    standIn.refundMode = 'pending';
    await refund(orderId, { amount: 600, reason: 'Defective' });
    const [row] = await refundRows(orderId);
    const failed = await refundEvent('refund.failed', {
      id: row!.provider_refund_id,
      amount: 60_000,
      status: 'failed',
    });
    expect(failed.body.msg).toBe('Refund marked as failed.');
    expect(await orderRow(ctx.db, orderId)).toMatchObject({ state: 'paid', refunded_paise: 0 });
    expect((await refundEvent('refund.processed', { id: 'rfnd_unknown', amount: 1 })).body.msg).toBe(
      'Event ignored: no matching refund.',
    );
  });
});

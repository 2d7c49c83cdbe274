// Covers (ASVS V2.3, Razorpay webhook guidance): forged, replayed, duplicated, concurrent and out-of-order
// payment confirmations (POST /order/success) and webhooks (POST /order/webhook/razorpay). Every state change
// and every stock movement is counted by database triggers installed in this suite's own database: each order
// changes state exactly as often as the events justify (a duplicate never twice), and its stock is returned at
// most once and never lost.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_SECRET } from '../../src/config';
import { hmacHex, paymentSignature } from '../../src/lib/payments/signatures';
import { expireUnpaidOrders } from '../../src/modules/order/order-lifecycle.service';
import { ensureVariants } from '../../src/modules/product/product-variant.service';
import {
  type Account,
  createSecurityContext,
  expectRefusal,
  fingerprint,
  leaksIn,
  makeAccount,
  type Res,
  type SecurityContext,
  secretsOf,
} from './harness';
import { shippingAddress } from './world';

const WEBHOOK_SECRET = `whsec_${randomBytes(16).toString('hex')}`;
const UNIT_PAISE = 150_000;
const QTY = 2;
const STOCK = 10;

let sc: SecurityContext;
let admin: Account;

beforeAll(async () => {
  // Simulator payments (key secret = the simulator's), with a real webhook secret of its own.
  sc = await createSecurityContext({ RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
  admin = await makeAccount(sc, 'admin');
  await sql`CREATE TABLE sec_events (
    id BIGINT UNSIGNED AUTO_INCREMENT PRIMARY KEY,
    kind VARCHAR(10) NOT NULL, ref BIGINT UNSIGNED NOT NULL, from_v VARCHAR(30), to_v VARCHAR(30))`.execute(
    sc.db,
  );
  await sql`CREATE TRIGGER sec_order_state AFTER UPDATE ON orders FOR EACH ROW
    BEGIN
      IF NOT (OLD.state <=> NEW.state) THEN
        INSERT INTO sec_events (kind, ref, from_v, to_v) VALUES ('state', NEW.id, OLD.state, NEW.state);
      END IF;
    END`.execute(sc.db);
  await sql`CREATE TRIGGER sec_stock AFTER UPDATE ON products FOR EACH ROW
    BEGIN
      IF NOT (OLD.stock <=> NEW.stock) THEN
        INSERT INTO sec_events (kind, ref, from_v, to_v) VALUES ('stock', NEW.id, OLD.stock, NEW.stock);
      END IF;
    END`.execute(sc.db);
});
afterAll(async () => {
  await sc?.close();
});

interface Order {
  id: string;
  row: number;
  razorpay: string;
  product: number;
  customer: Account;
  totalPaise: number;
}

let seq = 0;
/** A fresh product (stock 10) and shopper, and an online order of 2 units waiting for payment. */
async function pendingOrder(): Promise<Order> {
  const tag = `${++seq}-${randomBytes(3).toString('hex')}`;
  const product = Number(
    (
      await sc.db
        .insertInto('products')
        .values({
          name: `Pay ${tag}`,
          slug: `pay-${tag}`,
          original_price: UNIT_PAISE,
          discount_percentage: 0,
          final_price: UNIT_PAISE,
          stock: STOCK,
          sku: null,
          category_id: null,
          short_description: null,
          long_description: null,
        })
        .executeTakeFirstOrThrow()
    ).insertId,
  );
  // Its one variant holds the stock (as the migration does for products without options).
  await ensureVariants(sc.db);
  const customer = await makeAccount(sc, 'customer', 'payer');
  const add = await sc.req('POST', '/cart/add-to-cart', {
    token: customer.token,
    body: { productId: String(product), qty: QTY },
  });
  expect(add.status, add.text).toBe(200);
  const placed = await sc.req('POST', '/order/place-order', {
    token: customer.token,
    body: { payment_mode: 1, shipping_details: shippingAddress() },
  });
  expect(placed.status, placed.text).toBe(201);
  const row = await sc.db
    .selectFrom('orders')
    .select(['id', 'total_paise'])
    .where('public_id', '=', placed.body.order_id)
    .executeTakeFirstOrThrow();
  expect(placed.body.razorpay_order_id).toMatch(/^order_/);
  return {
    id: placed.body.order_id,
    row: row.id,
    razorpay: placed.body.razorpay_order_id,
    product,
    customer,
    totalPaise: Number(row.total_paise),
  };
}

async function history(o: Order) {
  const rows = await sql<{ kind: string; ref: number; from_v: string; to_v: string }>`
    SELECT kind, ref, from_v, to_v FROM sec_events
    WHERE (kind = 'state' AND ref = ${o.row}) OR (kind = 'stock' AND ref = ${o.product}) ORDER BY id`.execute(
    sc.db,
  );
  const states = rows.rows.filter((r) => r.kind === 'state').map((r) => `${r.from_v}→${r.to_v}`);
  const stock = rows.rows.filter((r) => r.kind === 'stock').map((r) => Number(r.to_v) - Number(r.from_v));
  const now = await sc.db
    .selectFrom('products')
    .select('stock')
    .where('id', '=', o.product)
    .executeTakeFirstOrThrow();
  const order = await sc.db
    .selectFrom('orders')
    .select(['state', 'stock_returned', 'razorpay_payment_id'])
    .where('id', '=', o.row)
    .executeTakeFirstOrThrow();
  return {
    states,
    stock,
    stockNow: Number(now.stock),
    state: order.state,
    paymentId: order.razorpay_payment_id,
  };
}

const checkout = (
  o: Order,
  paymentId = `pay_${randomBytes(7).toString('hex')}`,
  secret = SIMULATOR_SECRET,
) => ({
  razorpay_order_id: o.razorpay,
  razorpay_payment_id: paymentId,
  razorpay_signature: paymentSignature(secret, o.razorpay, paymentId),
});

const confirm = (o: Order, response: Record<string, string>, token = o.customer.token, orderId = o.id) =>
  sc.req('POST', '/order/success', { token, body: { order_id: orderId, razorpay_response: response } });

function webhookBody(
  event: string,
  o: Order,
  paymentId = `pay_${randomBytes(7).toString('hex')}`,
  amount = o.totalPaise,
) {
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount,
          currency: 'INR',
          order_id: o.razorpay,
          status: event === 'payment.failed' ? 'failed' : 'captured',
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}

function webhook(
  body: string,
  opts: { signature?: string | null; eventId?: string; secret?: string } = {},
): Promise<Res> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const signature =
    opts.signature === undefined ? hmacHex(opts.secret ?? WEBHOOK_SECRET, body) : opts.signature;
  if (signature !== null) headers['x-razorpay-signature'] = signature;
  headers['x-razorpay-event-id'] = opts.eventId ?? `evt_${randomBytes(8).toString('hex')}`;
  return sc.req('POST', '/order/webhook/razorpay', { body, headers });
}

const HELD = STOCK - QTY;

describe('checkout confirmations (POST /order/success)', () => {
  it('refuses forged, foreign and mismatched signatures without any state change', async () => {
    const o = await pendingOrder();
    const other = await pendingOrder();
    const before = await fingerprint(sc);
    const good = checkout(o);
    const forged: [string, Record<string, string>][] = [
      ['a random signature', { ...good, razorpay_signature: randomBytes(32).toString('hex') }],
      ['an empty-looking signature', { ...good, razorpay_signature: '0'.repeat(64) }],
      ['the signature of another payment id', { ...good, razorpay_payment_id: 'pay_someoneelse' }],
      ['a signature made with another secret', checkout(o, undefined, 'not-the-key-secret')],
      ['a signature made with the webhook secret', checkout(o, undefined, WEBHOOK_SECRET)],
      ["another order's valid confirmation", checkout(other)],
      [
        'the right signature upper-cased and padded',
        { ...good, razorpay_signature: `${good.razorpay_signature.toUpperCase()}00` },
      ],
      ['a signature as a number', { ...good, razorpay_signature: 12345 as unknown as string }],
    ];
    for (const [name, response] of forged) {
      const r = await confirm(o, response);
      expectRefusal(r, [400, 404, 409], name);
    }
    // A valid confirmation of order A sent under order B's id.
    expectRefusal(
      await confirm(other, good, other.customer.token, other.id),
      [400, 404, 409],
      'crossed orders',
    );
    expect(await fingerprint(sc)).toEqual(before);
    expect((await history(o)).states).toEqual([]);
  });

  it("refuses another shopper's valid confirmation of someone's order", async () => {
    const o = await pendingOrder();
    const thief = await makeAccount(sc, 'customer', 'thief');
    const r = await confirm(o, checkout(o), thief.token);
    expectRefusal(r, [403, 404], 'another shopper');
    expect((await history(o)).states).toEqual([]);
  });

  it('marks the order paid exactly once, however often the confirmation is replayed', async () => {
    const o = await pendingOrder();
    const response = checkout(o);
    const first = await confirm(o, response);
    expect(first.status, first.text).toBe(200);
    for (let i = 0; i < 3; i++) {
      const again = await confirm(o, response);
      expect(again.status).toBe(200);
      expect(again.body.msg).toMatch(/already/i);
    }
    // A second, differently signed payment for the same order changes nothing either.
    expect((await confirm(o, checkout(o))).status).toBe(200);
    const h = await history(o);
    expect(h.states).toEqual(['pending_payment→paid']);
    expect(h.stock).toEqual([-QTY]);
    expect(h.stockNow).toBe(HELD);
    expect(h.paymentId).toBe(response.razorpay_payment_id);
  });

  it('takes 12 simultaneous confirmations as one', async () => {
    const o = await pendingOrder();
    const results = await Promise.all(Array.from({ length: 12 }, () => confirm(o, checkout(o))));
    for (const r of results) expect(r.status, r.text).toBe(200);
    expect(results.filter((r) => !/already/i.test(r.body.msg)).length).toBe(1);
    expect((await history(o)).states).toEqual(['pending_payment→paid']);
  });
});

describe('webhooks (POST /order/webhook/razorpay)', () => {
  it('refuses unsigned, forged and re-serialised bodies without any change', async () => {
    const o = await pendingOrder();
    const body = webhookBody('payment.captured', o);
    const before = await fingerprint(sc);
    const cases: [string, Promise<Res>][] = [
      ['no signature', webhook(body, { signature: null })],
      ['an empty signature', webhook(body, { signature: '' })],
      ['a random signature', webhook(body, { signature: randomBytes(32).toString('hex') })],
      [
        'signed with the key secret instead of the webhook secret',
        webhook(body, { secret: SIMULATOR_SECRET }),
      ],
      [
        'signed over the same JSON re-serialised',
        webhook(JSON.stringify(JSON.parse(body), null, 1), { signature: hmacHex(WEBHOOK_SECRET, body) }),
      ],
      [
        'a signed body with a changed amount',
        webhook(body.replace(`"amount":${o.totalPaise}`, '"amount":100'), {
          signature: hmacHex(WEBHOOK_SECRET, body),
        }),
      ],
      [
        'a signature array',
        webhook(body, { signature: `${hmacHex(WEBHOOK_SECRET, body)}, ${hmacHex(WEBHOOK_SECRET, body)}` }),
      ],
    ];
    for (const [name, p] of cases) expectRefusal(await p, [400, 401], name);
    expect(await fingerprint(sc)).toEqual(before);
  });

  it('applies a captured payment once: the same event replayed, and the same payment under new event ids, change nothing more', async () => {
    const o = await pendingOrder();
    const body = webhookBody('payment.captured', o, 'pay_once_1');
    const eventId = `evt_${randomBytes(6).toString('hex')}`;
    expect((await webhook(body, { eventId })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const replay = await webhook(body, { eventId });
      expect(replay.status).toBe(200);
      expect(replay.body.msg).toMatch(/already processed/i);
    }
    for (let i = 0; i < 3; i++) expect((await webhook(body)).status).toBe(200);
    expect((await webhook(webhookBody('order.paid', o, 'pay_once_1'))).status).toBe(200);
    const h = await history(o);
    expect(h.states).toEqual(['pending_payment→paid']);
    expect(h.stock).toEqual([-QTY]);
  });

  it('takes 12 simultaneous deliveries (same and different event ids) and a confirmation as one payment', async () => {
    const o = await pendingOrder();
    const body = webhookBody('payment.captured', o, 'pay_race_1');
    const eventId = `evt_${randomBytes(6).toString('hex')}`;
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => webhook(body, { eventId })),
      ...Array.from({ length: 6 }, () => webhook(body)),
      confirm(o, checkout(o, 'pay_race_1')),
    ]);
    for (const r of results) expect(r.status, r.text).toBe(200);
    const h = await history(o);
    expect(h.states).toEqual(['pending_payment→paid']);
    expect(h.stock).toEqual([-QTY]);
  });

  it('ignores a late payment.failed after the payment was captured (out of order)', async () => {
    const o = await pendingOrder();
    expect((await webhook(webhookBody('payment.captured', o, 'pay_ok'))).status).toBe(200);
    expect((await webhook(webhookBody('payment.failed', o, 'pay_earlier_attempt'))).status).toBe(200);
    expectRefusal(
      await sc.req('POST', '/order/payment-failed', { token: o.customer.token, body: { order_id: o.id } }),
      [409],
      'shopper reporting failure after payment',
    );
    const h = await history(o);
    expect(h.state).toBe('paid');
    expect(h.states).toEqual(['pending_payment→paid']);
    expect(h.stockNow).toBe(HELD);
  });

  it('returns the stock once for a failure, and takes it again once when the money arrives after all', async () => {
    const o = await pendingOrder();
    const failed = webhookBody('payment.failed', o, 'pay_failed_1');
    expect((await webhook(failed)).status).toBe(200);
    // The failure, delivered again and reported by the shopper too: the stock went back once.
    await Promise.all([
      webhook(failed),
      webhook(failed),
      sc.req('POST', '/order/payment-failed', { token: o.customer.token, body: { order_id: o.id } }),
      sc.req('POST', '/order/payment-failed', { token: o.customer.token, body: { order_id: o.id } }),
    ]);
    let h = await history(o);
    expect(h.states).toEqual(['pending_payment→payment_failed']);
    expect(h.stock).toEqual([-QTY, +QTY]);
    expect(h.stockNow).toBe(STOCK);
    // A retry in the Razorpay dialog succeeds later: paid once, the units taken again once.
    const late = webhookBody('payment.captured', o, 'pay_retry_ok');
    await Promise.all([webhook(late), webhook(late), confirm(o, checkout(o, 'pay_retry_ok'))]);
    h = await history(o);
    expect(h.states).toEqual(['pending_payment→payment_failed', 'payment_failed→paid']);
    expect(h.stock).toEqual([-QTY, +QTY, -QTY]);
    expect(h.stockNow).toBe(HELD);
    // And a replay of the old failure cannot undo the payment.
    expect((await webhook(failed)).status).toBe(200);
    expect((await history(o)).states.length).toBe(2);
  });

  it('ignores a captured payment whose amount differs from the order total', async () => {
    const o = await pendingOrder();
    const r = await webhook(webhookBody('payment.captured', o, 'pay_cheap', 100));
    expect(r.status).toBe(200);
    expect((await history(o)).states).toEqual([]);
  });

  it('ignores signed events for unknown orders and unknown event types', async () => {
    const o = await pendingOrder();
    const before = await fingerprint(sc);
    const ghost = { ...o, razorpay: 'order_doesnotexist' };
    expect((await webhook(webhookBody('payment.captured', ghost))).status).toBe(200);
    expect((await webhook(webhookBody('refund.processed', o))).status).toBe(200);
    expect((await webhook('{"event":"payment.captured"}')).status).toBe(200);
    const after = await fingerprint(sc);
    // Only the record of processed event ids may grow.
    const strip = (f: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(f).filter(([k]) => !k.includes('payment_events')));
    expect(strip(after)).toEqual(strip(before));
  });
});

describe('cancellations and expiry', () => {
  it('returns stock once when an admin cancels twice and a late capture follows', async () => {
    const o = await pendingOrder();
    const cancel = () =>
      sc.req('PATCH', `/order/status/${o.id}`, { token: admin.token, body: { state: 'cancelled' } });
    const [a, b] = await Promise.all([cancel(), cancel()]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    let h = await history(o);
    expect(h.states).toEqual(['pending_payment→cancelled']);
    expect(h.stock).toEqual([-QTY, +QTY]);
    // The money arrives anyway: either the units are taken again once, or the order stays cancelled for a refund.
    await Promise.all([
      webhook(webhookBody('payment.captured', o, 'pay_after_cancel')),
      confirm(o, checkout(o, 'pay_after_cancel')),
    ]);
    h = await history(o);
    expect(h.states.length).toBeLessThanOrEqual(2);
    expect(h.stockNow).toBe(h.state === 'paid' ? HELD : STOCK);
    expect(h.stock.filter((d) => d > 0).length).toBe(1);
  });

  it('expires an unpaid order once even when sweeps overlap, and a late confirmation settles it once', async () => {
    const o = await pendingOrder();
    await sc.db
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', o.row)
      .execute();
    await Promise.all([expireUnpaidOrders(sc.ctx), expireUnpaidOrders(sc.ctx), expireUnpaidOrders(sc.ctx)]);
    let h = await history(o);
    expect(h.states).toEqual(['pending_payment→payment_failed']);
    expect(h.stock).toEqual([-QTY, +QTY]);
    const response = checkout(o, 'pay_late');
    const results = await Promise.all([confirm(o, response), confirm(o, response)]);
    for (const r of results) expect([200, 409]).toContain(r.status);
    h = await history(o);
    expect(h.states.filter((s) => s.endsWith('→paid')).length).toBeLessThanOrEqual(1);
    expect(h.stockNow).toBe(h.state === 'paid' ? HELD : STOCK);
  });
});

describe('leaks', () => {
  it('no payment response carries a secret or internal details', () => {
    const bad = sc.seen.filter((t) => leaksIn(t, [...secretsOf(sc.config), WEBHOOK_SECRET]).length > 0);
    expect(bad.slice(0, 3)).toEqual([]);
  });
});

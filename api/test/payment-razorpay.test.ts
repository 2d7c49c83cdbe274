// Covers the Razorpay provider with the real `razorpay` SDK against a local stand-in of Razorpay's HTTP API:
// the order-creation request (Basic auth with key id and secret, amount in paise, currency INR, receipt = our order
// id), confirming a payment signed with the key secret, "pay now" reusing the Razorpay order, and the failures
// (4xx, 5xx, network failure, timeout): each answers 502 and leaves no stock taken (order cancelled, stock
// returned, cart restored).
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { createApp } from '../src/app';
import { SIMULATOR_SECRET } from '../src/config';
import { RazorpayProvider } from '../src/lib/payments/razorpay';
import { PAYMENT_UNAVAILABLE } from '../src/modules/order/order-checkout.service';
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
import { razorpayApp, STANDIN_KEY_ID, STANDIN_KEY_SECRET, type StandIn } from './razorpay-stand-in';
import { request } from './support';

const KEY_ID = STANDIN_KEY_ID;
const KEY_SECRET = STANDIN_KEY_SECRET;

let ctx: TestContext;
let standIn: StandIn;
let provider: RazorpayProvider;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ standIn, provider, app } = await razorpayApp(ctx));
});
afterAll(async () => {
  await standIn.stop();
  await ctx.close();
});
beforeEach(() => {
  standIn.mode = 'ok';
  standIn.seen = [];
  provider.http.defaults.baseURL = standIn.url;
});

const call = (method: string, path: string, token: string, body: unknown) =>
  request(app, method, path, { token, body });

async function cartWith(qty: number, stock: number, price: number) {
  const s = await shopper(ctx);
  const p = await makeProduct(ctx.db, { stock, price });
  await addToCart(ctx.db, s.id, p.id, qty);
  return { s, productId: p.id };
}

const place = (s: Shopper) => call('POST', '/order/place-order', s.token, orderBody(1));

describe('Razorpay order creation through the SDK', () => {
  it('is chosen when a key id is configured', () => {
    expect(provider).toBeInstanceOf(RazorpayProvider);
    expect(provider.kind).toBe('razorpay');
  });

  it('sends Basic auth, the amount in paise, INR and our order id as receipt; replies with the key id', async () => {
    const { s, productId } = await cartWith(3, 5, 1234.56);
    const r = await place(s);
    expect(r.status).toBe(201);
    expect(standIn.seen).toHaveLength(1);
    const req = standIn.seen[0]!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/orders');
    expect(req.authorization).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    expect(req.contentType).toMatch(/application\/json/);
    expect(req.body).toMatchObject({ amount: 370368, currency: 'INR', receipt: r.body.order_id });
    expect(Number.isInteger(req.body.amount)).toBe(true);

    expect(r.body).toMatchObject({
      flag: 1,
      order_total: 3703.68,
      razorpay_order_id: 'order_Standin1',
      payment: {
        razorpay_order_id: 'order_Standin1',
        key_id: KEY_ID,
        amount: 370368,
        currency: 'INR',
        simulator: false,
      },
    });
    expect(await orderRow(ctx.db, r.body.order_id)).toMatchObject({
      state: 'pending_payment',
      razorpay_order_id: 'order_Standin1',
    });
    expect(await stockOf(ctx.db, productId)).toBe(2);
  });

  it('confirms a payment signed with the key secret and refuses the simulator secret', async () => {
    const { s } = await cartWith(1, 5, 100);
    const placed = await place(s);
    const rzp = placed.body.razorpay_order_id as string;
    const sig = (secret: string) => createHmac('sha256', secret).update(`${rzp}|pay_Real1`).digest('hex');
    const body = (secret: string) => ({
      order_id: placed.body.order_id,
      razorpay_response: {
        razorpay_order_id: rzp,
        razorpay_payment_id: 'pay_Real1',
        razorpay_signature: sig(secret),
      },
    });
    const wrong = await call('POST', '/order/success', s.token, body(SIMULATOR_SECRET));
    expect(wrong.status).toBe(400);
    const ok = await call('POST', '/order/success', s.token, body(KEY_SECRET));
    expect(ok.status).toBe(200);
    expect((await orderRow(ctx.db, placed.body.order_id)).state).toBe('paid');
  });

  it('pays a failed order again on the same Razorpay order: "pay now" creates no new order anywhere', async () => {
    const { s } = await cartWith(1, 5, 100);
    const placed = await place(s);
    const rzp = placed.body.razorpay_order_id as string;
    await call('POST', '/order/payment-failed', s.token, { order_id: placed.body.order_id });
    standIn.seen = [];
    const again = await call('POST', `/order/${placed.body.order_id}/pay`, s.token, undefined);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ order_id: placed.body.order_id, razorpay_order_id: rzp });
    expect(again.body.payment).toMatchObject({ key_id: KEY_ID, simulator: false, amount: 10_000 });
    expect(standIn.seen).toEqual([]);
    const orders = await ctx.db.selectFrom('orders').select('id').where('user_id', '=', s.id).execute();
    expect(orders).toHaveLength(1);
  });

  it('has no simulator signing route when Razorpay is configured', async () => {
    const { s } = await cartWith(1, 5, 100);
    const placed = await place(s);
    const r = await call('POST', '/order/simulator/sign', s.token, { order_id: placed.body.order_id });
    expect(r.status).toBe(404);
  });
});

describe('Razorpay failures leave no stock taken', () => {
  async function expectReleased(mode: StandIn['mode'] | 'closed') {
    const { s, productId } = await cartWith(2, 4, 500);
    if (mode === 'closed') {
      // A port that was just open and is now closed: connection refused.
      const tmp = createServer();
      await new Promise<void>((r) => tmp.listen(0, '127.0.0.1', r));
      const port = (tmp.address() as AddressInfo).port;
      await new Promise((r) => tmp.close(r));
      provider.http.defaults.baseURL = `http://127.0.0.1:${port}`;
    } else {
      standIn.mode = mode;
    }
    const before = Date.now();
    const r = await place(s);
    expect(r.status).toBe(502);
    expect(r.body).toMatchObject({ flag: 0, msg: PAYMENT_UNAVAILABLE, code: 'payment_unavailable' });
    expect(Date.now() - before).toBeLessThan(5000);
    expect(await stockOf(ctx.db, productId)).toBe(4);
    expect(await cartSize(ctx.db, s.id)).toBe(2);
    const rows = await ctx.db.selectFrom('orders').selectAll().where('user_id', '=', s.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'cancelled', stock_returned: 1, razorpay_order_id: null });
    return s;
  }

  it('a 4xx answer (thrown by the SDK as a plain object) → 502', async () => {
    await expectReleased('reject');
    expect(standIn.seen).toHaveLength(1);
  });

  it('a 5xx answer → 502', async () => {
    await expectReleased('error');
  });

  it('a network failure (the SDK throws a TypeError) → 502', async () => {
    await expectReleased('closed');
  });

  it('no answer within the timeout → 502', async () => {
    await expectReleased('hang');
  });

  it('the shopper can retry once Razorpay is back: the restored cart becomes an order', async () => {
    const s = await expectReleased('reject');
    standIn.mode = 'ok';
    const again = await place(s);
    expect(again.status).toBe(201);
    expect(again.body.razorpay_order_id).toMatch(/^order_Standin/);
    expect(await cartSize(ctx.db, s.id)).toBe(0);
  });
});

describe('EMI plans from the methods API', () => {
  let admin: string;
  const emiSettings = async () => (await request(app, 'GET', '/settings')).body.settings;
  const setEmi = async (on: boolean) =>
    expect((await call('PUT', '/settings', admin, { emiEnabled: on })).status).toBe(200);
  beforeAll(async () => {
    admin = await ctx.adminToken();
  });

  it('offers no plans and asks Razorpay nothing while staff have EMI off', async () => {
    await setEmi(false);
    expect((await emiSettings()).emiPlans).toEqual([]);
    expect(standIn.seen.filter((r) => r.url.startsWith('/v1/methods'))).toEqual([]);
  });

  it('gives the documented plans once EMI is on (Basic auth with the key id), asked once an hour', async () => {
    await setEmi(true);
    const settings = await emiSettings();
    expect(settings.emiPlans).toEqual([
      { bank: 'HDFC', months: 3, interestPct: 15, minPaise: 300000 },
      { bank: 'HDFC', months: 6, interestPct: 15, minPaise: 300000 },
      { bank: 'HDFC', months: 12, interestPct: 16, minPaise: 300000 },
      { bank: 'ICIC', months: 3, interestPct: 0, minPaise: 1000000 },
    ]);
    const asked = standIn.seen.filter((r) => r.method === 'GET' && r.url.startsWith('/v1/methods'));
    expect(asked).toHaveLength(1);
    expect(Buffer.from(asked[0]!.authorization!.replace(/^Basic /, ''), 'base64').toString()).toMatch(
      new RegExp(`^${KEY_ID}:`),
    );
    expect(await provider.emiPlans()).toEqual(settings.emiPlans);
    expect(standIn.seen.filter((r) => r.url.startsWith('/v1/methods'))).toHaveLength(1);
  });

  it('offers none when the account has no EMI or Razorpay cannot answer', async () => {
    const fresh = () =>
      new RazorpayProvider(KEY_ID, { keySecret: KEY_SECRET, webhookSecret: null }, { timeoutMs: 400 });
    const noEmi = fresh();
    noEmi.http.defaults.baseURL = standIn.url;
    const saved = standIn.methods;
    standIn.methods = { ...saved, emi: false };
    try {
      expect(await noEmi.emiPlans()).toEqual([]);
    } finally {
      standIn.methods = saved;
    }
    const down = fresh();
    down.http.defaults.baseURL = standIn.url;
    standIn.mode = 'error';
    expect(await down.emiPlans()).toEqual([]);
  });
});

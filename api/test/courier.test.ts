// Covers courier booking (lib/courier, modules/order/order-courier.service.ts) against a local stand-in of
// Shiprocket's HTTP API: the provider signs in once and again when its token has expired (by its clock or a 401),
// a wrong sign-in, a 422 and a pincode no courier serves are refused in the user's words; "Book courier" books,
// keeps the AWB and label and ships the order through the ship move (mail with the tracking link, timeline, change
// history), only once, only for an order that may ship, only for staff with orders.write; a refusal leaves the
// order as it was (and cancels what Shiprocket made); the tracking refresh records each scan once; the simulator
// and the manual provider; the configuration is checked at start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import {
  CourierError,
  type CourierProvider,
  ManualCourier,
  type ShipmentRequest,
} from '../src/lib/courier/courier-provider';
import { ShiprocketCourier } from '../src/lib/courier/shiprocket';
import { SimulatorCourier } from '../src/lib/courier/simulator';
import { createLogger } from '../src/lib/logger';
import { LocalStorage } from '../src/lib/storage';
import { createTestContext, type TestContext } from './context';
import { addToCart, insertShopper, makeProduct, orderBody, orderRow, type Shopper } from './order-fixtures';
import { ShiprocketStandIn } from './shiprocket-stand-in';
import { request } from './support';

let sr: ShiprocketStandIn;
let ctx: TestContext;
let admin: string;
let s: Shopper;

beforeAll(async () => {
  sr = new ShiprocketStandIn();
  await sr.start();
  ctx = await createTestContext({
    COURIER_PROVIDER: 'shiprocket',
    SHIPROCKET_EMAIL: sr.email,
    SHIPROCKET_PASSWORD: sr.password,
    SHIPROCKET_API_URL: sr.url,
  });
  admin = await ctx.adminToken();
  s = await insertShopper(ctx, 'Asha Rao');
});
afterAll(async () => {
  await ctx?.close();
  await sr?.stop();
});

async function placeCod(over: Record<string, unknown> = {}, weight = 250): Promise<string> {
  const p = await makeProduct(ctx.db, { stock: 5, price: 4321 });
  await ctx.db.updateTable('products').set({ weight_grams: weight }).where('id', '=', p.id).execute();
  await addToCart(ctx.db, s.id, p.id, 3);
  const r = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0, over) });
  expect(r.status, r.text).toBe(201);
  return r.body.order_id;
}

const BOX = { lengthCm: 20, breadthCm: 15, heightCm: 10 };
const book = (id: string, body: Record<string, unknown> = BOX, token = admin) =>
  ctx.req('POST', `/order/${id}/courier`, { token, body });

const request1: ShipmentRequest = {
  orderId: 'VC0000000000000000AB',
  placedAt: new Date('2026-11-29T05:00:00Z'),
  recipient: {
    name: 'Asha Rao',
    email: 'asha@example.com',
    phone: '9876543210',
    address1: '12 MG Road',
    address2: 'Flat 4',
    city: 'Bengaluru',
    state: 'Karnataka',
    pincode: '560001',
  },
  cod: true,
  totalPaise: 1296300,
  items: [{ name: 'Phone', sku: 'PH-1', units: 3, unitPricePaise: 432100 }],
  weightGrams: 750,
  ...BOX,
};

describe('Shiprocket provider against the stand-in', () => {
  it('signs in once, sends the order in Shiprocket’s shape and signs in again when the token has expired', async () => {
    let clock = Date.parse('2026-11-29T05:00:00Z');
    const p = new ShiprocketCourier({
      email: sr.email,
      password: sr.password,
      pickupLocation: 'Primary',
      baseUrl: sr.url,
      now: () => clock,
    });
    const logins = sr.logins;
    const booked = await p.createShipment(request1);
    expect(booked).toMatchObject({ courierName: 'Delhivery Surface', carrier: 'Shiprocket' });
    expect(booked.awb).toMatch(/^1904121112\d{4}$/);
    expect(booked.labelPdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(sr.logins - logins).toBe(1);
    const sent = sr.calls('/orders/create/adhoc').at(-1)!;
    expect(sent.authorization).toMatch(/^Bearer eyJ\.stand-in\./);
    expect(sent.body).toMatchObject({
      order_id: 'VC0000000000000000AB',
      order_date: '2026-11-29 10:30',
      pickup_location: 'Primary',
      billing_customer_name: 'Asha',
      billing_last_name: 'Rao',
      billing_pincode: '560001',
      billing_country: 'India',
      payment_method: 'COD',
      sub_total: 12963,
      weight: 0.75,
      length: 20,
      order_items: [{ name: 'Phone', sku: 'PH-1', units: 3, selling_price: 4321 }],
    });
    expect(sr.calls('/courier/assign/awb').at(-1)!.body).toEqual({ shipment_id: expect.any(Number) });

    // Revoked or expired on Shiprocket's side: the 401 call is repeated once with a new token.
    sr.expireTokens();
    const t = await p.trackShipment({ awb: booked.awb });
    expect(t.status).toBe('IN TRANSIT');
    expect(sr.logins - logins).toBe(2);

    // Ten days later by our own clock: a new token before calling.
    clock += 10 * 86_400_000;
    const before = sr.seen.length;
    await p.trackShipment({ awb: booked.awb });
    expect(sr.seen.slice(before).map((c) => c.path)).toEqual([
      '/auth/login',
      `/courier/track/awb/${booked.awb}`,
    ]);
  });

  it('refuses a wrong sign-in, a 422 and a pincode no courier serves in words staff can act on', async () => {
    const wrong = new ShiprocketCourier({
      email: sr.email,
      password: 'nope',
      pickupLocation: 'Primary',
      baseUrl: sr.url,
    });
    await expect(wrong.createShipment(request1)).rejects.toMatchObject({
      reason: 'auth',
      message: expect.stringContaining('Invalid email and password combination'),
    });

    const p = new ShiprocketCourier({
      email: sr.email,
      password: sr.password,
      pickupLocation: 'Primary',
      baseUrl: sr.url,
    });
    const bad = { ...request1, recipient: { ...request1.recipient, phone: '98765' } };
    const e = await p.createShipment(bad).catch((x) => x);
    expect(e).toBeInstanceOf(CourierError);
    expect(e).toMatchObject({ reason: 'rejected', statusCode: 422 });
    expect(e.message).toBe('Oops! Invalid Data. billing_phone: The billing phone must be 10 digits.');

    const far = { ...request1, recipient: { ...request1.recipient, pincode: '795001' } };
    await expect(p.createShipment(far)).rejects.toMatchObject({
      reason: 'not_serviceable',
      message: 'Selected courier is not serviceable for pincode 795001.',
    });
    // The order Shiprocket made for it is cancelled.
    expect(sr.cancelled).toEqual([sr.lastOrderId]);
  });

  it('reads the scans as Indian times, oldest first, and says when the parcel is delivered', async () => {
    const p = new ShiprocketCourier({
      email: sr.email,
      password: sr.password,
      pickupLocation: 'Primary',
      baseUrl: sr.url,
    });
    sr.scans = [
      {
        date: '2026-12-01 09:10:00',
        status: 'X-DDD3FD',
        activity: 'Out for delivery',
        location: 'Bengaluru_Hub',
        'sr-status': '17',
        'sr-status-label': 'OUT FOR DELIVERY',
      },
      {
        date: '2026-11-30 11:05:00',
        status: 'X-PPOM',
        activity: 'Shipment picked up',
        location: 'Mumbai_Andheri',
        'sr-status': '42',
        'sr-status-label': 'PICKED UP',
      },
    ];
    sr.shipmentStatus = 7;
    const t = await p.trackShipment({ awb: '19041211129001' });
    expect(t.delivered).toBe(true);
    expect(t.events.map((e) => [e.at.toISOString(), e.status, e.location])).toEqual([
      ['2026-11-30T05:35:00.000Z', 'PICKED UP', 'Mumbai_Andheri'],
      ['2026-12-01T03:40:00.000Z', 'OUT FOR DELIVERY', 'Bengaluru_Hub'],
    ]);
    sr.scans = [];
    sr.shipmentStatus = 18;
  });
});

describe('POST /order/:orderId/courier (Shiprocket)', () => {
  it('books, keeps AWB and label, and ships the order as the ship move does', async () => {
    const id = await placeCod();
    const r = await book(id);
    expect(r.status, r.text).toBe(200);
    expect(r.body.order.state).toBe('shipped');
    const awb = r.body.courier.booking.awb as string;
    expect(r.body.courier).toMatchObject({
      provider: 'shiprocket',
      booking: { courierName: 'Delhivery Surface', weightGrams: 750, hasLabel: true, status: null },
    });
    expect(r.body.msg).toBe(`Courier booked: Delhivery Surface, AWB ${awb}. The order is shipped.`);
    const sent = sr.calls('/orders/create/adhoc').at(-1)!.body;
    expect(sent).toMatchObject({ order_id: id, payment_method: 'COD', sub_total: 12963, weight: 0.75 });

    const row = await orderRow(ctx.db, id);
    expect(row).toMatchObject({ state: 'shipped', carrier: 'Shiprocket', tracking_number: awb });
    const mail = await ctx.db
      .selectFrom('outbox')
      .select('text_body')
      .where('order_id', '=', row.id)
      .where('kind', '=', 'shipped')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`Track your parcel: https://shiprocket.co/tracking/${awb}`);
    const details = await ctx.req('GET', `/order/${id}`, { token: admin });
    expect(details.body.timeline.map((e: { event: string }) => e.event)).toEqual(
      expect.arrayContaining(['courier_booked', 'shipped']),
    );
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('summary')
      .where('object_id', '=', id)
      .where('action', '=', 'order.state')
      .execute();
    expect(audit.map((a) => a.summary)).toContain('Order placed → shipped');

    const label = await ctx.req('GET', `/order/${id}/courier/label`, { token: admin });
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(label.bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(label.headers.get('content-disposition')).toBe(`inline; filename="label-${awb}.pdf"`);

    const again = await book(id);
    expect(again.status).toBe(409);
    // Shipped now: the state table refuses a second ship move before the booking is looked at.
    expect(again.body.code).toBe('illegal_move');
  });

  it('records the courier’s scans once each on a refresh', async () => {
    const id = await placeCod();
    expect((await book(id)).status).toBe(200);
    const before = await ctx.req('GET', `/order/${id}/courier`, { token: admin });
    expect(before.body.courier.events).toEqual([]);
    sr.scans = [
      {
        date: '2026-11-30 11:05:00',
        status: 'X-PPOM',
        activity: 'Shipment picked up',
        location: 'Mumbai_Andheri',
        'sr-status': '42',
        'sr-status-label': 'PICKED UP',
      },
    ];
    const first = await ctx.req('POST', `/order/${id}/courier/track`, { token: admin });
    expect(first.status, first.text).toBe(200);
    expect(first.body.msg).toBe('Courier status: IN TRANSIT.');
    expect(first.body.courier.booking).toMatchObject({ status: 'IN TRANSIT', trackedAt: expect.any(String) });
    sr.scans.push({
      date: '2026-12-01 09:10:00',
      status: 'X-DDD3FD',
      activity: 'Out for delivery',
      location: 'Bengaluru_Hub',
      'sr-status': '17',
      'sr-status-label': 'OUT FOR DELIVERY',
    });
    const second = await ctx.req('POST', `/order/${id}/courier/track`, { token: admin });
    expect(second.body.courier.events).toEqual([
      {
        at: '2026-11-30T05:35:00.000Z',
        status: 'PICKED UP',
        activity: 'Shipment picked up',
        location: 'Mumbai_Andheri',
      },
      {
        at: '2026-12-01T03:40:00.000Z',
        status: 'OUT FOR DELIVERY',
        activity: 'Out for delivery',
        location: 'Bengaluru_Hub',
      },
    ]);
    sr.scans = [];
  });

  it('leaves the order as it was when no courier serves its pincode, or the box or weight is missing', async () => {
    const id = await placeCod({
      shipping_details: {
        adressLine1: 'House 3',
        adressLine2: 'Paona Bazar',
        city: 'Imphal',
        state: 'Manipur',
        postalCode: '795001',
        country: 'India',
        contact: '9876543210',
      },
    });
    const cancelledBefore = sr.cancelled.length;
    const r = await book(id);
    expect(r.status, r.text).toBe(422);
    expect(r.body).toMatchObject({
      code: 'not_serviceable',
      msg: 'The courier cannot deliver this order: Selected courier is not serviceable for pincode 795001.',
    });
    expect(sr.cancelled.length).toBe(cancelledBefore + 1);
    expect(await orderRow(ctx.db, id)).toMatchObject({
      state: 'placed',
      carrier: null,
      tracking_number: null,
    });
    const left = await ctx.db
      .selectFrom('courier_shipments')
      .select('id')
      .where('order_id', '=', (await orderRow(ctx.db, id)).id)
      .execute();
    expect(left).toEqual([]);

    const unweighed = await placeCod({}, 0);
    const noWeight = await book(unweighed);
    expect(noWeight.status).toBe(400);
    expect(noWeight.body.msg).toBe("Enter the parcel's weight: the products of this order have no weight.");
    expect((await book(unweighed, { ...BOX, weightGrams: 900 })).status).toBe(200);

    const noBox = await book(await placeCod(), { lengthCm: 20 });
    expect(noBox.status).toBe(400);
    expect(noBox.body.msg).toMatch(/Breadth/);
    expect((await book(await placeCod(), { ...BOX, heightCm: 0 })).status).toBe(400);
  });

  it('refuses an order that cannot ship, staff without orders.write, and an order booked already', async () => {
    const cancelled = await placeCod();
    await ctx.req('PATCH', `/order/status/${cancelled}`, { token: admin, body: { state: 'cancelled' } });
    const r = await book(cancelled);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      code: 'illegal_move',
      msg: 'Cannot move an order from cancelled to shipped.',
    });

    const catalogue = await ctx.staffMember(admin, 'catalogue');
    const id = await placeCod();
    const denied = await book(id, BOX, catalogue.token);
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('missing_permission');
    expect((await ctx.req('GET', `/order/${id}/courier/label`, { token: catalogue.token })).status).toBe(403);

    // A booking under way (another member of staff pressed first): refused, nothing sent to Shiprocket.
    const row = await orderRow(ctx.db, id);
    await ctx.db
      .insertInto('courier_shipments')
      .values({ order_id: row.id, provider: 'shiprocket', weight_grams: 750 })
      .execute();
    const calls = sr.seen.length;
    const busy = await book(id);
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({
      code: 'courier_booked',
      msg: 'A courier is being booked for this order right now.',
    });
    expect(sr.seen.length).toBe(calls);
    await ctx.db.deleteFrom('courier_shipments').where('order_id', '=', row.id).execute();

    const none = await ctx.req('POST', `/order/${id}/courier/track`, { token: admin });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('courier_not_booked');
  });
});

describe('the simulator and the manual provider', () => {
  const appWith = (courier: CourierProvider) =>
    createApp({
      db: ctx.db,
      config: ctx.config,
      storage: new LocalStorage(ctx.uploadDir),
      search: ctx.search,
      logger: createLogger('silent'),
      services: { courier },
    });

  it('the simulator books with a plausible AWB and a label that says it is simulated', async () => {
    const app = appWith(new SimulatorCourier());
    const id = await placeCod();
    const r = await request(app, 'POST', `/order/${id}/courier`, { token: admin, body: BOX });
    expect(r.status, r.text).toBe(200);
    expect(r.body.courier.provider).toBe('simulator');
    expect(r.body.courier.booking.awb).toMatch(/^SIM\d{11}$/);
    expect(await orderRow(ctx.db, id)).toMatchObject({ state: 'shipped', carrier: 'Courier simulator' });
    const label = await request(app, 'GET', `/order/${id}/courier/label`, { token: admin });
    expect(Buffer.from(label.bytes).toString('latin1')).toMatch(/^%PDF-/);
    const tracked = await request(app, 'POST', `/order/${id}/courier/track`, { token: admin });
    expect(tracked.body.courier.events.map((e: { status: string }) => e.status)).toEqual([
      'Pickup scheduled',
    ]);
  });

  it('the manual provider books nothing: staff mark the order shipped with carrier and AWB', async () => {
    const app = appWith(new ManualCourier());
    const id = await placeCod();
    const r = await request(app, 'POST', `/order/${id}/courier`, { token: admin, body: BOX });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('courier_manual');
    const panel = await request(app, 'GET', `/order/${id}/courier`, { token: admin });
    expect(panel.body.courier).toEqual({ provider: 'manual', booking: null, events: [] });
    expect((await orderRow(ctx.db, id)).state).toBe('placed');
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: ctx?.uploadDir ?? '.data' };
  it('needs the Shiprocket sign-in with COURIER_PROVIDER=shiprocket and refuses the simulator in production', () => {
    expect(() => loadConfig({ ...base, COURIER_PROVIDER: 'shiprocket', SHIPROCKET_PASSWORD: 'p' })).toThrow(
      /SHIPROCKET_EMAIL: is required when COURIER_PROVIDER=shiprocket/,
    );
    expect(() => loadConfig({ ...base, COURIER_PROVIDER: 'shiprocket', SHIPROCKET_EMAIL: 'a@b.in' })).toThrow(
      /SHIPROCKET_PASSWORD: is required/,
    );
    expect(() => loadConfig({ ...base, COURIER_PROVIDER: 'fedex' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        ...base,
        NODE_ENV: 'production',
        RAZORPAY_KEY_ID: 'k',
        RAZORPAY_KEY_SECRET: 's',
        COURIER_PROVIDER: 'simulator',
      }),
    ).toThrow(/COURIER_PROVIDER: simulator is for development only/);
    expect(loadConfig(base).COURIER_PROVIDER).toBe('manual');
  });
});

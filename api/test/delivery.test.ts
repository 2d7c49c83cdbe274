// Covers delivery by pincode: GET /delivery/pincode/:pincode (the directory, bad pincodes, shipping and COD for a
// cart's value), the staff's shipping settings (GET/PUT /delivery/settings: access, overlaps, weight band gaps,
// negative rates, order value bands, COD off, holiday lists; nothing saved on error) and the checkout's price step (shipping below the
// threshold and none from it, weight bands, COD limit and blocked areas, unknown and undelivered pincodes, a state
// that is not the pincode's, an address that changed zone since the quote), with what the order keeps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directorySize, lookupPincode } from '../src/modules/delivery/pincode-directory';
import { createTestContext, type TestContext } from './context';
import {
  address,
  addToCart,
  cartSize,
  makeProduct,
  orderBody,
  orderRow,
  shopper,
  stockOf,
} from './order-fixtures';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext({ FREE_SHIPPING_THRESHOLD: '999' });
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

const pin = (p: string, query = '') => ctx.req('GET', `/delivery/pincode/${p}${query}`);

/** The default set-up as staff would send it back, with changes. */
async function defaults() {
  const r = await ctx.req('GET', '/delivery/settings', { token: admin });
  expect(r.status).toBe(200);
  return r.body.shipping as {
    zones: Record<string, unknown>[];
    cod: Record<string, unknown>;
    calendar: { cutoff: string; holidays: string[] };
  };
}
const save = (body: unknown) => ctx.req('PUT', '/delivery/settings', { token: admin, body });
type Shipping = Awaited<ReturnType<typeof defaults>>;

/** The default zone (All India) with some of its fields changed. */
const india = (d: Shipping, change: Record<string, unknown>) => ({ ...d.zones[0], ...change });
/** Weight bands: ₹79 up to 1 kg, ₹129 above. */
const WEIGHT_BANDS = [
  { fromGrams: 0, toGrams: 1000, fee: 79 },
  { fromGrams: 1000, toGrams: null, fee: 129 },
];
/** Order value bands: ₹40 up to ₹500, then `fee` from ₹`from` on. */
const valueBands = (from: number, fee: number) => [
  { from: 0, to: 500, fee: 40 },
  { from, to: null, fee },
];

const NORTH_EAST = {
  name: 'North East',
  states: [],
  pincodes: ['78', '79'],
  bands: [{ fromGrams: 0, toGrams: null, fee: 149 }],
  freeFrom: 1999,
  cod: false,
  dispatchDays: 2,
  transitMinDays: 4,
  transitMaxDays: 7,
};

describe('the pincode directory', () => {
  it('knows every state and union territory, and looks a pincode up in well under a millisecond', () => {
    expect(directorySize()).toBeGreaterThan(19_000);
    expect(lookupPincode('560001')).toMatchObject({
      district: 'Bengaluru Urban',
      stateCode: '29',
      state: 'Karnataka',
    });
    expect(lookupPincode('795001')).toMatchObject({ stateCode: '14', stateIso: 'MN' });
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) lookupPincode(String(110_001 + (i % 800_000)));
    expect((performance.now() - started) / 10_000).toBeLessThan(0.05);
  });
});

describe('GET /delivery/pincode/:pincode', () => {
  it('answers the place, COD, the estimate and the free-shipping value, without a login', async () => {
    const r = await pin('560001');
    expect(r.status).toBe(200);
    expect(r.body.delivery).toMatchObject({
      pincode: '560001',
      serviceable: true,
      city: 'Bengaluru Urban',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      stateCode: '29',
      stateIso: 'KA',
      cod: true,
      shipping: 79,
      codFee: 0,
      freeShippingFrom: 999,
    });
    expect(r.body.delivery.estimate.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(r.body.delivery.estimate.to >= r.body.delivery.estimate.from).toBe(true);
  });

  it.each(['000000', '12345', '5600011', 'abcdef', '56000a'])('refuses %s with 400', async (p) => {
    const r = await pin(p);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      flag: 0,
      code: 'invalid_input',
      msg: 'Please enter a valid 6-digit pincode',
    });
  });

  it('refuses a six-digit pincode India Post does not know', async () => {
    const r = await pin('999999');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'unknown_pincode',
      msg: 'We could not find pincode 999999. Please check it.',
    });
  });

  it('prices shipping for the cart: ₹79 below ₹999, free from it; no COD over ₹50,000', async () => {
    expect((await pin('560001', '?amount=394')).body.delivery).toMatchObject({ shipping: 79, cod: true });
    expect((await pin('560001', '?amount=998.99')).body.delivery.shipping).toBe(79);
    expect((await pin('560001', '?amount=999')).body.delivery.shipping).toBe(0);
    expect((await pin('560001', '?amount=50001')).body.delivery).toMatchObject({
      shipping: 0,
      cod: false,
      codReason: 'Cash on delivery is not available for orders over ₹50,000',
    });
    const bad = await pin('560001', '?amount=-1');
    expect(bad.status).toBe(400);
    expect((await pin('560001', '?weight=heavy')).status).toBe(400);
  });
});

describe('shipping settings (staff)', () => {
  it('needs settings.read to read and settings.write to save', async () => {
    expect((await ctx.req('GET', '/delivery/settings')).status).toBe(401);
    const s = await shopper(ctx);
    expect((await ctx.req('GET', '/delivery/settings', { token: s.token })).status).toBe(403);
    expect((await ctx.req('PUT', '/delivery/settings', { body: {} })).status).toBe(401);
  });

  it('starts with one zone, All India: ₹79 below the free-shipping threshold, COD up to ₹50,000', async () => {
    const d = await defaults();
    expect(d.zones).toHaveLength(1);
    expect(d.zones[0]).toMatchObject({
      name: 'All India',
      pincodes: [],
      bands: [{ fromGrams: 0, toGrams: null, fee: 79 }],
      valueBands: [],
      freeFrom: null,
      cod: true,
    });
    expect(d.zones[0]!.states).toHaveLength(36);
    expect(d.cod).toEqual({ max: 50000, fee: 0, feePercent: 0, blockedPincodes: [] });
    expect(d.calendar).toEqual({ cutoff: '14:00', holidays: [] });
  });

  it.each([
    [
      'a zone whose pincodes overlap another',
      (d: Shipping) => ({
        zones: [...d.zones, NORTH_EAST, { ...NORTH_EAST, name: 'Manipur', pincodes: ['795001-795999'] }],
      }),
      'Manipur (795001-795999) overlaps North East (79).',
    ],
    [
      'a weight band gap',
      (d: Shipping) => ({
        zones: [
          india(d, {
            bands: [
              { fromGrams: 0, toGrams: 1000, fee: 79 },
              { fromGrams: 2000, toGrams: null, fee: 129 },
            ],
          }),
        ],
      }),
      'All India: the weight bands leave a gap from 1000 g to 2000 g.',
    ],
    [
      'a rate of −₹1',
      (d: Shipping) => ({
        zones: [india(d, { bands: [{ fromGrams: 0, toGrams: null, fee: -1 }] })],
      }),
      'All India: the rate of the weight band from 0 g must be ₹0 or more (got -₹1).',
    ],
    [
      'an order value band rate of −₹1',
      (d: Shipping) => ({ zones: [india(d, { valueBands: valueBands(500, -1) })] }),
      'All India: the rate of the order value band from ₹500 must be ₹0 or more (got -₹1).',
    ],
    [
      'an order value band gap',
      (d: Shipping) => ({ zones: [india(d, { valueBands: valueBands(600, 0) })] }),
      'All India: the order value bands leave a gap from ₹500 to ₹600.',
    ],
    [
      'overlapping order value bands',
      (d: Shipping) => ({ zones: [india(d, { valueBands: valueBands(400, 0) })] }),
      'All India: the order value bands overlap at ₹400.',
    ],
    [
      'a state that is none',
      (d: Shipping) => ({ zones: [india(d, { states: ['Raj'] })] }),
      'All India: Raj is not a state or union territory.',
    ],
    [
      'a holiday list of 400 days',
      () => ({
        calendar: {
          cutoff: '14:00',
          holidays: Array.from({ length: 400 }, (_, i) =>
            new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10),
          ),
        },
      }),
      'At most 60 holidays can be set (got 400).',
    ],
  ])('refuses %s, naming it, and saves nothing', async (_, change, message) => {
    const d = await defaults();
    const before = await ctx.snapshot();
    const r = await save({ ...d, ...change(d) });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('invalid_shipping');
    expect(r.body.msg).toContain(message);
    expect(await ctx.snapshot()).toEqual(before);
    expect(await defaults()).toEqual(d);
  });
  it('keeps a cash on delivery block list of 5,000 pincodes and 60 holidays', async () => {
    const d = await defaults();
    const blockedPincodes = Array.from({ length: 5000 }, (_, i) => String(110_001 + i * 7));
    const holidays = Array.from({ length: 60 }, (_, i) =>
      new Date(Date.UTC(2027, 0, 1 + i * 5)).toISOString().slice(0, 10),
    );
    const r = await save({
      ...d,
      cod: { ...d.cod, blockedPincodes },
      calendar: { cutoff: '14:00', holidays },
    });
    expect(r.status, r.text).toBe(200);
    const back = await defaults();
    expect(back.cod.blockedPincodes).toHaveLength(5000);
    expect(back.calendar.holidays).toEqual(holidays);
    expect((await pin('110001')).body.delivery).toMatchObject({ cod: false });
    expect((await save(d)).status).toBe(200);
  });
});

describe('free-shipping claims', () => {
  it("gives pages the threshold true in every zone, and each zone's, fresh after a save", async () => {
    const settings = async () => (await ctx.req('GET', '/settings')).body.settings;
    const d = await defaults();
    const before = await settings();
    expect(before).toMatchObject({ freeShippingThreshold: 999, freeShippingFrom: 999 });
    expect(Object.values(before.freeShippingZones)).toEqual([999]);

    expect((await save({ ...d, zones: [...d.zones, NORTH_EAST] })).status).toBe(200);
    const after = await settings();
    expect(after.freeShippingFrom).toBe(1999);
    const imphal = (await pin('795001')).body.delivery;
    const bengaluru = (await pin('560001')).body.delivery;
    expect(after.freeShippingZones[imphal.zone]).toBe(1999);
    expect(after.freeShippingZones[bengaluru.zone]).toBe(999);
    expect(imphal.freeShippingFrom).toBe(1999);

    expect((await save({ ...d, zones: [] })).status).toBe(200);
    expect((await settings()).freeShippingFrom).toBeNull();
    expect((await save(d)).status).toBe(200);
  });
});

describe('checkout: shipping, COD and the address', () => {
  const place = (token: string, body: unknown) => ctx.req('POST', '/order/place-order', { token, body });

  it('charges ₹79 below the threshold and keeps it on the order; the order page shows it', async () => {
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { price: 394 });
    await addToCart(ctx.db, s.id, p.id, 1);
    const r = await place(s.token, orderBody(0, { expected_total: 473 }));
    expect(r.status).toBe(201);
    expect(r.body.order_total).toBe(473);
    const row = await orderRow(ctx.db, r.body.order_id);
    expect(row).toMatchObject({
      total_paise: 47_300,
      shipping_paise: 7900,
      cod_fee_paise: 0,
      ship_state: 'Karnataka',
      ship_state_code: '29',
    });
    expect(row.delivery_from).not.toBeNull();
    const page = await ctx.req('GET', `/order/${r.body.order_id}`, { token: s.token });
    expect(page.body.order).toMatchObject({ order_total: 473, shipping: 79, cod_fee: 0 });
    expect(page.body.order.delivery_estimate.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('quotes what the order then costs: the same shipping and total for the pincode, none without one', async () => {
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { price: 394 });
    await addToCart(ctx.db, s.id, p.id, 1);
    const quote = (body: Record<string, unknown>) => ctx.req('POST', '/cart/quote', { token: s.token, body });
    const withPin = await quote({ pincode: '560001', payment_mode: 0 });
    expect(withPin.status).toBe(200);
    expect(withPin.body).toMatchObject({ subtotal: 394, shipping: 79, cod_fee: 0, total: 473 });
    expect((await quote({ payment_mode: 0 })).body).toMatchObject({ shipping: 0, total: 394 });
    expect((await quote({ pincode: '999999', payment_mode: 0 })).body).toMatchObject({
      code: 'unknown_pincode',
    });
    const r = await place(s.token, orderBody(0, { expected_total: withPin.body.total }));
    expect(r.status).toBe(201);
    expect(r.body.order_total).toBe(withPin.body.total);
  });

  it('charges nothing from the threshold', async () => {
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { price: 999 });
    await addToCart(ctx.db, s.id, p.id, 1);
    const r = await place(s.token, orderBody(0));
    expect(r.status).toBe(201);
    expect(r.body.order_total).toBe(999);
    expect((await orderRow(ctx.db, r.body.order_id)).shipping_paise).toBe(0);
  });

  it('refuses cash on delivery over ₹50,000 and changes nothing; online payment is accepted', async () => {
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { price: 50_001, stock: 2 });
    await addToCart(ctx.db, s.id, p.id, 1);
    const before = await ctx.snapshot();
    const r = await place(s.token, orderBody(0));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      code: 'cod_unavailable',
      msg: 'Cash on delivery is not available for orders over ₹50,000. Please pay online.',
    });
    expect(await ctx.snapshot()).toEqual(before);
    expect(await stockOf(ctx.db, p.id)).toBe(2);
    const online = await place(s.token, orderBody(1));
    expect(online.status).toBe(201);
    expect(online.body.order_total).toBe(50_001);
  });

  it('refuses an unknown pincode, and a pincode of another state, with the cart kept', async () => {
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { price: 500 });
    await addToCart(ctx.db, s.id, p.id, 1);
    const unknown = await place(
      s.token,
      orderBody(0, { shipping_details: address({ postalCode: '999999' }) }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'unknown_pincode' });
    const wrong = await place(s.token, orderBody(0, { shipping_details: address({ state: 'Kerala' }) }));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'wrong_state',
      msg: 'Pincode 560001 is in Karnataka, not Kerala. Please check the pincode or the state.',
    });
    for (const [field, value] of [
      ['postalCode', 'ABCDE'],
      ['state', 'Raj'],
      ['country', 'Atlantis'],
    ] as const) {
      const r = await place(s.token, orderBody(0, { shipping_details: address({ [field]: value }) }));
      expect(r.status).toBe(400);
    }
    expect(await cartSize(ctx.db, s.id)).toBe(1);
  });

  it('takes the state by ISO code or GST code and stores its name and code', async () => {
    for (const state of ['KA', '29', ' karnataka ']) {
      const s = await shopper(ctx);
      const p = await makeProduct(ctx.db, { price: 1500 });
      await addToCart(ctx.db, s.id, p.id, 1);
      const r = await place(s.token, orderBody(0, { shipping_details: address({ state }) }));
      expect(r.status).toBe(201);
      expect(await orderRow(ctx.db, r.body.order_id)).toMatchObject({
        ship_state: 'Karnataka',
        ship_state_code: '29',
      });
    }
  });

  it('prices an address that changed zone since the quote again, and refuses where nothing ships', async () => {
    const d = await defaults();
    const saved = await save({ ...d, zones: [...d.zones, NORTH_EAST] });
    expect(saved.status).toBe(200);
    expect((await pin('795001', '?amount=500')).body.delivery).toMatchObject({
      shipping: 149,
      cod: false,
      codReason: 'Cash on delivery is not available to 795001',
      freeShippingFrom: 1999,
    });

    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { price: 500 });
    await addToCart(ctx.db, s.id, p.id, 1);
    // Quoted for Bengaluru (₹500 + ₹79), placed to Imphal: the North East rate applies.
    const quoted = (await pin('560001', '?amount=500')).body.delivery.shipping + 500;
    const imphal = address({ state: 'Manipur', postalCode: '795001', city: 'Imphal' });
    const moved = await place(s.token, orderBody(1, { expected_total: quoted, shipping_details: imphal }));
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ code: 'prices_changed', order_total: 649 });
    const cod = await place(s.token, orderBody(0, { shipping_details: imphal }));
    expect(cod.body).toMatchObject({ code: 'cod_unavailable' });
    const online = await place(s.token, orderBody(1, { expected_total: 649, shipping_details: imphal }));
    expect(online.status).toBe(201);
    expect((await orderRow(ctx.db, online.body.order_id)).shipping_paise).toBe(14_900);

    // Only the North East zone left: Bengaluru is not delivered to.
    expect((await save({ ...d, zones: [NORTH_EAST] })).status).toBe(200);
    const none = await pin('560001');
    expect(none.body.delivery).toMatchObject({
      serviceable: false,
      reason: 'We do not deliver to 560001 yet',
      estimate: null,
      shipping: null,
    });
    const s2 = await shopper(ctx);
    await addToCart(ctx.db, s2.id, p.id, 1);
    const refused = await place(s2.token, orderBody(1));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'not_delivered',
      msg: 'We do not deliver to 560001 yet. Please choose another address.',
    });
    expect((await save(d)).status).toBe(200);
  });

  it('charges by weight band, adds the COD fee, and turns COD off with a limit of 0', async () => {
    const d = await defaults();
    const r = await save({ ...d, zones: [india(d, { bands: WEIGHT_BANDS })], cod: { ...d.cod, fee: 49 } });
    expect(r.status).toBe(200);
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { price: 300 });
    await ctx.db.updateTable('products').set({ weight_grams: 600 }).where('id', '=', p.id).execute();
    await addToCart(ctx.db, s.id, p.id, 2); // 1.2 kg
    const placed = await place(s.token, orderBody(0, { expected_total: 600 + 129 + 49 }));
    expect(placed.status).toBe(201);
    expect(await orderRow(ctx.db, placed.body.order_id)).toMatchObject({
      shipping_paise: 12_900,
      cod_fee_paise: 4900,
      total_paise: 77_800,
    });

    expect((await save({ ...d, cod: { ...d.cod, max: 0 } })).status).toBe(200);
    expect((await pin('560001')).body.delivery).toMatchObject({
      cod: false,
      codReason: 'Cash on delivery is not available at the moment',
    });
    await addToCart(ctx.db, s.id, p.id, 1);
    const off = await place(s.token, orderBody(0));
    expect(off.body).toMatchObject({ code: 'cod_unavailable' });
    expect((await save(d)).status).toBe(200);
  });
});

describe('checkout: rates by order value', () => {
  const place = (token: string, body: unknown) => ctx.req('POST', '/order/place-order', { token, body });

  it('adds the order value band to the weight band, in the pincode check, the quote and the order', async () => {
    const d = await defaults();
    const zone = india(d, { bands: WEIGHT_BANDS, valueBands: valueBands(500, 0) });
    const saved = await save({ ...d, zones: [zone] });
    expect(saved.status).toBe(200);
    expect(saved.body.shipping.zones[0].valueBands).toEqual(zone.valueBands);
    expect((await pin('560001', '?amount=499.99&weight=300')).body.delivery.shipping).toBe(119);
    expect((await pin('560001', '?amount=500&weight=300')).body.delivery.shipping).toBe(79);
    expect((await pin('560001', '?amount=300&weight=1500')).body.delivery.shipping).toBe(169);
    expect((await pin('560001', '?amount=999&weight=1500')).body.delivery.shipping).toBe(0);

    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { price: 150 });
    await ctx.db.updateTable('products').set({ weight_grams: 600 }).where('id', '=', p.id).execute();
    await addToCart(ctx.db, s.id, p.id, 2); // ₹300, 1.2 kg: ₹129 + ₹40
    const quote = await ctx.req('POST', '/cart/quote', {
      token: s.token,
      body: { pincode: '560001', payment_mode: 0 },
    });
    expect(quote.body).toMatchObject({ shipping: 169, total: 469 });
    const placed = await place(s.token, orderBody(0, { expected_total: 469 }));
    expect(placed.status).toBe(201);
    expect(await orderRow(ctx.db, placed.body.order_id)).toMatchObject({
      shipping_paise: 16_900,
      total_paise: 46_900,
    });
    expect((await save(d)).status).toBe(200);
  });
});

describe('saved addresses', () => {
  const add = (token: string, shipping_address: unknown) =>
    ctx.req('POST', '/user/add-address', { token, body: { shipping_address } });

  it('stores the state by name with its code, and refuses a pincode of another state or a state that is none', async () => {
    const s = await ctx.customer();
    const ok = await add(s.token, {
      ...address({ state: 'ka', name: 'Asha Rao', landmark: 'Near the metro' }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.user.shipping_address[0]).toMatchObject({
      state: 'Karnataka',
      stateCode: '29',
      name: 'Asha Rao',
      landmark: 'Near the metro',
      country: 'India',
    });
    const wrong = await add(s.token, address({ state: 'WB' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'wrong_state' });
    const none = await add(s.token, address({ state: 'Raj' }));
    expect(none.status).toBe(400);
    expect(none.body.msg).toContain('Please choose a state or union territory of India');
  });
});

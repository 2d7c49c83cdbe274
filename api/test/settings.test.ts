// Covers: shop settings (GET /settings public, PUT /settings admin): defaults from the configuration
// (SHOP_NAME, FREE_SHIPPING_THRESHOLD, RAZORPAY_KEY_ID → razorpayKeyId / paymentSimulator; the back office's
// lowStockThreshold for admins only, see product-stock.test.ts), saved overrides,
// validation (400), access (401/403) and that refused requests change nothing; the storefront's claims (EMI off
// until staff turn it on, support hours, promise texts with honest defaults).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext({ SHOP_NAME: 'Voltcart Test', FREE_SHIPPING_THRESHOLD: '1499' });
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

describe('GET /settings', () => {
  it('answers the configured defaults, with the payment simulator when no Razorpay key is set', async () => {
    const r = await ctx.req('GET', '/settings');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      flag: 1,
      settings: {
        shopName: 'Voltcart Test',
        freeShippingThreshold: 1499,
        razorpayKeyId: null,
        paymentSimulator: true,
      },
    });
    expect(Object.keys(r.body.settings).sort()).toEqual([
      'emiEnabled',
      'emiPlans',
      'freeShippingFrom',
      'freeShippingThreshold',
      'freeShippingZones',
      'newsletterCodeDays',
      'newsletterCodePercent',
      'paymentSimulator',
      'promises',
      'razorpayKeyId',
      'requireVerifiedEmail',
      'shopName',
      'supportHours',
    ]);
    // The claims claim only what the shop does until staff say more: no EMI, no returns window, no discount.
    expect(r.body.settings).toMatchObject({
      emiEnabled: false,
      emiPlans: [],
      supportHours: 'Mon–Sat, 9 am – 8 pm',
      promises: ['Cash on delivery', 'Bill with every order', 'Secure online payment'],
      // The newsletter's first-order code, backed by the sign-up (newsletter.test.ts).
      newsletterCodePercent: 10,
      newsletterCodeDays: 30,
    });
  });

  it('shows the public Razorpay key id (never the secret) when one is configured', async () => {
    const live = await createTestContext({
      RAZORPAY_KEY_ID: 'rzp_test_public123',
      RAZORPAY_KEY_SECRET: 'shh-secret',
    });
    try {
      const r = await live.req('GET', '/settings');
      expect(r.body.settings).toMatchObject({ razorpayKeyId: 'rzp_test_public123', paymentSimulator: false });
      expect(JSON.stringify(r.body)).not.toContain('shh-secret');
    } finally {
      await live.close();
    }
  });
});

describe('PUT /settings', () => {
  it('saves the shop name and the free-shipping threshold (rupees), separately or together', async () => {
    const r = await ctx.req('PUT', '/settings', {
      token: admin,
      body: { shopName: '  Volt Shop ', freeShippingThreshold: 999.5 },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      flag: 1,
      msg: 'Settings saved.',
      settings: { shopName: 'Volt Shop', freeShippingThreshold: 999.5, paymentSimulator: true },
    });
    const one = await ctx.req('PUT', '/settings', { token: admin, body: { freeShippingThreshold: 0 } });
    expect(one.body.settings).toMatchObject({ shopName: 'Volt Shop', freeShippingThreshold: 0 });
    expect((await ctx.req('GET', '/settings')).body.settings).toMatchObject({
      shopName: 'Volt Shop',
      freeShippingThreshold: 0,
    });
  });

  it('saves the storefront claims: EMI switch, support hours and promise texts (blank texts dropped)', async () => {
    const r = await ctx.req('PUT', '/settings', {
      token: admin,
      body: {
        emiEnabled: true,
        supportHours: ' 24/7 ',
        promises: ['Free returns within 7 days', '  ', 'COD'],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.settings).toMatchObject({
      emiEnabled: true,
      supportHours: '24/7',
      promises: ['Free returns within 7 days', 'COD'],
    });
    // The storefront reads them (its cached answer is renewed on save), then EMI off and no promises at all.
    expect((await ctx.req('GET', '/settings')).body.settings).toMatchObject({
      emiEnabled: true,
      supportHours: '24/7',
    });
    const off = await ctx.req('PUT', '/settings', {
      token: admin,
      body: { emiEnabled: 'false', promises: [] },
    });
    expect(off.body.settings).toMatchObject({ emiEnabled: false, promises: [], supportHours: '24/7' });
    expect((await ctx.req('GET', '/settings')).body.settings).toMatchObject({
      emiEnabled: false,
      promises: [],
    });
  });

  it('refuses bad values and empty updates with 400, changing nothing', async () => {
    const before = await ctx.snapshot();
    const saved = (await ctx.req('GET', '/settings')).body.settings;
    const cases: [unknown, RegExp][] = [
      [
        {},
        /shopName, freeShippingThreshold, lowStockThreshold, requireVerifiedEmail, emiEnabled, supportHours, promises, newsletterCodePercent, newsletterCodeDays, summaryMail, cartReminderHours or reviewRequestDays/,
      ],
      [{ emiEnabled: 'yes' }, /^Show the monthly EMI figure on product pages /],
      [{ supportHours: '' }, /^Support hours must not be empty$/],
      [{ promises: ['a', 'b', 'c', 'd', 'e'] }, /^Promise strip must be at most 4 texts$/],
      [{ promises: ['x'.repeat(61)] }, /^Promise strip texts must be at most 60 characters each$/],
      [{ promises: [42] }, /^Promise strip must be a list of texts$/],
      [{ promises: 'not json' }, /^Promise strip must be valid JSON$/],
      [{ shopName: '' }, /^Shop name must not be empty$/],
      [{ shopName: 's'.repeat(61) }, /^Shop name must be at most 60 characters$/],
      [{ shopName: 42 }, /^Shop name must be text$/],
      [{ freeShippingThreshold: -1 }, /^Free shipping threshold \(₹\) must not be negative$/],
      [{ freeShippingThreshold: 'free' }, /^Free shipping threshold \(₹\) must be a number$/],
      [{ freeShippingThreshold: 10.555 }, /^Free shipping threshold \(₹\) must have at most 2 decimals$/],
    ];
    for (const [body, msg] of cases) {
      const r = await ctx.req('PUT', '/settings', { token: admin, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body).toMatchObject({ flag: 0, code: 'invalid_input' });
      expect(r.body.msg).toMatch(msg);
    }
    const huge = await ctx.req('PUT', '/settings', {
      token: admin,
      body: { shopName: 'x'.repeat(10 * 1024 * 1024) },
    });
    expect([400, 413]).toContain(huge.status);
    expect(await ctx.snapshot()).toEqual(before);
    expect((await ctx.req('GET', '/settings')).body.settings).toEqual(saved);
  });

  it('needs an admin token', async () => {
    const customer = await ctx.customer();
    const before = await ctx.snapshot();
    const body = { shopName: 'Hijacked' };
    expect((await ctx.req('PUT', '/settings', { body })).status).toBe(401);
    expect((await ctx.req('PUT', '/settings', { body, token: customer.token })).status).toBe(403);
    expect((await ctx.req('PUT', '/settings', { body, token: `${admin.slice(0, -2)}zz` })).status).toBe(401);
    expect(await ctx.snapshot()).toEqual(before);
    expect((await ctx.req('GET', '/settings')).body.settings.shopName).not.toBe('Hijacked');
  });
});

// Covers the short-lived copy of the shipping zones and settings the public pincode check reads
// (GET /delivery/pincode/:pincode, kept for CATALOG_CACHE_SECONDS per process): a change behind the API's back is
// not read again within that time (the copy is used), while a save through the API (shipping settings, the shop's
// free-shipping threshold) is seen at once by the same process; checkout prices from the database, never from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { addToCart, makeProduct, orderBody, shopper } from './order-fixtures';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext({ CATALOG_CACHE_SECONDS: '60', FREE_SHIPPING_THRESHOLD: '999' });
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

const pin = (query = '') => ctx.req('GET', `/delivery/pincode/560001${query}`);

describe('the delivery set-up kept for the pincode check', () => {
  it('reads the copy within its time, and sees a save through the API at once', async () => {
    const first = await pin('?amount=300');
    expect(first.status, first.text).toBe(200);
    expect(first.body.delivery).toMatchObject({ serviceable: true, cod: true, shipping: 79 });

    // Changed behind the API's back (no save): the kept copy still answers, so the database was not read.
    await ctx.db.updateTable('shipping_zones').set({ cod: 0 }).execute();
    expect((await pin('?amount=300')).body.delivery.cod).toBe(true);

    // A save of the shipping settings clears the copy: the next check reads the saved set-up.
    const settings = await ctx.req('GET', '/delivery/settings', { token: admin });
    const zones = settings.body.shipping.zones as Record<string, unknown>[];
    const saved = await ctx.req('PUT', '/delivery/settings', {
      token: admin,
      body: {
        ...settings.body.shipping,
        zones: zones.map((z) => ({ ...z, cod: true, bands: [{ fromGrams: 0, toGrams: null, fee: 59 }] })),
      },
    });
    expect(saved.status, saved.text).toBe(200);
    expect((await pin('?amount=300')).body.delivery).toMatchObject({ cod: true, shipping: 59 });

    // So does a save of the shop's free-shipping threshold.
    const shop = await ctx.req('PUT', '/settings', { token: admin, body: { freeShippingThreshold: 250 } });
    expect(shop.status, shop.text).toBe(200);
    expect((await pin('?amount=300')).body.delivery.shipping).toBe(0);
  });

  it('is not what checkout prices with: the cart quote reads the zones afresh', async () => {
    expect((await pin('?amount=100')).body.delivery.shipping).toBe(59);
    await ctx.db
      .updateTable('shipping_zones')
      .set({ bands: JSON.stringify([{ fromGrams: 0, toGrams: null, feePaise: 9900 }]) })
      .execute();
    // The check still answers from its copy; the quote prices from the database.
    expect((await pin('?amount=100')).body.delivery.shipping).toBe(59);
    const s = await shopper(ctx);
    const p = await makeProduct(ctx.db, { price: 100 });
    await addToCart(ctx.db, s.id, p.id, 1);
    const quote = await ctx.req('POST', '/cart/quote', {
      token: s.token,
      body: { pincode: '560001', payment_mode: 1 },
    });
    expect(quote.status, quote.text).toBe(200);
    expect(quote.body).toMatchObject({ subtotal: 100, shipping: 99 });
  });

  it("checkout keeps the zones it read until they change: a change made by SQL is the next order's price", async () => {
    const p = await makeProduct(ctx.db, { price: 100, stock: 10 });
    const order = async () => {
      const s = await shopper(ctx);
      await addToCart(ctx.db, s.id, p.id, 1);
      const r = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) });
      expect(r.status, r.text).toBe(201);
      return (
        await ctx.db
          .selectFrom('orders')
          .select('shipping_paise')
          .where('public_id', '=', r.body.order_id)
          .executeTakeFirstOrThrow()
      ).shipping_paise;
    };
    await ctx.db
      .updateTable('shipping_zones')
      .set({ bands: JSON.stringify([{ fromGrams: 0, toGrams: null, feePaise: 4900 }]) })
      .execute();
    expect(await order()).toBe(4900);
    expect(await order()).toBe(4900);
    // Behind the API's back: the trigger moves the zones' version on, so the next order reads them again.
    await ctx.db
      .updateTable('shipping_zones')
      .set({ bands: JSON.stringify([{ fromGrams: 0, toGrams: null, feePaise: 6900 }]) })
      .execute();
    expect(await order()).toBe(6900);
  });
});

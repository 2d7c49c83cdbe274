// Covers parcel weights in grams: the product form's `weightGrams` (POST /product/create, PUT /product/update/{id};
// empty clears it), a variant's own weight (PUT /product/{id}/variants/{variantId}; empty: the product's), the
// checks (more than 0 g, at most 100 kg, whole grams; 400 naming the field, nothing saved), and the checkout's
// weight bands pricing a variant by its own weight, else its product's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { addToCart, makeProduct, orderBody, orderRow, shopper } from './order-fixtures';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext({ FREE_SHIPPING_THRESHOLD: '999' });
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

function form(fields: Record<string, string | number>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, String(v));
  return f;
}

describe('product weight', () => {
  it('is saved from the form, shown on the product, and cleared by an empty field', async () => {
    const made = await ctx.req('POST', '/product/create', {
      token: admin,
      form: form({ name: 'Weighed Speaker', originalPrice: 2000, weightGrams: 1250 }),
    });
    expect(made.status, made.text).toBe(201);
    const id = made.body.product._id;
    expect((await ctx.req('GET', `/product/${id}`)).body.product.weightGrams).toBe(1250);
    const cleared = await ctx.req('PUT', `/product/update/${id}`, {
      token: admin,
      form: form({ weightGrams: '' }),
    });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.product.weightGrams).toBeNull();
  });

  it.each([
    [0, 'Weight (g) must be more than 0 g'],
    [-5, 'Weight (g) must be more than 0 g'],
    [100_001, 'Weight (g) must be at most 100,000 g (100 kg)'],
    [12.5, 'Weight (g) must be a whole number of grams'],
  ])('refuses %s g, naming the field, and saves nothing', async (grams, msg) => {
    const before = await ctx.snapshot();
    const r = await ctx.req('POST', '/product/create', {
      token: admin,
      form: form({ name: `Odd Parcel ${grams}`, originalPrice: 100, weightGrams: grams }),
    });
    expect(r.status).toBe(400);
    expect(r.body.msg).toBe(msg);
    expect(await ctx.snapshot()).toEqual(before);
  });
});

describe('variant weight', () => {
  it('is set and cleared per variant, checked like the product weight, and prices the checkout', async () => {
    const p = await makeProduct(ctx.db, {
      price: 300,
      memory: [{ size: 64 }, { size: 128 }],
      variantStock: [5, 5],
    });
    await ctx.db.updateTable('products').set({ weight_grams: 400 }).where('id', '=', p.id).execute();
    const [light, heavy] = p.variantIds;
    const put = (variantId: number, body: unknown) =>
      ctx.req('PUT', `/product/${p.id}/variants/${variantId}`, { token: admin, body });
    const bad = await put(heavy!, { weightGrams: 100_001 });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('must be at most 100,000 g (100 kg)');
    const set = await put(heavy!, { weightGrams: 2500 });
    expect(set.status, set.text).toBe(200);
    expect(set.body.variant.weightGrams).toBe(2500);
    expect(set.body.product.variants.map((v: { weightGrams: number | null }) => v.weightGrams)).toEqual([
      null,
      2500,
    ]);

    // Weight bands: under 1 kg ₹79, from 1 kg ₹129. The 64 GB unit weighs its product's 400 g, the 128 GB its 2.5 kg.
    const settings = (await ctx.req('GET', '/delivery/settings', { token: admin })).body.shipping;
    const zones = [
      {
        ...settings.zones[0],
        bands: [
          { fromGrams: 0, toGrams: 1000, fee: 79 },
          { fromGrams: 1000, toGrams: null, fee: 129 },
        ],
      },
    ];
    const saved = await ctx.req('PUT', '/delivery/settings', { token: admin, body: { ...settings, zones } });
    expect(saved.status, saved.text).toBe(200);
    for (const [variant, size, shipping] of [
      [light, 64, 7900],
      [heavy, 128, 12_900],
    ] as const) {
      const s = await shopper(ctx);
      await addToCart(ctx.db, s.id, p.id, 1, { memorySize: size });
      const r = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(1) });
      expect(r.status, `${variant}: ${r.text}`).toBe(201);
      expect((await orderRow(ctx.db, r.body.order_id)).shipping_paise).toBe(shipping);
    }

    const back = await put(heavy!, { weightGrams: '' });
    expect(back.body.variant.weightGrams).toBeNull();
  });
});

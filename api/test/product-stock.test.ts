// Covers stock writes from the back office: a product save writes only the fields
// sent and never brings back units sold while the form was open; a stock change is compare-and-set
// (`stock` + `expectedStock`, the stock the client loaded) and a stale one answers 409 `stock_changed` with the
// current values, saving nothing; the first-release update call (no stock) keeps working; a stock write racing a
// shopper's order loses no unit either way; the low-stock list (`GET /product?lowStock=1`, admins only) and its
// threshold in the shop settings (`lowStockThreshold`, default 5, validated, shown to admins only); the back
// office's other list filters (`status`, `top`, `outOfStock`: admins only, validated).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { address } from './order-fixtures';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

function form(fields: Record<string, unknown>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields))
    f.append(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  return f;
}

let n = 0;
async function create(fields: Record<string, unknown> = {}) {
  const r = await ctx.req('POST', '/product/create', {
    token: admin,
    form: form({ name: `Stock Phone ${++n}`, originalPrice: 20000, discountPercentage: 10, ...fields }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.product as { _id: string; name: string; stock: number };
}

const load = async (id: string) => (await ctx.req('GET', `/product/${id}`, { token: admin })).body.product;
const save = (id: string, fields: Record<string, unknown>) =>
  ctx.req('PUT', `/product/update/${id}`, { token: admin, form: form(fields) });

/** A shopper buys `qty` units of the product, cash on delivery, through the real cart and checkout. */
async function shopperBuys(productId: string, qty = 1, paymentMode: 0 | 1 = 0) {
  const shopper = await ctx.customer();
  const added = await ctx.req('POST', '/cart/add-to-cart', {
    token: shopper.token,
    body: { productId, qty },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  return ctx.req('POST', '/order/place-order', {
    token: shopper.token,
    body: { payment_mode: paymentMode, shipping_details: address() },
  });
}

describe('saving a product never brings back sold units (the lost update)', () => {
  it('load at 3, a shopper takes 1, save a description: stock stays 2; a stock change based on 3 is refused', async () => {
    const p = await create({ stock: 3, shortDescription: 'Before' });
    const loaded = await load(p._id);
    expect(loaded.stock).toBe(3);

    const order = await shopperBuys(p._id);
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    expect((await load(p._id)).stock).toBe(2);

    // The form sends only what the person changed.
    const described = await save(p._id, { shortDescription: 'Now with a case' });
    expect(described.status, JSON.stringify(described.body)).toBe(200);
    expect(described.body.product).toMatchObject({ stock: 2, shortDescription: 'Now with a case' });

    // A stock change made against the 3 the form loaded: 409, with the current values; nothing saved, not even
    // the other field of the same request.
    const stale = await save(p._id, { stock: 10, expectedStock: loaded.stock, name: 'Renamed Phone' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      flag: 0,
      code: 'stock_changed',
      msg: 'Stock changed from 3 to 2 while you were editing. Nothing was saved: check the stock and save again.',
      expectedStock: 3,
      currentStock: 2,
      product: { _id: p._id, name: p.name, stock: 2, shortDescription: 'Now with a case' },
    });
    expect(await load(p._id)).toMatchObject({ name: p.name, stock: 2 });

    // Based on the current value it goes through.
    const fresh = await save(p._id, { stock: 10, expectedStock: 2 });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(fresh.body.product.stock).toBe(10);
  });

  it('refuses a save that writes back every loaded field, stock included, without expectedStock (an older back office)', async () => {
    const p = await create({ stock: 3 });
    const loaded = await load(p._id);
    expect((await shopperBuys(p._id)).status).toBe(201);
    const everything = {
      name: loaded.name,
      sku: loaded.sku ?? '',
      brand: loaded.brand,
      originalPrice: loaded.originalPrice,
      discountPercentage: loaded.discountPercentage,
      categoryId: loaded.categoryId ?? '',
      colors: [],
      memorySizes: [],
      memoryPriceAdj: [],
      stock: loaded.stock,
      videoUrl: loaded.videoUrl,
      shortDescription: 'Edited',
      longDescription: loaded.longDescription,
    };
    const r = await save(p._id, everything);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      flag: 0,
      code: 'invalid_input',
      msg: 'expectedStock is required with stock: send the stock you loaded, so that units sold meanwhile are not brought back.',
    });
    expect(await load(p._id)).toMatchObject({ stock: 2, shortDescription: '' });
  });

  it('keeps the first-release call working: a multipart update of its fields leaves the stock alone', async () => {
    const p = await create({ stock: 8 });
    // Paid online: three units are over the cash-on-delivery limit. The units are held while payment is awaited.
    expect((await shopperBuys(p._id, 3, 1)).status).toBe(201);
    const r = await save(p._id, {
      name: 'Seed Form Phone',
      slug: 'seed-form-phone',
      originalPrice: '25000',
      discountPercentage: '20',
      finalPrice: '20000',
      shortDescription: 'Short',
      longDescription: 'Long',
      categoryId: '',
      colors: [],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.product).toMatchObject({ name: 'Seed Form Phone', finalPrice: 20000, stock: 5 });
  });

  it('takes a JSON body too, and refuses expectedStock alone or malformed, changing nothing', async () => {
    const p = await create({ stock: 4 });
    const json = await ctx.req('PUT', `/product/update/${p._id}`, {
      token: admin,
      body: { stock: 6, expectedStock: 4 },
    });
    expect(json.status, JSON.stringify(json.body)).toBe(200);
    expect(json.body.product.stock).toBe(6);

    const before = await ctx.snapshot();
    for (const [fields, msg] of [
      [{ expectedStock: 6 }, 'expectedStock goes with stock: send the new stock as well, or neither.'],
      [{ stock: 7, expectedStock: -1 }, 'expectedStock must not be negative'],
      [{ stock: 7, expectedStock: 'six' }, 'expectedStock must be a number'],
      [{ stock: 7, expectedStock: 6.5 }, 'expectedStock must be a whole number'],
      [{ stock: -1, expectedStock: 6 }, 'Stock Quantity must not be negative'],
    ] as const) {
      const r = await save(p._id, fields);
      expect(r.status, JSON.stringify(fields)).toBe(400);
      expect(r.body).toEqual({ flag: 0, code: 'invalid_input', msg });
    }
    expect(await ctx.snapshot()).toEqual(before);
  });

  it('two saves from the same loaded stock: exactly one wins, the other gets 409 with the winner’s value', async () => {
    const p = await create({ stock: 10 });
    const replies = await Promise.all([
      save(p._id, { stock: 12, expectedStock: 10 }),
      save(p._id, { stock: 7, expectedStock: 10 }),
    ]);
    const won = replies.filter((r) => r.status === 200);
    const lost = replies.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const final = (await load(p._id)).stock;
    expect(won[0]!.body.product.stock).toBe(final);
    expect(lost[0]!.body).toMatchObject({ code: 'stock_changed', expectedStock: 10, currentStock: final });
  });

  it('a stock save racing a shopper’s order loses no unit, whichever comes first', async () => {
    for (let round = 0; round < 4; round++) {
      const p = await create({ stock: 10 });
      const [saved, ordered] = await Promise.all([
        save(p._id, { stock: 50, expectedStock: 10 }),
        shopperBuys(p._id, 1),
      ]);
      expect(ordered.status, JSON.stringify(ordered.body)).toBe(201);
      const final = (await load(p._id)).stock;
      // The save first: the order takes one of the 50. The order first: the save is refused, 9 are left.
      if (saved.status === 200) expect(final).toBe(49);
      else {
        expect(saved.status).toBe(409);
        expect(saved.body).toMatchObject({ code: 'stock_changed', currentStock: 9 });
        expect(final).toBe(9);
      }
    }
  });
});

describe('GET /product?lowStock=1 and the lowStockThreshold setting', () => {
  it('lists, to admins, the products with at most the threshold (default 5) of units, fewest first', async () => {
    const settings = async (token?: string) => (await ctx.req('GET', '/settings', { token })).body.settings;
    // The default, for the back office only: shoppers have no use for it.
    expect((await settings(admin)).lowStockThreshold).toBe(5);
    expect(await settings()).not.toHaveProperty('lowStockThreshold');
    const batch = `Lowcheck${Date.now().toString(36)}`;
    for (const [suffix, stock, extra] of [
      ['Six', 6, {}],
      ['Zero', 0, {}],
      ['Five', 5, {}],
      ['Forty', 40, {}],
      ['Two Off', 2, { inStock: 'false' }],
    ] as const)
      await create({ name: `${batch} ${suffix}`, stock, ...extra });

    const list = async (query: string) => {
      const r = await ctx.req('GET', `/product?q=${batch}&${query}`, { token: admin });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body as { products: { name: string; stock: number }[]; lowStockThreshold?: number };
    };
    const low = await list('lowStock=1');
    expect(low.products.map((p) => p.name.replace(`${batch} `, ''))).toEqual(['Zero', 'Two Off', 'Five']);
    expect(low.lowStockThreshold).toBe(5);
    // lowStock=0 is no filter.
    expect((await list('lowStock=0')).products).toHaveLength(5);
    expect((await list('lowStock=0')).lowStockThreshold).toBeUndefined();

    const saved = await ctx.req('PUT', '/settings', { token: admin, body: { lowStockThreshold: 6 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings.lowStockThreshold).toBe(6);
    const wider = await list('lowStock=true&limit=2');
    expect(wider.products.map((p) => p.stock)).toEqual([0, 2]);
    const next = await list('lowStock=true&limit=2&page=2');
    expect(next.products.map((p) => p.stock)).toEqual([5, 6]);
    expect(wider.lowStockThreshold).toBe(6);
    await ctx.req('PUT', '/settings', { token: admin, body: { lowStockThreshold: 5 } });
  });

  it('is for the back office only (403 for shoppers and visitors), and refuses a bad value (400)', async () => {
    const shopper = await ctx.customer();
    for (const token of [undefined, shopper.token]) {
      const r = await ctx.req('GET', '/product?lowStock=1', { token });
      expect(r.status).toBe(403);
      expect(r.body).toEqual({
        flag: 0,
        code: 'forbidden',
        msg: 'The low-stock filter is for the back office: send an admin token.',
      });
    }
    const bad = await ctx.req('GET', '/product?lowStock=maybe', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('lowStock must be 1 or 0');
  });

  it('validates the threshold: a whole number of units from 0 to 1,00,000; refused saves change nothing', async () => {
    const before = (await ctx.req('GET', '/settings', { token: admin })).body.settings;
    for (const [value, msg] of [
      [-1, 'Low-stock threshold (units) must not be negative'],
      [2.5, 'Low-stock threshold (units) must be a whole number of units'],
      ['lots', 'Low-stock threshold (units) must be a number'],
      [100_001, 'Low-stock threshold (units) must be at most 1,00,000'],
      [true, 'Low-stock threshold (units) must be a number'],
    ] as const) {
      const r = await ctx.req('PUT', '/settings', { token: admin, body: { lowStockThreshold: value } });
      expect(r.status, String(value)).toBe(400);
      expect(r.body).toEqual({ flag: 0, code: 'invalid_input', msg });
    }
    expect((await ctx.req('GET', '/settings', { token: admin })).body.settings).toEqual(before);
    const zero = await ctx.req('PUT', '/settings', { token: admin, body: { lowStockThreshold: '0' } });
    expect(zero.body.settings.lowStockThreshold).toBe(0);
    const shopper = await ctx.customer();
    expect(
      (await ctx.req('PUT', '/settings', { token: shopper.token, body: { lowStockThreshold: 3 } })).status,
    ).toBe(403);
    await ctx.req('PUT', '/settings', { token: admin, body: { lowStockThreshold: 5 } });
  });
});

describe('GET /product with the back office filters status, top and outOfStock', () => {
  it('lists, to admins, products switched on or off, top selling or not, and those that cannot be bought', async () => {
    const batch = `Staffcheck${Date.now().toString(36)}`;
    for (const [suffix, extra] of [
      ['OnTop', { stock: 3, topSelling: 'true' }],
      ['OnPlain', { stock: 3 }],
      ['Off', { stock: 3, status: 'false' }],
      ['NoUnits', { stock: 0 }],
      ['SwitchOff', { stock: 9, inStock: 'false' }],
    ] as const)
      await create({ name: `${batch} ${suffix}`, ...extra });
    const names = async (query: string) => {
      const r = await ctx.req('GET', `/product?q=${batch}&sort=newest&${query}`, { token: admin });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const body = r.body as { products: { name: string }[]; total: number };
      expect(body.total).toBe(body.products.length);
      return body.products.map((p) => p.name.replace(`${batch} `, '')).sort();
    };
    expect(await names('status=0')).toEqual(['Off']);
    expect(await names('status=1')).toEqual(['NoUnits', 'OnPlain', 'OnTop', 'SwitchOff']);
    expect(await names('top=1')).toEqual(['OnTop']);
    expect(await names('top=0&status=1')).toEqual(['NoUnits', 'OnPlain', 'SwitchOff']);
    expect(await names('outOfStock=1')).toEqual(['NoUnits', 'SwitchOff']);
    expect(await names('outOfStock=0')).toHaveLength(5);
  });

  it('refuses them to shoppers and visitors (403, the filter named) and refuses bad values (400)', async () => {
    const shopper = await ctx.customer();
    for (const token of [undefined, shopper.token])
      for (const name of ['status', 'top', 'outOfStock']) {
        const r = await ctx.req('GET', `/product?${name}=0`, { token });
        expect(r.status).toBe(403);
        expect(r.body).toEqual({
          flag: 0,
          code: 'forbidden',
          msg: `The ${name} filter is for the back office: send an admin token.`,
        });
      }
    const bad = await ctx.req('GET', '/product?status=on', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('status must be 1 or 0');
    const both = await ctx.req('GET', '/product?inStock=1&outOfStock=1', { token: admin });
    expect(both.status).toBe(400);
    expect(both.body.msg).toBe('outOfStock cannot be combined with inStock=1');
  });
});

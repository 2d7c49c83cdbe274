// Covers the stock ledger: every change of a variant's units writes one row in the change's own
// transaction — a product created with units, an order placed and cancelled, an online order expiring, a parcel
// returned to stock, staff edits (one variant, several at once, the product form), bulk "Units ±", a CSV import and
// the exported returnToStock — each with before, after, reason, who and the order; the trail's filters and bad
// input; the trail of a deleted variant (kept, labelled); and the reconciliation check (sum of movements = units
// now) after all of that and after shoppers race for the last units, and when a unit moves outside the ledger.
import { randomBytes } from 'node:crypto';
import { CATALOG_CSV_COLUMNS } from '@voltcart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireUnpaidOrders } from '../src/modules/order/order-lifecycle.service';
import { checkStock, returnToStock } from '../src/modules/stock/stock-ledger.service';
import { createTestContext, type TestContext } from './context';
import {
  addToCart,
  insertShopper,
  makeProduct,
  orderBody,
  payWithSimulator,
  shopper,
} from './order-fixtures';

let ctx: TestContext;
let admin: string;
const tag = () => randomBytes(3).toString('hex');

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

function form(fields: Record<string, unknown>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  return f;
}

async function createProduct(fields: Record<string, unknown> = {}) {
  const r = await ctx.req('POST', '/product/create', {
    token: admin,
    form: form({ name: `Ledger phone ${tag()}`, originalPrice: '1000', stock: '7', ...fields }),
  });
  expect(r.status, r.text).toBe(201);
  return r.body.product as { _id: string; name: string; stock: number };
}

const trail = async (productId: string, query = '') => {
  const r = await ctx.req('GET', `/stock/product/${productId}/movements${query}`, { token: admin });
  expect(r.status, r.text).toBe(200);
  return r.body as {
    movements: {
      _id: string;
      variantId: string;
      sku: string;
      variantDeleted: boolean;
      delta: number;
      before: number;
      after: number;
      reason: string;
      actor: string;
      who: string | null;
      orderId: string | null;
      reference: string;
    }[];
    hasMore: boolean;
    variants: { _id: string; sku: string; deleted: boolean }[];
  };
};

const variantsOf = async (productId: string) =>
  (await ctx.req('GET', `/product/${productId}/variants`, { token: admin })).body.variants as {
    _id: string;
    sku: string;
    stock: number;
  }[];

async function expectReconciled() {
  const r = await ctx.req('GET', '/stock/check', { token: admin });
  expect(r.status, r.text).toBe(200);
  expect(r.body.mismatches).toEqual([]);
  expect(r.body.checked).toBeGreaterThan(0);
}

describe('ledger rows for every change of units', () => {
  it('records a new product, an order, its cancellation and staff edits with before, after, reason and who', async () => {
    const p = await createProduct();
    const [v] = await variantsOf(p._id);
    let t = await trail(p._id);
    expect(t.movements).toHaveLength(1);
    expect(t.movements[0]).toMatchObject({
      reason: 'created',
      delta: 7,
      before: 0,
      after: 7,
      actor: 'admin',
    });
    expect(t.movements[0]!.who).toBeTruthy();

    const s = await shopper(ctx);
    await addToCart(ctx.db, s.id, Number(p._id), 2);
    const placed = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) });
    expect(placed.status, placed.text).toBe(201);
    const orderId = placed.body.order_id as string;
    t = await trail(p._id);
    expect(t.movements[0]).toMatchObject({
      reason: 'order',
      delta: -2,
      before: 7,
      after: 5,
      actor: 'customer',
      who: null,
      orderId,
      reference: orderId,
      sku: v!.sku,
    });

    const cancelled = await ctx.req('POST', `/order/${orderId}/cancel`, { token: s.token, body: {} });
    expect(cancelled.status, cancelled.text).toBe(200);
    t = await trail(p._id);
    expect(t.movements[0]).toMatchObject({ reason: 'cancel', delta: 2, before: 5, after: 7, orderId });

    const edited = await ctx.req('PUT', `/product/${p._id}/variants/${v!._id}`, {
      token: admin,
      body: { stock: 4, expectedStock: 7 },
    });
    expect(edited.status, edited.text).toBe(200);
    const fromForm = await ctx.req('PUT', `/product/update/${p._id}`, {
      token: admin,
      form: form({ stock: '9', expectedStock: '4' }),
    });
    expect(fromForm.status, fromForm.text).toBe(200);
    t = await trail(p._id);
    expect(t.movements.slice(0, 2)).toMatchObject([
      { reason: 'staff_edit', delta: 5, before: 4, after: 9, actor: 'admin' },
      { reason: 'staff_edit', delta: -3, before: 7, after: 4, actor: 'admin' },
    ]);
    // A save that writes back the same count moves nothing and writes nothing.
    const same = await ctx.req('PUT', `/product/${p._id}/variants/${v!._id}`, {
      token: admin,
      body: { stock: 9, expectedStock: 9, position: 0 },
    });
    expect(same.status, same.text).toBe(200);
    expect((await trail(p._id)).movements).toHaveLength(t.movements.length);
    await expectReconciled();
  });

  it('records several variants saved at once, bulk Units ± and an expired online order', async () => {
    const made = await makeProduct(ctx.db, {
      stock: 6,
      colors: [{ name: `Red${tag()}` }, { name: `Teal${tag()}` }],
    });
    const id = String(made.id);
    const [a, b] = await variantsOf(id);
    const saved = await ctx.req('PATCH', `/product/${id}/variants/stock`, {
      token: admin,
      body: {
        changes: [
          { variantId: a!._id, stock: 2, expectedStock: 6 },
          { variantId: b!._id, stock: 3, expectedStock: 0 },
        ],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    let t = await trail(id);
    expect(t.movements.filter((m) => m.reason === 'staff_edit')).toHaveLength(2);
    expect(t.movements.find((m) => m.variantId === b!._id)).toMatchObject({ delta: 3, before: 0, after: 3 });
    // System-made variants (fixtures) start with a 'created' row by the shop itself.
    expect(t.movements.at(-1)).toMatchObject({ reason: 'created', actor: 'system', delta: 6 });

    const single = await createProduct({ stock: '1' });
    const bulk = await ctx.req('POST', '/catalog/products/bulk', {
      token: admin,
      body: { ids: [single._id], action: 'adjustStock', stockDelta: 4 },
    });
    expect(bulk.status, bulk.text).toBe(200);
    expect((await trail(single._id)).movements[0]).toMatchObject({
      reason: 'bulk',
      delta: 4,
      before: 1,
      after: 5,
    });

    const s = await insertShopper(ctx);
    await addToCart(ctx.db, s.id, Number(single._id), 3);
    const placed = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(1) });
    expect(placed.status, placed.text).toBe(201);
    expect(await expireUnpaidOrders(ctx, { now: new Date(Date.now() + 24 * 3600_000) })).toBeGreaterThan(0);
    t = await trail(single._id);
    expect(t.movements.slice(0, 2)).toMatchObject([
      { reason: 'expired', delta: 3, before: 2, after: 5, actor: 'system', orderId: placed.body.order_id },
      { reason: 'order', delta: -3, before: 5, after: 2 },
    ]);
    await expectReconciled();
  });

  it('records a parcel returned to stock, and returnToStock (for returns) gives units back with a row', async () => {
    const p = await createProduct({ stock: '5' });
    const [v] = await variantsOf(p._id);
    const s = await insertShopper(ctx);
    await addToCart(ctx.db, s.id, Number(p._id), 2);
    const placed = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) });
    const orderId = placed.body.order_id as string;
    for (const state of ['shipped', 'returned'])
      expect(
        (
          await ctx.req('PATCH', `/order/status/${orderId}`, {
            token: admin,
            body: { state, ...(state === 'returned' ? { restock: true } : {}) },
          })
        ).status,
      ).toBe(200);
    expect((await trail(p._id)).movements[0]).toMatchObject({
      reason: 'return',
      delta: 2,
      before: 3,
      after: 5,
      actor: 'admin',
      orderId,
    });

    const order = await ctx.db
      .selectFrom('orders')
      .select('id')
      .where('public_id', '=', orderId)
      .executeTakeFirstOrThrow();
    await ctx.db.transaction().execute((trx) =>
      returnToStock(trx, [{ productId: Number(p._id), variantId: Number(v!._id), qty: 1 }], {
        actor: 'admin',
        orderId: Number(order.id),
        reference: 'RET-1',
      }),
    );
    expect((await trail(p._id)).movements[0]).toMatchObject({
      reason: 'return',
      delta: 1,
      before: 5,
      after: 6,
      reference: 'RET-1',
      orderId,
    });
    expect((await variantsOf(p._id))[0]!.stock).toBe(6);
    expect((await checkStock(ctx.db, [Number(p._id)])).mismatches).toEqual([]);
  });

  it('records the units a full refund before shipping gives back', async () => {
    const p = await createProduct({ stock: '4' });
    const s = await insertShopper(ctx);
    await addToCart(ctx.db, s.id, Number(p._id), 1);
    const placed = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(1) });
    const orderId = placed.body.order_id as string;
    expect((await payWithSimulator(ctx, s.token, orderId)).status).toBe(200);
    const refunded = await ctx.req('POST', `/order/${orderId}/refund`, {
      token: admin,
      body: { reason: 'Changed mind' },
    });
    expect(refunded.status, refunded.text).toBe(200);
    expect((await trail(p._id)).movements.slice(0, 2)).toMatchObject([
      { reason: 'refund', delta: 1, before: 3, after: 4, orderId },
      { reason: 'order', delta: -1, before: 4, after: 3, orderId },
    ]);
  });

  it('records a CSV import: a new variant with its units and a changed count', async () => {
    const t = tag();
    const catForm = new FormData();
    catForm.append('name', `Ledger cat ${t}`);
    expect((await ctx.req('POST', '/category/create', { token: admin, form: catForm })).status).toBe(201);
    const row = (stock: number) => ({
      handle: `csv-phone-${t}`,
      name: `Csv phone ${t}`,
      brand: 'Acme',
      category: `ledger-cat-${t}`,
      original_price: 20000,
      discount_percentage: 0,
      sku: `CSV-${t}`,
      stock,
    });
    const csv = (r: Record<string, unknown>) =>
      [CATALOG_CSV_COLUMNS.join(','), CATALOG_CSV_COLUMNS.map((c) => String(r[c] ?? '')).join(',')].join(
        '\n',
      );
    const importFile = async (stock: number) => {
      const f = new FormData();
      f.append('file', new File([csv(row(stock))], `stock-${stock}.csv`));
      const preview = await ctx.req('POST', '/catalog/import', { token: admin, form: f });
      expect(preview.status, preview.text).toBe(201);
      const applied = await ctx.req('POST', `/catalog/import/${preview.body.import._id}/apply`, {
        token: admin,
      });
      expect(applied.status, applied.text).toBe(200);
    };
    await importFile(5);
    const product = await ctx.req('GET', `/product/csv-phone-${t}`, { token: admin });
    const id = product.body.product._id as string;
    await importFile(8);
    expect((await trail(id)).movements).toMatchObject([
      { reason: 'csv_import', delta: 3, before: 5, after: 8, reference: 'stock-8.csv', actor: 'admin' },
      { reason: 'csv_import', delta: 5, before: 0, after: 5, reference: 'stock-5.csv' },
    ]);
    await expectReconciled();
  });
});

describe('the trail and the check', () => {
  it('filters by variant, reason and days, keeps a deleted variant labelled, and refuses bad input', async () => {
    const colour = async () =>
      (
        await ctx.req('POST', '/color/create', {
          token: admin,
          body: { name: `Ledger ${tag()}`, hexcode: '#123456' },
        })
      ).body.color._id as string;
    const p = await createProduct({
      stock: '2',
      colors: [
        { _id: await colour(), priceAdj: 0 },
        { _id: await colour(), priceAdj: 0 },
      ],
    });
    const extraId = (await variantsOf(p._id))[1]!._id;
    const set = await ctx.req('PUT', `/product/${p._id}/variants/${extraId}`, {
      token: admin,
      body: { stock: 3, expectedStock: 0 },
    });
    expect(set.status, set.text).toBe(200);
    const all = await trail(p._id);
    expect(all.variants).toHaveLength(2);
    const onlyExtra = await trail(p._id, `?variantId=${extraId}`);
    expect(onlyExtra.movements.every((m) => m.variantId === extraId)).toBe(true);
    expect(onlyExtra.movements.length).toBeGreaterThan(0);
    expect((await trail(p._id, '?reason=created')).movements.every((m) => m.reason === 'created')).toBe(true);
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    expect((await trail(p._id, `?from=${today}&to=${today}`)).movements).toHaveLength(all.movements.length);
    expect((await trail(p._id, '?from=2020-01-01&to=2020-01-31')).movements).toHaveLength(0);
    expect((await trail(p._id, '?limit=1')).hasMore).toBe(true);

    // Emptied and deleted: its rows stay, labelled.
    const emptied = await ctx.req('PUT', `/product/${p._id}/variants/${extraId}`, {
      token: admin,
      body: { stock: 0, expectedStock: 3 },
    });
    expect(emptied.status, emptied.text).toBe(200);
    const c3 = await ctx.req('DELETE', `/product/${p._id}/variants/${extraId}`, { token: admin });
    expect(c3.status, c3.text).toBe(200);
    const after = await trail(p._id);
    expect(after.movements.filter((m) => m.variantId === extraId).every((m) => m.variantDeleted)).toBe(true);
    expect(after.variants.find((v) => v._id === extraId)).toMatchObject({ deleted: true });

    const bad = await ctx.req('GET', `/stock/product/${p._id}/movements?from=2026-02-10&to=2026-02-01`, {
      token: admin,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/from must not be after to/);
    expect(
      (await ctx.req('GET', `/stock/product/${p._id}/movements?reason=stolen`, { token: admin })).status,
    ).toBe(400);
    expect((await ctx.req('GET', '/stock/product/999999999/movements', { token: admin })).status).toBe(404);
    expect((await ctx.req('GET', `/stock/product/${p._id}/movements`)).status).toBe(401);
    const s = await shopper(ctx);
    expect((await ctx.req('GET', '/stock/check', { token: s.token })).status).toBe(403);
    const ordersStaff = await ctx.staffMember(admin, 'orders');
    const denied = await ctx.req('GET', '/stock/check', { token: ordersStaff.token });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('missing_permission');
  });

  it('adds up after shoppers race for the last units, and names a variant whose units moved outside the ledger', async () => {
    const p = await createProduct({ stock: '3' });
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => insertShopper(ctx)));
    for (const s of shoppers) await addToCart(ctx.db, s.id, Number(p._id), 1);
    const results = await Promise.all(
      shoppers.map((s) => ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const t = await trail(p._id);
    expect(t.movements.filter((m) => m.reason === 'order')).toHaveLength(3);
    expect(t.movements[0]!.after).toBe(0);
    await expectReconciled();

    const [v] = await variantsOf(p._id);
    await ctx.db
      .updateTable('product_variants')
      .set({ stock: 11 })
      .where('id', '=', Number(v!._id))
      .execute();
    const r = await ctx.req('GET', '/stock/check', { token: admin });
    expect(r.body.mismatches).toEqual([
      expect.objectContaining({
        variantId: v!._id,
        sku: v!.sku,
        units: 11,
        ledgerUnits: 0,
        productName: p.name,
      }),
    ]);
    expect(r.body.msg).toMatch(/1 of \d+ variants differ/);
    // Put right for the next tests of this file.
    await ctx.db.updateTable('product_variants').set({ stock: 0 }).where('id', '=', Number(v!._id)).execute();
  });
});

// Covers low-stock alerts: a variant falling to its threshold (its own, else the shop's) opens one alert
// with the change, and the background pass mails staff who look after stock once per crossing — not once per order
// — through the outbox; a rise above the threshold arms it again; per-variant thresholds (PUT
// /stock/variant/{id}/threshold) and the shop's setting sort the dashboard's list again without a mail; the
// dashboard list (GET /stock/low); bad input and permissions; a variant's own threshold saved from the product's
// variant table (PUT /product/{id}/variants/{variantId} with `lowStockThreshold`), in the row's one transaction.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLowStock } from '../src/modules/stock/low-stock.service';
import { createTestContext, type TestContext } from './context';
import { addToCart, insertShopper, orderBody } from './order-fixtures';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

async function createProduct(stock: number) {
  const f = new FormData();
  f.append('name', `Low phone ${randomBytes(3).toString('hex')}`);
  f.append('originalPrice', '1000');
  f.append('stock', String(stock));
  const r = await ctx.req('POST', '/product/create', { token: admin, form: f });
  expect(r.status, r.text).toBe(201);
  const id = r.body.product._id as string;
  const v = (await ctx.req('GET', `/product/${id}/variants`, { token: admin })).body.variants[0] as {
    _id: string;
    sku: string;
  };
  return { id, variantId: v._id, sku: v.sku };
}

async function buy(productId: string, qty: number) {
  const s = await insertShopper(ctx);
  await addToCart(ctx.db, s.id, Number(productId), qty);
  const r = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) });
  expect(r.status, r.text).toBe(201);
}

const lowMails = () =>
  ctx.db
    .selectFrom('outbox')
    .select(['recipient', 'subject', 'text_body'])
    .where('kind', '=', 'low_stock')
    .orderBy('id')
    .execute();

const lowList = async () => {
  const r = await ctx.req('GET', '/stock/low', { token: admin });
  expect(r.status, r.text).toBe(200);
  return r.body as {
    total: number;
    alerts: {
      variantId: string;
      sku: string;
      units: number;
      threshold: number;
      ownThreshold: number | null;
    }[];
  };
};

describe('low-stock alerts', () => {
  it('mails staff once per crossing (not per order), and again after the stock rose above the threshold', async () => {
    const p = await createProduct(8);
    const before = (await lowMails()).length;
    await buy(p.id, 2); // 8 → 6: above the shop's 5
    expect(await mailLowStock(ctx.db, ctx.config)).toBe(0);
    expect((await lowList()).alerts.map((a) => a.sku)).not.toContain(p.sku);

    await buy(p.id, 1); // 6 → 5: crosses
    const listed = (await lowList()).alerts.find((a) => a.sku === p.sku);
    expect(listed).toMatchObject({ units: 5, threshold: 5, ownThreshold: null });
    expect(await mailLowStock(ctx.db, ctx.config)).toBe(1);
    let mails = (await lowMails()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(p.sku);
    expect(mails[0]!.text_body).toContain('5 units left, threshold 5');

    await buy(p.id, 1); // 5 → 4: still low, the same crossing
    await buy(p.id, 1); // 4 → 3
    expect(await mailLowStock(ctx.db, ctx.config)).toBe(0);
    expect((await lowMails()).slice(before)).toHaveLength(1);
    expect((await lowList()).alerts.find((a) => a.sku === p.sku)?.units).toBe(3);

    // A staff restock above the threshold arms it again; the next fall is a new crossing.
    const edit = await ctx.req('PUT', `/product/${p.id}/variants/${p.variantId}`, {
      token: admin,
      body: { stock: 9, expectedStock: 3 },
    });
    expect(edit.status, edit.text).toBe(200);
    expect((await lowList()).alerts.map((a) => a.sku)).not.toContain(p.sku);
    await buy(p.id, 4); // 9 → 5
    expect(await mailLowStock(ctx.db, ctx.config)).toBe(1);
    mails = (await lowMails()).slice(before);
    expect(mails).toHaveLength(2);
  });

  it("uses a variant's own threshold, sorts the list again without a mail, and refuses bad input", async () => {
    const p = await createProduct(20);
    await mailLowStock(ctx.db, ctx.config);
    const before = (await lowMails()).length;
    const path = `/stock/variant/${p.variantId}/threshold`;
    const set = await ctx.req('PUT', path, { token: admin, body: { threshold: 25 } });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ threshold: 25, ownThreshold: 25 });
    expect((await lowList()).alerts.find((a) => a.sku === p.sku)).toMatchObject({
      units: 20,
      threshold: 25,
      ownThreshold: 25,
    });
    expect(await mailLowStock(ctx.db, ctx.config)).toBe(0);
    expect((await lowMails()).length).toBe(before);

    // Its own threshold of 12: above it, not listed; an order taking it to 12 alerts (the shop's 5 would not).
    expect((await ctx.req('PUT', path, { token: admin, body: { threshold: 12 } })).status).toBe(200);
    expect((await lowList()).alerts.map((a) => a.sku)).not.toContain(p.sku);
    await buy(p.id, 8);
    expect(await mailLowStock(ctx.db, ctx.config)).toBe(1);

    const back = await ctx.req('PUT', path, { token: admin, body: { threshold: null } });
    expect(back.body).toMatchObject({ threshold: 5, ownThreshold: null });
    expect((await lowList()).alerts.map((a) => a.sku)).not.toContain(p.sku);

    for (const threshold of [-1, 1.5, 'many', 100_001]) {
      const r = await ctx.req('PUT', path, { token: admin, body: { threshold } });
      expect(r.status, String(threshold)).toBe(400);
    }
    expect(
      (await ctx.req('PUT', '/stock/variant/999999999/threshold', { token: admin, body: { threshold: 3 } }))
        .status,
    ).toBe(404);
    const orders = (await ctx.staffMember(admin, 'orders')).token;
    expect((await ctx.req('PUT', path, { token: orders, body: { threshold: 3 } })).status).toBe(403);
    expect((await ctx.req('GET', '/stock/low', { token: orders })).status).toBe(403);
    const catalogue = (await ctx.staffMember(admin, 'catalogue')).token;
    expect((await ctx.req('GET', '/stock/low', { token: catalogue })).status).toBe(200);
  });

  it('follows a new shop threshold at once (no mail), and mails only staff who look after stock', async () => {
    const p = await createProduct(7);
    await mailLowStock(ctx.db, ctx.config);
    const before = (await lowMails()).length;
    const saved = await ctx.req('PUT', '/settings', { token: admin, body: { lowStockThreshold: 8 } });
    expect(saved.status, saved.text).toBe(200);
    expect((await lowList()).alerts.find((a) => a.sku === p.sku)).toMatchObject({ units: 7, threshold: 8 });
    expect(await mailLowStock(ctx.db, ctx.config)).toBe(0);
    await ctx.req('PUT', '/settings', { token: admin, body: { lowStockThreshold: 5 } });
    expect((await lowList()).alerts.map((a) => a.sku)).not.toContain(p.sku);

    await buy(p.id, 2); // 7 → 5
    expect(await mailLowStock(ctx.db, ctx.config)).toBe(1);
    const recipients = (await lowMails()).slice(before).map((m) => m.recipient);
    const staff = await ctx.db
      .selectFrom('admins')
      .select(['email', 'role'])
      .where('active', '=', 1)
      .execute();
    const expected = staff.filter((s) => s.role !== 'orders').map((s) => s.email);
    expect(recipients.sort()).toEqual(expected.sort());
    expect(staff.some((s) => s.role === 'orders')).toBe(true);
  });
});

describe("a variant's threshold saved with its row of the variant table", () => {
  const variantPath = (p: { id: string; variantId: string }) => `/product/${p.id}/variants/${p.variantId}`;
  const saved = async (variantId: string) =>
    (
      await ctx.db
        .selectFrom('product_variants')
        .select(['stock', 'low_stock_threshold'])
        .where('id', '=', Number(variantId))
        .executeTakeFirstOrThrow()
    ).low_stock_threshold;

  it('saves it, shows it to staff only, and opens one alert when the units cross it', async () => {
    const p = await createProduct(20);
    await mailLowStock(ctx.db, ctx.config);
    const r = await ctx.req('PUT', variantPath(p), { token: admin, body: { lowStockThreshold: 12 } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.variant).toMatchObject({ stock: 20, lowStockThreshold: 12 });
    expect(r.body.product.lowStockThreshold).toBe(5);
    expect(await saved(p.variantId)).toBe(12);
    const staff = (await ctx.req('GET', `/product/${p.id}`, { token: admin })).body.product;
    expect(staff).toMatchObject({ lowStockThreshold: 5, variants: [{ lowStockThreshold: 12 }] });
    const shopper = (await ctx.req('GET', `/product/${p.id}`)).body.product;
    expect(shopper.lowStockThreshold).toBeUndefined();
    expect(shopper.variants[0]).not.toHaveProperty('lowStockThreshold');
    // 20 units, above its own 12: not low; the shop's 5 would not alert at 12 either.
    expect((await lowList()).alerts.map((a) => a.sku)).not.toContain(p.sku);
    expect(await mailLowStock(ctx.db, ctx.config)).toBe(0);

    await buy(p.id, 8); // 20 → 12: crosses its own threshold
    expect((await lowList()).alerts.filter((a) => a.sku === p.sku)).toEqual([
      expect.objectContaining({ units: 12, threshold: 12, ownThreshold: 12 }),
    ]);
    await buy(p.id, 1); // 12 → 11: the same crossing
    expect((await lowList()).alerts.filter((a) => a.sku === p.sku)).toHaveLength(1);
    expect(await mailLowStock(ctx.db, ctx.config)).toBe(1);
    const open = await ctx.db
      .selectFrom('low_stock_alerts')
      .select('variant_id')
      .where('variant_id', '=', Number(p.variantId))
      .execute();
    expect(open).toHaveLength(1);

    // Blank goes back to the shop's 5: 11 units are above it, the alert closes, no mail.
    const back = await ctx.req('PUT', variantPath(p), { token: admin, body: { lowStockThreshold: '' } });
    expect(back.status, back.text).toBe(200);
    expect(back.body.variant.lowStockThreshold).toBeNull();
    expect(await saved(p.variantId)).toBeNull();
    expect((await lowList()).alerts.map((a) => a.sku)).not.toContain(p.sku);
    expect(await mailLowStock(ctx.db, ctx.config)).toBe(0);
  });

  it('takes a new threshold and units in one save: a fall to it is one crossing, mailed once', async () => {
    const p = await createProduct(20);
    await mailLowStock(ctx.db, ctx.config);
    const r = await ctx.req('PUT', variantPath(p), {
      token: admin,
      body: { stock: 9, expectedStock: 20, lowStockThreshold: 10 },
    });
    expect(r.status, r.text).toBe(200);
    expect((await lowList()).alerts.find((a) => a.sku === p.sku)).toMatchObject({ units: 9, threshold: 10 });
    expect(await mailLowStock(ctx.db, ctx.config)).toBe(1);

    // A threshold raised over units that did not move lists it without a mail (nothing crossed).
    const q = await createProduct(7);
    await mailLowStock(ctx.db, ctx.config);
    expect(
      (await ctx.req('PUT', variantPath(q), { token: admin, body: { lowStockThreshold: 8 } })).status,
    ).toBe(200);
    expect((await lowList()).alerts.find((a) => a.sku === q.sku)).toMatchObject({
      units: 7,
      ownThreshold: 8,
    });
    expect(await mailLowStock(ctx.db, ctx.config)).toBe(0);
  });

  it('refuses a bad threshold with a message naming the column, and changes nothing', async () => {
    const p = await createProduct(20);
    expect(
      (await ctx.req('PUT', variantPath(p), { token: admin, body: { lowStockThreshold: 6 } })).status,
    ).toBe(200);
    const cases: [unknown, string][] = [
      [-1, 'Low-stock alert at must not be negative'],
      [1.5, 'Low-stock alert at must be a whole number of units'],
      ['many', 'Low-stock alert at must be a number'],
      [100_001, 'Low-stock alert at must be at most 1,00,000'],
      [true, 'Low-stock alert at must be a whole number of units'],
    ];
    for (const [lowStockThreshold, msg] of cases) {
      // With a valid stock change in the same body: the whole save is refused.
      const r = await ctx.req('PUT', variantPath(p), {
        token: admin,
        body: { stock: 3, expectedStock: 20, lowStockThreshold },
      });
      expect(r.status, String(lowStockThreshold)).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    const row = await ctx.db
      .selectFrom('product_variants')
      .select(['stock', 'low_stock_threshold'])
      .where('id', '=', Number(p.variantId))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ stock: 20, low_stock_threshold: 6 });
    expect((await lowList()).alerts.map((a) => a.sku)).not.toContain(p.sku);
    const orders = (await ctx.staffMember(admin, 'orders')).token;
    expect(
      (await ctx.req('PUT', variantPath(p), { token: orders, body: { lowStockThreshold: 3 } })).status,
    ).toBe(403);
    expect(await saved(p.variantId)).toBe(6);
  });
});

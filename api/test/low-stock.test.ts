// Covers low-stock alerts (issue 35): a variant falling to its threshold (its own, else the shop's) opens one alert
// with the change, and the background pass mails staff who look after stock once per crossing — not once per order
// — through the outbox; a rise above the threshold arms it again; per-variant thresholds (PUT
// /stock/variant/{id}/threshold) and the shop's setting sort the dashboard's list again without a mail; the
// dashboard list (GET /stock/low); bad input and permissions.
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

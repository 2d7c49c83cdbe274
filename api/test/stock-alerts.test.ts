// Covers back-in-stock alerts: "Notify me" for a variant that cannot be bought (a guest with an address, a
// shopper with their own), one waiting request per address and variant (1,000 requests store one), refused
// input (a variant on sale now, an unknown one, a bad address, a guest without one), the waiting counts staff
// see, and one mail per request, once, through the outbox when units come back by a staff save, a variant stock
// change or a cancelled order.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { addToCart, insertShopper, makeProduct, orderBody } from './order-fixtures';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

const notify = (body: Record<string, unknown>, token?: string) =>
  ctx.req('POST', '/stock-alerts', { body, token });
const mails = async (to: string) =>
  ctx.db
    .selectFrom('outbox')
    .select(['subject', 'text_body'])
    .where('recipient', '=', to)
    .where('kind', '=', 'back_in_stock')
    .execute();
const waitingRows = async (variantId: number) =>
  Number(
    (
      await sql<{
        n: number;
      }>`SELECT COUNT(*) AS n FROM stock_alerts WHERE variant_id = ${variantId}`.execute(ctx.db)
    ).rows[0]!.n,
  );

/** A product with two colours; the second has no units. */
const soldOutColour = () =>
  makeProduct(ctx.db, { colors: [{ name: 'Black' }, { name: 'Teal' }], variantStock: [5, 0] });

describe('POST /stock-alerts', () => {
  it('stores one waiting request per address and variant, however often it is asked', async () => {
    const p = await soldOutColour();
    const variantId = p.variantIds[1]!;
    const first = await notify({ variantId, email: 'Wait@Example.com' });
    expect(first.status, first.text).toBe(201);
    expect(first.body).toMatchObject({
      msg: 'We will e-mail you once when it is back in stock.',
      waiting: true,
    });
    const again = await notify({ variantId, email: 'wait@example.com' });
    expect(again.status).toBe(200);
    expect(again.body.msg).toMatch(/already on the list/);
    // 1,000 requests, 50 at a time (the test database's pool is 10 connections).
    const burst = [];
    for (let i = 0; i < 20; i++)
      burst.push(
        ...(await Promise.all(
          Array.from({ length: 50 }, () => notify({ variantId, email: 'wait@example.com' })),
        )),
      );
    const statuses = burst.map((r) => `${r.status} ${r.status === 200 ? '' : r.text}`);
    expect([...new Set(statuses)]).toEqual(['200 ']);
    expect(await waitingRows(variantId)).toBe(1);
  });

  it('uses a logged-in shopper’s own address; a guest must give one', async () => {
    const p = await soldOutColour();
    const s = await insertShopper(ctx, 'Nisha Rao');
    const r = await notify({ variantId: p.variantIds[1] }, s.token);
    expect(r.status, r.text).toBe(201);
    const row = await ctx.db
      .selectFrom('stock_alerts')
      .select(['email', 'user_id'])
      .where('variant_id', '=', p.variantIds[1]!)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: s.email, user_id: s.id });
    const guest = await notify({ variantId: p.variantIds[1] });
    expect(guest.status).toBe(400);
    expect(guest.body.msg).toBe('Enter your e-mail address, or log in, to be told when it is back.');
  });

  it('refuses a variant on sale now (409), an unknown one (404) and a bad address (400), storing nothing', async () => {
    const p = await soldOutColour();
    const onSale = await notify({ variantId: p.variantIds[0], email: 'a@example.com' });
    expect(onSale.status).toBe(409);
    expect(onSale.body).toMatchObject({
      code: 'in_stock',
      msg: 'This option is in stock now: you can order it.',
    });
    expect((await notify({ variantId: 999999999, email: 'a@example.com' })).status).toBe(404);
    const bad = await notify({ variantId: p.variantIds[1], email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('email must be a valid email address');
    expect(await waitingRows(p.variantIds[0]!)).toBe(0);
    expect(await waitingRows(p.variantIds[1]!)).toBe(0);
  });
});

describe('when units come back', () => {
  it('mails each waiting address once through the outbox when staff restock the variant', async () => {
    const p = await soldOutColour();
    const variantId = p.variantIds[1]!;
    for (const email of ['one@example.com', 'two@example.com']) await notify({ variantId, email });
    const listed = await ctx.req('GET', '/admin/stock-alerts', { token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.variants).toContainEqual(
      expect.objectContaining({
        variantId: String(variantId),
        productName: p.name,
        colorName: 'Teal',
        waiting: 2,
      }),
    );
    expect((await ctx.req('GET', '/admin/stock-alerts')).status).toBe(401);

    const restock = await ctx.req('PATCH', `/product/${p.id}/variants/stock`, {
      token: admin,
      body: { changes: [{ variantId: String(variantId), stock: 3, expectedStock: 0 }] },
    });
    expect(restock.status, restock.text).toBe(200);
    for (const email of ['one@example.com', 'two@example.com']) {
      const sent = await mails(email);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.subject).toContain(`${p.name} (Teal) is back in stock`);
      expect(sent[0]!.text_body).toContain(`/product/${p.id}?sku=`);
    }
    // Another save sends nothing more; the address may ask again later.
    await ctx.req('PATCH', `/product/${p.id}/variants/stock`, {
      token: admin,
      body: { changes: [{ variantId: String(variantId), stock: 4, expectedStock: 3 }] },
    });
    expect(await mails('one@example.com')).toHaveLength(1);
    const after = await ctx.req('GET', '/admin/stock-alerts', { token: admin });
    expect(
      after.body.variants.find((v: { variantId: string }) => v.variantId === String(variantId)),
    ).toBeUndefined();
  });

  it('mails nothing while the product is switched off for sale, and mails once it is on again', async () => {
    const p = await soldOutColour();
    const variantId = p.variantIds[1]!;
    await notify({ variantId, email: 'switch@example.com' });
    await ctx.req('PATCH', `/product/status/${p.id}`, { token: admin, body: { flag: 2 } });
    await ctx.req('PATCH', `/product/${p.id}/variants/stock`, {
      token: admin,
      body: { changes: [{ variantId: String(variantId), stock: 2, expectedStock: 0 }] },
    });
    expect(await mails('switch@example.com')).toHaveLength(0);
    await ctx.req('PATCH', `/product/status/${p.id}`, { token: admin, body: { flag: 2 } });
    expect(await mails('switch@example.com')).toHaveLength(1);
  });

  it('mails when a cancelled order returns the last units', async () => {
    const p = await makeProduct(ctx.db, { stock: 1 });
    const buyer = await insertShopper(ctx);
    await addToCart(ctx.db, buyer.id, p.id, 1);
    const placed = await ctx.req('POST', '/order/place-order', { token: buyer.token, body: orderBody(0) });
    expect(placed.status, placed.text).toBe(201);
    const waiting = await notify({ variantId: p.variantIds[0], email: 'cancel@example.com' });
    expect(waiting.status, waiting.text).toBe(201);
    const cancelled = await ctx.req('POST', `/order/${placed.body.order_id}/cancel`, {
      token: buyer.token,
      body: {},
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await mails('cancel@example.com')).toHaveLength(1);
  });
});

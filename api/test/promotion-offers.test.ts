// Covers automatic offers against MariaDB (their own database: an offer applies to every cart): "₹250 off every
// prepaid order over ₹5,000" (online payment only, minimum order) in the quote and at checkout, kept with the order
// without a code; "buy 2 cases, get 1 free" on the products it names; the stacking rules (a non-combinable offer
// that saves more beats a code, which is refused naming it; combinable ones stack); an offer's uses counted; a
// switched-off or ended offer applies to nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { addToCart, adminToken, insertShopper, makeProduct, orderBody } from './order-fixtures';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminToken(ctx);
});
afterAll(() => ctx.close());
// Each test starts with no offer running.
afterEach(async () => {
  await ctx.db.updateTable('promotions').set({ active: 0 }).execute();
});

async function promotion(body: Record<string, unknown>) {
  const r = await ctx.req('POST', '/promotion', { token: admin, body: { kind: 'automatic', ...body } });
  expect(r.status, r.text).toBe(201);
  return r.body.promotion as { _id: string; code: string | null };
}

const quote = (lines: { productId: number; qty: number }[], extra: Record<string, unknown> = {}) =>
  ctx.req('POST', '/cart/quote', {
    body: { lines: lines.map((l) => ({ productId: String(l.productId), qty: l.qty })), ...extra },
  });

describe('automatic offers', () => {
  it('₹250 off every prepaid order over ₹5,000: online only, above the minimum, kept with the order', async () => {
    await promotion({
      name: '₹250 off prepaid orders',
      action: 'amount',
      amount: 250,
      minOrder: 5000,
      onlineOnly: true,
    });
    const phone = await makeProduct(ctx.db, { price: 6000 });
    const cheap = await makeProduct(ctx.db, { price: 4000 });
    expect((await quote([{ productId: phone.id, qty: 1 }], { payment_mode: 1 })).body).toMatchObject({
      discounts: [{ label: '₹250 off prepaid orders', code: null, amount: 250 }],
      total: 5750,
    });
    expect((await quote([{ productId: phone.id, qty: 1 }], { payment_mode: 0 })).body.discounts).toEqual([]);
    expect((await quote([{ productId: cheap.id, qty: 1 }], { payment_mode: 1 })).body.discounts).toEqual([]);

    const s = await insertShopper(ctx);
    await addToCart(ctx.db, s.id, phone.id);
    const placed = await ctx.req('POST', '/order/place-order', {
      token: s.token,
      body: orderBody(1, { expected_total: 5750 }),
    });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.order_total).toBe(5750);
    const page = await ctx.req('GET', `/order/${placed.body.order_id}`, { token: s.token });
    expect(page.body.order.discounts).toEqual([
      { kind: 'amount', label: '₹250 off prepaid orders', code: null, amount: 250 },
    ]);
  });

  it('buy 2 cases, get 1 free: the cheapest case of the products it names', async () => {
    const caseA = await makeProduct(ctx.db, { price: 599 });
    const caseB = await makeProduct(ctx.db, { price: 399 });
    const phone = await makeProduct(ctx.db, { price: 20000 });
    await promotion({
      name: 'Buy 2 cases, get 1 free',
      action: 'buy_x_get_y',
      buyQty: 2,
      getQty: 1,
      scope: 'products',
      targets: [String(caseA.id), String(caseB.id)],
    });
    const two = await quote([
      { productId: caseA.id, qty: 2 },
      { productId: phone.id, qty: 1 },
    ]);
    expect(two.body.discounts).toEqual([]);
    const three = await quote([
      { productId: caseA.id, qty: 2 },
      { productId: caseB.id, qty: 1 },
      { productId: phone.id, qty: 1 },
    ]);
    expect(three.body).toMatchObject({
      discounts: [{ label: 'Buy 2 cases, get 1 free', amount: 399 }],
      total: 599 * 2 + 399 + 20000 - 399,
    });
    // The phone keeps its price: the free case is shared over the cases only.
    expect(three.body.lines[2]).toMatchObject({ discount: 0, lineTotal: 20000 });
  });

  it('stacking: a non-combinable offer that saves more beats a code; combinable ones stack', async () => {
    const product = await makeProduct(ctx.db, { price: 10000 });
    const mega = await promotion({ name: 'Mega sale', action: 'percent', percent: 20 });
    const code = await ctx.req('POST', '/promotion', {
      token: admin,
      body: { name: 'Ten', kind: 'code', code: 'TENOFF', action: 'percent', percent: 10, combinable: true },
    });
    expect(code.status).toBe(201);
    const lost = await quote([{ productId: product.id, qty: 1 }], { discount_code: 'tenoff' });
    expect(lost.body).toMatchObject({
      discounts: [{ label: 'Mega sale', amount: 2000 }],
      total: 8000,
      code: {
        code: 'TENOFF',
        applied: false,
        reason: 'This code cannot be combined with "Mega sale", which saves you more.',
      },
    });
    const s = await insertShopper(ctx);
    await addToCart(ctx.db, s.id, product.id);
    const refused = await ctx.req('POST', '/order/place-order', {
      token: s.token,
      body: orderBody(0, { discount_code: 'TENOFF' }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('discount_refused');

    // Made combinable, the offer and the code stack: 20 % first, then 10 % of what is left.
    await ctx.db
      .updateTable('promotions')
      .set({ combinable: 1 })
      .where('id', '=', Number(mega._id))
      .execute();
    const both = await quote([{ productId: product.id, qty: 1 }], { discount_code: 'TENOFF' });
    expect(both.body).toMatchObject({
      discounts: [
        { label: 'Mega sale', amount: 2000 },
        { label: 'Discount (TENOFF)', code: 'TENOFF', amount: 800 },
      ],
      total: 7200,
      code: { applied: true },
    });
  });

  it("counts an offer's uses: the last one goes to one order, the next is told the offer ended", async () => {
    const product = await makeProduct(ctx.db, { price: 3000, stock: 50 });
    const offer = await promotion({ name: 'First ten', action: 'amount', amount: 100, maxUses: 1 });
    const [a, b] = [await insertShopper(ctx), await insertShopper(ctx)];
    await addToCart(ctx.db, a.id, product.id);
    await addToCart(ctx.db, b.id, product.id);
    const first = await ctx.req('POST', '/order/place-order', { token: a.token, body: orderBody(0) });
    expect(first.body.order_total).toBe(2900);
    // Used up: no longer offered, the next order is priced without it.
    const second = await ctx.req('POST', '/order/place-order', { token: b.token, body: orderBody(0) });
    expect(second.status).toBe(201);
    expect(second.body.order_total).toBe(3000);
    const row = await ctx.db
      .selectFrom('promotions')
      .select('uses')
      .where('id', '=', Number(offer._id))
      .executeTakeFirstOrThrow();
    expect(row.uses).toBe(1);
  });

  it('an offer switched off, not started or ended applies to nothing', async () => {
    const product = await makeProduct(ctx.db, { price: 3000 });
    await promotion({ name: 'Off', action: 'amount', amount: 100, active: false });
    await promotion({ name: 'Later', action: 'amount', amount: 100, startsAt: '2099-01-01T00:00' });
    await promotion({ name: 'Over', action: 'amount', amount: 100, endsAt: '2020-01-01T00:00' });
    expect((await quote([{ productId: product.id, qty: 1 }])).body).toMatchObject({
      discounts: [],
      total: 3000,
    });
  });
});

describe('GET /promotion/deals', () => {
  it('lists running deals with their true end, soonest first, and nothing when none runs', async () => {
    expect((await ctx.req('GET', '/promotion/deals')).body.deals).toEqual([]);
    const later = await promotion({
      name: 'Diwali week',
      action: 'percent',
      percent: 10,
      deal: true,
      endsAt: '2099-11-05T23:59',
    });
    const sooner = await promotion({
      name: 'Weekend',
      action: 'amount',
      amount: 500,
      deal: true,
      endsAt: '2099-10-01T18:00',
    });
    await promotion({ name: 'Not a deal', action: 'amount', amount: 5 });
    const r = await ctx.req('GET', '/promotion/deals');
    expect(r.body.deals).toEqual([
      {
        _id: sooner._id,
        name: 'Weekend',
        endsAt: '2099-10-01T12:30:00.000Z',
        offer: '₹500 off',
        productIds: [],
      },
      {
        _id: later._id,
        name: 'Diwali week',
        endsAt: '2099-11-05T18:29:00.000Z',
        offer: '10% off',
        productIds: [],
      },
    ]);
    const noEnd = await ctx.req('POST', '/promotion', {
      token: admin,
      body: { name: 'Forever', kind: 'automatic', action: 'amount', amount: 5, deal: true },
    });
    expect(noEnd.status).toBe(400);
    expect(noEnd.body.msg).toMatch(/endsAt is required for a deal/);
  });
});

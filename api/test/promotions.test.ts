// Covers discount codes end to end against MariaDB: staff CRUD under /promotion (access, permission, validation,
// case-insensitive unique codes), codes applied by place-order with every condition and its refusal in words, the
// discounts kept with the order (order page, mail), exact use counts under concurrency (300 shoppers on a 100-use
// code, two tabs of one shopper, uses given back by cancelled and failed-payment orders), the public quote, and
// bulk generation with its CSV export.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import {
  addToCart,
  adminToken,
  insertShopper,
  makeProduct,
  orderBody,
  orderRow,
  payWithSimulator,
  type Shopper,
  stockOf,
} from './order-fixtures';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await adminToken(ctx);
});
afterAll(() => ctx.close());

const rnd = () => Math.random().toString(36).slice(2, 8).toUpperCase();

async function createCode(over: Record<string, unknown> = {}) {
  const r = await ctx.req('POST', '/promotion', {
    token: admin,
    body: { name: 'Test code', kind: 'code', code: `T${rnd()}`, action: 'percent', percent: 10, ...over },
  });
  expect(r.status, r.text).toBe(201);
  return r.body.promotion as { _id: string; code: string };
}

/** The uses staff see on the discount (orders not cancelled, payments not failed). */
async function usesOf(id: string): Promise<number> {
  const r = await ctx.req('GET', `/promotion/${id}`, { token: admin });
  expect(r.status, r.text).toBe(200);
  return r.body.promotion.used;
}

/** The use count the promotion's row keeps (what a limit is checked against). */
async function storedUses(id: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('promotions')
    .select('uses')
    .where('id', '=', Number(id))
    .executeTakeFirstOrThrow();
  return row.uses;
}

/** A shopper with `qty` of a product in the server cart. */
async function shopperWith(productId: number, qty = 1): Promise<Shopper> {
  const s = await insertShopper(ctx);
  await addToCart(ctx.db, s.id, productId, qty);
  return s;
}

const place = (s: Shopper, code: string | undefined, mode: 0 | 1 = 0, over: Record<string, unknown> = {}) =>
  ctx.req('POST', '/order/place-order', {
    token: s.token,
    body: orderBody(mode, { ...(code === undefined ? {} : { discount_code: code }), ...over }),
  });

describe('staff CRUD under /promotion', () => {
  it('needs a staff token with promotions.write', async () => {
    const shopper = await insertShopper(ctx);
    expect((await ctx.req('GET', '/promotion')).status).toBe(401);
    expect((await ctx.req('GET', '/promotion', { token: shopper.token })).status).toBe(403);
    const catalogue = await ctx.staffMember(admin, 'catalogue');
    const r = await ctx.req('POST', '/promotion', {
      token: catalogue.token,
      body: { name: 'X', kind: 'code', code: 'NOPE10', action: 'percent', percent: 10 },
    });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('missing_permission');
    const manager = await ctx.staffMember(admin, 'manager');
    expect((await ctx.req('GET', '/promotion', { token: manager.token })).status).toBe(200);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const before = await ctx.snapshot();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ startsAt: '2026-12-10T00:00', endsAt: '2026-12-01T00:00' }, /endsAt must be after startsAt/],
      [{ percent: undefined }, /percent is required/],
      [{ percent: 120 }, /percent must be between/],
      [{ code: 'a b!' }, /code may contain only letters/],
      [{ scope: 'categories', targets: [] }, /targets must name at least one/],
      [{ kind: 'automatic' }, /code must be empty/],
      [{ action: 'buy_x_get_y' }, /buyQty is required/],
      [{ deal: true }, /deal only an automatic offer/],
      [{ startsAt: 'tomorrow' }, /startsAt must be a date and time/],
    ];
    for (const [over, msg] of cases) {
      const r = await ctx.req('POST', '/promotion', {
        token: admin,
        body: { name: 'Bad', kind: 'code', code: `B${rnd()}`, action: 'percent', percent: 10, ...over },
      });
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.body.msg).toMatch(msg);
    }
    expect(await ctx.snapshot()).toEqual(before);
  });

  it('stores codes trimmed and upper-cased, unique whatever their case', async () => {
    const code = `DIWALI${rnd()}`;
    const p = await createCode({ code: `  ${code.toLowerCase()} ` });
    expect(p.code).toBe(code);
    const again = await ctx.req('POST', '/promotion', {
      token: admin,
      body: { name: 'Again', kind: 'code', code: code.toLowerCase(), action: 'amount', amount: 100 },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'duplicate_code' });
    expect(again.body.msg).toContain(code);
  });

  it('lists, reads, updates and deletes; a used discount cannot be deleted', async () => {
    const p = await createCode({ maxUses: 5 });
    const list = await ctx.req('GET', '/promotion', { token: admin });
    expect(list.body.promotions.map((x: { _id: string }) => x._id)).toContain(p._id);
    const upd = await ctx.req('PUT', `/promotion/${p._id}`, {
      token: admin,
      body: { name: 'Renamed', kind: 'code', code: p.code, action: 'amount', amount: 250, minOrder: 1000 },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.promotion).toMatchObject({
      name: 'Renamed',
      action: 'amount',
      amount: 250,
      minOrder: 1000,
    });
    const kind = await ctx.req('PUT', `/promotion/${p._id}`, {
      token: admin,
      body: { name: 'Renamed', kind: 'automatic', action: 'amount', amount: 250 },
    });
    expect(kind.status).toBe(400);

    const product = await makeProduct(ctx.db, { price: 2000 });
    const s = await shopperWith(product.id);
    expect((await place(s, p.code)).status).toBe(201);
    const del = await ctx.req('DELETE', `/promotion/${p._id}`, { token: admin });
    expect(del.status).toBe(409);
    expect(del.body.msg).toMatch(/Switch it off instead/);

    const unused = await createCode();
    expect((await ctx.req('DELETE', `/promotion/${unused._id}`, { token: admin })).status).toBe(200);
    expect((await ctx.req('GET', `/promotion/${unused._id}`, { token: admin })).status).toBe(404);
  });
});

describe('codes at checkout', () => {
  it('applies a code typed with spaces and lower case, and keeps its line with the order', async () => {
    const p = await createCode({ action: 'percent', percent: 10 });
    const product = await makeProduct(ctx.db, { price: 15_000 });
    const s = await shopperWith(product.id);
    const r = await place(s, ` ${p.code.toLowerCase()} `, 0, { expected_total: 13_500 });
    expect(r.status, r.text).toBe(201);
    expect(r.body.order_total).toBe(13_500);
    const page = await ctx.req('GET', `/order/${r.body.order_id}`, { token: s.token });
    expect(page.body.order.discounts).toEqual([
      { kind: 'amount', label: `Discount (${p.code})`, code: p.code, amount: 1500 },
    ]);
    expect(page.body.order.order_total).toBe(13_500);
    expect(page.body.order.lines[0].lineTotal).toBe(15_000);
    const mine = await ctx.req('GET', '/order/my-orders', { token: s.token });
    expect(mine.body.orders[0].discounts[0].label).toBe(`Discount (${p.code})`);
    expect(await usesOf(p._id)).toBe(1);
    // The confirmation mail has the discount as its own line.
    const mail = await ctx.db
      .selectFrom('outbox')
      .select('text_body')
      .where('kind', '=', 'order_placed')
      .where('order_id', '=', (await orderRow(ctx.db, r.body.order_id)).id)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(`Discount (${p.code}): −₹1,500`);
    expect(mail.text_body).toContain('Total: ₹13,500');
  });

  it("the tax invoice's lines are after their share of a scoped discount and add up to the order total", async () => {
    const p = await createCode({ action: 'amount', amount: 999.99, percent: undefined });
    const a = await makeProduct(ctx.db, { price: 1000 });
    const b = await makeProduct(ctx.db, { price: 2499.5 });
    const s = await insertShopper(ctx);
    await addToCart(ctx.db, s.id, a.id, 3);
    await addToCart(ctx.db, s.id, b.id, 1);
    const placed = await place(s, p.code, 1);
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.order_total).toBe(3000 + 2499.5 - 999.99);
    expect((await payWithSimulator(ctx, s.token, placed.body.order_id)).status).toBe(200);
    const order = await orderRow(ctx.db, placed.body.order_id);
    const doc = JSON.parse(
      (
        await ctx.db
          .selectFrom('invoices')
          .select('body')
          .where('order_id', '=', order.id)
          .where('kind', '=', 'invoice')
          .executeTakeFirstOrThrow()
      ).body,
    );
    const sum = (doc.lines as { amountPaise: number }[]).reduce((n, l) => n + l.amountPaise, 0);
    expect(sum).toBe(order.total_paise);
    expect(doc.totals.totalPaise).toBe(order.total_paise);
    expect(doc.discounts).toEqual([{ label: `Discount (${p.code})`, amountPaise: 99_999 }]);
    for (const l of doc.lines as {
      amountPaise: number;
      taxablePaise: number;
      cgstPaise: number;
      sgstPaise: number;
      igstPaise: number;
    }[])
      expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.amountPaise);
  });

  it('caps a percentage, never takes the total below ₹0, and scopes to a category', async () => {
    const capped = await createCode({ percent: 50, cap: 1000 });
    const product = await makeProduct(ctx.db, { price: 10_000 });
    const a = await shopperWith(product.id);
    expect((await place(a, capped.code)).body.order_total).toBe(9000);

    const huge = await createCode({ action: 'amount', amount: 50_000, percent: undefined });
    const b = await shopperWith(product.id);
    const r = await place(b, huge.code);
    expect(r.status).toBe(201);
    expect(r.body.order_total).toBe(0);

    const cat = await ctx.db
      .insertInto('categories')
      .values({ name: `Cases ${rnd()}`, slug: `cases-${rnd().toLowerCase()}`, image: '' })
      .executeTakeFirstOrThrow();
    const catId = Number(cat.insertId);
    const scoped = await createCode({ scope: 'categories', targets: [String(catId)], percent: 20 });
    const c = await shopperWith(product.id);
    const refused = await place(c, scoped.code);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'discount_refused' });
    expect(refused.body.msg).toMatch(/^This code is only for Cases \w+, and none is in your cart\.$/);
    const caseProduct = await makeProduct(ctx.db, { price: 500 });
    await ctx.db
      .updateTable('products')
      .set({ category_id: catId })
      .where('id', '=', caseProduct.id)
      .execute();
    await addToCart(ctx.db, c.id, caseProduct.id, 2);
    const ok = await place(c, scoped.code);
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.order_total).toBe(10_000 + 800);
  });

  it.each([
    ['unknown', async () => 'NOSUCHCODE', 'This code does not exist. Check it and try again.'],
    [
      'not yet started',
      async () => (await createCode({ startsAt: '2099-12-01T00:00' })).code,
      'This code starts on 1 December 2099.',
    ],
    [
      'expired',
      async () => (await createCode({ startsAt: '2020-01-01T00:00', endsAt: '2020-11-30T23:59' })).code,
      'This code expired on 30 November 2020.',
    ],
    ['switched off', async () => (await createCode({ active: false })).code, 'This code is no longer valid.'],
    [
      'minimum not met',
      async () => (await createCode({ minOrder: 3200 })).code,
      'Add ₹1,200 more to use this code.',
    ],
    [
      'online payment only',
      async () => (await createCode({ onlineOnly: true })).code,
      'This code is for online payment: choose Online payment at checkout to use it.',
    ],
  ])('refuses a code that is %s, in words, and changes nothing', async (_name, make, msg) => {
    const code = await make();
    const product = await makeProduct(ctx.db, { price: 2000 });
    const s = await shopperWith(product.id);
    const before = await ctx.snapshot();
    const r = await place(s, code);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ flag: 0, code: 'discount_refused', msg });
    expect(await ctx.snapshot()).toEqual(before);
    expect(await stockOf(ctx.db, product.id)).toBe(10);
  });

  it('a first-order code is refused to a shopper who has ordered', async () => {
    const p = await createCode({ firstOrderOnly: true });
    const product = await makeProduct(ctx.db, { price: 2000 });
    const s = await shopperWith(product.id);
    expect((await place(s, p.code)).status).toBe(201);
    await addToCart(ctx.db, s.id, product.id);
    const again = await place(s, p.code);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This code is for your first order.');
  });

  it('an exhausted code says it has been used; a place-order without a code still works', async () => {
    const p = await createCode({ maxUses: 1 });
    const product = await makeProduct(ctx.db, { price: 2000 });
    expect((await place(await shopperWith(product.id), p.code)).status).toBe(201);
    const late = await shopperWith(product.id);
    const r = await place(late, p.code);
    expect(r.body.msg).toBe('This code has been used.');
    expect((await place(late, undefined)).status).toBe(201);
  });

  it('re-prices at checkout: a price changed since the quote is refused with prices_changed', async () => {
    const p = await createCode({ percent: 10 });
    const product = await makeProduct(ctx.db, { price: 1000 });
    const s = await shopperWith(product.id);
    await ctx.db.updateTable('products').set({ final_price: 120_000 }).where('id', '=', product.id).execute();
    const r = await place(s, p.code, 0, { expected_total: 900 });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'prices_changed', order_total: 1080 });
  });
});

describe('exact uses under concurrency', () => {
  it('300 shoppers at once on a 100-use code: exactly 100 orders use it', async () => {
    const p = await createCode({ maxUses: 100, percent: 5 });
    const product = await makeProduct(ctx.db, { price: 500, stock: 1000 });
    const shoppers: Shopper[] = [];
    for (let i = 0; i < 300; i++) shoppers.push(await shopperWith(product.id));
    // All at once; a shopper told the shop is busy (503, on a loaded machine) tries again, as the page says.
    const results = await Promise.all(
      shoppers.map(async (s) => {
        for (let attempt = 0; ; attempt++) {
          const r = await place(s, p.code);
          if (r.status !== 503 || attempt >= 60) return r;
          await new Promise((done) => setTimeout(done, 200 + Math.random() * 300));
        }
      }),
    );
    const won = results.filter((r) => r.status === 201);
    expect(won).toHaveLength(100);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.body.msg).toBe('This code has been used.');
    }
    expect(await usesOf(p._id)).toBe(100);
    const redemptions = await ctx.db
      .selectFrom('order_discounts')
      .select('id')
      .where('promotion_id', '=', Number(p._id))
      .execute();
    expect(redemptions).toHaveLength(100);
    expect(await stockOf(ctx.db, product.id)).toBe(900);
  }, 240_000);

  it('a limit set on an unlimited code while orders are placed counts every use exactly once', async () => {
    const p = await createCode({ percent: 5 });
    const terms = { name: 'Test code', kind: 'code', code: p.code, action: 'percent', percent: 5 };
    const product = await makeProduct(ctx.db, { price: 500, stock: 1000 });
    const shoppers: Shopper[] = [];
    for (let i = 0; i < 40; i++) shoppers.push(await shopperWith(product.id));
    const attempt = async (s: Shopper) => {
      for (let i = 0; ; i++) {
        const r = await place(s, p.code);
        if (r.status !== 503 || i >= 60) return r;
        await new Promise((done) => setTimeout(done, 200 + Math.random() * 300));
      }
    };
    // 30 orders in flight while staff set a limit of 35: whichever orders the limit meets, 35 uses in all.
    const first = shoppers.slice(0, 30).map(attempt);
    await new Promise((done) => setTimeout(done, 20));
    const limit = await ctx.req('PUT', `/promotion/${p._id}`, {
      token: admin,
      body: { ...terms, maxUses: 35 },
    });
    expect(limit.status, limit.text).toBe(200);
    const before = (await Promise.all(first)).filter((r) => r.status === 201).length;
    expect(before).toBe(30);
    const after = await Promise.all(shoppers.slice(30).map(attempt));
    expect(after.filter((r) => r.status === 201)).toHaveLength(5);
    expect(await usesOf(p._id)).toBe(35);
    expect(await storedUses(p._id)).toBe(35);
  }, 120_000);

  it('an order priced before staff set a limit takes its use when it records the code', async () => {
    const p = await createCode({ percent: 5 });
    const terms = { name: 'Test code', kind: 'code', code: p.code, action: 'percent', percent: 5 };
    const product = await makeProduct(ctx.db, { price: 500, stock: 10 });
    const s = await shopperWith(product.id);
    // The order is held after pricing, at its confirmation mail (the outbox is locked), while staff set a limit;
    // then it records the code.
    const { createConnection } = await import('mysql2/promise');
    const lock = await createConnection(ctx.config.DATABASE_URL);
    try {
      await lock.query('LOCK TABLES outbox WRITE');
      const order = place(s, p.code);
      // Priced, written, and waiting for the outbox.
      await expect
        .poll(
          async () => {
            const [rows] = await lock.query(
              `SELECT COUNT(*) AS n FROM information_schema.processlist
                WHERE state = 'Waiting for table metadata lock' AND info LIKE 'insert into \`outbox\`%'`,
            );
            return Number((rows as { n: number }[])[0]!.n);
          },
          { timeout: 10_000 },
        )
        .toBe(1);
      const limit = await ctx.req('PUT', `/promotion/${p._id}`, {
        token: admin,
        body: { ...terms, maxUses: 1 },
      });
      expect(limit.status, limit.text).toBe(200);
      await lock.query('UNLOCK TABLES');
      expect((await order).status).toBe(201);
    } finally {
      await lock.end();
    }
    expect(await storedUses(p._id)).toBe(1);
    expect(await usesOf(p._id)).toBe(1);
    const other = await shopperWith(product.id);
    expect((await place(other, p.code)).status).toBe(409);
  });

  it('a once-per-customer code holds across two tabs of one shopper', async () => {
    const p = await createCode({ perCustomer: 1 });
    const product = await makeProduct(ctx.db, { price: 2000 });
    const s = await shopperWith(product.id);
    const [one, two] = await Promise.all([place(s, p.code), place(s, p.code)]);
    expect([one.status, two.status].filter((x) => x === 201)).toHaveLength(1);
    await addToCart(ctx.db, s.id, product.id);
    const third = await place(s, p.code);
    expect(third.status).toBe(409);
    expect(third.body.msg).toBe('You have already used this code.');
    expect(await usesOf(p._id)).toBe(1);
  });

  it('a cancelled order and a failed payment give their use back', async () => {
    const p = await createCode({ maxUses: 1 });
    const product = await makeProduct(ctx.db, { price: 2000 });
    const first = await shopperWith(product.id);
    const placed = await place(first, p.code);
    expect(placed.status).toBe(201);
    const second = await shopperWith(product.id);
    expect((await place(second, p.code)).status).toBe(409);
    const cancel = await ctx.req('POST', `/order/${placed.body.order_id}/cancel`, {
      token: first.token,
      body: {},
    });
    expect(cancel.status, cancel.text).toBe(200);
    expect(await usesOf(p._id)).toBe(0);
    const online = await place(second, p.code, 1);
    expect(online.status, online.text).toBe(201);
    expect(await usesOf(p._id)).toBe(1);
    const failed = await ctx.req('POST', '/order/payment-failed', {
      token: second.token,
      body: { order_id: online.body.order_id, reason: 'Card declined' },
    });
    expect(failed.status, failed.text).toBe(200);
    expect(await usesOf(p._id)).toBe(0);
    // Paying the same order again takes the use again.
    const pay = await ctx.req('POST', `/order/${online.body.order_id}/pay`, { token: second.token });
    expect(pay.status, pay.text).toBe(200);
    expect(await usesOf(p._id)).toBe(1);
  });
});

describe('POST /cart/quote', () => {
  it('prices a guest cart with a code, and says why a code is refused', async () => {
    const p = await createCode({ action: 'amount', amount: 1500, percent: undefined, minOrder: 5000 });
    const product = await makeProduct(ctx.db, { price: 4000, originalPrice: 5000 });
    const lines = [{ productId: String(product.id), qty: 2 }];
    const r = await ctx.req('POST', '/cart/quote', {
      body: { lines, discount_code: p.code.toLowerCase(), pincode: '560001', payment_mode: 1 },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({
      subtotal: 8000,
      you_save: 2000,
      discounts: [{ kind: 'amount', label: `Discount (${p.code})`, code: p.code, amount: 1500 }],
      discount_total: 1500,
      shipping: 0,
      cod_fee: 0,
      total: 6500,
      code: { code: p.code, applied: true, reason: null },
    });
    expect(r.body.lines[0]).toMatchObject({ qty: 2, unitPrice: 4000, amount: 8000, lineTotal: 6500 });

    // A line removed: the minimum is no longer met, the code drops off with its reason.
    const less = await ctx.req('POST', '/cart/quote', {
      body: { lines: [{ productId: String(product.id), qty: 1 }], discount_code: p.code },
    });
    expect(less.body).toMatchObject({
      total: 4000,
      discounts: [],
      code: { code: p.code, applied: false, reason: 'Add ₹1,000 more to use this code.' },
    });
  });

  it("prices a shopper's server cart when no lines are sent; bad input is a 400", async () => {
    const product = await makeProduct(ctx.db, { price: 700 });
    const s = await shopperWith(product.id, 3);
    const r = await ctx.req('POST', '/cart/quote', { token: s.token, body: {} });
    expect(r.body).toMatchObject({ count: 3, total: 2100, code: null });
    const bad = await ctx.req('POST', '/cart/quote', { body: { pincode: '12', payment_mode: 7 } });
    expect(bad.status).toBe(400);
  });
});

describe('bulk codes', () => {
  it('generates 10,000 unique single-use codes twice (no duplicates) and exports them as CSV', async () => {
    const p = await createCode({ code: undefined, name: 'Campaign' });
    for (let i = 0; i < 2; i++) {
      const r = await ctx.req('POST', `/promotion/${p._id}/codes`, {
        token: admin,
        body: { count: 10_000, prefix: 'camp' },
      });
      expect(r.status, r.text).toBe(200);
      expect(r.body.generated).toBe(10_000);
      expect(r.body.codes[0]).toMatch(/^CAMP[A-Z2-9]{10}$/);
    }
    const rows = await ctx.db
      .selectFrom('promotion_codes')
      .select('code')
      .where('promotion_id', '=', Number(p._id))
      .execute();
    expect(new Set(rows.map((r) => r.code)).size).toBe(20_000);
    const csv = await ctx.req('GET', `/promotion/${p._id}/codes.csv`, { token: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const csvLines = csv.text.trim().split('\n');
    expect(csvLines[0]).toBe('code,source,max_uses,uses,used_up,created_at');
    expect(csvLines).toHaveLength(20_001);
    expect((await ctx.req('GET', `/promotion/${p._id}/codes.csv`)).status).toBe(401);

    // A generated code works once.
    const product = await makeProduct(ctx.db, { price: 2000 });
    const code = rows[0]!.code;
    expect((await place(await shopperWith(product.id), code)).status).toBe(201);
    const r = await place(await shopperWith(product.id), code);
    expect(r.body.msg).toBe('This code has been used.');
  }, 60_000);
});

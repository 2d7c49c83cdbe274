// Covers: POST /newsletter/subscribe: 201 for a new email, 200 'already subscribed' for a repeat in any
// letter case, simultaneous sign-ups stored once, and refused input (missing, malformed, wrong type, 10 MB); the
// first-order code: written with its mail in the sign-up's transaction, single-use, first order only, valid for the
// settings' days at the settings' percentage, none for an address whose account has orders (told so), none when
// the shop offers none.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { addToCart, insertShopper, makeProduct, orderBody } from './order-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const subscribe = (body: unknown) => ctx.req('POST', '/newsletter/subscribe', { body });
const mailsTo = (email: string) =>
  ctx.db
    .selectFrom('outbox')
    .select(['subject', 'text_body'])
    .where('recipient', '=', email)
    .where('kind', '=', 'newsletter_code')
    .execute();
const codeIn = (text: string) => /Your code (WELCOME[A-Z2-9]{8}) takes/.exec(text)?.[1];
const count = async (email: string) =>
  Number(
    (
      await sql<{ n: number }>`SELECT COUNT(*) AS n FROM newsletter_signups WHERE email = ${email}`.execute(
        ctx.db,
      )
    ).rows[0]!.n,
  );

describe('POST /newsletter/subscribe', () => {
  it('stores a new email and answers 201', async () => {
    const r = await subscribe({ email: 'reader@example.com' });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({
      flag: 1,
      msg: 'Thanks for subscribing! Your 10% off code for your first order is on its way to your inbox.',
    });
    expect(await count('reader@example.com')).toBe(1);
  });

  it('also answers at POST /newsletter', async () => {
    const r = await ctx.req('POST', '/newsletter', { body: { email: 'bare-path@example.com' } });
    expect(r.status).toBe(201);
    expect(await count('bare-path@example.com')).toBe(1);
  });

  it('answers 200 to a repeat, whatever the case and spacing, and keeps one row', async () => {
    await subscribe({ email: 'repeat@example.com' });
    for (const email of ['repeat@example.com', '  REPEAT@Example.com ']) {
      const r = await subscribe({ email });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ flag: 1, msg: 'You are already subscribed.' });
    }
    expect(await count('repeat@example.com')).toBe(1);
  });

  it('stores simultaneous sign-ups of one email once, with one code and one mail', async () => {
    const rs = await Promise.all([1, 2, 3, 4, 5].map(() => subscribe({ email: 'race@example.com' })));
    expect(rs.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(await count('race@example.com')).toBe(1);
    expect(await mailsTo('race@example.com')).toHaveLength(1);
  });

  it('needs no login', async () => {
    const s = await ctx.customer();
    const r = await ctx.req('POST', '/newsletter/subscribe', { token: s.token, body: { email: s.email } });
    expect(r.status).toBe(201);
  });

  it('refuses missing, malformed, wrongly typed and oversized emails without storing anything', async () => {
    for (const body of [
      {},
      { email: '' },
      { email: 'not-an-email' },
      { email: 42 },
      { email: ['a@b.co'] },
      { email: `${'a'.repeat(200_000)}@example.com` },
    ]) {
      const before = await ctx.snapshot();
      const r = await subscribe(body);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ flag: 0, code: 'invalid_input' });
      expect(r.body.msg).toMatch(/^email /);
      expect(await ctx.snapshot()).toEqual(before);
    }
  });

  it('refuses 10 MB strings (too large, or invalid) without changing anything', async () => {
    const huge = 'a'.repeat(10 * 1024 * 1024);
    for (const body of [{ email: `${huge}@example.com` }]) {
      const before = await ctx.snapshot();
      const r = await subscribe(body);
      expect([400, 413]).toContain(r.status);
      expect(r.body.flag).toBe(0);
      expect(r.body.msg).toMatch(/too large|must be at most|too long/);
      expect(await ctx.snapshot()).toEqual(before);
    }
  });
});

describe("the newsletter's first-order code", () => {
  it('mails a single-use 10% code for a first order, valid 30 days, that checkout honours once', async () => {
    const email = 'welcome@example.com';
    const before = Date.now();
    expect((await subscribe({ email })).status).toBe(201);
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toContain('Your 10% off code for your first order');
    const code = codeIn(mail!.text_body)!;
    expect(code).toBeTruthy();
    const row = await ctx.db
      .selectFrom('promotion_codes as c')
      .innerJoin('promotions as p', 'p.id', 'c.promotion_id')
      .select(['c.expires_at', 'c.max_uses', 'p.percent_bp', 'p.first_order_only', 'p.source'])
      .where('c.code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ max_uses: 1, percent_bp: 1000, first_order_only: 1, source: 'newsletter' });
    const days = (row.expires_at!.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);

    // A guest's cart takes it; the subscriber orders with it once.
    const product = await makeProduct(ctx.db, { price: 5000 });
    const quote = await ctx.req('POST', '/cart/quote', {
      body: { lines: [{ productId: String(product.id), qty: 1 }], discount_code: code.toLowerCase() },
    });
    expect(quote.body).toMatchObject({ total: 4500, code: { applied: true } });
    const buyer = await insertShopper(ctx);
    await addToCart(ctx.db, buyer.id, product.id);
    const placed = await ctx.req('POST', '/order/place-order', {
      token: buyer.token,
      body: orderBody(0, { discount_code: code }),
    });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.order_total).toBe(4500);
    const other = await insertShopper(ctx);
    await addToCart(ctx.db, other.id, product.id);
    const again = await ctx.req('POST', '/order/place-order', {
      token: other.token,
      body: orderBody(0, { discount_code: code }),
    });
    expect(again.body.msg).toBe('This code has been used.');
  });

  it('an expired code says so', async () => {
    const email = 'late@example.com';
    await subscribe({ email });
    const code = codeIn((await mailsTo(email))[0]!.text_body)!;
    await ctx.db
      .updateTable('promotion_codes')
      .set({ expires_at: new Date('2026-01-15T10:00:00Z') })
      .where('code', '=', code)
      .execute();
    const product = await makeProduct(ctx.db, { price: 5000 });
    const quote = await ctx.req('POST', '/cart/quote', {
      body: { lines: [{ productId: String(product.id), qty: 1 }], discount_code: code },
    });
    expect(quote.body.code.reason).toMatch(/^This code expired on 15 January( 2026)?\.$/);
  });

  it('an address whose account has orders is told why no code comes, and gets none', async () => {
    const buyer = await insertShopper(ctx);
    const product = await makeProduct(ctx.db, { price: 1000 });
    await addToCart(ctx.db, buyer.id, product.id);
    expect(
      (await ctx.req('POST', '/order/place-order', { token: buyer.token, body: orderBody(0) })).status,
    ).toBe(201);
    const r = await subscribe({ email: buyer.email.toUpperCase() });
    expect(r.status).toBe(201);
    expect(r.body.msg).toBe(
      'Thanks for subscribing! The first-order code is for new customers, and this address already has orders with us, so we have not sent one.',
    );
    expect(await mailsTo(buyer.email)).toHaveLength(0);
  });

  it('follows the settings: 15% for 7 days, and no code at all at 0%', async () => {
    const admin = await ctx.adminToken();
    const saved = await ctx.req('PUT', '/settings', {
      token: admin,
      body: { newsletterCodePercent: 15, newsletterCodeDays: 7 },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings).toMatchObject({ newsletterCodePercent: 15, newsletterCodeDays: 7 });
    expect((await ctx.req('GET', '/settings')).body.settings.newsletterCodePercent).toBe(15);
    const r = await subscribe({ email: 'fifteen@example.com' });
    expect(r.body.msg).toBe(
      'Thanks for subscribing! Your 15% off code for your first order is on its way to your inbox.',
    );
    const [mail] = await mailsTo('fifteen@example.com');
    expect(mail!.subject).toContain('15% off');

    await ctx.req('PUT', '/settings', { token: admin, body: { newsletterCodePercent: 0 } });
    const none = await subscribe({ email: 'nocode@example.com' });
    expect(none.body.msg).toBe('Thanks for subscribing! We will write when new products and offers arrive.');
    expect(await mailsTo('nocode@example.com')).toHaveLength(0);
    const bad = await ctx.req('PUT', '/settings', { token: admin, body: { newsletterCodePercent: 95 } });
    expect(bad.status).toBe(400);
    await ctx.req('PUT', '/settings', {
      token: admin,
      body: { newsletterCodePercent: 10, newsletterCodeDays: 30 },
    });
  });
});

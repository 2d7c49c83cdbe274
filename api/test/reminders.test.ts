// Covers the reminder mails the API process's sweep writes (modules/reminder), with the clock moved rather than
// waited for: the abandoned-cart reminder (once per cart, after the configured idle hours; never for an empty
// cart, after an order, with reminders off, or for a stale cart), the review request (the configured days after
// delivery, once per order, only products not reviewed yet), the "Stop reminder mails" link (signed, works
// without a login, a forged one refused) and the profile's switch, and the settings' bounds.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCartReminders, sendReviewRequests } from '../src/modules/reminder/reminder.service';
import { createTestContext, type TestContext } from './context';
import { addToCart, insertShopper, makeProduct } from './order-fixtures';
import { orderOf } from './review-fixtures';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const deps = () => ({ db: ctx.db, config: ctx.config });

async function mails(email: string, kind: string) {
  return ctx.db
    .selectFrom('outbox')
    .select(['subject', 'text_body', 'html_body'])
    .where('recipient', '=', email)
    .where('kind', '=', kind)
    .execute();
}

/** Moves the shopper's cart lines back in time (as if untouched for `hours`). */
async function ageCart(userId: number, hours: number) {
  await sql`UPDATE cart_lines SET created_at = UTC_TIMESTAMP(3) - INTERVAL ${hours * 3600} SECOND,
    updated_at = UTC_TIMESTAMP(3) - INTERVAL ${hours * 3600} SECOND WHERE user_id = ${userId}`.execute(
    ctx.db,
  );
}

/** A delivered order of the product, its delivery recorded `days` ago; its id. */
async function deliveredDaysAgo(userId: number, productId: number, days: number) {
  const orderId = await orderOf(ctx.db, userId, productId, 'delivered');
  await sql`INSERT INTO order_events (order_id, event, actor, created_at)
    VALUES (${orderId}, 'delivered', 'staff', UTC_TIMESTAMP(3) - INTERVAL ${days * 86400} SECOND)`.execute(
    ctx.db,
  );
  return orderId;
}

describe('abandoned-cart reminder', () => {
  it('writes one mail with the lines, a link back and an opt-out link, once the cart is idle for 24 hours', async () => {
    const s = await insertShopper(ctx, 'Asha Rao');
    const p = await makeProduct(ctx.db, {
      name: 'Reminder Phone',
      price: 15_999,
      colors: [{ name: 'Blue' }],
    });
    await addToCart(ctx.db, s.id, p.id, 2, { colorId: p.colorIds[0] });
    await ageCart(s.id, 23);
    await sendCartReminders(deps());
    expect(await mails(s.email, 'cart_reminder')).toHaveLength(0);
    // The clock moves on: 25 hours idle.
    await sendCartReminders(deps(), new Date(Date.now() + 2 * HOUR));
    const [mail, ...more] = await mails(s.email, 'cart_reminder');
    expect(more).toHaveLength(0);
    expect(mail!.subject).toContain('You left something in your cart');
    expect(mail!.text_body).toContain('Hello Asha,');
    expect(mail!.text_body).toContain('2 × Reminder Phone (Blue): ₹15,999 each');
    expect(mail!.text_body).toMatch(/Go to your cart: http\S+\/cart\n/);
    expect(mail!.text_body).toMatch(/Stop them: http\S+\/account\/stop-reminders\?token=\d+\.[\w-]{43}/);
    expect(mail!.html_body).toContain('Stop reminder mails</a>');
    // Never twice for the same cart, even with more lines added later and the clock far ahead.
    const q = await makeProduct(ctx.db);
    await addToCart(ctx.db, s.id, q.id);
    await sendCartReminders(deps(), new Date(Date.now() + 30 * HOUR));
    await sendCartReminders(deps(), new Date(Date.now() + 40 * HOUR));
    expect(await mails(s.email, 'cart_reminder')).toHaveLength(1);
  });

  it('a new cart (all lines added after the reminder) gets its own reminder', async () => {
    const s = await insertShopper(ctx);
    const p = await makeProduct(ctx.db);
    await addToCart(ctx.db, s.id, p.id);
    await ageCart(s.id, 48);
    await sendCartReminders(deps());
    expect(await mails(s.email, 'cart_reminder')).toHaveLength(1);
    await ctx.req('DELETE', '/cart', { token: s.token });
    await addToCart(ctx.db, s.id, p.id);
    await sendCartReminders(deps(), new Date(Date.now() + 25 * HOUR));
    expect(await mails(s.email, 'cart_reminder')).toHaveLength(2);
  });

  it('never for an empty cart, after an order, with reminders off, or for a cart untouched for weeks', async () => {
    const empty = await insertShopper(ctx);
    const ordered = await insertShopper(ctx);
    const off = await insertShopper(ctx);
    const stale = await insertShopper(ctx);
    const p = await makeProduct(ctx.db);
    for (const s of [ordered, off, stale]) await addToCart(ctx.db, s.id, p.id);
    for (const s of [ordered, off]) await ageCart(s.id, 30);
    await ageCart(stale.id, 24 * 40);
    // An order placed after the cart last changed (the lines left in it were not bought then).
    await orderOf(ctx.db, ordered.id, p.id, 'placed');
    const r = await ctx.req('PUT', '/user/reminders', { token: off.token, body: { on: false } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.user.reminderMails).toBe(false);
    await sendCartReminders(deps(), new Date(Date.now() + HOUR));
    for (const s of [empty, ordered, off, stale])
      expect(await mails(s.email, 'cart_reminder')).toHaveLength(0);
  });

  it('waits the hours staff set, and not at all at 0', async () => {
    const s = await insertShopper(ctx);
    const p = await makeProduct(ctx.db);
    await addToCart(ctx.db, s.id, p.id);
    await ageCart(s.id, 3);
    const saved = await ctx.req('PUT', '/settings', { token: admin, body: { cartReminderHours: 0 } });
    expect(saved.body.settings.cartReminderHours).toBe(0);
    await sendCartReminders(deps(), new Date(Date.now() + 100 * HOUR));
    expect(await mails(s.email, 'cart_reminder')).toHaveLength(0);
    await ctx.req('PUT', '/settings', { token: admin, body: { cartReminderHours: 2 } });
    await sendCartReminders(deps());
    expect(await mails(s.email, 'cart_reminder')).toHaveLength(1);
    await ctx.req('PUT', '/settings', { token: admin, body: { cartReminderHours: 24 } });
  });

  it('refuses hours and days out of bounds, naming the field', async () => {
    const bad = await ctx.req('PUT', '/settings', { token: admin, body: { cartReminderHours: 721 } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('Cart reminder after (hours)');
    const days = await ctx.req('PUT', '/settings', { token: admin, body: { reviewRequestDays: 4.5 } });
    expect(days.status).toBe(400);
    const read = await ctx.req('GET', '/settings', { token: admin });
    expect(read.body.settings).toMatchObject({ cartReminderHours: 24, reviewRequestDays: 7 });
    expect((await ctx.req('GET', '/settings')).body.settings.cartReminderHours).toBeUndefined();
  });
});

describe('review request', () => {
  it('is mailed the configured days after delivery, once per order, listing the products not reviewed yet', async () => {
    const s = await insertShopper(ctx, 'Ravi');
    const p = await makeProduct(ctx.db, { name: 'Earbuds To Review' });
    const orderId = await deliveredDaysAgo(s.id, p.id, 6);
    await sendReviewRequests(deps());
    expect(await mails(s.email, 'review_request')).toHaveLength(0);
    await sendReviewRequests(deps(), new Date(Date.now() + 1.5 * 86_400_000));
    await sendReviewRequests(deps(), new Date(Date.now() + 9 * 86_400_000));
    const list = await mails(s.email, 'review_request');
    expect(list).toHaveLength(1);
    expect(list[0]!.text_body).toContain(`- Earbuds To Review: `);
    expect(list[0]!.text_body).toContain(`/product/${p.id}#reviews`);
    expect(list[0]!.text_body).toMatch(/Stop them: http\S+\/account\/stop-reminders\?token=/);
    const row = await ctx.db
      .selectFrom('orders')
      .select('review_requested_at')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(row.review_requested_at).not.toBeNull();
  });

  it('is not mailed for products already reviewed, to a shopper who stopped reminders, or when set to 0', async () => {
    const reviewed = await insertShopper(ctx);
    const stopped = await insertShopper(ctx);
    const p = await makeProduct(ctx.db);
    await deliveredDaysAgo(reviewed.id, p.id, 8);
    await ctx.db
      .insertInto('reviews')
      .values({ product_id: p.id, user_id: reviewed.id, rating: 5, title: 'Great', body: 'Works well.' })
      .execute();
    await deliveredDaysAgo(stopped.id, p.id, 8);
    await ctx.db.updateTable('users').set({ reminder_mails: 0 }).where('id', '=', stopped.id).execute();
    await sendReviewRequests(deps());
    expect(await mails(reviewed.email, 'review_request')).toHaveLength(0);
    expect(await mails(stopped.email, 'review_request')).toHaveLength(0);

    const later = await insertShopper(ctx);
    await deliveredDaysAgo(later.id, p.id, 30);
    await ctx.req('PUT', '/settings', { token: admin, body: { reviewRequestDays: 0 } });
    await sendReviewRequests(deps());
    expect(await mails(later.email, 'review_request')).toHaveLength(0);
    await ctx.req('PUT', '/settings', { token: admin, body: { reviewRequestDays: 7 } });
    await sendReviewRequests(deps());
    expect(await mails(later.email, 'review_request')).toHaveLength(1);
  });
});

describe('stopping reminder mails', () => {
  it('the mail’s link turns them off without a login; the profile turns them on again', async () => {
    const s = await insertShopper(ctx);
    const p = await makeProduct(ctx.db);
    await addToCart(ctx.db, s.id, p.id);
    await ageCart(s.id, 30);
    await sendCartReminders(deps());
    const [mail] = await mails(s.email, 'cart_reminder');
    const token = new URL(/Stop them: (\S+)/.exec(mail!.text_body)![1]!).searchParams.get('token')!;
    const r = await ctx.req('POST', '/user/reminders/stop', { body: { token } });
    expect(r.status, r.text).toBe(200);
    expect(r.body.msg).toContain('we will not send you reminder mails');
    expect((await ctx.req('GET', '/user/me', { token: s.token })).body.user.reminderMails).toBe(false);
    const on = await ctx.req('PUT', '/user/reminders', { token: s.token, body: { on: true } });
    expect(on.body).toMatchObject({ msg: 'Reminder mails are on.', user: { reminderMails: true } });
  });

  it('refuses a forged or altered link, and a switch that is not true or false', async () => {
    const s = await insertShopper(ctx);
    const forged = `${s.id}.${'A'.repeat(43)}`;
    const r = await ctx.req('POST', '/user/reminders/stop', { body: { token: forged } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('invalid_link');
    const junk = await ctx.req('POST', '/user/reminders/stop', { body: { token: '<script>' } });
    expect(junk.status).toBe(400);
    expect(junk.body.msg).toContain('is not a link we sent');
    const bad = await ctx.req('PUT', '/user/reminders', { token: s.token, body: { on: 'maybe' } });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('must be true or false');
    expect((await ctx.req('GET', '/user/me', { token: s.token })).body.user.reminderMails).toBe(true);
    expect((await ctx.req('PUT', '/user/reminders', { body: { on: false } })).status).toBe(401);
  });
});

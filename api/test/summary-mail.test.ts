// Covers the Owner's sales summary mail: off by default; opted in (PUT /settings summaryMail), the
// minute job writes one mail per period to each active Owner through the outbox — daily for the day before,
// weekly on Mondays for Monday to Sunday — with the Reports screen's figures for that period (checked against a
// hand-computed order), and not twice for the same period; the period rule itself.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailSummary, summaryPeriod } from '../src/modules/reports/summary-mail.service';
import { createTestContext, type TestContext } from './context';
import { addToCart, insertShopper, makeProduct, orderBody } from './order-fixtures';

let ctx: TestContext;
let owner: string;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.adminToken();
});
afterAll(() => ctx.close());

const summaries = () =>
  ctx.db
    .selectFrom('outbox')
    .select(['recipient', 'subject', 'text_body'])
    .where('kind', '=', 'sales_summary')
    .orderBy('id')
    .execute();

describe('summaryPeriod', () => {
  it.each([
    ['daily', '2026-11-29', { firstDay: '2026-11-28', lastDay: '2026-11-28' }, '2026-11-27'],
    ['weekly', '2026-11-30', { firstDay: '2026-11-23', lastDay: '2026-11-29' }, '2026-11-16'], // a Monday
    ['weekly', '2026-12-02', { firstDay: '2026-11-23', lastDay: '2026-11-29' }, '2026-11-16'], // a Wednesday
    ['weekly', '2026-11-29', { firstDay: '2026-11-16', lastDay: '2026-11-22' }, '2026-11-09'], // a Sunday
  ] as const)('%s on %s', (kind, today, period, previousFirst) => {
    const p = summaryPeriod(kind, today);
    expect(p).toMatchObject(period);
    expect(p.previous.firstDay).toBe(previousFirst);
  });
});

describe('the summary mail', () => {
  it('is off by default, then mails each Owner the day before once, with the Reports figures', async () => {
    expect(await mailSummary(ctx.db, ctx.config)).toBe(false);
    expect(await summaries()).toHaveLength(0);

    // One cash-on-delivery order of 2 × ₹1,500, delivered, placed yesterday (India time).
    const product = await makeProduct(ctx.db, { price: 1500, stock: 10 });
    const s = await insertShopper(ctx);
    await addToCart(ctx.db, s.id, product.id, 2);
    const placed = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) });
    expect(placed.status, placed.text).toBe(201);
    const id = placed.body.order_id as string;
    for (const state of ['shipped', 'delivered'])
      expect((await ctx.req('PATCH', `/order/status/${id}`, { token: owner, body: { state } })).status).toBe(
        200,
      );
    await ctx.db
      .updateTable('orders')
      .set({ created_at: sql`UTC_TIMESTAMP(3) - INTERVAL 1 DAY` })
      .where('public_id', '=', id)
      .execute();

    const saved = await ctx.req('PUT', '/settings', { token: owner, body: { summaryMail: 'daily' } });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.settings.summaryMail).toBe('daily');
    expect(
      (await ctx.req('PUT', '/settings', { token: owner, body: { summaryMail: 'hourly' } })).status,
    ).toBe(400);

    expect(await mailSummary(ctx.db, ctx.config)).toBe(true);
    const mails = await summaries();
    const owners = await ctx.db
      .selectFrom('admins')
      .select('email')
      .where('role', '=', 'owner')
      .where('active', '=', 1)
      .execute();
    expect(mails.map((m) => m.recipient).sort()).toEqual(owners.map((o) => o.email).sort());
    expect(mails[0]!.subject).toMatch(/^Daily sales summary: /);
    expect(mails[0]!.text_body).toContain('Net sales: ₹3,000');
    expect(mails[0]!.text_body).toContain('paid or collected: 1');
    expect(mails[0]!.text_body).toContain('units sold: 2');

    // The same figures as the Reports screen for that day.
    const yesterday = new Date(Date.now() + 330 * 60_000 - 86_400_000).toISOString().slice(0, 10);
    const report = await ctx.req('GET', `/reports/sales?period=custom&from=${yesterday}&to=${yesterday}`, {
      token: owner,
    });
    expect(report.body.current).toMatchObject({ net: 3000, paidOrders: 1, units: 2 });

    // Once per period.
    expect(await mailSummary(ctx.db, ctx.config)).toBe(false);
    expect(await summaries()).toHaveLength(mails.length);
  });
});

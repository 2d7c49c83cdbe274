// Covers marking orders shipped from a CSV (POST /order/bulk-ship): the preview changes nothing and says for each
// row what will happen or why it cannot (unknown order, an order that cannot ship, a missing tracking number, an
// order named twice); applying moves each ready order as the single move does (carrier and tracking kept, the
// shopper's mail, the change history) while a row that cannot be done leaves the others shipped; a file without
// the columns is refused with 400; staff without orders.write are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { addToCart, insertShopper, makeProduct, orderBody, orderRow, type Shopper } from './order-fixtures';

let ctx: TestContext;
let admin: string;
let s: Shopper;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
  s = await insertShopper(ctx, 'Asha');
});
afterAll(() => ctx.close());

async function placeCod(): Promise<string> {
  const p = await makeProduct(ctx.db, { stock: 5, price: 700 });
  await addToCart(ctx.db, s.id, p.id, 1);
  const r = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) });
  expect(r.status, r.text).toBe(201);
  return r.body.order_id;
}

const bulk = (csv: string, apply = false, token = admin) =>
  ctx.req('POST', '/order/bulk-ship', { token, body: { csv, apply } });

const outboxOf = async (publicId: string) => {
  const { id } = await orderRow(ctx.db, publicId);
  return ctx.db.selectFrom('outbox').select('kind').where('order_id', '=', id).execute();
};

describe('POST /order/bulk-ship', () => {
  it('previews every row without changing anything, then ships the ready ones', async () => {
    const [a, b, c] = [await placeCod(), await placeCod(), await placeCod()];
    await ctx.req('PATCH', `/order/status/${c}`, { token: admin, body: { state: 'cancelled' } });
    const csv = [
      'Order ID,Carrier,Tracking Number',
      `${a},Delhivery,DLV001`,
      `${b.toLowerCase()},Blue Dart,BD002`,
      `${c},Delhivery,DLV003`,
      'VC00000000000000000Z,Delhivery,DLV004',
      `${a},Delhivery,DLV005`,
      `${b},Delhivery,`,
    ].join('\n');
    const before = await ctx.snapshot();

    const preview = await bulk(csv);
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toMatchObject({ ready: 2, shipped: 0, errors: 4 });
    expect(
      preview.body.rows.map((r: { line: number; status: string; error: string | null }) => [
        r.line,
        r.status,
        r.error,
      ]),
    ).toEqual([
      [2, 'ready', null],
      [3, 'ready', null],
      [4, 'error', 'Cannot move an order from cancelled to shipped.'],
      [5, 'error', 'Order VC00000000000000000Z not found.'],
      [6, 'error', `Order ${a} is already on line 2.`],
      [7, 'error', `Order ${b} is already on line 3.`],
    ]);
    expect(preview.body.rows[0]).toMatchObject({
      orderId: a,
      carrier: 'Delhivery',
      trackingNumber: 'DLV001',
      from: 'placed',
    });
    expect(await ctx.snapshot()).toEqual(before);

    const applied = await bulk(csv, true);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body).toMatchObject({ ready: 0, shipped: 2, errors: 4 });
    for (const [id, carrier, tracking] of [
      [a, 'Delhivery', 'DLV001'],
      [b, 'Blue Dart', 'BD002'],
    ] as const) {
      const row = await orderRow(ctx.db, id);
      expect(row).toMatchObject({ state: 'shipped', carrier, tracking_number: tracking });
      expect((await outboxOf(id)).length).toBeGreaterThan(0);
      const audit = await ctx.db
        .selectFrom('audit_log')
        .select('action')
        .where('object_id', '=', id)
        .execute();
      expect(audit.map((r) => r.action)).toContain('order.state');
    }
    expect((await orderRow(ctx.db, c)).state).toBe('cancelled');

    // The same file again: both orders have moved on, nothing more happens.
    const again = await bulk(csv, true);
    expect(again.body).toMatchObject({ shipped: 0, errors: 6 });
    expect(again.body.rows[0].error).toBe('Cannot move an order from shipped to shipped.');
  });

  it('counts in words that fit the number (not "1 orders ready")', async () => {
    const a = await placeCod();
    const one = await bulk(`order id,carrier,tracking number\n${a},Delhivery,DL1${a.slice(-6)}`);
    expect(one.body.msg).toBe('1 order ready to mark shipped.');
    const two = await bulk(
      `order id,carrier,tracking number\n${a},Delhivery,DL2${a.slice(-6)}\nnope,Delhivery,X1`,
    );
    expect(two.body.msg).toBe('1 order ready to mark shipped; 1 row with errors.');
    const done = await bulk(`order id,carrier,tracking number\n${a},Delhivery,DL3${a.slice(-6)}`, true);
    expect(done.body.msg).toBe('1 order marked shipped.');
  });

  it('says which row misses the tracking number', async () => {
    const a = await placeCod();
    const r = await bulk(`order_id,carrier,tracking_number\n${a},Delhivery,`);
    expect(r.body.rows[0]).toMatchObject({ status: 'error', error: 'The tracking number is missing.' });
  });

  it.each([
    [
      'order,carrier\nVC00000000000000000Z,Delhivery',
      /must name the columns: order id, carrier, tracking number/,
    ],
    ['order id,carrier,tracking number\n', /no orders under its header/],
    ['order id,carrier,tracking number\n"unclosed,x,y', /not valid CSV/],
  ])('refuses a file it cannot read (%#)', async (csv, message) => {
    const r = await bulk(csv);
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(message);
  });

  it('refuses a body without the file, and staff without orders.write', async () => {
    const r = await ctx.req('POST', '/order/bulk-ship', { token: admin, body: { apply: true } });
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/csv is required/);
    const catalogue = await ctx.staffMember(admin, 'catalogue');
    expect((await bulk('order id,carrier,tracking number\nx,y,z', false, catalogue.token)).status).toBe(403);
  });
});

// Covers COD remittances: delivered cash-on-delivery orders are "to collect" per carrier (GET /cod/due,
// by age) until staff record the courier's remittance (POST /cod/remittances: amount, date, reference, the CSV of
// AWB numbers); a remittance larger than what is due, the same AWB twice in a file, an AWB of no delivered COD
// order of the carrier, an order already settled and a date in the future are refused and change nothing; the list
// of remittances; permissions (Owner and Manager record, the Orders role reads).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { addToCart, insertShopper, makeProduct, orderBody } from './order-fixtures';

let ctx: TestContext;
let owner: string;
let product: number;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await ctx.adminToken();
  product = (await makeProduct(ctx.db, { price: 1000, stock: 500 })).id;
});
afterAll(() => ctx.close());

const awbOf = () => `AWB${randomBytes(4).toString('hex').toUpperCase()}`;

/** A cash-on-delivery order of `qty` × ₹1,000, shipped with `carrier` and delivered (unless `state` says). */
async function codOrder(carrier: string, qty = 1, state: 'delivered' | 'shipped' = 'delivered') {
  const s = await insertShopper(ctx);
  await addToCart(ctx.db, s.id, product, qty);
  const placed = await ctx.req('POST', '/order/place-order', { token: s.token, body: orderBody(0) });
  expect(placed.status, placed.text).toBe(201);
  const id = placed.body.order_id as string;
  const awb = awbOf();
  const moves = [
    { state: 'shipped', carrier, trackingNumber: awb },
    ...(state === 'delivered' ? [{ state }] : []),
  ];
  for (const body of moves) {
    const r = await ctx.req('PATCH', `/order/status/${id}`, { token: owner, body });
    expect(r.status, r.text).toBe(200);
  }
  return { id, awb };
}

const due = async (token = owner) => {
  const r = await ctx.req('GET', '/cod/due', { token });
  expect(r.status, r.text).toBe(200);
  return r.body as {
    orders: number;
    due: number;
    carriers: {
      carrier: string;
      orders: number;
      due: number;
      oldestDays: number;
      byAge: { upTo7: number; upTo15: number; upTo30: number; over30: number };
    }[];
  };
};

const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const remit = (body: Record<string, unknown>, token = owner) =>
  ctx.req('POST', '/cod/remittances', {
    token,
    body: { remittedOn: today(), reference: 'UTR-1', fileName: 'awbs.csv', ...body },
  });

describe('COD remittances', () => {
  it('keeps delivered COD orders to collect per carrier and by age until a remittance settles them', async () => {
    const a = await codOrder('Delhivery', 2); // ₹2,000
    const b = await codOrder('Delhivery', 1); // ₹1,000
    await codOrder('Blue Dart', 3); // ₹3,000
    await codOrder('Delhivery', 1, 'shipped'); // not delivered: not due yet
    // b was delivered 20 days ago.
    await sql`UPDATE order_events SET created_at = UTC_TIMESTAMP(3) - INTERVAL 20 DAY
      WHERE event = 'delivered' AND order_id = (SELECT id FROM orders WHERE public_id = ${b.id})`.execute(
      ctx.db,
    );

    let d = await due();
    expect(d).toMatchObject({ orders: 3, due: 6000 });
    expect(d.carriers).toEqual([
      {
        carrier: 'Blue Dart',
        orders: 1,
        due: 3000,
        oldestDays: 0,
        byAge: { upTo7: 3000, upTo15: 0, upTo30: 0, over30: 0 },
      },
      {
        carrier: 'Delhivery',
        orders: 2,
        due: 3000,
        oldestDays: 20,
        byAge: { upTo7: 2000, upTo15: 0, upTo30: 1000, over30: 0 },
      },
    ]);

    // Delhivery pays ₹2,950 for both (₹50 kept as its charge); the file has a header and another column.
    const r = await remit({
      carrier: 'delhivery',
      amount: 2950,
      reference: 'DLV-REM-0042',
      awbCsv: `Order,AWB Number,Amount\nx,${a.awb},2000\ny,${b.awb.toLowerCase()},1000\n`,
    });
    expect(r.status, r.text).toBe(201);
    expect(r.body.remittance).toMatchObject({
      carrier: 'delhivery',
      amount: 2950,
      due: 3000,
      shortBy: 50,
      orders: 2,
      reference: 'DLV-REM-0042',
      fileName: 'awbs.csv',
      recordedBy: 'Admin',
    });
    d = await due();
    expect(d).toMatchObject({ orders: 1, due: 3000 });
    expect(d.carriers.map((x) => x.carrier)).toEqual(['Blue Dart']);

    // The same orders again: already settled, nothing recorded.
    const again = await remit({ carrier: 'Delhivery', amount: 10, awbCsv: a.awb });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_remitted');
    expect(again.body.msg).toContain(a.awb);

    const list = await ctx.req('GET', '/cod/remittances', { token: owner });
    expect(list.status).toBe(200);
    expect(list.body.remittances[0]).toMatchObject({ reference: 'DLV-REM-0042', orders: 2 });
    expect((await due()).carriers[0]).toMatchObject({ carrier: 'Blue Dart', due: 3000 });
  });

  it('refuses more than is due, an AWB twice, an AWB of no delivered COD order of the carrier and a future date', async () => {
    const a = await codOrder('Ecom Express', 1); // ₹1,000
    const shipped = await codOrder('Ecom Express', 1, 'shipped');
    const other = await codOrder('Xpressbees', 1);
    const snapshot = await ctx.snapshot();

    const tooMuch = await remit({ carrier: 'Ecom Express', amount: 1000.01, awbCsv: a.awb });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe('remittance_too_large');
    expect(tooMuch.body.msg).toBe(
      '₹1,000.01 is more than the ₹1,000 due on the 1 order of this file. Check the amount or the file.',
    );

    const twice = await remit({
      carrier: 'Ecom Express',
      amount: 500,
      awbCsv: `AWB\n${a.awb}\n${a.awb.toLowerCase()}\n`,
    });
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe('duplicate_awb');
    expect(twice.body.msg).toContain('lines 2 and 3');

    for (const awb of [shipped.awb, other.awb, 'NOSUCHAWB1']) {
      const r = await remit({ carrier: 'Ecom Express', amount: 100, awbCsv: `${a.awb}\n${awb}` });
      expect(r.status, awb).toBe(400);
      expect(r.body.code).toBe('unknown_awb');
      expect(r.body.msg).toContain(awb);
    }

    const tomorrow = new Date(Date.parse(`${today()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const future = await remit({ carrier: 'Ecom Express', amount: 100, remittedOn: tomorrow, awbCsv: a.awb });
    expect(future.status).toBe(400);
    expect(future.body.msg).toBe('Date received must not be in the future.');

    for (const bad of [
      { carrier: 'Ecom Express', amount: 0, awbCsv: a.awb },
      { carrier: 'Ecom Express', amount: 100, awbCsv: '' },
      { carrier: '', amount: 100, awbCsv: a.awb },
      { carrier: 'Ecom Express', amount: 100, awbCsv: a.awb, reference: '' },
      { carrier: 'Ecom Express', amount: 100, awbCsv: a.awb, remittedOn: '2026-02-30' },
    ]) {
      const r = await remit(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await ctx.snapshot()).toEqual(snapshot);

    // Exactly what is due is accepted.
    expect((await remit({ carrier: 'ECOM EXPRESS', amount: 1000, awbCsv: a.awb })).status).toBe(201);
  });

  it('lets Owner and Manager record; the Orders role reads; Catalogue and shoppers are refused', async () => {
    const a = await codOrder('Shadowfax', 1);
    const ordersRole = (await ctx.staffMember(owner, 'orders')).token;
    const catalogue = (await ctx.staffMember(owner, 'catalogue')).token;
    const manager = (await ctx.staffMember(owner, 'manager')).token;
    const s = await insertShopper(ctx);
    expect((await ctx.req('GET', '/cod/due', { token: ordersRole })).status).toBe(200);
    expect((await ctx.req('GET', '/cod/remittances', { token: ordersRole })).status).toBe(200);
    expect((await remit({ carrier: 'Shadowfax', amount: 100, awbCsv: a.awb }, ordersRole)).status).toBe(403);
    expect((await ctx.req('GET', '/cod/due', { token: catalogue })).status).toBe(403);
    expect((await ctx.req('GET', '/cod/due', { token: s.token })).status).toBe(403);
    expect((await ctx.req('GET', '/cod/due')).status).toBe(401);
    expect((await remit({ carrier: 'Shadowfax', amount: 100, awbCsv: a.awb }, manager)).status).toBe(201);
  });
});

// Covers the e-way bill helper export (GET /reports/gst/eway-bills, `reports.read`): only tax invoices above
// ₹50,000 (tax included) are listed, one row per item with the portal's fields (document, supplier with the
// pincode of its registered address, recipient GSTIN or URP, delivery town and pincode, HSN, rates and amounts),
// transport left blank; a ₹50,000 invoice and credit notes are not; an empty month gives the header alone; the
// file streams with its name; a bad period 400 and a role without the permission 403.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EWAY_BILL_COLUMNS } from '../src/modules/invoice/eway-bill.service';
import { createTestContext, type TestContext } from './context';
import { addToCart, makeProduct, orderBody, payWithSimulator, shopper } from './order-fixtures';

let ctx: TestContext;
let admin: string;
let phones: number;
const GSTIN = '29AAGCB7383J1Z4';
const BUYER = '29AAPFU0939F1ZR';
const MONTH = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
const PINCODE_IN: Record<string, string> = { Karnataka: '560001', 'Tamil Nadu': '600001' };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
  phones = Number(
    (
      await ctx.db
        .insertInto('categories')
        .values({ name: 'Phones', slug: `phones-${Date.now()}`, hsn_code: '8517', gst_rate_bp: 1800 })
        .executeTakeFirstOrThrow()
    ).insertId,
  );
  const saved = await ctx.req('PUT', '/settings/tax', {
    token: admin,
    body: {
      legalName: 'Voltcart Retail',
      address: '12 MG Road, Bengaluru 560001',
      state: 'Karnataka',
      gstin: GSTIN,
    },
  });
  expect(saved.status).toBe(200);
});
afterAll(() => ctx.close());

async function paidOrder(price: number, qty: number, state: string, extra: Record<string, unknown> = {}) {
  const s = await shopper(ctx);
  const p = await makeProduct(ctx.db, { price, stock: 10 });
  await ctx.db.updateTable('products').set({ category_id: phones }).where('id', '=', p.id).execute();
  await addToCart(ctx.db, s.id, p.id, qty);
  const body = {
    ...orderBody(1, {
      shipping_details: { ...orderBody(1).shipping_details, state, postalCode: PINCODE_IN[state] },
    }),
    ...extra,
  };
  const r = await ctx.req('POST', '/order/place-order', { token: s.token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect((await payWithSimulator(ctx, s.token, r.body.order_id)).status).toBe(200);
  return { s, orderId: r.body.order_id as string };
}

/** CSV text as records keyed by column. */
function records(text: string) {
  const [header, ...lines] = parse(text, { bom: true, record_delimiter: '\r\n' }) as string[][];
  return { header: header!, rows: lines.map((l) => Object.fromEntries(header!.map((h, i) => [h, l[i]]))) };
}

describe('e-way bill helper export', () => {
  beforeAll(async () => {
    await paidOrder(29_500, 2, 'Karnataka', { business_gstin: BUYER, business_name: 'Shetty Traders' });
    await paidOrder(50_000, 1, 'Tamil Nadu');
    await paidOrder(1_18_000, 1, 'Tamil Nadu');
    const cancelled = await paidOrder(60_000, 1, 'Tamil Nadu');
    const r = await ctx.req('POST', `/order/${cancelled.orderId}/cancel`, {
      token: cancelled.s.token,
      body: {},
    });
    expect(r.status).toBe(200);
  }, 120_000);

  it('lists each invoice above ₹50,000 with the fields the portal asks for', async () => {
    const r = await ctx.req('GET', `/reports/gst/eway-bills?period=${MONTH}`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toBe(`attachment; filename="eway-bills-${MONTH}.csv"`);
    const { header, rows } = records(r.text);
    expect(header).toEqual([...EWAY_BILL_COLUMNS]);
    // ₹59,000 (B2B, within Karnataka), ₹1,18,000 and ₹60,000 to Tamil Nadu; not ₹50,000, nor the credit note.
    expect(rows.map((x) => x['Total invoice value'])).toEqual(['59000', '118000', '60000']);
    const [b2b, inter] = rows;
    expect(b2b).toMatchObject({
      'Supply type': 'Outward',
      'Document type': 'Tax Invoice',
      'From GSTIN': GSTIN,
      'From name': 'Voltcart Retail',
      'From pincode': '560001',
      'From state': 'Karnataka',
      'To GSTIN': BUYER,
      'To name': 'Shetty Traders',
      'To pincode': '560001',
      'To state': 'Karnataka',
      HSN: '8517',
      Quantity: '2',
      Unit: 'NOS',
      'Taxable value': '50000',
      'CGST rate': '9',
      'SGST rate': '9',
      'IGST rate': '0',
      'CGST amount': '4500',
      'SGST amount': '4500',
      'IGST amount': '0',
      'Transport mode': '',
      'Distance (km)': '',
      'Vehicle number': '',
    });
    expect(b2b!['Document number']).toMatch(/^VC\/\d{4}-\d{2}\/\d{6}$/);
    expect(b2b!['Document date']).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    expect(inter).toMatchObject({
      'To GSTIN': 'URP',
      'To pincode': '600001',
      'To state': 'Tamil Nadu',
      'Taxable value': '100000',
      'IGST rate': '18',
      'IGST amount': '18000',
      'CGST rate': '0',
    });
    expect(inter!['To place']).not.toBe('');
  });

  it('gives the header alone for a month with no sales', async () => {
    const r = await ctx.req('GET', '/reports/gst/eway-bills?period=2020-01', { token: admin });
    expect(r.status).toBe(200);
    expect(records(r.text).rows).toEqual([]);
  });

  it('refuses a bad period, staff without reports.read and anonymous callers', async () => {
    const bad = await ctx.req('GET', '/reports/gst/eway-bills?period=2026-Q9', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(
      'Choose a period: a month as 2026-11, or a quarter of a financial year as 2026-Q3.',
    );
    const clerk = await ctx.staffMember(admin, 'orders');
    expect(
      (await ctx.req('GET', `/reports/gst/eway-bills?period=${MONTH}`, { token: clerk.token })).status,
    ).toBe(403);
    expect((await ctx.req('GET', `/reports/gst/eway-bills?period=${MONTH}`)).status).toBe(401);
  });
});

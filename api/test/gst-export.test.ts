// Covers the accountant's GST exports (GET /reports/gst/…, `reports.read`): a month with a B2B invoice, B2C small
// invoices within and outside the state, a B2C large invoice, and credit notes of a B2B, a B2C large and a B2C
// small invoice; the sales register (one row per document, credit notes negative, columns summing to the net);
// GSTR-1 JSON in the offline tool's shape (B2B, CDNR, B2CL, CDNUR, B2CS net of its credit note, HSN, document
// summary) and its CSV sections; an empty month giving valid empty files; a bad period or section 400, a role
// without the permission 403.
import { gstPeriod } from '@voltcart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { addToCart, makeProduct, orderBody, payWithSimulator, type Shopper, shopper } from './order-fixtures';

let ctx: TestContext;
let admin: string;
let phones: number;
const GSTIN = '29AAGCB7383J1Z4';
const BUYER = '29AAPFU0939F1ZR';
/** This month in India, as the exports name it. */
const MONTH = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);

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
    body: { legalName: 'Voltcart Retail', address: 'Bengaluru', state: 'Karnataka', gstin: GSTIN },
  });
  expect(saved.status).toBe(200);
});
afterAll(() => ctx.close());

/** A pincode of each state the orders go to (the delivery rules refuse a pincode of another state). */
const PINCODE_IN: Record<string, string> = { Karnataka: '560001', 'Tamil Nadu': '600001' };

async function paidOrder(price: number, state: string, extra: Record<string, unknown> = {}) {
  const s: Shopper = await shopper(ctx);
  const p = await makeProduct(ctx.db, { price, stock: 10 });
  await ctx.db.updateTable('products').set({ category_id: phones }).where('id', '=', p.id).execute();
  await addToCart(ctx.db, s.id, p.id, 1);
  const body = {
    ...orderBody(1, {
      shipping_details: {
        ...orderBody(1).shipping_details,
        state,
        postalCode: PINCODE_IN[state] ?? '560001',
      },
    }),
    ...extra,
  };
  const r = await ctx.req('POST', '/order/place-order', { token: s.token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect((await payWithSimulator(ctx, s.token, r.body.order_id)).status).toBe(200);
  return { s, orderId: r.body.order_id as string };
}

const cancel = async (o: { s: Shopper; orderId: string }) =>
  expect((await ctx.req('POST', `/order/${o.orderId}/cancel`, { token: o.s.token, body: {} })).status).toBe(
    200,
  );

/** CSV text as rows of cells (no quoted commas in these files' test data). */
const rows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((l) => l.split(','));

describe('GST exports of a month', () => {
  beforeAll(async () => {
    await paidOrder(11_800, 'Karnataka', { business_gstin: BUYER, business_name: 'Shetty Traders' });
    await cancel(
      await paidOrder(5_900, 'Karnataka', { business_gstin: BUYER, business_name: 'Shetty Traders' }),
    );
    await paidOrder(1_180, 'Karnataka');
    await cancel(await paidOrder(2_360, 'Karnataka'));
    await paidOrder(1_000, 'Tamil Nadu');
    await cancel(await paidOrder(1_50_000, 'Tamil Nadu'));
  }, 120_000);

  it('writes the sales register: one row per document, credit notes negative', async () => {
    const r = await ctx.req('GET', `/reports/gst/sales-register?period=${MONTH}`, { token: admin });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const [header, ...lines] = rows(r.text);
    expect(header![0]).toBe('Date');
    expect(lines).toHaveLength(9); // 6 tax invoices, 3 credit notes
    const col = (name: string) => header!.indexOf(name);
    const notes = lines.filter((l) => l[col('Document')] === 'CREDIT NOTE');
    expect(notes).toHaveLength(3);
    for (const n of notes) expect(Number(n[col('Total')])).toBeLessThan(0);
    const sum = (name: string) => lines.reduce((a, l) => a + Math.round(Number(l[col(name)]) * 100), 0);
    expect(sum('Total')).toBe(11_800_00 + 1_180_00 + 1_000_00);
    expect(sum('Taxable value') + sum('CGST') + sum('SGST') + sum('IGST')).toBe(sum('Total'));
    expect(sum('CGST')).toBe(sum('SGST'));
    expect(lines.filter((l) => l[col('Supply')] === 'B2B').map((l) => l[col('Buyer GSTIN')])).toEqual([
      BUYER,
      BUYER,
      BUYER,
    ]);
  });

  it('writes GSTR-1 as the offline tool reads it', async () => {
    const r = await ctx.req('GET', `/reports/gst/gstr1?period=${MONTH}`, { token: admin });
    expect(r.status).toBe(200);
    const g = r.body;
    expect(g).toMatchObject({ gstin: GSTIN, fp: gstPeriod(MONTH)!.fp });
    expect(g.b2b).toHaveLength(1);
    expect(g.b2b[0].ctin).toBe(BUYER);
    expect(g.b2b[0].inv).toHaveLength(2);
    expect(g.b2b[0].inv[0]).toMatchObject({
      val: 11_800,
      pos: '29',
      rchrg: 'N',
      inv_typ: 'R',
      itms: [{ num: 1, itm_det: { txval: 10_000, rt: 18, camt: 900, samt: 900, csamt: 0 } }],
    });
    expect(g.b2b[0].inv[0].idt).toMatch(/^\d\d-\d\d-\d{4}$/);
    expect(g.cdnr).toEqual([
      { ctin: BUYER, nt: [expect.objectContaining({ ntty: 'C', val: 5_900, pos: '29' })] },
    ]);
    expect(g.b2cl).toEqual([{ pos: '33', inv: [expect.objectContaining({ val: 1_50_000 })] }]);
    expect(g.b2cl[0].inv[0].itms[0].itm_det).toEqual({
      txval: 127_118.64,
      rt: 18,
      iamt: 22_881.36,
      csamt: 0,
    });
    expect(g.cdnur).toEqual([expect.objectContaining({ typ: 'B2CL', ntty: 'C', val: 1_50_000, pos: '33' })]);
    // B2C small: ₹1,180 + ₹2,360 − ₹2,360 (its credit note) within the state, ₹1,000 to Tamil Nadu.
    expect(g.b2cs).toEqual([
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 18, txval: 1_000, camt: 90, samt: 90, csamt: 0 },
      { sply_ty: 'INTER', pos: '33', typ: 'OE', rt: 18, txval: 847.46, iamt: 152.54, csamt: 0 },
    ]);
    expect(g.hsn.data).toEqual([
      expect.objectContaining({ num: 1, hsn_sc: '8517', uqc: 'NOS', qty: 6, rt: 18, txval: 11_847.46 }),
    ]);
    const [invoices, notes] = g.doc_issue.doc_det;
    expect(invoices).toMatchObject({ doc_num: 1, doc_typ: 'Invoices for outward supply' });
    expect(invoices.docs[0]).toMatchObject({ num: 1, totnum: 6, cancel: 0, net_issue: 6 });
    expect(notes).toMatchObject({ doc_num: 5, doc_typ: 'Credit Note' });
    expect(notes.docs[0].totnum).toBe(3);
  });

  it('writes each GSTR-1 section as the offline tool CSV', async () => {
    const b2b = await ctx.req('GET', `/reports/gst/gstr1/b2b?period=${MONTH}`, { token: admin });
    expect(b2b.status).toBe(200);
    const [header, ...lines] = rows(b2b.text);
    expect(header!.slice(0, 3)).toEqual(['GSTIN/UIN of Recipient', 'Receiver Name', 'Invoice Number']);
    expect(lines).toHaveLength(2);
    expect(lines[0]!.slice(0, 2)).toEqual([BUYER, 'Shetty Traders']);
    expect(lines[0]![5]).toBe('29-Karnataka');
    const b2cs = rows(
      (await ctx.req('GET', `/reports/gst/gstr1/b2cs?period=${MONTH}`, { token: admin })).text,
    );
    expect(b2cs.slice(1)).toEqual([
      ['OE', '29-Karnataka', '', '18', '1000', '0', ''],
      ['OE', '33-Tamil Nadu', '', '18', '847.46', '0', ''],
    ]);
    const docs = rows(
      (await ctx.req('GET', `/reports/gst/gstr1/docs?period=${MONTH}`, { token: admin })).text,
    );
    expect(docs.slice(1).map((l) => [l[0], l[3]])).toEqual([
      ['Invoices for outward supply', '6'],
      ['Credit Note', '3'],
    ]);
  });
});

describe('GST exports: empty periods and bad requests', () => {
  it('gives valid empty files for a month with no sales', async () => {
    const register = await ctx.req('GET', '/reports/gst/sales-register?period=2020-01', { token: admin });
    expect(register.status).toBe(200);
    expect(rows(register.text)).toHaveLength(1);
    const g = await ctx.req('GET', '/reports/gst/gstr1?period=2020-Q1', { token: admin });
    expect(g.status).toBe(200);
    expect(g.body).toEqual({
      gstin: GSTIN,
      fp: '062020',
      version: 'GST3.1.6',
      hash: 'hash',
      b2b: [],
      cdnr: [],
      cdnur: [],
      b2cl: [],
      b2cs: [],
      hsn: { data: [] },
      doc_issue: { doc_det: [] },
    });
    const hsn = await ctx.req('GET', '/reports/gst/gstr1/hsn?period=2020-01', { token: admin });
    expect(rows(hsn.text)).toHaveLength(1);
  });

  it('refuses a bad period or section, staff without reports.read and anonymous callers', async () => {
    const bad = await ctx.req('GET', '/reports/gst/gstr1?period=2026-13', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe(
      'Choose a period: a month as 2026-11, or a quarter of a financial year as 2026-Q3.',
    );
    const section = await ctx.req('GET', `/reports/gst/gstr1/exp?period=${MONTH}`, { token: admin });
    expect(section.status).toBe(400);
    expect(section.body.msg).toBe('Choose a GSTR-1 section: b2b, b2cl, b2cs, cdnr, cdnur, hsn, docs.');
    const clerk = await ctx.staffMember(admin, 'orders');
    expect((await ctx.req('GET', `/reports/gst/gstr1?period=${MONTH}`, { token: clerk.token })).status).toBe(
      403,
    );
    expect((await ctx.req('GET', `/reports/gst/sales-register?period=${MONTH}`)).status).toBe(401);
    const manager = await ctx.staffMember(admin, 'manager');
    expect(
      (await ctx.req('GET', `/reports/gst/sales-register?period=${MONTH}`, { token: manager.token })).status,
    ).toBe(200);
  });
});

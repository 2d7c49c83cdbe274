// Covers GST tax invoices: the tax settings (GSTIN checked), HSN code and rate per category, an invoice issued
// when an online order is paid (CGST + SGST within the shop's state) and when a cash-on-delivery order ships
// (IGST for another state), the PDF at GET /order/:orderId/invoice for the shopper and staff only (others 404),
// its text extracted with pdfjs and checked (GSTIN, number, taxes adding up to the total to the paisa), a credit
// note in its own series when a paid order is refunded, and 50 invoices issued at once: consecutive numbers, no
// gap, no duplicate.
import { financialYear } from '@voltcart/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { addToCart, insertShopper, makeProduct, orderBody, type Shopper, shopper } from './order-fixtures';

let ctx: TestContext;
let admin: string;
let phones: number;
let audio: number;
const GSTIN = '29AAGCB7383J1Z4';
const FY = financialYear(new Date());

/** The text of every page of a PDF, extracted with pdfjs (its Node build). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    // A line set in several fonts (₹, another script) is several items: joined again, ending where pdfjs sees a
    // line end.
    pages.push(content.items.map((it) => ('str' in it ? it.str + (it.hasEOL ? '\n' : '') : '')).join(''));
  }
  await doc.destroy();
  return pages.join('\n');
}

/** "₹ 1,23,456.78" on the line that starts with `label`, in paise. */
function amountAfter(text: string, label: string): number {
  const m = text.match(new RegExp(`${label}: ?₹ ?([\\d,]+\\.\\d\\d)`));
  if (!m) throw new Error(`no "${label}" amount in the PDF text`);
  return Math.round(Number(m[1]!.replace(/,/g, '')) * 100);
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
  const cat = async (name: string) =>
    Number(
      (
        await ctx.db
          .insertInto('categories')
          .values({ name, slug: `${name.toLowerCase()}-${Date.now()}` })
          .executeTakeFirstOrThrow()
      ).insertId,
    );
  phones = await cat('Phones');
  audio = await cat('Audio');
});
afterAll(() => ctx.close());

async function product(price: number, categoryId: number, stock = 500) {
  const p = await makeProduct(ctx.db, {
    price,
    stock,
    name: categoryId === phones ? 'Galaxy A55' : 'Buds Pro',
  });
  await ctx.db.updateTable('products').set({ category_id: categoryId }).where('id', '=', p.id).execute();
  return p.id;
}

async function order(s: Shopper, mode: 0 | 1, state: string, lines: [number, number][]) {
  for (const [id, qty] of lines) await addToCart(ctx.db, s.id, id, qty);
  // A pincode of that state: an address whose pincode is in another state is refused.
  const postalCode = { Karnataka: '560001', 'Tamil Nadu': '600001', Kerala: '682031' }[state] ?? '560001';
  const body = orderBody(mode, {
    shipping_details: { ...orderBody(mode).shipping_details, state, postalCode },
  });
  const r = await ctx.req('POST', '/order/place-order', { token: s.token, body });
  expect(r.status).toBe(201);
  return r.body.order_id as string;
}

async function pay(s: Shopper, orderId: string) {
  const signed = await ctx.req('POST', '/order/simulator/sign', {
    token: s.token,
    body: { order_id: orderId },
  });
  return ctx.req('POST', '/order/success', {
    token: s.token,
    body: { order_id: orderId, razorpay_response: signed.body.razorpay_response },
  });
}

describe('tax settings', () => {
  it('refuse a malformed GSTIN and an unknown state, and save valid ones with category HSN codes and rates', async () => {
    const bad = await ctx.req('PUT', '/settings/tax', {
      token: admin,
      body: { legalName: 'X', gstin: '29AAGCB7383J1Z5', address: 'Y', state: 'Karnataka' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/gstin/i);
    const nowhere = await ctx.req('PUT', '/settings/tax', {
      token: admin,
      body: { legalName: 'X', gstin: GSTIN, address: 'Y', state: 'Atlantis' },
    });
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.msg).toBe('State must be an Indian state or union territory');

    const r = await ctx.req('PUT', '/settings/tax', {
      token: admin,
      body: {
        legalName: 'Voltcart Retail Private Limited',
        gstin: GSTIN.toLowerCase(),
        address: '14 Residency Road, Bengaluru 560025',
        state: 'karnataka',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.settings).toEqual({
      registered: true,
      tradeName: '',
      legalName: 'Voltcart Retail Private Limited',
      gstin: GSTIN,
      address: '14 Residency Road, Bengaluru 560025',
      state: 'Karnataka',
      stateCode: '29',
    });
    const customer = await shopper(ctx);
    expect((await ctx.req('GET', '/settings/tax', { token: customer.token })).status).toBe(403);

    expect(
      (
        await ctx.req('PUT', `/settings/tax/category/${phones}`, {
          token: admin,
          body: { hsnCode: '85171300', gstRate: 18 },
        })
      ).status,
    ).toBe(200);
    const a = await ctx.req('PUT', `/settings/tax/category/${audio}`, {
      token: admin,
      body: { hsnCode: '8518', gstRate: 5 },
    });
    expect(a.body.categories).toEqual(
      expect.arrayContaining([
        { _id: String(phones), name: 'Phones', hsnCode: '85171300', gstRate: 18 },
        { _id: String(audio), name: 'Audio', hsnCode: '8518', gstRate: 5 },
      ]),
    );
    const badHsn = await ctx.req('PUT', `/settings/tax/category/${audio}`, {
      token: admin,
      body: { hsnCode: '85', gstRate: 5 },
    });
    expect(badHsn.status).toBe(400);
  });
});

describe('tax invoices', () => {
  it('issues the invoice of a paid online order in the shop state (CGST + SGST) as a PDF for the shopper and staff only', async () => {
    const s = await shopper(ctx, 'Kiran Shetty');
    const orderId = await order(s, 1, 'Karnataka', [
      [await product(24_999, phones), 1],
      [await product(1_499.5, audio), 2],
    ]);
    expect((await ctx.req('GET', `/order/${orderId}/invoice`, { token: s.token })).status).toBe(404);
    expect((await pay(s, orderId)).status).toBe(200);

    const r = await ctx.req('GET', `/order/${orderId}/invoice`, { token: s.token });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(r.bytes);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('Voltcart Retail Private Limited');
    expect(text).toContain(`GSTIN: ${GSTIN}`);
    expect(text).toMatch(new RegExp(`Invoice number: VC/${FY}/\\d{6}`));
    expect(text).toContain('Place of supply: Karnataka (29)');
    expect(text).toContain('85171300');
    expect(text).toContain('Rupees Twenty-Seven Thousand Nine Hundred Ninety-Eight Only');
    const taxable = amountAfter(text, 'Taxable value');
    const cgst = amountAfter(text, 'CGST');
    const sgst = amountAfter(text, 'SGST');
    const total = amountAfter(text, 'Invoice total');
    expect(total).toBe(2_799_800);
    expect(taxable + cgst + sgst).toBe(total);
    expect(cgst).toBe(sgst);
    expect(text).not.toMatch(/IGST: ₹/);

    const page = await ctx.req('GET', `/order/${orderId}`, { token: s.token });
    expect(page.body.documents).toEqual([expect.objectContaining({ kind: 'invoice', total: 27_998 })]);
    expect(page.body.timeline.map((e: { event: string }) => e.event)).toContain('invoice_issued');

    const other = await shopper(ctx);
    const theirs = await ctx.req('GET', `/order/${orderId}/invoice`, { token: other.token });
    expect(theirs.status).toBe(404);
    expect((await ctx.req('GET', `/order/${orderId}/invoice`)).status).toBe(401);
    expect((await ctx.req('GET', `/order/${orderId}/invoice`, { token: admin })).status).toBe(200);
  });

  it('issues the invoice of a cash-on-delivery order when it ships, with IGST for another state', async () => {
    const s = await shopper(ctx, 'Arun Kumar');
    const orderId = await order(s, 0, 'Tamil Nadu', [[await product(999, audio), 3]]);
    expect((await ctx.req('GET', `/order/${orderId}/invoice`, { token: s.token })).status).toBe(404);
    await ctx.req('PATCH', `/order/status/${orderId}`, { token: admin, body: { state: 'shipped' } });
    const r = await ctx.req('GET', `/order/${orderId}/invoice`, { token: s.token });
    expect(r.status).toBe(200);
    const text = await pdfText(r.bytes);
    expect(text).toContain('Place of supply: Tamil Nadu (33)');
    const taxable = amountAfter(text, 'Taxable value');
    const igst = amountAfter(text, 'IGST');
    expect(taxable + igst).toBe(299_700);
    // 5 % of the taxable value, to the paisa.
    expect(igst).toBe(299_700 - Math.round((299_700 * 10_000) / 10_500));
    expect(text).not.toMatch(/CGST: ₹/);
  });

  it('issues a credit note in its own series when a paid order is refunded', async () => {
    const s = await shopper(ctx);
    const orderId = await order(s, 1, 'Karnataka', [[await product(5_000, phones), 1]]);
    await pay(s, orderId);
    const cancelled = await ctx.req('POST', `/order/${orderId}/cancel`, { token: s.token, body: {} });
    expect(cancelled.status).toBe(200);
    const [invoice, note] = cancelled.body.documents;
    expect(invoice).toMatchObject({ kind: 'invoice', total: 5000 });
    expect(note).toMatchObject({ kind: 'credit_note', total: 5000 });
    expect(note.number).toMatch(new RegExp(`^VC-CN/${FY}/\\d{6}$`));

    const r = await ctx.req('GET', `/order/${orderId}/invoice?number=${encodeURIComponent(note.number)}`, {
      token: s.token,
    });
    const text = await pdfText(r.bytes);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toMatch(new RegExp(`Original invoice: ${invoice.number} dated \\d\\d [A-Z][a-z]{2} \\d{4}`));
    const total = amountAfter(text, 'Credit total');
    expect(total).toBe(500_000);
    expect(amountAfter(text, 'Taxable value') + amountAfter(text, 'CGST') + amountAfter(text, 'SGST')).toBe(
      total,
    );
  });

  it('numbers 50 invoices issued at the same time consecutively, with no gap and no duplicate', async () => {
    const p = await product(100, phones, 1000);
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => insertShopper(ctx)));
    const orders: [Shopper, string][] = [];
    for (const s of shoppers) orders.push([s, await order(s, 1, 'Kerala', [[p, 1]])]);
    const before = await ctx.db
      .selectFrom('invoices')
      .select('number')
      .where('kind', '=', 'invoice')
      .execute();

    const results = await Promise.all(orders.map(([s, id]) => pay(s, id)));
    expect(results.filter((r) => r.status !== 200).map((r) => r.body)).toEqual([]);

    const rows = await ctx.db
      .selectFrom('invoices')
      .innerJoin('orders', 'orders.id', 'invoices.order_id')
      .select(['invoices.number', 'orders.public_id'])
      .where('invoices.kind', '=', 'invoice')
      .where(
        'orders.public_id',
        'in',
        orders.map(([, id]) => id),
      )
      .execute();
    expect(rows).toHaveLength(50);
    const numbers = rows.map((r) => Number(r.number.split('/')[2])).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers[0]).toBe(before.length + 1);
    expect(numbers.at(-1)! - numbers[0]!).toBe(49);
    const counter = await ctx.db
      .selectFrom('invoice_counters')
      .select('last_number')
      .where('series', '=', `VC/${FY}`)
      .executeTakeFirstOrThrow();
    expect(counter.last_number).toBe(before.length + 50);
  });
});

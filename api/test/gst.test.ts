// Covers GST beyond the tax invoice itself: bad tax settings (GSTIN check character, lower case, another state's
// code, no GSTIN while registered), rates outside the slabs and HSN codes of 3 or 9 digits refused with nothing
// changed; "not registered" issuing a bill of supply in its own series with no tax, its Devanagari address
// printed and extracted from the PDF (embedded Noto fonts, subset); registration switched between an order and its
// credit note (the note follows its invoice, names its number and date); a product's own HSN code and rate used
// on its invoice, and cleared back to its category's; the QR code of a B2B invoice's key fields, read back from the
// PDF's drawing.
import { inflateSync } from 'node:zlib';
import { CATALOG_CSV_COLUMNS, financialYear } from '@voltcart/shared';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { addToCart, makeProduct, orderBody, payWithSimulator, type Shopper, shopper } from './order-fixtures';

let ctx: TestContext;
let admin: string;
let phones: number;
const GSTIN = '29AAGCB7383J1Z4';
const FY = financialYear(new Date());
const SELLER = {
  legalName: 'Voltcart Retail Private Limited',
  tradeName: 'Voltcart',
  address: '14 Residency Road, Bengaluru 560025',
  state: 'Karnataka',
};

/** The text of every page of a PDF, extracted with pdfjs: items joined, lines where pdfjs sees them end. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str + (it.hasEOL ? '\n' : '') : '')).join(''));
  }
  await doc.destroy();
  return pages.join('\n');
}

/**
 * The QR code drawn on a PDF's first page, read back from its content stream: the squares of one size (`x y w h
 * re`) placed on a grid, as rows of 0 and 1 the size of the code.
 */
function qrIn(bytes: Uint8Array, size: number): string[] {
  const pdf = Buffer.from(bytes);
  const squares: number[][] = [];
  for (let at = pdf.indexOf('stream'); at >= 0; at = pdf.indexOf('stream', at + 6)) {
    if (pdf.subarray(at - 3, at).toString() === 'end') continue;
    const start = at + (pdf[at + 6] === 0x0d ? 8 : 7);
    const end = pdf.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const m of content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g))
      squares.push([Number(m[1]), Number(m[2]), Number(m[3])]);
  }
  const cell = 86 / (size + 8);
  const modules = squares.filter(([, , w]) => Math.abs(w! - cell) < 0.01);
  const x0 = Math.min(...modules.map((q) => q[0]!));
  const y0 = Math.min(...modules.map((q) => q[1]!));
  const rows = Array.from({ length: size }, () => Array<string>(size).fill('0'));
  for (const [x, y] of modules) rows[Math.round((y! - y0) / cell)]![Math.round((x! - x0) / cell)] = '1';
  return rows.map((r) => r.join(''));
}

/** The rows of the QR code of `text` (error correction M), as the invoice draws them. */
function qrOf(text: string): string[] {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return Array.from({ length: modules.size }, (_, r) =>
    Array.from({ length: modules.size }, (_, c) => String(modules.get(r, c))).join(''),
  );
}

function amountAfter(text: string, label: string): number {
  const m = text.match(new RegExp(`${label}: ?₹ ?([\\d,]+\\.\\d\\d)`));
  if (!m) throw new Error(`no "${label}" amount in the PDF text`);
  return Math.round(Number(m[1]!.replace(/,/g, '')) * 100);
}

const saveSettings = (body: Record<string, unknown>) =>
  ctx.req('PUT', '/settings/tax', { token: admin, body });

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
});
afterAll(() => ctx.close());

async function product(price: number) {
  const p = await makeProduct(ctx.db, { price, stock: 500, name: 'Galaxy A55' });
  await ctx.db.updateTable('products').set({ category_id: phones }).where('id', '=', p.id).execute();
  return p.id;
}

async function order(s: Shopper, mode: 0 | 1, shipping: Record<string, string>, lines: [number, number][]) {
  for (const [id, qty] of lines) await addToCart(ctx.db, s.id, id, qty);
  const body = orderBody(mode, { shipping_details: { ...orderBody(mode).shipping_details, ...shipping } });
  const r = await ctx.req('POST', '/order/place-order', { token: s.token, body });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.order_id as string;
}

async function documentText(s: Shopper, orderId: string, number?: string) {
  const q = number ? `?number=${encodeURIComponent(number)}` : '';
  const r = await ctx.req('GET', `/order/${orderId}/invoice${q}`, { token: s.token });
  expect(r.status).toBe(200);
  return { text: await pdfText(r.bytes), bytes: r.bytes };
}

describe('tax settings: bad input', () => {
  it('refuses each bad GSTIN, rate and HSN code with its reason, and changes nothing', async () => {
    expect((await saveSettings({ ...SELLER, gstin: GSTIN })).status).toBe(200);
    const before = await ctx.req('GET', '/settings/tax', { token: admin });

    const cases: [Record<string, unknown>, string][] = [
      [
        { ...SELLER, gstin: '29AAGCB7383J1Z5' },
        'GSTIN has a wrong check character (last one): please check it',
      ],
      [{ ...SELLER, gstin: '29AAGCB7383J1Z' }, 'GSTIN must be 15 characters (e.g. 29AAGCB7383J1Z4)'],
      [
        { ...SELLER, state: 'Maharashtra', gstin: GSTIN },
        'GSTIN belongs to Karnataka (29), not Maharashtra (27)',
      ],
      [
        { ...SELLER, gstin: '' },
        'GSTIN is required for a registered shop (or choose "Not registered": bills of supply, no GST)',
      ],
      [{ ...SELLER, gstin: GSTIN, legalName: ' ' }, 'Legal name is required'],
    ];
    for (const [body, msg] of cases) {
      const r = await saveSettings(body);
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    for (const [body, msg] of [
      [{ hsnCode: '851', gstRate: 18 }, 'HSN code must be 4, 6 or 8 digits'],
      [{ hsnCode: '851713001', gstRate: 18 }, 'HSN code must be 4, 6 or 8 digits'],
      [
        { hsnCode: '8517', gstRate: 19 },
        'GST rate must be one of the GST slabs: 0 %, 0.25 %, 3 %, 5 %, 18 %, 40 %',
      ],
      [
        { hsnCode: '8517', gstRate: 28 },
        'GST rate must be one of the GST slabs: 0 %, 0.25 %, 3 %, 5 %, 18 %, 40 %',
      ],
    ] as const) {
      const r = await ctx.req('PUT', `/settings/tax/category/${phones}`, { token: admin, body });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    expect((await ctx.req('GET', '/settings/tax', { token: admin })).body).toEqual(before.body);
  });

  it('reads a GSTIN typed in lower case as capitals, and drops a GSTIN sent with "not registered"', async () => {
    const lower = await saveSettings({ ...SELLER, gstin: GSTIN.toLowerCase() });
    expect(lower.body.settings).toMatchObject({ registered: true, gstin: GSTIN, stateCode: '29' });
    const off = await saveSettings({ ...SELLER, registered: false, gstin: GSTIN });
    expect(off.status).toBe(200);
    expect(off.body.settings).toMatchObject({ registered: false, gstin: '', state: 'Karnataka' });
    expect(off.body.slabs).toEqual([0, 0.25, 3, 5, 18, 40]);
  });

  it('clears a category HSN code with an empty one', async () => {
    const r = await ctx.req('PUT', `/settings/tax/category/${phones}`, {
      token: admin,
      body: { hsnCode: '', gstRate: 18 },
    });
    expect(r.status).toBe(200);
    expect(r.body.categories).toContainEqual({
      _id: String(phones),
      name: 'Phones',
      hsnCode: '',
      gstRate: 18,
    });
    await ctx.req('PUT', `/settings/tax/category/${phones}`, {
      token: admin,
      body: { hsnCode: '8517', gstRate: 18 },
    });
  });
});

describe('bill of supply', () => {
  it('is issued while the shop is not registered: own series, no tax, a Devanagari address printed', async () => {
    expect((await saveSettings({ ...SELLER, registered: false })).status).toBe(200);
    const s = await shopper(ctx, 'अनीता शर्मा');
    const orderId = await order(
      s,
      0,
      {
        adressLine1: 'मकान 12, गांधी नगर, जयपुर',
        adressLine2: '',
        city: 'Jaipur',
        state: 'Rajasthan',
        postalCode: '302015',
      },
      [[await product(24_999), 1]],
    );
    const shipped = await ctx.req('PATCH', `/order/status/${orderId}`, {
      token: admin,
      body: { state: 'shipped' },
    });
    expect(shipped.status).toBe(200);
    const page = await ctx.req('GET', `/order/${orderId}`, { token: s.token });
    const [doc] = page.body.documents;
    expect(doc.title).toBe('Bill of supply');
    expect(doc.number).toMatch(new RegExp(`^VC-BS/${FY}/\\d{6}$`));

    const { text, bytes } = await documentText(s, orderId);
    expect(text).toContain('BILL OF SUPPLY');
    expect(text).toContain('Bill of supply number:');
    expect(text).toContain('मकान 12, गांधी नगर, जयपुर');
    // A reph (र् over मा in शर्मा) and a vowel sign written before its consonant (ि) come out of a PDF's text in
    // the order they are drawn, not typed: the name is checked up to its reph; the picture shows it whole.
    expect(text).toContain('अनीता श');
    expect(text).toContain('Place of supply: Rajasthan (08)');
    expect(text).toContain('Not registered for GST');
    expect(text).toContain('The seller is not registered for GST: no GST is charged on this supply.');
    expect(text).not.toMatch(/TAX INVOICE|GSTIN|CGST|SGST|IGST|Taxable/);
    expect(amountAfter(text, 'Total')).toBe(2_499_900);
    // Fonts embedded (Noto, Latin and Devanagari) and subset: the file stays small.
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).toMatch(/NotoSansDevanagari/);
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    expect(bytes.byteLength).toBeLessThan(150_000);
  });
});

describe('registration switched between an order and its credit note', () => {
  it('a credit note follows its tax invoice (tax, GSTIN) and names its number and date', async () => {
    expect((await saveSettings({ ...SELLER, gstin: GSTIN })).status).toBe(200);
    const s = await shopper(ctx, 'Kiran Shetty');
    const orderId = await order(s, 1, {}, [[await product(11_800), 1]]);
    expect((await payWithSimulator(ctx, s.token, orderId)).status).toBe(200);
    expect((await saveSettings({ ...SELLER, registered: false })).status).toBe(200);
    const cancelled = await ctx.req('POST', `/order/${orderId}/cancel`, { token: s.token, body: {} });
    expect(cancelled.status).toBe(200);
    const [invoice, note] = cancelled.body.documents;
    expect(invoice.number).toMatch(new RegExp(`^VC/${FY}/`));
    expect(note.number).toMatch(new RegExp(`^VC-CN/${FY}/`));

    const { text } = await documentText(s, orderId, note.number);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`GSTIN: ${GSTIN}`);
    const day = new Date(invoice.issuedAt).toLocaleDateString('en-IN', {
      timeZone: 'Asia/Kolkata',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
    });
    expect(text).toContain(`Original invoice: ${invoice.number} dated ${day}`);
    // ₹11,800 at 18 % within the state: taxable ₹10,000, CGST = SGST = ₹900.
    expect(amountAfter(text, 'Taxable value')).toBe(1_000_000);
    expect(amountAfter(text, 'CGST')).toBe(90_000);
    expect(amountAfter(text, 'SGST')).toBe(90_000);
    expect(amountAfter(text, 'Credit total')).toBe(1_180_000);
  });

  it('a credit note of a bill of supply shows no tax, after the shop registered', async () => {
    expect((await saveSettings({ ...SELLER, registered: false })).status).toBe(200);
    const s = await shopper(ctx);
    const orderId = await order(s, 1, {}, [[await product(5_000), 1]]);
    expect((await payWithSimulator(ctx, s.token, orderId)).status).toBe(200);
    expect((await saveSettings({ ...SELLER, gstin: GSTIN })).status).toBe(200);
    const cancelled = await ctx.req('POST', `/order/${orderId}/cancel`, { token: s.token, body: {} });
    const [bill, note] = cancelled.body.documents;
    expect(bill.number).toMatch(/^VC-BS\//);
    const { text } = await documentText(s, orderId, note.number);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Original bill of supply: ${bill.number} dated`);
    expect(text).not.toMatch(/GSTIN|CGST|IGST|Taxable/);
    expect(amountAfter(text, 'Credit total')).toBe(500_000);
  });
});

describe("a product's own HSN code and GST rate", () => {
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.append(k, v);
    return f;
  };

  it('are checked, used on its invoice instead of its category, and cleared back to the category', async () => {
    expect((await saveSettings({ ...SELLER, gstin: GSTIN })).status).toBe(200);
    for (const [fields, msg] of [
      [{ hsnCode: '123' }, 'HSN code must be 4, 6 or 8 digits'],
      [{ gstRate: '12' }, 'GST rate (%) must be one of the GST slabs: 0 %, 0.25 %, 3 %, 5 %, 18 %, 40 %'],
    ] as const) {
      const r = await ctx.req('POST', '/product/create', {
        token: admin,
        form: form({ name: 'Odd One', originalPrice: '1000', categoryId: String(phones), ...fields }),
      });
      expect(r.status).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    const created = await ctx.req('POST', '/product/create', {
      token: admin,
      form: form({
        name: 'Budget Earbuds',
        originalPrice: '1050',
        stock: '50',
        categoryId: String(phones),
        hsnCode: '85183000',
        gstRate: '5',
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.product._id as string;
    const detail = await ctx.req('GET', `/product/${id}`, { token: admin });
    expect(detail.body.product.tax).toEqual({
      hsnCode: '85183000',
      gstRate: 5,
      applies: { hsnCode: '85183000', gstRate: 5 },
    });
    expect((await ctx.req('GET', `/product/${id}`)).body.product.tax).toBeUndefined();
    // The staff list names the HSN code each product's invoices print; shoppers' lists do not.
    const listed = async (token?: string) =>
      (await ctx.req('GET', '/product?limit=5', { token })).body.products.find(
        (p: { _id: string }) => p._id === id,
      );
    expect((await listed(admin)).hsn).toEqual({ code: '85183000', own: true });
    expect((await listed()).hsn).toBeUndefined();

    const s = await shopper(ctx);
    const orderId = await order(s, 1, {}, [[Number(id), 2]]);
    expect((await payWithSimulator(ctx, s.token, orderId)).status).toBe(200);
    const { text } = await documentText(s, orderId);
    expect(text).toContain('85183000');
    // ₹2,100 at 5 % within the state: taxable ₹2,000, CGST = SGST = ₹50.
    expect(amountAfter(text, 'Taxable value')).toBe(200_000);
    expect(amountAfter(text, 'CGST')).toBe(5_000);

    const cleared = await ctx.req('PUT', `/product/update/${id}`, {
      token: admin,
      form: form({ hsnCode: '', gstRate: '' }),
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    const after = await ctx.req('GET', `/product/${id}`, { token: admin });
    expect(after.body.product.tax).toEqual({
      hsnCode: null,
      gstRate: null,
      applies: { hsnCode: '8517', gstRate: 18 },
    });
    expect((await listed(admin)).hsn).toEqual({ code: '8517', own: false });
  });
});

describe('business purchase (B2B)', () => {
  const BUYER = '29AAPFU0939F1ZR';

  it('refuses a GSTIN of another state than the delivery address, a bad one, or one without a name, placing nothing', async () => {
    const s = await shopper(ctx);
    const id = await product(1_000);
    await addToCart(ctx.db, s.id, id, 1);
    const before = await ctx.snapshot();
    for (const [over, msg] of [
      [
        {
          business_gstin: BUYER,
          business_name: 'Shetty Traders',
          shipping_details: { state: 'Maharashtra' },
        },
        'GSTIN for business purchase belongs to Karnataka (29), not Maharashtra (27)',
      ],
      [
        { business_gstin: '29AAPFU0939F1ZS', business_name: 'Shetty Traders' },
        'GSTIN for business purchase has a wrong check character (last one): please check it',
      ],
      [{ business_gstin: BUYER }, 'Business name is required with a GSTIN'],
    ] as const) {
      const base = orderBody(0);
      const body = {
        ...base,
        ...over,
        shipping_details: {
          ...base.shipping_details,
          ...('shipping_details' in over ? over.shipping_details : {}),
        },
      };
      const r = await ctx.req('POST', '/order/place-order', { token: s.token, body });
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    expect(await ctx.snapshot()).toEqual(before);
  });

  it("prints the buyer's GSTIN and business name on the tax invoice", async () => {
    expect((await saveSettings({ ...SELLER, gstin: GSTIN })).status).toBe(200);
    const s = await shopper(ctx, 'Kiran Shetty');
    await addToCart(ctx.db, s.id, await product(59_000), 1);
    const r = await ctx.req('POST', '/order/place-order', {
      token: s.token,
      body: { ...orderBody(1), business_gstin: BUYER.toLowerCase(), business_name: 'Shetty Traders' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const orderId = r.body.order_id as string;
    expect((await payWithSimulator(ctx, s.token, orderId)).status).toBe(200);
    const { text, bytes } = await documentText(s, orderId);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('Shetty Traders');
    expect(text).toContain(`Buyer's GSTIN: ${BUYER}`);
    expect(text).toContain('Place of supply: Karnataka (29)');

    // The QR code carries the invoice's key fields, named as on an e-invoice's code.
    const row = await ctx.db
      .selectFrom('invoices as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(['i.number', 'i.issued_at'])
      .where('o.public_id', '=', orderId)
      .executeTakeFirstOrThrow();
    const day = new Date(new Date(row.issued_at).getTime() + 330 * 60_000).toISOString().slice(0, 10);
    const fields = JSON.stringify({
      SellerGstin: GSTIN,
      BuyerGstin: BUYER,
      DocNo: row.number,
      DocTyp: 'INV',
      DocDt: day.split('-').reverse().join('/'),
      TotInvVal: 59_000,
      ItemCnt: 1,
      MainHsnCode: '8517',
    });
    const expected = qrOf(fields);
    expect(qrIn(bytes, expected.length)).toEqual(expected);
  });
});

describe('serial numbers (IMEI) at packing', () => {
  const IMEI = ['356789104512346', '356789104512353'];

  it('refuses bad serials and saves nothing, records good ones, prints them on the invoice and finds them', async () => {
    expect((await saveSettings({ ...SELLER, gstin: GSTIN })).status).toBe(200);
    const s = await shopper(ctx);
    const orderId = await order(s, 1, {}, [
      [await product(20_000), 2],
      [await product(999), 1],
    ]);
    // Invoiced when paid, before packing: the serials recorded afterwards still print on it.
    expect((await payWithSimulator(ctx, s.token, orderId)).status).toBe(200);
    const put = (lines: unknown) =>
      ctx.req('PUT', `/order/${orderId}/serials`, { token: admin, body: { lines } });
    for (const [lines, msg] of [
      [
        [{ line: 1, serials: ['356789104512347'] }],
        'lines.0.serials.0 is 15 digits but not a valid IMEI (check digit)',
      ],
      [[{ line: 1, serials: ['AB'] }], 'lines.0.serials.0 must be at least 4 characters'],
      [[{ line: 1, serials: ['SN 1234'] }], 'lines.0.serials.0 may hold only letters, digits, "-" and "/"'],
      [[{ line: 2, serials: ['SN-0001', 'SN-0002'] }], 'Line 2 has 1 unit: at most 1 serial numbers.'],
      [[{ line: 3, serials: ['SN-0001'] }], 'Line 3 is not in this order (it has 2).'],
      [
        [
          { line: 1, serials: [IMEI[0]] },
          { line: 2, serials: [IMEI[0]] },
        ],
        `Serial number ${IMEI[0]} is given twice in this order.`,
      ],
    ] as const) {
      const r = await put(lines);
      expect(r.status, msg).toBe(400);
      expect(r.body.msg).toBe(msg);
    }
    expect((await ctx.req('GET', `/order/${orderId}/serials`, { token: admin })).body.lines).toEqual([
      { line: 1, name: 'Galaxy A55', qty: 2, serials: [] },
      { line: 2, name: 'Galaxy A55', qty: 1, serials: [] },
    ]);

    const saved = await put([
      { line: 1, serials: IMEI },
      { line: 2, serials: ['sn-buds-0042'] },
    ]);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.lines.map((l: { serials: string[] }) => l.serials)).toEqual([IMEI, ['SN-BUDS-0042']]);

    const { text } = await documentText(s, orderId);
    // The cell wraps after the first number.
    expect(text.replace(/\s+/g, ' ')).toContain(`Serial/IMEI: ${IMEI[0]}, ${IMEI[1]}`);
    expect(text).toContain('Serial/IMEI: SN-BUDS-0042');

    const found = await ctx.req('GET', '/serials?q=3567891045123', { token: admin });
    expect(found.status).toBe(200);
    expect(found.body.matches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ serial: IMEI[1], orderId, line: 1, name: 'Galaxy A55' }),
        expect.objectContaining({ serial: IMEI[0], orderId, line: 1 }),
      ]),
    );
    expect((await ctx.req('GET', '/serials?q=sn-buds', { token: admin })).body.matches).toEqual([
      expect.objectContaining({ serial: 'SN-BUDS-0042', line: 2 }),
    ]);
    expect((await ctx.req('GET', '/serials?q=zz', { token: admin })).status).toBe(400);
    const catalogue = await ctx.staffMember(admin, 'catalogue');
    expect((await ctx.req('GET', '/serials?q=3567', { token: catalogue.token })).status).toBe(403);
    expect((await ctx.req('GET', `/order/${orderId}/serials`, { token: s.token })).status).toBe(403);
  });
});

describe("catalogue CSV: a product's own HSN code and GST rate", () => {
  const HEADER_WITHOUT = CATALOG_CSV_COLUMNS.filter((c) => c !== 'hsn_code' && c !== 'gst_rate');
  const csv = (header: readonly string[], row: Record<string, string | number>) =>
    [header.join(','), header.map((c) => String(row[c] ?? '')).join(',')].join('\n');
  const row = (extra: Record<string, string | number>) => ({
    handle: 'csv-tax-phone',
    name: 'Csv Tax Phone',
    original_price: 10_000,
    sku: 'CSV-TAX-1',
    stock: 3,
    ...extra,
  });
  async function importCsv(text: string) {
    const form = new FormData();
    form.append('file', new File([text], 'catalogue.csv'));
    const preview = await ctx.req('POST', '/catalog/import', { token: admin, form });
    expect(preview.status, preview.text).toBe(201);
    if (preview.body.import.state !== 'ready') return preview.body.import;
    const applied = await ctx.req('POST', `/catalog/import/${preview.body.import._id}/apply`, {
      token: admin,
    });
    expect(applied.status, applied.text).toBe(200);
    return applied.body.import;
  }
  const taxOf = async () =>
    (await ctx.req('GET', '/product/csv-tax-phone', { token: admin })).body.product.tax;

  it('imports and exports them, keeps them for a file without the columns, and refuses bad ones', async () => {
    await importCsv(csv(CATALOG_CSV_COLUMNS, row({ hsn_code: '85171300', gst_rate: 5 })));
    expect(await taxOf()).toMatchObject({ hsnCode: '85171300', gstRate: 5 });

    const exported = (await ctx.req('GET', '/catalog/export', { token: admin })).text.split('\r\n');
    const header = exported[0]!.split(',');
    const line = exported.find((l) => l.includes('CSV-TAX-1'))!.split(',');
    expect(line[header.indexOf('hsn_code')]).toBe('85171300');
    expect(line[header.indexOf('gst_rate')]).toBe('5');

    // A file written before the columns existed changes nothing of them.
    const old = await importCsv(csv(HEADER_WITHOUT, row({ stock: 4 })));
    expect(old.errorCount).toBe(0);
    expect(await taxOf()).toMatchObject({ hsnCode: '85171300', gstRate: 5 });

    const bad = await importCsv(csv(CATALOG_CSV_COLUMNS, row({ hsn_code: '851', gst_rate: 12 })));
    expect(bad.state).toBe('invalid');
    expect(bad.errors).toEqual([
      { line: 2, column: 'hsn_code', reason: '"851" must be 4, 6 or 8 digits' },
      {
        line: 2,
        column: 'gst_rate',
        reason: '"12" must be one of the GST slabs: 0, 0.25, 3, 5, 18, 40 (percent), or blank',
      },
    ]);

    // Blank cells: the category's apply again.
    await importCsv(csv(CATALOG_CSV_COLUMNS, row({ hsn_code: '', gst_rate: '' })));
    expect(await taxOf()).toMatchObject({ hsnCode: null, gstRate: null });
  });
});

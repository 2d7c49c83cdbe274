// Covers packing slips (GET /order/packing-slips?ids=…): one PDF, one page per order named, its text extracted with
// pdfjs (each order id, the ship-to address and contact, each line's name, colour, memory and SKU with its
// quantity, the notes, no line price, the cash to collect and the parcel's weight); a missing, empty or malformed list and more than 200 ids are refused with
// 400, ids that name no order with 404 naming them; no token 401, a shopper and staff without orders.read 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './context';
import { address, addToCart, insertShopper, makeProduct, orderBody, type Shopper } from './order-fixtures';

let ctx: TestContext;
let admin: string;
let s: Shopper;

/** The text of each page of a PDF, extracted with pdfjs (its Node build). */
async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join('\n'));
  }
  await doc.destroy();
  return pages;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.adminToken();
  s = await insertShopper(ctx, 'Asha Rao');
});
afterAll(() => ctx.close());

let placed = 0;

/** A cash-on-delivery order of one product in two variants (Black 128 GB × 2, Blue 256 GB × 1). */
async function place(line1: string, notes: string) {
  const tag = `${++placed}-${Date.now()}`;
  const p = await makeProduct(ctx.db, {
    name: `Pixel ${tag}`,
    price: 4321,
    variantStock: [5, 5, 5, 5],
    colors: [{ name: 'Black' }, { name: 'Blue' }],
    memory: [{ size: 128 }, { size: 256 }],
  });
  await ctx.db.updateTable('products').set({ weight_grams: 250 }).where('id', '=', p.id).execute();
  const skus = p.variantIds.map((_, i) => `SKU-${tag}-${i}`);
  for (const [i, id] of p.variantIds.entries()) {
    await ctx.db.updateTable('product_variants').set({ sku: skus[i]! }).where('id', '=', id).execute();
  }
  await addToCart(ctx.db, s.id, p.id, 2, { colorId: p.colorIds[0], memorySize: 128 });
  await addToCart(ctx.db, s.id, p.id, 1, { colorId: p.colorIds[1], memorySize: 256 });
  const r = await ctx.req('POST', '/order/place-order', {
    token: s.token,
    body: orderBody(0, { shipping_details: address({ adressLine1: line1 }), notes }),
  });
  expect(r.status, r.text).toBe(201);
  return { id: r.body.order_id as string, name: p.name, skus: [skus[0]!, skus[3]!] };
}

const slips = (ids: string, token = admin) =>
  ctx.req('GET', `/order/packing-slips?ids=${encodeURIComponent(ids)}`, { token });

describe('GET /order/packing-slips', () => {
  it('prints one page per order with its address, contact, lines and notes, and no prices', async () => {
    const a = await place('12 MG Road', 'Leave with the guard');
    const b = await place('7 Park Street', 'Call before coming');
    const r = await slips(`${b.id},${a.id},${b.id}`);
    expect(r.status, r.text).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    const pages = await pdfPages(r.bytes);
    expect(pages).toHaveLength(2);
    for (const [page, o, line1, notes] of [
      [pages[0]!, b, '7 Park Street', 'Call before coming'],
      [pages[1]!, a, '12 MG Road', 'Leave with the guard'],
    ] as const) {
      expect(page).toContain(o.id);
      expect(page).toContain(line1);
      expect(page).toContain('Bengaluru, Karnataka 560001');
      expect(page).toContain('Contact: 9876543210');
      expect(page).toContain('Asha Rao');
      expect(page).toContain(o.name);
      for (const sku of o.skus) expect(page).toContain(sku);
      for (const option of ['Black', '128 GB', 'Blue', '256 GB', '3 items']) expect(page).toContain(option);
      expect(page).toContain(notes);
      // No line prices: only the cash the courier collects, and the parcel's weight (3 × 250 g).
      expect(page).toContain('Cash on delivery: collect Rs. 12,963');
      expect(page).toContain('Parcel weight: 0.75 kg');
      expect(page.match(/Rs\./g)).toHaveLength(1);
      expect(page).not.toMatch(/₹|4,321/);
    }
  });

  it.each([
    ['', /ids is required/],
    [' , ,', /ids is required/],
    ['VC1;DROP', /not an order id/],
    [Array.from({ length: 201 }, (_, i) => `VC${i}`).join(','), /at most 200/],
  ])('refuses a bad list with 400 (%#)', async (ids, message) => {
    const r = await slips(ids);
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(message);
  });

  it('refuses a request without ids with 400', async () => {
    const r = await ctx.req('GET', '/order/packing-slips', { token: admin });
    expect(r.status).toBe(400);
    expect(r.body.msg).toMatch(/ids is required/);
  });

  it('answers 404 naming every id that is no order', async () => {
    const a = await place('3 Hill Road', '');
    const r = await slips(`${a.id},VC0000000000000000ZZ,nope`);
    expect(r.status).toBe(404);
    expect(r.body.msg).toBe('Orders not found: VC0000000000000000ZZ, nope.');
  });

  it('refuses no token (401), a shopper and staff without orders.read (403)', async () => {
    const a = await place('9 Lake View', '');
    expect((await ctx.req('GET', `/order/packing-slips?ids=${a.id}`)).status).toBe(401);
    expect((await slips(a.id, s.token)).status).toBe(403);
    const catalogue = await ctx.staffMember(admin, 'catalogue');
    const r = await slips(a.id, catalogue.token);
    expect(r.status).toBe(403);
    expect(r.body.msg).toMatch(/orders\.read/);
  });
});

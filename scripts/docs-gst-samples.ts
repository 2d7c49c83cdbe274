/**
 * `npx tsx scripts/docs-gst-samples.ts`: the sample GST documents the back-office guide shows (docs/back-office.md,
 * Tax (GST)), made by the API's own code on a throwaway database (the API tests' context: a fresh MariaDB database,
 * dropped at the end, also on failure):
 * - a shop not registered for GST sells to a shopper in Rajasthan (a Devanagari address), cash on delivery, and
 *   ships: its bill of supply
 * - the shop registers (Karnataka); a business buyer in Karnataka (GSTIN, Devanagari address line) buys two phones
 *   and earbuds online, staff record the phones' IMEIs and deliver: its B2B tax invoice
 * - a consumer in Karnataka buys a phone online, it is delivered and staff refund it in full: its credit note
 * - a consumer in Tamil Nadu buys a charger, cash on delivery, shipped (IGST), so the month has an interstate sale
 * Writes page 1 of each PDF as docs/screenshots/gst-*.png (`pdftoppm -r 80`, poppler-utils) and the month's GSTR-1
 * JSON export as docs/gstr1-sample.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { createTestContext, type TestContext } from '@voltcart/api/test/context';
import { ROOT } from './lib/log.mjs';

const SHOTS = resolve(ROOT, 'docs', 'screenshots');
const GSTR1 = resolve(ROOT, 'docs', 'gstr1-sample.json');
const SELLER = {
  legalName: 'Voltcart Retail Private Limited',
  tradeName: 'Voltcart',
  address: '14 Residency Road, Bengaluru 560025',
  state: 'Karnataka',
};
const SELLER_GSTIN = '29AAGCB7383J1Z4';
const BUYER_GSTIN = '29AAPFU0939F1ZR';
const IMEIS = ['356789104512346', '356789104512353'];

const pdftoppm = spawnSync('pdftoppm', ['-v'], { encoding: 'utf8' });
if (pdftoppm.error) {
  console.error(
    'pdftoppm is not installed: install poppler-utils (apt-get install poppler-utils) and run again.',
  );
  process.exit(1);
}

/** The reply of a request that must succeed, or an error naming it and what the API said. */
async function call(
  ctx: TestContext,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; form?: FormData } = {},
) {
  const r = await ctx.req(method, path, opts);
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${r.text.slice(0, 300)}`);
  return r;
}

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

async function run(ctx: TestContext, pdfDir: string): Promise<void> {
  const admin = await ctx.adminToken();
  const tax = (body: Record<string, unknown>) => call(ctx, 'PUT', '/settings/tax', { token: admin, body });

  async function category(name: string, hsnCode: string) {
    const r = await call(ctx, 'POST', '/category/create', { token: admin, form: form({ name }) });
    const id = r.body.category._id as string;
    await call(ctx, 'PUT', `/settings/tax/category/${id}`, { token: admin, body: { hsnCode, gstRate: 18 } });
    return id;
  }
  const phones = await category('Phones', '8517');
  const audio = await category('Audio', '85183000');
  const chargers = await category('Chargers', '85044030');
  async function product(name: string, price: number, categoryId: string) {
    const r = await call(ctx, 'POST', '/product/create', {
      token: admin,
      form: form({ name, originalPrice: String(price), stock: '50', categoryId }),
    });
    return r.body.product._id as string;
  }
  const galaxy = await product('Galaxy A55 5G', 38_999, phones);
  const earbuds = await product('Boat Airdopes 141', 1_299, audio);
  const redmi = await product('Redmi Note 14', 17_499, phones);
  const charger = await product('USB-C Charger 25W', 1_499, chargers);

  async function order(
    name: string,
    items: [string, number][],
    mode: 0 | 1,
    address: Record<string, string>,
    business?: { business_gstin: string; business_name: string },
  ) {
    const shopper = await ctx.customer(name);
    for (const [productId, qty] of items)
      await call(ctx, 'POST', '/cart/add-to-cart', { token: shopper.token, body: { productId, qty } });
    const placed = await call(ctx, 'POST', '/order/place-order', {
      token: shopper.token,
      body: {
        payment_mode: mode,
        shipping_details: { country: 'India', contact: '9876543210', adressLine2: '', ...address },
        ...business,
      },
    });
    const orderId = placed.body.order_id as string;
    if (mode === 1) {
      const signed = await call(ctx, 'POST', '/order/simulator/sign', {
        token: shopper.token,
        body: { order_id: orderId },
      });
      await call(ctx, 'POST', '/order/success', {
        token: shopper.token,
        body: { order_id: orderId, razorpay_response: signed.body.razorpay_response },
      });
    }
    return { orderId, token: shopper.token };
  }
  const move = (orderId: string, body: Record<string, unknown>) =>
    call(ctx, 'PATCH', `/order/status/${orderId}`, { token: admin, body });
  const ship = (orderId: string) =>
    move(orderId, { state: 'shipped', carrier: 'Delhivery', trackingNumber: `DL${orderId.slice(-8)}` });

  async function picture(token: string, orderId: string, file: string, number?: string) {
    const q = number ? `?number=${encodeURIComponent(number)}` : '';
    const pdf = await call(ctx, 'GET', `/order/${orderId}/invoice${q}`, { token });
    const pdfPath = join(pdfDir, `${file}.pdf`);
    await writeFile(pdfPath, pdf.bytes);
    const out = join(SHOTS, file);
    const r = spawnSync('pdftoppm', ['-r', '80', '-png', '-f', '1', '-l', '1', '-singlefile', pdfPath, out], {
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`pdftoppm failed on ${file}.pdf: ${r.stderr}`);
    console.log(`  ${relative(ROOT, out)}.png`);
  }

  // Not registered yet: a bill of supply, in its own series.
  await tax({ ...SELLER, registered: false });
  const bos = await order('अनीता शर्मा', [[earbuds, 2]], 0, {
    adressLine1: 'मकान 12, गांधी नगर, जयपुर',
    city: 'Jaipur',
    state: 'Rajasthan',
    postalCode: '302015',
  });
  await ship(bos.orderId);
  await picture(bos.token, bos.orderId, 'gst-bill-of-supply');

  // Registered from now on: tax invoices.
  await tax({ ...SELLER, gstin: SELLER_GSTIN });
  const b2b = await order(
    'Kiran Shetty',
    [
      [galaxy, 2],
      [earbuds, 1],
    ],
    1,
    {
      adressLine1: 'दुकान 4, कृष्णा कॉम्प्लेक्स',
      adressLine2: 'Avenue Road',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560002',
    },
    { business_gstin: BUYER_GSTIN, business_name: 'Shetty Traders' },
  );
  await call(ctx, 'PUT', `/order/${b2b.orderId}/serials`, {
    token: admin,
    body: { lines: [{ line: 1, serials: IMEIS }] },
  });
  await ship(b2b.orderId);
  await move(b2b.orderId, { state: 'delivered' });
  await picture(b2b.token, b2b.orderId, 'gst-tax-invoice-b2b');

  const refunded = await order('Meera Iyer', [[redmi, 1]], 1, {
    adressLine1: '7 Jayanagar 4th Block',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560011',
  });
  await ship(refunded.orderId);
  await move(refunded.orderId, { state: 'delivered' });
  const after = await call(ctx, 'POST', `/order/${refunded.orderId}/refund`, {
    token: admin,
    body: { reason: 'Returned within 7 days: display fault' },
  });
  const note = (after.body.documents as { kind: string; number: string }[]).find(
    (d) => d.kind === 'credit_note',
  );
  if (!note) throw new Error('the refund issued no credit note');
  await picture(refunded.token, refunded.orderId, 'gst-credit-note', note.number);

  const other = await order('R. Karthik', [[charger, 1]], 0, {
    adressLine1: '21 Anna Salai',
    city: 'Chennai',
    state: 'Tamil Nadu',
    postalCode: '600002',
  });
  await ship(other.orderId);

  // This month in India, as the exports name it.
  const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
  const gstr1 = await call(ctx, 'GET', `/reports/gst/gstr1?period=${month}`, { token: admin });
  await writeFile(GSTR1, `${JSON.stringify(gstr1.body, null, 2)}\n`);
  console.log(`  ${relative(ROOT, GSTR1)}`);
}

const ctx = await createTestContext();
const pdfDir = await mkdtemp(join(tmpdir(), 'vc-gst-samples-'));
try {
  await run(ctx, pdfDir);
} finally {
  await rm(pdfDir, { recursive: true, force: true });
  await ctx.close();
}

/**
 * The GST export benchmark's database work (scripts/bench/gst.mjs, part `gst`):
 * - prepare --url U --count N --secret S: a fresh database (dropped first) of a registered shop in Karnataka with N
 *   tax invoices issued in October 2026 (one to three lines each, split by the shared GST rule): about one in ten
 *   to a business buyer (B2B), one in six to another state, one in forty above ₹1 lakh (B2C large, e-way bill),
 *   and a credit note for one in twenty; prints {token} of an admin signed with the API's secret
 * - read --url U: the same month's documents read as the exports read them (the repository's pages of 500,
 *   each body parsed), written nowhere: the baseline of the exports' time; prints {seconds, documents}
 * Prints one JSON line.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  createDb,
  type DocumentCursor,
  documentPage,
  type InvoiceDocument,
  type InvoiceLine,
  migrateToLatest,
  TAX_KEYS,
  Tokens,
  writeTaxSettings,
} from '@voltcart/api';
import { amountInWords, gstPeriod, splitGst } from '@voltcart/shared';
import bcrypt from 'bcryptjs';
import { sql } from 'kysely';
import { freshDatabase } from './fresh-database';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { url: { type: 'string' }, count: { type: 'string' }, secret: { type: 'string' } },
});
const url = values.url ?? '';
const name = new URL(url).pathname.slice(1);
if (!/^vc_bench_\w+$/.test(name)) throw new Error(`refusing to use "${name}": not a vc_bench_ database`);

export const MONTH = '2026-10';
const GSTIN = '29AAGCB7383J1Z4';
const BUYERS = ['29AAPFU0939F1ZR', '27AAPFU0939F1ZV', '33AAPFU0939F1ZP'];
const SELLER = {
  shopName: 'Voltcart',
  registered: true,
  legalName: 'Voltcart Retail Private Limited',
  tradeName: 'Voltcart',
  gstin: GSTIN,
  address: '14 Residency Road, Bengaluru 560025',
  state: 'Karnataka',
  stateCode: '29',
};
const PLACES = [
  { state: 'Karnataka', code: '29', city: 'Bengaluru', pin: '560001' },
  { state: 'Maharashtra', code: '27', city: 'Mumbai', pin: '400001' },
  { state: 'Tamil Nadu', code: '33', city: 'Chennai', pin: '600001' },
];
const ITEMS = [
  { name: 'Galaxy A55, Navy, 256 GB', hsn: '8517', paise: 39_999_00 },
  { name: 'Redmi Note 14, Black, 128 GB', hsn: '8517', paise: 17_499_00 },
  { name: 'Boat Airdopes 141', hsn: '85183000', paise: 1_299_00 },
  { name: 'USB-C Charger 25W', hsn: '85044030', paise: 1_499_00 },
  { name: 'ThinkPad E14, 16 GB', hsn: '84713010', paise: 74_990_00 },
];

const sum = (
  lines: InvoiceLine[],
  k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'amountPaise',
) => lines.reduce((a, l) => a + l[k], 0);

async function prepare() {
  const count = Number(values.count);
  await freshDatabase(url);
  const db = createDb(url, 2);
  await migrateToLatest(db);
  await writeTaxSettings(db, {
    [TAX_KEYS.registered]: '1',
    [TAX_KEYS.legalName]: SELLER.legalName,
    [TAX_KEYS.tradeName]: SELLER.tradeName,
    [TAX_KEYS.gstin]: GSTIN,
    [TAX_KEYS.address]: SELLER.address,
    [TAX_KEYS.state]: SELLER.state,
  });
  const user = Number(
    (
      await db
        .insertInto('users')
        .values({ name: 'Bench Buyer', email: 'buyer@bench.voltcart.test', password_hash: '!' } as never)
        .executeTakeFirstOrThrow()
    ).insertId,
  );
  const period = gstPeriod(MONTH)!;
  const span = period.to.getTime() - period.from.getTime();
  let notes = 0;
  for (let from = 0; from < count; from += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - from) }, (_, k) => from + k);
    const docs = batch.map((i) => {
      const h = (i * 2654435761) % 4294967291;
      const place = h % 6 === 0 ? PLACES[1 + (h % 2)]! : PLACES[0]!;
      const b2b = h % 10 === 0 ? BUYERS.find((g) => g.startsWith(place.code)) : undefined;
      const intraState = place.code === SELLER.stateCode;
      const picked =
        h % 40 === 0
          ? [ITEMS[4]!, ITEMS[0]!]
          : Array.from({ length: 1 + (h % 3) }, (_, j) => ITEMS[(h + j) % 4]!);
      const split = splitGst(
        picked.map((it) => ({ amountPaise: it.paise, rateBp: 1800 })),
        intraState,
      );
      const lines: InvoiceLine[] = picked.map((it, j) => ({
        name: it.name,
        hsn: it.hsn,
        qty: 1,
        ratePct: 18,
        amountPaise: it.paise,
        ...split[j]!,
        lineId: j + 1,
      }));
      const at = new Date(period.from.getTime() + Math.floor(((i + 0.5) / count) * span));
      const total = sum(lines, 'amountPaise');
      const doc: InvoiceDocument = {
        kind: 'invoice',
        billOfSupply: false,
        number: `VC/2026-27/${String(i + 1).padStart(6, '0')}`,
        issuedAt: at.toISOString(),
        orderId: `VC${String(i + 1).padStart(18, '0')}`,
        seller: SELLER,
        buyer: {
          name: `Customer ${i}`,
          address: [`${1 + (h % 400)} MG Road`, `${place.city} ${place.pin}`, `${place.state}, India`],
          state: place.state,
          stateCode: place.code,
          ...(b2b && { gstin: b2b, businessName: `Traders ${h % 97}` }),
        },
        placeOfSupply: `${place.state} (${place.code})`,
        intraState,
        lines,
        totals: {
          taxablePaise: sum(lines, 'taxablePaise'),
          cgstPaise: sum(lines, 'cgstPaise'),
          sgstPaise: sum(lines, 'sgstPaise'),
          igstPaise: sum(lines, 'igstPaise'),
          totalPaise: total,
        },
        totalInWords: amountInWords(total),
      };
      return { doc, place, b2b, at, h };
    });
    const first = Number(
      (
        await db
          .insertInto('orders')
          .values(
            docs.map(({ doc, place, b2b, at }) => ({
              public_id: doc.orderId,
              user_id: user,
              state: 'delivered',
              payment_mode: 1,
              total_paise: doc.totals.totalPaise,
              original_total_paise: doc.totals.totalPaise,
              ship_adress_line1: doc.buyer.address[0],
              ship_city: place.city,
              ship_state: place.state,
              ship_postal_code: place.pin,
              ship_country: 'India',
              ship_contact: '9876543210',
              buyer_gstin: b2b ?? null,
              buyer_business_name: doc.buyer.businessName ?? null,
              created_at: at,
              updated_at: at,
              paid_at: at,
            })) as never,
          )
          .executeTakeFirstOrThrow()
      ).insertId,
    );
    const rows: Record<string, unknown>[] = [];
    docs.forEach(({ doc, at, h }, k) => {
      rows.push({
        order_id: first + k,
        kind: 'invoice',
        number: doc.number,
        refund_id: null,
        total_paise: doc.totals.totalPaise,
        body: JSON.stringify(doc),
        issued_at: at,
      });
      if (h % 20 !== 7) return;
      // A credit note of the whole invoice an hour later (a cancelled order), in its own series.
      notes++;
      const note: InvoiceDocument = {
        ...doc,
        kind: 'credit_note',
        number: `VC-CN/2026-27/${String(notes).padStart(6, '0')}`,
        issuedAt: new Date(at.getTime() + 3_600_000).toISOString(),
        against: { number: doc.number, issuedAt: doc.issuedAt, reason: 'Order cancelled' },
      };
      rows.push({
        order_id: first + k,
        kind: 'credit_note',
        number: note.number,
        refund_id: null,
        total_paise: note.totals.totalPaise,
        body: JSON.stringify(note),
        issued_at: new Date(note.issuedAt),
      });
    });
    await db
      .insertInto('invoices')
      .values(rows as never)
      .execute();
  }
  await sql`ANALYZE TABLE orders, invoices`.execute(db);
  const admin = Number(
    (
      await db
        .insertInto('admins')
        .values({
          name: 'Bench',
          email: `bench-${randomBytes(4).toString('hex')}@voltcart.test`,
          password_hash: await bcrypt.hash(randomBytes(12).toString('hex'), 4),
        })
        .executeTakeFirstOrThrow()
    ).insertId,
  );
  const token = await new Tokens(values.secret ?? '', { admin: '2h', customer: '2h' }).sign(
    'admin',
    admin,
    0,
  );
  await db.destroy();
  return { invoices: count, creditNotes: notes, token };
}

/** The month's documents read page by page and parsed, as the exports read them: the exports' baseline. */
async function read() {
  const db = createDb(url, 2);
  const period = gstPeriod(MONTH)!;
  const started = performance.now();
  let documents = 0;
  let after: DocumentCursor = null;
  for (;;) {
    const rows = await documentPage(db, period, { order: 'time' }, after, 500);
    for (const r of rows) {
      JSON.parse(r.body);
      documents++;
    }
    if (rows.length < 500) break;
    after = { key: rows.at(-1)!.issued_at, id: rows.at(-1)!.id };
  }
  const seconds = (performance.now() - started) / 1000;
  await db.destroy();
  return { seconds, documents };
}

const modes: Record<string, () => Promise<unknown>> = { prepare, read };
const run = positionals[0] ? modes[positionals[0]] : undefined;
if (!run) throw new Error(`usage: gst.ts ${Object.keys(modes).join('|')} --url URL …`);
console.log(JSON.stringify(await run()));
process.exit(0);

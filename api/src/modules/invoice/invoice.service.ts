import {
  amountInWords,
  apportion,
  type CategoryTax,
  chargesRateBp,
  financialYear,
  gstSlabsOn,
  gstState,
  priceSnapshot,
  splitGst,
  type TaxSettings,
  type TaxSettingsReply,
} from '@voltcart/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { notFound } from '../../errors';
import { type Trx, transaction } from '../../lib/transaction';
import { type Actor, recordAudit } from '../audit/audit.service';
import type { OrderRow, RefundRow } from '../order/order.repository';
import { discountsOfOrders } from '../promotion/promotion-pricing.service';
import { writeSettings } from '../settings/settings.repository';
import * as repo from './invoice.repository';

/**
 * Prefix of each series: tax invoices `VC/2026-27/000123`, bills of supply (shop not registered for GST)
 * `VC-BS/2026-27/000004`, credit notes `VC-CN/2026-27/000007`. Each series is gapless on its own.
 */
const SERIES = { invoice: 'VC', bill_of_supply: 'VC-BS', credit_note: 'VC-CN' } as const;

/** A stored document's name as the order pages list it. */
export function documentName(kind: string, number: string): string {
  if (kind === 'credit_note') return 'Credit note';
  return number.startsWith(`${SERIES.bill_of_supply}/`) ? 'Bill of supply' : 'Tax invoice';
}

/** What a document is stored as: an order's one invoice (a tax invoice or a bill of supply), or a credit note. */
type DocumentKind = 'invoice' | 'credit_note';

export interface InvoiceLine {
  name: string;
  hsn: string;
  qty: number;
  ratePct: number;
  /** GST-inclusive amount of the line. */
  amountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Serial numbers (IMEI) of the units when the document was issued. */
  serials?: string[];
  /** The order line it is (absent on documents issued before serial numbers were recorded). */
  lineId?: number;
}

/** A tax invoice or credit note as issued (kept as JSON in `invoices.body`, printed by invoice-pdf.ts). */
export interface InvoiceDocument {
  kind: DocumentKind;
  /**
   * A bill of supply: issued while the shop was not registered for GST; no tax charged or shown (absent on
   * documents issued before bills of supply existed: tax invoices). A credit note keeps its invoice's.
   */
  billOfSupply?: boolean;
  number: string;
  issuedAt: string;
  orderId: string;
  /** Credit notes: the invoice they correct (its number and date), and why. `issuedAt` absent on old notes. */
  against?: { number: string; issuedAt?: string; reason: string };
  /** The seller as the tax settings stood when the invoice was issued (never rewritten). */
  seller: TaxSettings & { shopName: string };
  /** A business buyer's GSTIN and name (B2B): absent for a consumer. */
  buyer: {
    name: string;
    address: string[];
    state: string;
    stateCode: string;
    gstin?: string;
    businessName?: string;
  };
  placeOfSupply: string;
  intraState: boolean;
  lines: InvoiceLine[];
  /** Discounts the line amounts are after ("Discount (DIWALI10)", paise); absent on older documents. */
  discounts?: { label: string; amountPaise: number }[];
  totals: {
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    totalPaise: number;
  };
  totalInWords: string;
}

export async function readTaxSettings(
  db: Db | Trx,
  config: Config,
): Promise<TaxSettings & { shopName: string }> {
  const m = await repo.readTaxSettings(db);
  const state = m.get(repo.TAX_KEYS.state) ?? '';
  const gstin = m.get(repo.TAX_KEYS.gstin) ?? '';
  const saved = m.get(repo.TAX_KEYS.registered);
  const registered = saved === undefined ? gstin !== '' : saved === '1' && gstin !== '';
  return {
    shopName: m.get('shop_name') || config.SHOP_NAME,
    registered,
    legalName: m.get(repo.TAX_KEYS.legalName) || m.get('shop_name') || config.SHOP_NAME,
    tradeName: m.get(repo.TAX_KEYS.tradeName) ?? '',
    gstin: registered ? gstin : '',
    address: m.get(repo.TAX_KEYS.address) ?? '',
    state,
    stateCode: gstState(state)?.code ?? '',
  };
}

export async function taxSettingsReply(db: Db, config: Config): Promise<TaxSettingsReply> {
  const { shopName: _shop, ...settings } = await readTaxSettings(db, config);
  const categories: CategoryTax[] = (await repo.categoriesTax(db)).map((c) => ({
    _id: String(c.id),
    name: c.name,
    hsnCode: c.hsn_code,
    gstRate: c.gst_rate_bp / 100,
  }));
  return { settings, categories, slabs: gstSlabsOn(new Date()).map((b) => b / 100) };
}

export async function saveTaxSettings(
  db: Db,
  config: Config,
  actor: Actor,
  s: Omit<TaxSettings, 'stateCode'>,
): Promise<TaxSettingsReply> {
  await transaction(db, async (trx) => {
    const { shopName: _before, ...before } = await readTaxSettings(trx, config);
    await writeSettings(trx, {
      [repo.TAX_KEYS.registered]: s.registered ? '1' : '0',
      [repo.TAX_KEYS.legalName]: s.legalName,
      [repo.TAX_KEYS.tradeName]: s.tradeName,
      [repo.TAX_KEYS.gstin]: s.gstin,
      [repo.TAX_KEYS.address]: s.address,
      [repo.TAX_KEYS.state]: s.state,
    });
    const { shopName: _after, ...after } = await readTaxSettings(trx, config);
    await recordAudit(trx, {
      actor,
      action: 'settings.tax',
      kind: 'settings',
      objectId: 'tax',
      summary: 'Saved the GST settings',
      before: { ...before },
      after: { ...after },
    });
  });
  return taxSettingsReply(db, config);
}

export async function saveCategoryTax(
  db: Db,
  config: Config,
  actor: Actor,
  categoryId: number,
  t: { hsnCode: string; gstRate: number },
): Promise<TaxSettingsReply> {
  await transaction(db, async (trx) => {
    const current = await repo.lockCategoryTax(trx, categoryId);
    if (!current) throw notFound('Category');
    const rateBp = Math.round(t.gstRate * 100);
    await repo.setCategoryTax(trx, categoryId, t.hsnCode, rateBp);
    await recordAudit(trx, {
      actor,
      action: 'category.tax',
      kind: 'category',
      objectId: categoryId,
      summary: `Saved HSN code and GST rate of ${current.name}`,
      before: { hsnCode: current.hsn_code, gstRate: Number(current.gst_rate_bp) / 100 },
      after: { hsnCode: t.hsnCode, gstRate: rateBp / 100 },
    });
  });
  return taxSettingsReply(db, config);
}

/** The next number of a kind's series for the financial year of `at`, taken under the counter's row lock. */
async function takeNumber(trx: Trx, kind: keyof typeof SERIES, at: Date): Promise<string> {
  const fy = financialYear(at);
  const n = await repo.nextNumber(trx, `${SERIES[kind]}/${fy}`);
  return `${SERIES[kind]}/${fy}/${String(n).padStart(6, '0')}`;
}

function buyerOf(order: OrderRow, name: string) {
  const st = gstState(order.ship_state_code ?? order.ship_state);
  return {
    name,
    ...(order.buyer_gstin && {
      gstin: order.buyer_gstin,
      businessName: order.buyer_business_name ?? '',
    }),
    address: [
      order.ship_adress_line1,
      order.ship_adress_line2,
      `${order.ship_city} ${order.ship_postal_code}`,
      `${order.ship_state}, ${order.ship_country}`,
    ].filter(Boolean),
    state: st?.name ?? order.ship_state,
    stateCode: st?.code ?? '',
  };
}

function totalsOf(lines: InvoiceLine[]) {
  const sum = (k: keyof InvoiceLine) => lines.reduce((a, l) => a + (l[k] as number), 0);
  return {
    taxablePaise: sum('taxablePaise'),
    cgstPaise: sum('cgstPaise'),
    sgstPaise: sum('sgstPaise'),
    igstPaise: sum('igstPaise'),
    totalPaise: sum('amountPaise'),
  };
}

/**
 * Issues the tax invoice of an order, in the caller's transaction (an online order when it is paid, a
 * cash-on-delivery order when it ships). Once per order: a second call does nothing.
 * - the order's line snapshots priced by the pricing function (packages/shared pricing): GST-inclusive amounts
 *   split into taxable value and tax at the rate and HSN code of each product's category (18 % and no HSN code for
 *   a product without one)
 * - CGST + SGST when the shipping address is in the shop's state, IGST otherwise; the place of supply is the
 *   shipping address's state
 */
export async function issueInvoice(
  trx: Trx,
  config: Config,
  order: OrderRow,
  buyerName: string,
): Promise<InvoiceDocument | null> {
  const existing = await repo.invoicesOf(trx, order.id);
  if (existing.some((d) => d.kind === 'invoice')) return null;
  const seller = await readTaxSettings(trx, config);
  const buyer = buyerOf(order, buyerName);
  const billOfSupply = !seller.registered;
  const intraState = !!seller.stateCode && seller.stateCode === buyer.stateCode;
  const raw = await repo.taxedLines(trx, order.id);
  const serials = await repo.serialsOf(trx, order.id);
  const discounts = (await discountsOfOrders(trx, [order.id])).get(order.id)?.applied ?? [];
  // Each line's amount is after its share of the order's discounts: its taxable value is what was charged.
  // Not registered: no GST is charged, so every line (and shipping and the COD fee) is priced at 0 %.
  const snapshot = raw.map((l) => ({
    unitPaise: l.unit_price_paise,
    qty: l.qty,
    gstRateBp: billOfSupply ? 0 : (l.gst_rate_bp ?? undefined),
  }));
  const priced = priceSnapshot(snapshot, {
    intraState,
    discounts,
    shippingPaise: order.shipping_paise,
    codFeePaise: order.cod_fee_paise,
    chargesRateBp: billOfSupply ? 0 : chargesRateBp(snapshot),
  });
  const lines: InvoiceLine[] = raw.map((l, i) => ({
    name: [l.name, l.color_name, l.memory_size ? `${l.memory_size} GB` : null].filter(Boolean).join(', '),
    hsn: l.hsn_code ?? '',
    qty: l.qty,
    ratePct: priced.lines[i]!.gstRateBp / 100,
    amountPaise: priced.lines[i]!.netPaise,
    ...priced.lines[i]!.tax,
    lineId: l.id,
    ...(serials.has(l.id) && { serials: serials.get(l.id) }),
  }));
  // Shipping and the COD fee follow the principal supply: the goods' highest rate.
  const chargeRatePct = chargesRateBp(snapshot) / 100;
  for (const [name, amountPaise, tax] of [
    ['Shipping', priced.shippingPaise, priced.shippingTax],
    ['Cash on delivery fee', priced.codFeePaise, priced.codFeeTax],
  ] as const) {
    if (amountPaise > 0) lines.push({ name, hsn: '', qty: 1, ratePct: chargeRatePct, amountPaise, ...tax });
  }
  const now = new Date();
  const doc: InvoiceDocument = {
    kind: 'invoice',
    billOfSupply,
    number: await takeNumber(trx, billOfSupply ? 'bill_of_supply' : 'invoice', now),
    issuedAt: now.toISOString(),
    orderId: order.public_id,
    seller,
    buyer,
    placeOfSupply: buyer.stateCode ? `${buyer.state} (${buyer.stateCode})` : buyer.state,
    intraState,
    lines,
    ...(priced.discounts.length
      ? { discounts: priced.discounts.map((d) => ({ label: d.label, amountPaise: d.amountPaise })) }
      : {}),
    totals: totalsOf(lines),
    totalInWords: amountInWords(order.total_paise),
  };
  await repo.insertInvoice(trx, {
    order_id: order.id,
    kind: 'invoice',
    number: doc.number,
    refund_id: null,
    total_paise: doc.totals.totalPaise,
    body: JSON.stringify(doc),
  });
  return doc;
}

/**
 * Issues a credit note of an invoiced order, in the caller's transaction, in its own gapless series: for a
 * processed refund (`refund`), or for a parcel returned to origin (`refund` null: the whole sale is undone).
 * - its amount is what is asked, capped at what the invoice has not credited yet (a cash refund after a return
 *   already credited in full issues none): the credit notes of an order never add up to more than its invoice
 * - the amount is spread over the invoice's lines in proportion (whole paise, adding up exactly), or over the
 *   weights given (a return credits its own lines), and split into taxable value and tax like the invoice
 * - nothing when the order has no invoice, or a refund already has its note
 */
export async function issueCreditNote(
  trx: Trx,
  order: OrderRow,
  credit: {
    refund: Pick<RefundRow, 'id'> | null;
    amountPaise: number;
    reason: string;
    /** Spread over these weights (one per invoice line: a return's lines) instead of the lines' amounts. */
    weights?: number[];
    /** The units each invoice line credits (a return of some of a line's units), when not the whole line's. */
    quantities?: number[];
  },
): Promise<InvoiceDocument | null> {
  const docs = await repo.invoicesOf(trx, order.id);
  const invoiceRow = docs.find((d) => d.kind === 'invoice');
  if (!invoiceRow) return null;
  if (credit.refund && docs.some((d) => d.refund_id === credit.refund!.id)) return null;
  const credited = docs.filter((d) => d.kind === 'credit_note').reduce((sum, d) => sum + d.total_paise, 0);
  const amount = Math.min(credit.amountPaise, invoiceRow.total_paise - credited);
  if (amount <= 0) return null;
  const invoice = JSON.parse(invoiceRow.body) as InvoiceDocument;
  const weights =
    credit.weights?.length === invoice.lines.length && credit.weights.some((w) => w > 0)
      ? credit.weights
      : invoice.lines.map((l) => l.amountPaise);
  const parts = apportion(amount, weights);
  const split = splitGst(
    parts.map((p, i) => ({ amountPaise: p, rateBp: Math.round(invoice.lines[i]!.ratePct * 100) })),
    invoice.intraState,
  );
  const lines = invoice.lines
    .map((l, i) => ({ ...l, qty: credit.quantities?.[i] ?? l.qty, amountPaise: parts[i]!, ...split[i]! }))
    .filter((l) => l.amountPaise > 0);
  const now = new Date();
  const doc: InvoiceDocument = {
    ...invoice,
    kind: 'credit_note',
    number: await takeNumber(trx, 'credit_note', now),
    issuedAt: now.toISOString(),
    against: { number: invoice.number, issuedAt: invoice.issuedAt, reason: credit.reason },
    lines,
    // A credit note's amounts are what it credits: the invoice's discount lines are not its own.
    discounts: undefined,
    totals: totalsOf(lines),
    totalInWords: amountInWords(amount),
  };
  await repo.insertInvoice(trx, {
    order_id: order.id,
    kind: 'credit_note',
    number: doc.number,
    refund_id: credit.refund?.id ?? null,
    total_paise: doc.totals.totalPaise,
    body: JSON.stringify(doc),
  });
  return doc;
}

/**
 * An order's document as issued: the tax invoice (or bill of supply), or the one named by `number` (a credit
 * note). Serial numbers recorded at packing after it was issued (an online order is invoiced when paid) are
 * printed under their item too: they add to the document, its figures never change.
 */
export async function findDocument(db: Db, orderId: number, number?: string): Promise<InvoiceDocument> {
  const docs = await repo.invoicesOf(db, orderId);
  const row = number ? docs.find((d) => d.number === number) : docs.find((d) => d.kind === 'invoice');
  if (!row) throw notFound(number ? 'Document' : 'Invoice');
  const doc = JSON.parse(row.body) as InvoiceDocument;
  const serials = await repo.serialsOf(db, orderId);
  return {
    ...doc,
    lines: doc.lines.map((l) => {
      const recorded = l.lineId === undefined ? undefined : serials.get(l.lineId);
      return recorded?.length ? { ...l, serials: recorded } : l;
    }),
  };
}

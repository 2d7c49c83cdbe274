import { b2clThresholdOn, GST_STATES } from '@voltcart/shared';
import type { InvoiceDocument, InvoiceLine } from './invoice.service';

/**
 * GSTR-1 as the GST portal's offline tool reads it, built from documents as issued (their JSON bodies), pure:
 * - B2B: tax invoices to a buyer with a GSTIN; B2CL: inter-state invoices to a buyer without one above the B2C
 *   large threshold on the invoice's day; B2CS: the rest, summed by supply type, place of supply and rate
 * - credit notes: CDNR when their invoice was B2B, CDNUR (type B2CL) when it was B2C large; a credit note of a
 *   B2C small invoice is netted off B2CS, as the return asks
 * - HSN summary by HSN code and rate (values net of credit notes; quantities of invoices)
 * - document summary: each series' first and last number and count (nothing is ever cancelled: documents are
 *   corrected by credit notes)
 * - bills of supply (issued while not registered) carry no tax and are left out
 * - amounts in rupees with 2 decimals, from paise (no float sums: each figure is a sum of paise)
 */
export type Supply = 'b2b' | 'b2cl' | 'b2cs' | 'none';

export interface DocumentRow {
  doc: InvoiceDocument;
  /** The order's invoice: its total (paise) and day, for a credit note's classification. */
  invoiceTotalPaise: number;
  invoiceIssuedAt: Date;
}

export const rupees = (paise: number) => Math.round(paise) / 100;

/** A line that is goods (an order line), not the shipping or COD fee line added to the document. */
export const isGoods = (l: InvoiceLine) => !(l.lineId === undefined && l.hsn === '');

/** The place of supply's GST state code (the buyer's state; the seller's when the buyer's is unknown). */
export const posOf = (doc: InvoiceDocument) => doc.buyer.stateCode || doc.seller.stateCode;

/** "29-Karnataka", as the offline tool's CSV files write a place of supply. */
export function posName(code: string): string {
  const name = Object.entries(GST_STATES).find(([, c]) => c === code)?.[0];
  return name ? `${code}-${name}` : code;
}

/** Which GSTR-1 table a document (or a credit note's invoice) belongs to. */
export function supplyOf(row: DocumentRow): Supply {
  const { doc } = row;
  if (doc.billOfSupply || !doc.seller.gstin) return 'none';
  if (doc.buyer.gstin) return 'b2b';
  if (!doc.intraState && row.invoiceTotalPaise > b2clThresholdOn(row.invoiceIssuedAt)) return 'b2cl';
  return 'b2cs';
}

export interface RateItem {
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

/** A document's lines summed by rate (paise), in rate order. */
export function byRate(lines: readonly InvoiceLine[]): (RateItem & { paise: RateItem })[] {
  const m = new Map<number, RateItem>();
  for (const l of lines) {
    const r = m.get(l.ratePct) ?? { rt: l.ratePct, txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 };
    r.txval += l.taxablePaise;
    r.iamt += l.igstPaise;
    r.camt += l.cgstPaise;
    r.samt += l.sgstPaise;
    m.set(l.ratePct, r);
  }
  return [...m.values()]
    .sort((a, b) => a.rt - b.rt)
    .map((p) => ({
      rt: p.rt,
      txval: rupees(p.txval),
      iamt: rupees(p.iamt),
      camt: rupees(p.camt),
      samt: rupees(p.samt),
      csamt: 0,
      paise: p,
    }));
}

/** An item list in the return's shape: `[{ num, itm_det: { txval, rt, iamt | camt + samt, csamt } }]`. */
function items(doc: InvoiceDocument) {
  return byRate(doc.lines).map(({ paise: _p, ...r }, i) => ({
    num: i + 1,
    itm_det: doc.intraState
      ? { txval: r.txval, rt: r.rt, camt: r.camt, samt: r.samt, csamt: 0 }
      : { txval: r.txval, rt: r.rt, iamt: r.iamt, csamt: 0 },
  }));
}

/** A date as the return writes it: DD-MM-YYYY in India. */
export function returnDate(at: string | Date): string {
  const d = new Date(new Date(at).getTime() + 330 * 60_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A date as the offline tool's CSV files write it: 29-Nov-2026, in India. The month's three letters come from a
 * fixed list: the locale's short month is "Sept" in British English (not what the tool reads), and building a
 * locale format per row costs a large part of a register's time.
 */
export function csvDate(at: string | Date): string {
  const d = new Date(new Date(at).getTime() + 330 * 60_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${MONTHS[d.getUTCMonth()]}-${d.getUTCFullYear()}`;
}

export const b2bInvoice = (doc: InvoiceDocument) => ({
  inum: doc.number,
  idt: returnDate(doc.issuedAt),
  val: rupees(doc.totals.totalPaise),
  pos: posOf(doc),
  rchrg: 'N',
  inv_typ: 'R',
  itms: items(doc),
});

export const b2clInvoice = (doc: InvoiceDocument) => ({
  inum: doc.number,
  idt: returnDate(doc.issuedAt),
  val: rupees(doc.totals.totalPaise),
  itms: items(doc),
});

export const creditNote = (doc: InvoiceDocument) => ({
  ntty: 'C',
  nt_num: doc.number,
  nt_dt: returnDate(doc.issuedAt),
  val: rupees(doc.totals.totalPaise),
  pos: posOf(doc),
  rchrg: 'N',
  inv_typ: 'R',
  itms: items(doc),
});

export const unregisteredNote = (doc: InvoiceDocument) => ({
  typ: 'B2CL',
  ntty: 'C',
  nt_num: doc.number,
  nt_dt: returnDate(doc.issuedAt),
  val: rupees(doc.totals.totalPaise),
  pos: posOf(doc),
  itms: items(doc),
});

interface Sums {
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
}

/** The summed tables of a period (B2CS, HSN, documents): small whatever the number of documents. */
export class Gstr1Summary {
  private b2cs = new Map<string, Sums & { sply_ty: 'INTRA' | 'INTER'; pos: string; rt: number }>();
  private hsn = new Map<string, Sums & { hsn_sc: string; rt: number; qty: number }>();
  private series = new Map<
    string,
    { kind: string; first: number; last: number; count: number; prefix: string }
  >();

  /** Adds one document: a credit note's figures count negative. */
  add(row: DocumentRow, supply: Supply): void {
    const { doc } = row;
    const sign = doc.kind === 'credit_note' ? -1 : 1;
    this.addToSeries(doc);
    if (supply === 'none') return;
    if (supply === 'b2cs') {
      for (const r of byRate(doc.lines)) {
        const key = `${doc.intraState ? 'INTRA' : 'INTER'} ${posOf(doc)} ${r.rt}`;
        const s = this.b2cs.get(key) ?? {
          sply_ty: doc.intraState ? ('INTRA' as const) : ('INTER' as const),
          pos: posOf(doc),
          rt: r.rt,
          txval: 0,
          iamt: 0,
          camt: 0,
          samt: 0,
        };
        add(s, r.paise, sign);
        this.b2cs.set(key, s);
      }
    }
    for (const l of doc.lines) {
      const key = `${l.hsn} ${l.ratePct}`;
      const h = this.hsn.get(key) ?? {
        hsn_sc: l.hsn,
        rt: l.ratePct,
        qty: 0,
        txval: 0,
        iamt: 0,
        camt: 0,
        samt: 0,
      };
      add(h, { txval: l.taxablePaise, iamt: l.igstPaise, camt: l.cgstPaise, samt: l.sgstPaise }, sign);
      if (sign > 0) h.qty += l.qty;
      this.hsn.set(key, h);
    }
  }

  private addToSeries(doc: InvoiceDocument): void {
    const cut = doc.number.lastIndexOf('/');
    const prefix = doc.number.slice(0, cut + 1);
    const n = Number(doc.number.slice(cut + 1));
    const kind = doc.kind === 'credit_note' ? 'credit_note' : doc.billOfSupply ? 'bill_of_supply' : 'invoice';
    const s = this.series.get(prefix) ?? { kind, first: n, last: n, count: 0, prefix };
    s.first = Math.min(s.first, n);
    s.last = Math.max(s.last, n);
    s.count++;
    this.series.set(prefix, s);
  }

  b2csRows() {
    return (
      [...this.b2cs.values()]
        // A rate and place whose sales a credit note of the same period cancelled leaves nothing to report.
        .filter((s) => s.txval || s.iamt || s.camt || s.samt)
        .sort((a, b) => a.pos.localeCompare(b.pos) || a.rt - b.rt || a.sply_ty.localeCompare(b.sply_ty))
        .map((s) => ({
          sply_ty: s.sply_ty,
          pos: s.pos,
          typ: 'OE',
          rt: s.rt,
          txval: rupees(s.txval),
          ...(s.sply_ty === 'INTER'
            ? { iamt: rupees(s.iamt) }
            : { camt: rupees(s.camt), samt: rupees(s.samt) }),
          csamt: 0,
        }))
    );
  }

  hsnRows() {
    return [...this.hsn.values()]
      .sort((a, b) => a.hsn_sc.localeCompare(b.hsn_sc) || a.rt - b.rt)
      .map((h, i) => ({
        num: i + 1,
        hsn_sc: h.hsn_sc,
        desc: '',
        uqc: 'NOS',
        qty: h.qty,
        rt: h.rt,
        txval: rupees(h.txval),
        iamt: rupees(h.iamt),
        camt: rupees(h.camt),
        samt: rupees(h.samt),
        csamt: 0,
      }));
  }

  /** The document summary (table 13): tax invoices as "Invoices for outward supply" (1), credit notes (5). */
  docRows() {
    const of = (kind: string) =>
      [...this.series.values()]
        .filter((s) => s.kind === kind)
        .sort((a, b) => a.prefix.localeCompare(b.prefix))
        .map((s, i) => ({
          num: i + 1,
          from: `${s.prefix}${String(s.first).padStart(6, '0')}`,
          to: `${s.prefix}${String(s.last).padStart(6, '0')}`,
          totnum: s.count,
          cancel: 0,
          net_issue: s.count,
        }));
    return [
      { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: of('invoice') },
      { doc_num: 5, doc_typ: 'Credit Note', docs: of('credit_note') },
    ].filter((d) => d.docs.length > 0);
  }
}

function add(to: Sums, p: Sums, sign: number): void {
  to.txval += sign * p.txval;
  to.iamt += sign * p.iamt;
  to.camt += sign * p.camt;
  to.samt += sign * p.samt;
}

import type { GstPeriod } from '@voltcart/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { csvLine } from '../catalog-csv/catalog-csv.format';
import {
  b2bInvoice,
  b2clInvoice,
  byRate,
  creditNote,
  csvDate,
  type DocumentRow,
  Gstr1Summary,
  posName,
  posOf,
  rupees,
  type Supply,
  supplyOf,
  unregisteredNote,
} from './gstr1';
import * as repo from './invoice.repository';
import type { InvoiceDocument } from './invoice.service';
import { readTaxSettings } from './invoice.service';
import { documentTitle } from './invoice-pdf';

/** Documents read per query: a page is parsed and written before the next is read. */
const PAGE = 500;
export const BOM = '\uFEFF';

/** The documents of a period, a page at a time, as issued (bodies parsed), with their invoice's total and day. */
export async function* documents(
  db: Db,
  period: GstPeriod,
  opts: { order: 'time' | 'gstin'; kind?: 'invoice' | 'credit_note'; minTotalPaise?: number },
): AsyncGenerator<DocumentRow & { buyerGstin: string | null; city: string; pincode: string }> {
  let after: repo.DocumentCursor = null;
  for (;;) {
    const rows = await repo.documentPage(db, period, opts, after, PAGE);
    for (const r of rows) {
      const doc = JSON.parse(r.body) as InvoiceDocument;
      yield {
        doc,
        buyerGstin: r.buyer_gstin,
        city: r.ship_city,
        pincode: r.ship_postal_code,
        invoiceTotalPaise: Number(r.invoice_total ?? doc.totals.totalPaise),
        invoiceIssuedAt: new Date(r.invoice_issued_at ?? r.issued_at),
      };
    }
    if (rows.length < PAGE) return;
    const last = rows.at(-1)!;
    after = { key: opts.order === 'gstin' ? last.buyer_gstin! : last.issued_at, id: last.id };
  }
}

/** Text gathered before it is handed on: a chunk per row would cost a write (and a compression flush) per row. */
const CHUNK_CHARS = 16_384;

/**
 * A stream of text pieces made by an async generator, encoded as UTF-8: pieces are read when the client pulls and
 * handed on about 16 KB at a time, so memory stays bounded by a chunk and a page of documents.
 */
export function textStream(pieces: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        let text = '';
        while (text.length < CHUNK_CHARS) {
          const next = await pieces.next();
          if (next.done) {
            if (text) controller.enqueue(encoder.encode(text));
            controller.close();
            return;
          }
          text += next.value;
        }
        controller.enqueue(encoder.encode(text));
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}

const SALES_REGISTER_COLUMNS = [
  'Date',
  'Document',
  'Number',
  'Original invoice',
  'Original invoice date',
  'Order',
  'Supply',
  'Buyer',
  'Business name',
  'Buyer GSTIN',
  'Place of supply',
  'Taxable value',
  'CGST',
  'SGST',
  'IGST',
  'Total',
] as const;

const SUPPLY_NAMES: Record<Supply, string> = {
  b2b: 'B2B',
  b2cl: 'B2C large',
  b2cs: 'B2C small',
  none: 'No GST',
};

/**
 * The sales register of a period as CSV (UTF-8 with BOM, CRLF), streamed: one row per tax invoice, bill of
 * supply and credit note in the order issued; a credit note's figures are negative, so each column sums to the
 * period's net figure. A period with no documents gives the header alone.
 */
export function salesRegisterCsv(db: Db, period: GstPeriod): ReadableStream<Uint8Array> {
  return textStream(
    (async function* () {
      yield BOM + csvLine([...SALES_REGISTER_COLUMNS]);
      for await (const row of documents(db, period, { order: 'time' })) {
        const { doc } = row;
        const sign = doc.kind === 'credit_note' ? -1 : 1;
        const t = doc.totals;
        yield csvLine([
          csvDate(doc.issuedAt),
          documentTitle(doc),
          doc.number,
          doc.against?.number ?? '',
          doc.against?.issuedAt ? csvDate(doc.against.issuedAt) : '',
          doc.orderId,
          SUPPLY_NAMES[supplyOf(row)],
          doc.buyer.name,
          doc.buyer.businessName ?? '',
          doc.buyer.gstin ?? '',
          posName(posOf(doc)),
          rupees(sign * t.taxablePaise),
          rupees(sign * t.cgstPaise),
          rupees(sign * t.sgstPaise),
          rupees(sign * t.igstPaise),
          rupees(sign * t.totalPaise),
        ]);
      }
    })(),
  );
}

/** Streams a JSON array of groups (one per key, in key order) from rows that come sorted by that key. */
async function* groupedArray<T>(
  rows: AsyncIterable<T>,
  keyOf: (row: T) => string | null,
  open: (key: string) => string,
  entry: (row: T) => unknown,
): AsyncGenerator<string> {
  yield '[';
  let current: string | null = null;
  let firstGroup = true;
  let firstEntry = true;
  for await (const row of rows) {
    const key = keyOf(row);
    if (key === null) continue;
    if (key !== current) {
      if (current !== null) yield ']}';
      yield `${firstGroup ? '' : ','}${open(key)}`;
      firstGroup = false;
      firstEntry = true;
      current = key;
    }
    yield `${firstEntry ? '' : ','}${JSON.stringify(entry(row))}`;
    firstEntry = false;
  }
  if (current !== null) yield ']}';
  yield ']';
}

/** Business purchases' documents of a kind, by buyer GSTIN, keeping those of a B2B supply. */
async function* b2bRows(db: Db, period: GstPeriod, kind: 'invoice' | 'credit_note') {
  for await (const row of documents(db, period, { order: 'gstin', kind }))
    if (supplyOf(row) === 'b2b') yield row;
}

/** B2B documents of a kind as a JSON array of buyers (`ctin`, their GSTIN), each with its documents under `list`. */
function byBuyer(
  db: Db,
  period: GstPeriod,
  kind: 'invoice' | 'credit_note',
  list: 'inv' | 'nt',
  entry: (doc: InvoiceDocument) => unknown,
) {
  return groupedArray(
    b2bRows(db, period, kind),
    (r) => r.doc.buyer.gstin ?? null,
    (ctin) => `{"ctin":${JSON.stringify(ctin)},"${list}":[`,
    (r) => entry(r.doc),
  );
}

/**
 * GSTR-1 of a period in the offline tool's JSON shape (`gstin`, `fp`, `b2b`, `b2cl`, `b2cs`, `cdnr`, `cdnur`,
 * `hsn.data`, `doc_issue.doc_det`), streamed: B2B invoices and CDNR notes are written group by group as they are
 * read (sorted by the buyer's GSTIN); one pass by issue time writes CDNUR and sums B2CS, HSN and the document
 * summary. B2C large invoices (each above ₹1 lakh, so few) are grouped by place of supply in memory.
 */
export function gstr1Json(db: Db, config: Config, period: GstPeriod): ReadableStream<Uint8Array> {
  return textStream(
    (async function* () {
      const seller = await readTaxSettings(db, config);
      yield `{"gstin":${JSON.stringify(seller.gstin)},"fp":"${period.fp}","version":"GST3.1.6","hash":"hash","b2b":`;
      yield* byBuyer(db, period, 'invoice', 'inv', b2bInvoice);
      yield ',"cdnr":';
      yield* byBuyer(db, period, 'credit_note', 'nt', creditNote);
      yield ',"cdnur":[';
      const summary = new Gstr1Summary();
      const b2cl = new Map<string, ReturnType<typeof b2clInvoice>[]>();
      let first = true;
      for await (const row of documents(db, period, { order: 'time' })) {
        const supply = supplyOf(row);
        summary.add(row, supply);
        if (supply !== 'b2cl') continue;
        if (row.doc.kind === 'invoice') {
          const pos = posOf(row.doc);
          b2cl.set(pos, [...(b2cl.get(pos) ?? []), b2clInvoice(row.doc)]);
        } else {
          yield `${first ? '' : ','}${JSON.stringify(unregisteredNote(row.doc))}`;
          first = false;
        }
      }
      yield '],"b2cl":';
      yield JSON.stringify(
        [...b2cl.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([pos, inv]) => ({ pos, inv })),
      );
      yield `,"b2cs":${JSON.stringify(summary.b2csRows())}`;
      yield `,"hsn":${JSON.stringify({ data: summary.hsnRows() })}`;
      yield `,"doc_issue":${JSON.stringify({ doc_det: summary.docRows() })}}`;
    })(),
  );
}

/** The GSTR-1 CSV files of the offline tool, by section. */
export const GSTR1_CSV_SECTIONS = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'hsn', 'docs'] as const;
export type Gstr1CsvSection = (typeof GSTR1_CSV_SECTIONS)[number];

const CSV_HEADERS: Record<Gstr1CsvSection, string[]> = {
  b2b: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Reverse Charge',
    'Applicable % of Tax Rate',
    'Invoice Type',
    'E-Commerce GSTIN',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  b2cl: [
    'Invoice Number',
    'Invoice date',
    'Invoice Value',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  b2cs: [
    'Type',
    'Place Of Supply',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
    'E-Commerce GSTIN',
  ],
  cdnr: [
    'GSTIN/UIN of Recipient',
    'Receiver Name',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Reverse Charge',
    'Note Supply Type',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  cdnur: [
    'UR Type',
    'Note Number',
    'Note Date',
    'Note Type',
    'Place Of Supply',
    'Note Value',
    'Applicable % of Tax Rate',
    'Rate',
    'Taxable Value',
    'Cess Amount',
  ],
  hsn: [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ],
  docs: ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
};

/**
 * One section of GSTR-1 as the offline tool's CSV file (one row per document and rate; B2CS, HSN and documents
 * summed), streamed the same way as the JSON.
 */
export function gstr1Csv(db: Db, period: GstPeriod, section: Gstr1CsvSection): ReadableStream<Uint8Array> {
  return textStream(
    (async function* () {
      yield BOM + csvLine(CSV_HEADERS[section]);
      const perRate = (doc: InvoiceDocument) => byRate(doc.lines);
      if (section === 'b2b' || section === 'cdnr') {
        for await (const { doc } of b2bRows(db, period, section === 'b2b' ? 'invoice' : 'credit_note'))
          for (const r of perRate(doc))
            yield csvLine(
              section === 'b2b'
                ? [
                    doc.buyer.gstin ?? '',
                    doc.buyer.businessName ?? '',
                    doc.number,
                    csvDate(doc.issuedAt),
                    rupees(doc.totals.totalPaise),
                    posName(posOf(doc)),
                    'N',
                    '',
                    'Regular B2B',
                    '',
                    r.rt,
                    r.txval,
                    0,
                  ]
                : [
                    doc.buyer.gstin ?? '',
                    doc.buyer.businessName ?? '',
                    doc.number,
                    csvDate(doc.issuedAt),
                    'C',
                    posName(posOf(doc)),
                    'N',
                    'Regular B2B',
                    rupees(doc.totals.totalPaise),
                    '',
                    r.rt,
                    r.txval,
                    0,
                  ],
            );
        return;
      }
      const summary = new Gstr1Summary();
      for await (const row of documents(db, period, { order: 'time' })) {
        const supply = supplyOf(row);
        summary.add(row, supply);
        const { doc } = row;
        if (supply !== 'b2cl') continue;
        if (section === 'b2cl' && doc.kind === 'invoice')
          for (const r of perRate(doc))
            yield csvLine([
              doc.number,
              csvDate(doc.issuedAt),
              rupees(doc.totals.totalPaise),
              posName(posOf(doc)),
              '',
              r.rt,
              r.txval,
              0,
              '',
            ]);
        if (section === 'cdnur' && doc.kind === 'credit_note')
          for (const r of perRate(doc))
            yield csvLine([
              'B2CL',
              doc.number,
              csvDate(doc.issuedAt),
              'C',
              posName(posOf(doc)),
              rupees(doc.totals.totalPaise),
              '',
              r.rt,
              r.txval,
              0,
            ]);
      }
      if (section === 'b2cs')
        for (const s of summary.b2csRows()) yield csvLine(['OE', posName(s.pos), '', s.rt, s.txval, 0, '']);
      if (section === 'hsn')
        for (const h of summary.hsnRows())
          yield csvLine([
            h.hsn_sc,
            h.desc,
            'NOS-NUMBERS',
            h.qty,
            rupees(Math.round((h.txval + h.iamt + h.camt + h.samt) * 100)),
            h.rt,
            h.txval,
            h.iamt,
            h.camt,
            h.samt,
            0,
          ]);
      if (section === 'docs')
        for (const d of summary.docRows())
          for (const s of d.docs) yield csvLine([d.doc_typ, s.from, s.to, s.totnum, s.cancel]);
    })(),
  );
}

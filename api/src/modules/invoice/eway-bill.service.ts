import { EWAY_BILL_THRESHOLD_PAISE, type GstPeriod, needsEwayBill } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { csvLine } from '../catalog-csv/catalog-csv.format';
import { BOM, documents, textStream } from './gst-export.service';
import { isGoods, returnDate, rupees } from './gstr1';

export const EWAY_BILL_COLUMNS = [
  'Supply type',
  'Sub type',
  'Document type',
  'Document number',
  'Document date',
  'Transaction type',
  'From GSTIN',
  'From name',
  'From address',
  'From place',
  'From pincode',
  'From state',
  'To GSTIN',
  'To name',
  'To address',
  'To place',
  'To pincode',
  'To state',
  'Product',
  'HSN',
  'Quantity',
  'Unit',
  'Taxable value',
  'CGST rate',
  'SGST rate',
  'IGST rate',
  'CGST amount',
  'SGST amount',
  'IGST amount',
  'Other value',
  'Total invoice value',
  'Transport mode',
  'Distance (km)',
  'Transporter ID',
  'Transporter name',
  'Transport document number',
  'Transport document date',
  'Vehicle number',
] as const;

/** The last 6-digit Indian pincode written in an address ('' when it has none). */
function pincodeIn(address: string): string {
  return address.match(/\b[1-9]\d{5}\b/g)?.at(-1) ?? '';
}

/** The transport columns: what the member of staff who books the move fills in on the portal. */
const TRANSPORT_BLANKS = ['', '', '', '', '', '', ''];

/**
 * The e-way bill helper of a period as CSV (UTF-8 with BOM, CRLF), streamed: the fields the e-way bill portal
 * asks for, for each tax invoice and bill of supply above the e-way bill threshold (tax included), one row per
 * item (the document's fields repeated on each, as the portal's bulk sheet has them):
 * - supplier: the document's seller as issued (GSTIN, legal name, registered address, its pincode when the
 *   address has one, state); recipient: the buyer's GSTIN (`URP` for a consumer), business or own name, delivery
 *   address, town, pincode and state
 * - goods lines with HSN, quantity (`NOS`), taxable value, rates and amounts; shipping and the COD fee, which are
 *   no goods, as the document's other value
 * - transport (mode, distance, transporter, vehicle) left blank: staff fill them in when the parcel is booked
 * - credit notes move no goods and are left out; a period with none gives the header alone
 */
export function ewayBillCsv(db: Db, period: GstPeriod): ReadableStream<Uint8Array> {
  return textStream(
    (async function* () {
      yield BOM + csvLine([...EWAY_BILL_COLUMNS]);
      for await (const row of documents(db, period, {
        order: 'time',
        kind: 'invoice',
        minTotalPaise: EWAY_BILL_THRESHOLD_PAISE,
      })) {
        const { doc } = row;
        if (!needsEwayBill(doc.totals.totalPaise)) continue;
        const goods = doc.lines.filter(isGoods);
        const otherPaise = doc.lines.reduce((a, l) => a + (goods.includes(l) ? 0 : l.amountPaise), 0);
        const seller = doc.seller;
        const documentFields = [
          'Outward',
          'Supply',
          doc.billOfSupply ? 'Bill of Supply' : 'Tax Invoice',
          doc.number,
          returnDate(doc.issuedAt).replaceAll('-', '/'),
          'Regular',
          seller.gstin || 'URP',
          seller.legalName,
          seller.address,
          '',
          pincodeIn(seller.address),
          seller.state,
          doc.buyer.gstin ?? 'URP',
          doc.buyer.businessName || doc.buyer.name,
          doc.buyer.address.slice(0, -2).join(', '),
          row.city,
          row.pincode,
          doc.buyer.state,
        ];
        for (const l of goods) {
          const half = doc.intraState ? l.ratePct / 2 : 0;
          yield csvLine([
            ...documentFields,
            l.name,
            l.hsn,
            l.qty,
            'NOS',
            rupees(l.taxablePaise),
            half,
            half,
            doc.intraState ? 0 : l.ratePct,
            rupees(l.cgstPaise),
            rupees(l.sgstPaise),
            rupees(l.igstPaise),
            rupees(otherPaise),
            rupees(doc.totals.totalPaise),
            ...TRANSPORT_BLANKS,
          ]);
        }
      }
    })(),
  );
}

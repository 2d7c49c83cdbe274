import QRCode from 'qrcode';
import { isGoods, returnDate, rupees } from './gstr1';
import type { InvoiceDocument, InvoiceLine } from './invoice.service';

/**
 * The fields a document's QR code carries, named as on a GST e-invoice's QR code (so a reader that knows those
 * finds them), as compact JSON. It is not the invoice registration portal's signed code (this shop issues no
 * IRN): a quick way to read the key fields back from paper.
 * - seller and buyer GSTIN (`URP`: a consumer, or a seller not registered)
 * - document number, type (`INV` tax invoice, `BOS` bill of supply, `CRN` credit note) and date (DD/MM/YYYY)
 * - the document's value (rupees), its item count (goods lines) and main HSN code (the goods line of the
 *   largest taxable value; '' when none has one)
 */
export function invoiceQrText(doc: InvoiceDocument): string {
  const goods = doc.lines.filter(isGoods);
  const main = goods.reduce<InvoiceLine | null>(
    (best, l) => (best === null || l.taxablePaise > best.taxablePaise ? l : best),
    null,
  );
  return JSON.stringify({
    SellerGstin: doc.seller.gstin || 'URP',
    BuyerGstin: doc.buyer.gstin || 'URP',
    DocNo: doc.number,
    DocTyp: doc.kind === 'credit_note' ? 'CRN' : doc.billOfSupply ? 'BOS' : 'INV',
    DocDt: returnDate(doc.issuedAt).replaceAll('-', '/'),
    TotInvVal: rupees(doc.totals.totalPaise),
    ItemCnt: goods.length,
    MainHsnCode: main?.hsn ?? '',
  });
}

/**
 * Draws a QR code of `text` as vector squares (sharp in print and in every viewer, nothing to smooth), `size`
 * points wide with the top-left corner at (x, y), with the standard quiet zone of 4 modules inside that size;
 * error correction M (15 %).
 */
export function drawQr(
  pdf: PDFKit.PDFDocument,
  text: string,
  at: { x: number; y: number; size: number },
): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const cell = at.size / (modules.size + 8);
  const x0 = at.x + 4 * cell;
  const y0 = at.y + 4 * cell;
  pdf.save();
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col)) pdf.rect(x0 + col * cell, y0 + row * cell, cell, cell);
  pdf.fillColor('#000000').fill();
  pdf.restore();
}

import { documentDate, type PdfColumn, pdfTableRow, shopPdf, textArea } from '../../lib/pdf';
import { writeText } from '../../lib/pdf-fonts';
import type { InvoiceDocument } from './invoice.service';
import { drawQr, invoiceQrText } from './invoice-qr';

const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (paise: number) => `₹ ${inr.format(paise / 100)}`;
const amount = (paise: number) => inr.format(paise / 100);

const TAX_COLUMNS = [
  { title: '#', width: 18, align: 'left' },
  { title: 'Item', width: 130, align: 'left' },
  { title: 'HSN', width: 42, align: 'left' },
  { title: 'Qty', width: 24, align: 'right' },
  { title: 'GST %', width: 30, align: 'right' },
  { title: 'Taxable', width: 62, align: 'right' },
  { title: 'CGST', width: 50, align: 'right' },
  { title: 'SGST', width: 50, align: 'right' },
  { title: 'IGST', width: 50, align: 'right' },
  { title: 'Total', width: 59, align: 'right' },
] as const satisfies readonly PdfColumn[];

/** A bill of supply (or its credit note) shows no tax: item, HSN, quantity and amount. */
const NO_TAX_COLUMNS = [
  { title: '#', width: 18, align: 'left' },
  { title: 'Item', width: 290, align: 'left' },
  { title: 'HSN', width: 60, align: 'left' },
  { title: 'Qty', width: 40, align: 'right' },
  { title: 'Amount', width: 107, align: 'right' },
] as const satisfies readonly PdfColumn[];

/** The QR code's side (points): about 3 cm, its modules about 0.7 mm, which phone cameras read off paper. */
const QR_SIZE = 86;

/** The document's title as printed at its top. */
export function documentTitle(doc: Pick<InvoiceDocument, 'kind' | 'billOfSupply'>): string {
  if (doc.kind === 'credit_note') return 'CREDIT NOTE';
  return doc.billOfSupply ? 'BILL OF SUPPLY' : 'TAX INVOICE';
}

/** An item as its cell prints it: the name, then the units' serial numbers when recorded. */
const itemCell = (l: InvoiceDocument['lines'][number]) =>
  l.serials?.length ? `${l.name}\nSerial/IMEI: ${l.serials.join(', ')}` : l.name;

/**
 * A tax invoice, bill of supply or credit note as a PDF (pdfkit, A4), in embedded Noto fonts that cover Latin,
 * ₹ and the scripts of Indian addresses (pdf-fonts.ts):
 * - seller (legal and trade name, address, GSTIN or "not registered", state and code), number and date; a
 *   credit note names the original invoice's number and date
 * - buyer (with a business buyer's name and GSTIN), place of supply (state name and code)
 * - tax invoice: one row per line with HSN code, rate, taxable value and CGST/SGST or IGST, the totals;
 *   bill of supply: no tax charged or shown
 * - the units' serial numbers under their item; the total in words
 * - a QR code of the key fields (invoice-qr.ts) at the top right
 * Text is real PDF text (searchable, extractable).
 */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const title = documentTitle(doc);
  const noTax = !!doc.billOfSupply;
  const { pdf, done } = shopPdf({ Title: `${title} ${doc.number}`, Author: doc.seller.legalName });
  const { left, width } = textArea(pdf);
  // The header's lines keep clear of the QR code at its right, until they are below it.
  let lineWidth = width - QR_SIZE - 10;
  const line = (text: string, bold = false) => writeText(pdf, text, { width: lineWidth, bold });

  pdf.fontSize(16);
  writeText(pdf, title, { align: 'center', bold: true, width }, { x: left, y: pdf.y });
  pdf.moveDown(0.5);
  const qrTop = pdf.y;
  drawQr(pdf, invoiceQrText(doc), { x: left + width - QR_SIZE, y: qrTop, size: QR_SIZE });
  pdf.fontSize(11);
  line(doc.seller.legalName, true);
  pdf.fontSize(9);
  if (doc.seller.tradeName) line(`Trade name: ${doc.seller.tradeName}`);
  if (doc.seller.address) line(doc.seller.address);
  // Documents issued before registration was a setting carry no `registered`: a GSTIN says it.
  line(doc.seller.gstin ? `GSTIN: ${doc.seller.gstin}` : 'Not registered for GST');
  if (doc.seller.state) line(`State: ${doc.seller.state} (${doc.seller.stateCode})`);
  pdf.moveDown(0.5);
  const kindName = doc.kind === 'credit_note' ? 'Credit note' : noTax ? 'Bill of supply' : 'Invoice';
  line(`${kindName} number: ${doc.number}`);
  line(`Date: ${documentDate(doc.issuedAt)}`);
  line(`Order: ${doc.orderId}`);
  if (doc.against) {
    const original = doc.billOfSupply ? 'bill of supply' : 'invoice';
    line(
      `Original ${original}: ${doc.against.number}${doc.against.issuedAt ? ` dated ${documentDate(doc.against.issuedAt)}` : ''}`,
    );
    line(`Reason: ${doc.against.reason}`);
  }
  pdf.moveDown(0.5);
  if (pdf.y < qrTop + QR_SIZE) pdf.y = qrTop + QR_SIZE;
  lineWidth = width;
  line('Bill to / Ship to', true);
  if (doc.buyer.businessName) line(doc.buyer.businessName, true);
  if (doc.buyer.gstin) line(`Buyer's GSTIN: ${doc.buyer.gstin}`);
  if (doc.buyer.name) line(doc.buyer.name);
  for (const l of doc.buyer.address) line(l);
  line(`Place of supply: ${doc.placeOfSupply}`);
  pdf.moveDown();

  const t = doc.totals;
  if (noTax) {
    const row = (cells: string[], bold = false) =>
      pdfTableRow(pdf, NO_TAX_COLUMNS, cells, { bold, fontSize: 8 });
    row(
      NO_TAX_COLUMNS.map((c) => c.title),
      true,
    );
    doc.lines.forEach((l, i) => {
      row([String(i + 1), itemCell(l), l.hsn || '-', String(l.qty), amount(l.amountPaise)]);
    });
    row(['', 'Total', '', '', amount(t.totalPaise)], true);
  } else {
    const row = (cells: string[], bold = false) =>
      pdfTableRow(pdf, TAX_COLUMNS, cells, { bold, fontSize: 8 });
    row(
      TAX_COLUMNS.map((c) => c.title),
      true,
    );
    doc.lines.forEach((l, i) => {
      row([
        String(i + 1),
        itemCell(l),
        l.hsn || '-',
        String(l.qty),
        String(l.ratePct),
        amount(l.taxablePaise),
        amount(l.cgstPaise),
        amount(l.sgstPaise),
        amount(l.igstPaise),
        amount(l.amountPaise),
      ]);
    });
    row(
      [
        '',
        'Total',
        '',
        '',
        '',
        amount(t.taxablePaise),
        amount(t.cgstPaise),
        amount(t.sgstPaise),
        amount(t.igstPaise),
        amount(t.totalPaise),
      ],
      true,
    );
  }

  pdf.moveDown();
  pdf.fontSize(9);
  const right = (text: string, bold = false) =>
    writeText(pdf, text, { width, align: 'right', bold }, { x: left, y: pdf.y });
  // The line amounts above are after these discounts.
  for (const d of doc.discounts ?? [])
    if (d.amountPaise > 0) right(`${d.label}: -${money(d.amountPaise)} (in the amounts above)`);
  if (!noTax) {
    right(`Taxable value: ${money(t.taxablePaise)}`);
    if (doc.intraState) {
      right(`CGST: ${money(t.cgstPaise)}`);
      right(`SGST: ${money(t.sgstPaise)}`);
    } else {
      right(`IGST: ${money(t.igstPaise)}`);
    }
  }
  const totalName = doc.kind === 'credit_note' ? 'Credit total' : noTax ? 'Total' : 'Invoice total';
  right(`${totalName}: ${money(t.totalPaise)}`, true);
  pdf.moveDown(0.5);
  writeText(pdf, `Amount in words: ${doc.totalInWords}`, { width }, { x: left, y: pdf.y });
  pdf.moveDown();
  pdf.fontSize(8);
  if (noTax) line('The seller is not registered for GST: no GST is charged on this supply.');
  else line('Prices are inclusive of GST. Tax is not payable on reverse charge.');
  line('This is a computer-generated document and needs no signature.');
  pdf.end();
  return done;
}

import PDFDocument from 'pdfkit';
import { documentDate, type PdfColumn, pdfBytes, pdfTableRow } from '../../lib/pdf';
import type { InvoiceDocument } from './invoice.service';

const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** The PDF's built-in fonts have no ₹ sign: amounts are printed as "Rs. 1,234.50". */
const money = (paise: number) => `Rs. ${inr.format(paise / 100)}`;
const amount = (paise: number) => inr.format(paise / 100);

const COLUMNS = [
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

/**
 * A tax invoice or credit note as a PDF (pdfkit, A4): seller with GSTIN and state, number and date, buyer and
 * place of supply, one row per line with HSN code, rate, taxable value and CGST/SGST or IGST, the totals, and
 * the total in words. Text is real PDF text (searchable, extractable).
 */
export function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: {
      Title: `${doc.kind === 'invoice' ? 'Tax invoice' : 'Credit note'} ${doc.number}`,
      Author: doc.seller.legalName,
    },
  });
  const done = pdfBytes(pdf);

  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const issued = documentDate(doc.issuedAt);

  pdf
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(doc.kind === 'invoice' ? 'TAX INVOICE' : 'CREDIT NOTE', { align: 'center' });
  pdf.moveDown(0.5);
  pdf.fontSize(11).text(doc.seller.legalName);
  pdf.font('Helvetica').fontSize(9);
  if (doc.seller.address) pdf.text(doc.seller.address);
  pdf.text(`GSTIN: ${doc.seller.gstin || 'not registered'}`);
  if (doc.seller.state) pdf.text(`State: ${doc.seller.state} (${doc.seller.stateCode})`);
  pdf.moveDown(0.5);
  pdf.text(`${doc.kind === 'invoice' ? 'Invoice' : 'Credit note'} number: ${doc.number}`);
  pdf.text(`Date: ${issued}`);
  pdf.text(`Order: ${doc.orderId}`);
  if (doc.against) {
    pdf.text(`Against invoice: ${doc.against.number}`);
    pdf.text(`Reason: ${doc.against.reason}`);
  }
  pdf.moveDown(0.5);
  pdf.font('Helvetica-Bold').text('Bill to / Ship to');
  pdf.font('Helvetica').text(doc.buyer.name);
  for (const line of doc.buyer.address) pdf.text(line);
  pdf.text(`Place of supply: ${doc.placeOfSupply}`);
  pdf.moveDown();

  const row = (cells: string[], bold = false) => pdfTableRow(pdf, COLUMNS, cells, { bold, fontSize: 8 });
  row(
    COLUMNS.map((c) => c.title),
    true,
  );
  doc.lines.forEach((l, i) => {
    row([
      String(i + 1),
      l.name,
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
  const t = doc.totals;
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

  pdf.moveDown();
  pdf.font('Helvetica').fontSize(9);
  // The line amounts above are after these discounts.
  for (const d of doc.discounts ?? [])
    if (d.amountPaise > 0)
      pdf.text(`${d.label}: -${money(d.amountPaise)} (in the amounts above)`, left, pdf.y, {
        width,
        align: 'right',
      });
  pdf.text(`Taxable value: ${money(t.taxablePaise)}`, left, pdf.y, { width, align: 'right' });
  if (doc.intraState) {
    pdf.text(`CGST: ${money(t.cgstPaise)}`, { width, align: 'right' });
    pdf.text(`SGST: ${money(t.sgstPaise)}`, { width, align: 'right' });
  } else {
    pdf.text(`IGST: ${money(t.igstPaise)}`, { width, align: 'right' });
  }
  pdf
    .font('Helvetica-Bold')
    .text(`${doc.kind === 'invoice' ? 'Invoice total' : 'Credit total'}: ${money(t.totalPaise)}`, {
      width,
      align: 'right',
    });
  pdf.font('Helvetica').moveDown(0.5);
  pdf.text(`Amount in words: ${doc.totalInWords}`, left, pdf.y, { width });
  pdf.moveDown();
  pdf.fontSize(8).text('Prices are inclusive of GST. Tax is not payable on reverse charge.', { width });
  pdf.text('This is a computer-generated document and needs no signature.', { width });
  pdf.end();
  return done;
}

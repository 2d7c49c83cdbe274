import { documentDate, type PdfColumn, pdfTableRow, shopPdf, textArea } from '../../lib/pdf';
import { writeText } from '../../lib/pdf-fonts';
import type { PackingSlip } from './packing-slip.service';

const COLUMNS = [
  { title: '#', width: 22, align: 'left' },
  { title: 'Item', width: 190, align: 'left' },
  { title: 'Colour', width: 80, align: 'left' },
  { title: 'Memory', width: 60, align: 'left' },
  { title: 'SKU', width: 123, align: 'left' },
  { title: 'Qty', width: 40, align: 'right' },
] as const satisfies readonly PdfColumn[];

/** Rupees as the slip prints them (Helvetica has no ₹ sign): 12,963 or 12,963.50, Indian grouping. */
const rupeeText = (paise: number) =>
  new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: paise % 100 ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(paise / 100);

/**
 * Packing slips as one PDF (pdfkit, A4), one page per order: the shop, order id and date, ship-to address and
 * contact, the cash to collect for an unpaid cash-on-delivery order and the parcel's weight, one row per line (name,
 * colour, memory, SKU, quantity; no prices) and the shopper's notes. Text is
 * real PDF text (searchable, extractable).
 */
export function renderPackingSlipsPdf(shopName: string, slips: PackingSlip[]): Promise<Buffer> {
  const { pdf, done } = shopPdf(
    { Title: `Packing slips (${slips.length})`, Author: shopName },
    { autoFirstPage: false },
  );

  for (const slip of slips) {
    pdf.addPage();
    const { left, width } = textArea(pdf);
    const placed = documentDate(slip.placedAt);

    pdf.fontSize(16);
    writeText(pdf, 'PACKING SLIP', { align: 'center', bold: true });
    pdf.moveDown(0.5);
    pdf.fontSize(11);
    writeText(pdf, shopName, { bold: true });
    pdf.fontSize(9);
    writeText(pdf, `Order: ${slip.orderId}`);
    writeText(pdf, `Date: ${placed}`);
    pdf.moveDown(0.5);
    writeText(pdf, 'Ship to', { bold: true });
    if (slip.shipTo.name) writeText(pdf, slip.shipTo.name);
    for (const line of slip.shipTo.address) writeText(pdf, line);
    if (slip.shipTo.contact) writeText(pdf, `Contact: ${slip.shipTo.contact}`);
    pdf.moveDown(0.5);
    if (slip.codToCollectPaise !== null)
      writeText(pdf, `Cash on delivery: collect Rs. ${rupeeText(slip.codToCollectPaise)}`, { bold: true });
    if (slip.weightGrams > 0) writeText(pdf, `Parcel weight: ${(slip.weightGrams / 1000).toFixed(2)} kg`);
    pdf.moveDown();

    const row = (cells: string[], bold = false) => pdfTableRow(pdf, COLUMNS, cells, { bold, fontSize: 9 });
    row(
      COLUMNS.map((c) => c.title),
      true,
    );
    slip.lines.forEach((l, i) => {
      row([String(i + 1), l.name, l.color || '-', l.memory || '-', l.sku || '-', String(l.qty)]);
    });
    const units = slip.lines.reduce((n, l) => n + l.qty, 0);
    row(['', `${units} ${units === 1 ? 'item' : 'items'}`, '', '', '', String(units)], true);

    if (slip.notes) {
      pdf.moveDown();
      pdf.fontSize(9);
      writeText(pdf, 'Notes', { width, bold: true }, { x: left, y: pdf.y });
      writeText(pdf, slip.notes, { width });
    }
  }
  pdf.end();
  return done;
}

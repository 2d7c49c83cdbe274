import PDFDocument from 'pdfkit';
import type { PackingSlip } from './packing-slip.service';

const COLUMNS = [
  { title: '#', width: 22, align: 'left' },
  { title: 'Item', width: 190, align: 'left' },
  { title: 'Colour', width: 80, align: 'left' },
  { title: 'Memory', width: 60, align: 'left' },
  { title: 'SKU', width: 123, align: 'left' },
  { title: 'Qty', width: 40, align: 'right' },
] as const;

/**
 * Packing slips as one PDF (pdfkit, A4), one page per order: the shop, order id and date, ship-to address and
 * contact, one row per line (name, colour, memory, SKU, quantity; no prices) and the shopper's notes. Text is
 * real PDF text (searchable, extractable).
 */
export function renderPackingSlipsPdf(shopName: string, slips: PackingSlip[]): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 40,
    autoFirstPage: false,
    info: { Title: `Packing slips (${slips.length})`, Author: shopName },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  for (const slip of slips) {
    pdf.addPage();
    const left = pdf.page.margins.left;
    const width = pdf.page.width - left - pdf.page.margins.right;
    const placed = slip.placedAt.toLocaleDateString('en-IN', {
      timeZone: 'Asia/Kolkata',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
    });

    pdf.font('Helvetica-Bold').fontSize(16).text('PACKING SLIP', { align: 'center' });
    pdf.moveDown(0.5);
    pdf.fontSize(11).text(shopName);
    pdf.font('Helvetica').fontSize(9);
    pdf.text(`Order: ${slip.orderId}`);
    pdf.text(`Date: ${placed}`);
    pdf.moveDown(0.5);
    pdf.font('Helvetica-Bold').text('Ship to');
    pdf.font('Helvetica');
    if (slip.shipTo.name) pdf.text(slip.shipTo.name);
    for (const line of slip.shipTo.address) pdf.text(line);
    if (slip.shipTo.contact) pdf.text(`Contact: ${slip.shipTo.contact}`);
    pdf.moveDown();

    const row = (cells: string[], bold = false) => {
      pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      const y = pdf.y;
      let x = left;
      let height = 0;
      cells.forEach((cell, i) => {
        const col = COLUMNS[i]!;
        const h = pdf.heightOfString(cell, { width: col.width - 4 });
        pdf.text(cell, x + 2, y, { width: col.width - 4, align: col.align });
        height = Math.max(height, h);
        x += col.width;
      });
      pdf.x = left;
      pdf.y = y + height + 4;
      pdf
        .moveTo(left, pdf.y - 2)
        .lineTo(left + width, pdf.y - 2)
        .lineWidth(0.3)
        .stroke();
    };
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
      pdf.font('Helvetica-Bold').fontSize(9).text('Notes', left, pdf.y, { width });
      pdf.font('Helvetica').text(slip.notes, { width });
    }
  }
  pdf.end();
  return done;
}

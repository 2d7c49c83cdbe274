import type PDFDocument from 'pdfkit';

type Pdf = InstanceType<typeof PDFDocument>;

/** A table column of a PDF document: its header, width in points and alignment. */
export interface PdfColumn {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** The document's bytes once pdfkit has finished it (call before writing, then `pdf.end()`). */
export function pdfBytes(pdf: Pdf): Promise<Buffer> {
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

/** A date as the shop's documents print it: Indian time, e.g. "25 Nov 2026". */
export const documentDate = (at: Date | string) =>
  new Date(at).toLocaleDateString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  });

/**
 * Writes one table row at the current position across the page's text width: each cell wrapped in its column,
 * the row as tall as its tallest cell, a thin rule beneath it; the position moves below the row.
 */
export function pdfTableRow(
  pdf: Pdf,
  columns: readonly PdfColumn[],
  cells: string[],
  { bold = false, fontSize }: { bold?: boolean; fontSize: number },
): void {
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(fontSize);
  const y = pdf.y;
  let x = left;
  let height = 0;
  cells.forEach((cell, i) => {
    const col = columns[i]!;
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
}

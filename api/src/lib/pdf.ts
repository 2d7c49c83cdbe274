import PDFDocument from 'pdfkit';
import { mainFont, registerPdfFonts, writeText } from './pdf-fonts';

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

/**
 * A new A4 document as the shop prints its papers (40-point margins, the fonts of registerPdfFonts) and its bytes
 * once `pdf.end()` is called.
 */
export function shopPdf(
  info: { Title: string; Author: string },
  { autoFirstPage = true }: { autoFirstPage?: boolean } = {},
): { pdf: Pdf; done: Promise<Buffer> } {
  const pdf = new PDFDocument({ size: 'A4', margin: 40, autoFirstPage, info });
  const done = pdfBytes(pdf);
  registerPdfFonts(pdf);
  return { pdf, done };
}

/** The left edge and the width between the page's margins, where text and tables go. */
export function textArea(pdf: Pdf): { left: number; width: number } {
  const left = pdf.page.margins.left;
  return { left, width: pdf.page.width - left - pdf.page.margins.right };
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
 * Writes one table row at the current position across the page's text width: each cell wrapped in its column in
 * the fonts that cover its script (registerPdfFonts first), the row as tall as its tallest cell, a thin rule
 * beneath it; the position moves below the row.
 */
export function pdfTableRow(
  pdf: Pdf,
  columns: readonly PdfColumn[],
  cells: string[],
  { bold = false, fontSize }: { bold?: boolean; fontSize: number },
): void {
  const { left, width } = textArea(pdf);
  pdf.fontSize(fontSize);
  // A row that would run past the bottom margin starts on a new page.
  const tallest = Math.max(
    ...cells.map((cell, i) =>
      pdf.font(mainFont(cell, bold)).heightOfString(cell, { width: columns[i]!.width - 4 }),
    ),
  );
  if (pdf.y + tallest + 4 > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
  const y = pdf.y;
  let x = left;
  cells.forEach((cell, i) => {
    const col = columns[i]!;
    writeText(pdf, cell, { width: col.width - 4, align: col.align, bold }, { x: x + 2, y });
    x += col.width;
  });
  pdf.x = left;
  pdf.y = y + tallest + 4;
  pdf
    .moveTo(left, pdf.y - 2)
    .lineTo(left + width, pdf.y - 2)
    .lineWidth(0.3)
    .stroke();
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type PDFDocument from 'pdfkit';

type Pdf = InstanceType<typeof PDFDocument>;

const require = createRequire(import.meta.url);

/**
 * The fonts of the shop's PDFs: Noto Sans for Latin (with ₹, Greek and Cyrillic) and a Noto Sans family for each
 * script of Indian addresses, from the @fontsource packages. Each package splits its family into files by Unicode
 * range; the files of one family share their vertical metrics, so a line set in one family keeps one baseline.
 * pdfkit embeds only the glyphs a document uses (a subset), shaped by fontkit's OpenType layout (Indic conjuncts,
 * reph and pre-base vowel signs included).
 */
const SCRIPTS = [
  { family: 'devanagari', from: 0x0900, to: 0x097f, ranges: ['devanagari', 'latin', 'latin-ext'] },
  { family: 'bengali', from: 0x0980, to: 0x09ff, ranges: ['bengali', 'latin', 'latin-ext'] },
  { family: 'gurmukhi', from: 0x0a00, to: 0x0a7f, ranges: ['gurmukhi', 'latin', 'latin-ext'] },
  { family: 'gujarati', from: 0x0a80, to: 0x0aff, ranges: ['gujarati', 'latin', 'latin-ext'] },
  { family: 'oriya', from: 0x0b00, to: 0x0b7f, ranges: ['oriya', 'latin', 'latin-ext'] },
  { family: 'tamil', from: 0x0b80, to: 0x0bff, ranges: ['tamil', 'latin', 'latin-ext'] },
  { family: 'telugu', from: 0x0c00, to: 0x0c7f, ranges: ['telugu', 'latin', 'latin-ext'] },
  { family: 'kannada', from: 0x0c80, to: 0x0cff, ranges: ['kannada', 'latin', 'latin-ext'] },
  { family: 'malayalam', from: 0x0d00, to: 0x0d7f, ranges: ['malayalam', 'latin', 'latin-ext'] },
] as const;
const LATIN_RANGES = ['latin', 'latin-ext', 'greek', 'cyrillic'] as const;

type Weight = 400 | 700;

interface FontFile {
  /** The name the font is registered under in a document. */
  name: string;
  bytes: Buffer;
  covers: (codePoint: number) => boolean;
}

const files = new Map<string, FontFile>();

/** One file of a family (loaded once per process). */
function fontFile(family: string, range: string, weight: Weight): FontFile {
  const pkg = family === 'latin' ? '@fontsource/noto-sans' : `@fontsource/noto-sans-${family}`;
  const base = family === 'latin' ? 'noto-sans' : `noto-sans-${family}`;
  const name = `${base}-${range}-${weight}`;
  let f = files.get(name);
  if (!f) {
    const bytes = readFileSync(require.resolve(`${pkg}/files/${name}-normal.woff`));
    const font = fontkit.create(bytes) as fontkit.Font;
    f = { name, bytes, covers: (cp) => font.hasGlyphForCodePoint(cp) };
    files.set(name, f);
  }
  return f;
}

/** The files to set a text in, in order of preference: its Indic script's family first (if any), then Noto Sans. */
function fontsFor(text: string, weight: Weight): FontFile[] {
  const latin = LATIN_RANGES.map((r) => fontFile('latin', r, weight));
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const script = SCRIPTS.find((s) => cp >= s.from && cp <= s.to);
    if (script) return [...script.ranges.map((r) => fontFile(script.family, r, weight)), ...latin];
  }
  return latin;
}

/** Joiners, variation selectors and combining marks stay with the character before them. */
const CLINGS = /^(?:\u200c|\u200d|[\ufe00-\ufe0f]|[\u0300-\u036f])$/;

/**
 * A text cut into runs, each with the font that has glyphs for it.
 * - a character no embedded font has (an emoji, a script of no Indian address) prints as U+FFFD (�), so the
 *   document never shows a wrong letter in its place
 */
function fontRuns(text: string, weight: Weight = 400): { font: string; text: string }[] {
  const fonts = fontsFor(text, weight);
  const runs: { font: FontFile; text: string }[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const last = runs.at(-1);
    // Line breaks and spaces stay in the run they are in (a font has no glyph for a line break).
    if (last && (CLINGS.test(ch) || ch === '\n' || (ch === ' ' && last.font.covers(cp)))) {
      last.text += ch;
      continue;
    }
    const font = ch === '\n' ? fonts[0] : fonts.find((f) => f.covers(cp));
    const [use, put] = font ? [font, ch] : [fonts.find((f) => f.covers(0xfffd)) ?? fonts[0]!, '\ufffd'];
    if (last && last.font === use) last.text += put;
    else runs.push({ font: use, text: put });
  }
  return runs.map((r) => ({ font: r.font.name, text: r.text }));
}

/** Registers every font of the shop's PDFs in a document (pdfkit embeds only those a page uses). */
export function registerPdfFonts(pdf: Pdf): void {
  for (const weight of [400, 700] as const) {
    for (const r of LATIN_RANGES)
      pdf.registerFont(fontFile('latin', r, weight).name, fontFile('latin', r, weight).bytes);
    for (const s of SCRIPTS)
      for (const r of s.ranges) {
        const f = fontFile(s.family, r, weight);
        pdf.registerFont(f.name, f.bytes);
      }
  }
}

/** The font a text's height is measured with: the first of its runs (one family shares one line height). */
export function mainFont(text: string, bold = false): string {
  return fontRuns(text.slice(0, 200) || ' ', bold ? 700 : 400)[0]!.font;
}

type TextOptions = PDFKit.Mixins.TextOptions;

/**
 * Writes a text in the fonts that cover it (fontRuns), continuing one paragraph across the runs; the document's
 * font size stays as set.
 * - a right-aligned or centred text in several fonts is one line (totals, titles): its runs are measured and set
 *   side by side, as pdfkit aligns each run of a continued paragraph on its own
 */
export function writeText(
  pdf: Pdf,
  text: string,
  options: TextOptions & { bold?: boolean } = {},
  at?: { x: number; y: number },
): void {
  const { bold, ...opts } = options;
  const runs = fontRuns(text, bold ? 700 : 400);
  if (runs.length === 0) runs.push({ font: mainFont(' ', bold), text: '' });
  if (runs.length > 1 && (opts.align === 'right' || opts.align === 'center')) {
    const left = at?.x ?? pdf.x;
    const y = at?.y ?? pdf.y;
    const width = opts.width ?? pdf.page.width - pdf.page.margins.right - left;
    const widths = runs.map((r) => pdf.font(r.font).widthOfString(r.text));
    const total = widths.reduce((a, b) => a + b, 0);
    let x = left + (opts.align === 'right' ? width - total : (width - total) / 2);
    let height = 0;
    runs.forEach((r, i) => {
      pdf.font(r.font).text(r.text, x, y, { lineBreak: false });
      height = Math.max(height, pdf.currentLineHeight(true));
      x += widths[i]!;
    });
    pdf.x = left;
    pdf.y = y + height;
    return;
  }
  runs.forEach((r, i) => {
    pdf.font(r.font);
    const o = { ...opts, continued: i < runs.length - 1 ? true : (opts.continued ?? false) };
    if (i === 0 && at) pdf.text(r.text, at.x, at.y, o);
    else pdf.text(r.text, o);
  });
}

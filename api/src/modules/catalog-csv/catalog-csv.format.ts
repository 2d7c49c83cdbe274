import {
  CATALOG_CSV_COLUMNS,
  type CATALOG_CSV_PRODUCT_COLUMNS,
  type CatalogCsvColumn,
  type CsvRowError,
  gstSlabsOn,
  HSN_PATTERN,
  isGstSlab,
  memorySize,
  OPTIONAL_CATALOG_CSV_COLUMNS,
  percent,
  rupees,
  slugify,
  stockCount,
  toPaise,
  VARIANT_SKU,
  weightGrams,
} from '@voltcart/shared';
import type { z } from 'zod';

/**
 * The catalogue CSV, one row per variant with its product's fields (see CATALOG_CSV_COLUMNS and docs/back-office.md):
 * - cells that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage
 *   return) are written with a leading `'`; the import drops that `'` again, so a file exported and imported back
 *   changes nothing, and stores every cell as text (nothing is ever evaluated)
 * - numbers are written plainly (rupees with up to 2 decimals, no grouping), booleans as 1 / 0
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as written: formula-looking text gets a leading `'`; quoted when it holds a comma, quote or line break. */
export function csvCell(value: string | number): string {
  let v = String(value);
  if (typeof value === 'string' && FORMULA_START.test(v)) v = `'${v}`;
  return /[",\r\n]/.test(v) || /^\s|\s$/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

/** One line of the file (CRLF, as RFC 4180 says). */
export const csvLine = (cells: (string | number)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A cell as read: the `'` the export put before formula-looking text is dropped. */
export function fromCell(v: string): string {
  return v.startsWith("'") && FORMULA_START.test(v.slice(1)) ? v.slice(1) : v;
}

/** A row of the file, read and checked on its own (references are checked against the catalogue later). */
export interface CsvRow {
  line: number;
  /** The product's slug: rows with the same handle are one product. */
  handle: string;
  product: {
    name: string;
    brand: string;
    /** A category slug; '' = none. */
    category: string;
    originalPaise: number;
    discount: number;
    active: boolean;
    inStock: boolean;
    topSelling: boolean;
    shortDescription: string;
    longDescription: string;
    videoUrl: string;
    /** The product's own HSN code ('' none) and GST rate (basis points, null none); undefined: column left out. */
    hsnCode?: string;
    gstRateBp?: number | null;
    /** Grams (null: not weighed); undefined: column left out. */
    weightGrams?: number | null;
  };
  sku: string;
  /** A colour slug; '' = none. */
  color: string;
  /** 0 = none. */
  memoryGb: number;
  /** NULL = the product's final price plus the option adjustments. */
  pricePaise: number | null;
  stock: number;
  variantActive: boolean;
  /** The variant's own weight in grams (null: the product's); undefined: column left out. */
  weightGrams?: number | null;
}

/**
 * Checks the header: every column exactly once, none unknown (any order).
 * Returns a reason, or null when the header is right.
 */
export function headerProblem(header: string[]): string | null {
  const names = header.map((h) => h.trim().toLowerCase());
  const known = new Set<string>(CATALOG_CSV_COLUMNS);
  const unknown = names.filter((n) => !known.has(n));
  const missing = CATALOG_CSV_COLUMNS.filter(
    (c) => !names.includes(c) && !OPTIONAL_CATALOG_CSV_COLUMNS.includes(c),
  );
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  const problems = [
    missing.length ? `missing ${missing.join(', ')}` : '',
    unknown.length ? `unknown ${unknown.map((u) => `"${u}"`).join(', ')}` : '',
    twice.length ? `repeated ${[...new Set(twice)].join(', ')}` : '',
  ].filter(Boolean);
  if (!problems.length) return null;
  return `The first line must name the catalogue's columns (${CATALOG_CSV_COLUMNS.join(',')}): ${problems.join('; ')}.`;
}

const BOOLEAN: Record<string, boolean> = {
  '1': true,
  true: true,
  yes: true,
  '0': false,
  false: false,
  no: false,
};

/** Reads one record (cells by column name) into a row, or the reasons it cannot be read. */
export function readRow(
  cells: Record<CatalogCsvColumn, string>,
  line: number,
): { row: CsvRow | null; errors: CsvRowError[] } {
  const errors: CsvRowError[] = [];
  const fail = (column: CatalogCsvColumn, reason: string) => errors.push({ line, column, reason });
  const cell = (c: CatalogCsvColumn) => fromCell(cells[c] ?? '').trim();
  const text = (c: CatalogCsvColumn, max: number) => {
    const v = cell(c);
    if (v.length > max) fail(c, `must be at most ${max} characters (it has ${v.length})`);
    return v;
  };
  const number = <T>(c: CatalogCsvColumn, schema: z.ZodType<T>, blank: T | undefined, hint: string) => {
    const v = cell(c);
    if (v === '') {
      if (blank === undefined) fail(c, 'is required');
      return blank as T;
    }
    const r = schema.safeParse(v);
    if (r.success) return r.data;
    const why = r.error.issues[0]?.message ?? 'is not valid';
    fail(c, `"${v}" ${why === 'must be a number' ? `is not a number (${hint})` : why}`);
    return blank as T;
  };
  const flag = (c: CatalogCsvColumn, blank: boolean) => {
    const v = cell(c).toLowerCase();
    if (v === '') return blank;
    if (v in BOOLEAN) return BOOLEAN[v]!;
    fail(c, `"${cell(c)}" must be 1 or 0 (yes or no)`);
    return blank;
  };

  const name = text('name', 200);
  if (!name) fail('name', 'is required');
  else if (!slugify(name)) fail('name', 'must contain at least one letter or digit');
  const handle = cell('handle') || slugify(name);
  const sku = cell('sku');
  if (!sku) fail('sku', 'is required');
  else if (!VARIANT_SKU.test(sku))
    fail('sku', `"${sku}" must be 1–160 letters, digits, dots, dashes or underscores`);
  const videoUrl = text('video_url', 500);
  if (videoUrl && !/^https?:\/\/\S+$/i.test(videoUrl)) fail('video_url', 'must be an http(s) URL');
  const hsnCode = cells.hsn_code === undefined ? undefined : cell('hsn_code');
  if (hsnCode && !HSN_PATTERN.test(hsnCode)) fail('hsn_code', `"${hsnCode}" must be 4, 6 or 8 digits`);
  let gstRateBp: number | null | undefined;
  if (cells.gst_rate !== undefined) {
    const rate = cell('gst_rate');
    gstRateBp = rate === '' ? null : Math.round(Number(rate) * 100);
    if (gstRateBp !== null && (!/^\d+(\.\d+)?$/.test(rate) || !isGstSlab(gstRateBp)))
      fail(
        'gst_rate',
        `"${rate}" must be one of the GST slabs: ${gstSlabsOn(new Date())
          .map((b) => b / 100)
          .join(', ')} (percent), or blank`,
      );
  }
  const original = number('original_price', rupees, undefined, 'rupees, e.g. 1999.50');
  const discount = number('discount_percentage', percent, 0, 'a percentage from 0 to 100');
  const memory = cell('memory_gb') === '0' ? 0 : number('memory_gb', memorySize, 0, 'a whole number of GB');
  const price = number<number | null>(
    'variant_price',
    rupees,
    null,
    'rupees, or blank for the product price',
  );
  const stock = number('stock', stockCount, 0, 'a whole number of units');
  // Weights: left out, kept as they are; blank, not weighed (a variant: its product's weight).
  const grams = (c: 'weight_grams' | 'variant_weight_grams') =>
    cells[c] === undefined
      ? undefined
      : number<number | null>(c, weightGrams, null, 'a whole number of grams');
  const productWeight = grams('weight_grams');
  const variantWeight = grams('variant_weight_grams');
  const row: CsvRow = {
    line,
    handle,
    product: {
      name,
      brand: text('brand', 100),
      category: text('category', 200).toLowerCase(),
      originalPaise: toPaise(original ?? 0),
      discount: Math.round((discount ?? 0) * 100) / 100,
      active: flag('active', true),
      inStock: flag('in_stock', true),
      topSelling: flag('top_selling', false),
      shortDescription: text('short_description', 1000),
      longDescription: text('long_description', 20000),
      videoUrl,
      ...(hsnCode !== undefined && { hsnCode }),
      ...(gstRateBp !== undefined && { gstRateBp }),
      ...(productWeight !== undefined && { weightGrams: productWeight }),
    },
    sku,
    color: text('color', 200).toLowerCase(),
    memoryGb: memory ?? 0,
    pricePaise: price === null ? null : toPaise(price),
    stock: stock ?? 0,
    variantActive: flag('variant_active', true),
    ...(variantWeight !== undefined && { weightGrams: variantWeight }),
  };
  return { row: errors.length ? null : row, errors };
}

/** The product fields of a row as CSV text, to compare rows of one product. */
export function productCells(row: CsvRow): Record<(typeof CATALOG_CSV_PRODUCT_COLUMNS)[number], string> {
  const p = row.product;
  return {
    name: p.name,
    brand: p.brand,
    category: p.category,
    original_price: String(p.originalPaise),
    discount_percentage: String(p.discount),
    active: String(p.active),
    in_stock: String(p.inStock),
    top_selling: String(p.topSelling),
    short_description: p.shortDescription,
    long_description: p.longDescription,
    video_url: p.videoUrl,
    hsn_code: p.hsnCode ?? '',
    gst_rate: p.gstRateBp === undefined || p.gstRateBp === null ? '' : String(p.gstRateBp),
    weight_grams: p.weightGrams === undefined || p.weightGrams === null ? '' : String(p.weightGrams),
  };
}

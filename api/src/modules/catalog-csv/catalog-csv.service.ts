import { randomBytes } from 'node:crypto';
import { pipeline, Readable } from 'node:stream';
import {
  CATALOG_CSV_COLUMNS,
  CATALOG_CSV_PRODUCT_COLUMNS,
  type CatalogCsvColumn,
  type CatalogImport,
  type CsvRowError,
  finalPricePaise,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ERRORS,
  slugify,
  toRupees,
} from '@voltcart/shared';
import { CsvError, parse } from 'csv-parse';
import type { Selectable } from 'kysely';
import type { Deps } from '../../app-env';
import type { Db } from '../../db/connection';
import type { CatalogImportTable } from '../../db/database';
import { isDuplicateKey, isMissingReference } from '../../db/errors';
import { AppError, badRequest, notFound } from '../../errors';
import { transaction } from '../../lib/transaction';
import { type Actor, type AuditEntry, recordAudits } from '../audit/audit.service';
import type { ProductValues } from '../product/product.repository';
import * as prodRepo from '../product/product.repository';
import * as vrepo from '../product/product-variant.repository';
import type { SearchEngine } from '../search/search-engine';
import { recordStock, type StockMove } from '../stock/stock-ledger.service';
import { type CsvRow, csvLine, headerProblem, productCells, readRow } from './catalog-csv.format';
import * as repo from './catalog-csv.repository';

/**
 * Catalogue CSV export and import (one row per variant, see catalog-csv.format.ts).
 * Import rules:
 * - preview first: the whole file is read and checked (header, UTF-8, size, each cell, duplicate SKUs, rows of
 *   one product that disagree, unknown categories and colours, slugs and option combinations already taken);
 *   nothing in the catalogue changes; a file without errors is kept, split into batches
 * - a variant is found by its SKU (idempotent: a second import of the same file finds every row unchanged and
 *   writes nothing); a new SKU joins the product of its handle (an existing slug) or a new product
 * - an import never deletes: variants and options the file does not name stay as they are; colours and memory
 *   sizes a row names that its product lacks are added (no price adjustment)
 * - apply runs one batch per call in one transaction, checked again against the catalogue as it is then; a
 *   failed batch is rolled back and reported, earlier batches stay, and applying again continues from it
 * - product figures (stock, price range) and the search index are kept with the same hooks the product routes use
 * - each product a batch creates or updates gets one history record in the batch's transaction (a preview and
 *   unchanged rows none): its page then shows who changed it through which file, field by field
 */

export const CSV_MESSAGES = {
  previewed: (n: number, errors: number) =>
    errors
      ? `The file has ${errors} row ${errors === 1 ? 'error' : 'errors'}: fix ${errors === 1 ? 'it' : 'them'} and upload the file again.`
      : `The file has ${n} ${n === 1 ? 'row' : 'rows'}, ready to apply.`,
  tooLarge: (bytes: number) =>
    `The file is ${(bytes / 1024 / 1024).toFixed(1)} MB; a catalogue CSV may be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into several files.`,
  notUtf8: (line: number) =>
    `The file is not UTF-8 text (line ${line} has bytes of another encoding). Save it as "CSV UTF-8" and upload it again.`,
  noFile: 'Choose a CSV file to import (form field "file").',
  empty: 'The file has no rows below its header line.',
  invalid: 'This file has row errors and cannot be applied: fix them and upload the file again.',
  batchApplied: (done: number, of: number) =>
    done >= of ? 'Import finished.' : `Batch ${done} of ${of} applied.`,
} as const;
const M = CSV_MESSAGES;

/** Products per page of the export (keyset pages: memory stays flat whatever the catalogue's size). */
const EXPORT_PAGE = 500;
/** Variant rows per import batch unless the upload asks for another size. */
const DEFAULT_BATCH_SIZE = 250;
/** Imports (applied or not) are kept this many days. */
const KEEP_IMPORTS_DAYS = 7;

// ---------------------------------------------------------------- export

/** Map.groupBy (Node 21+), for Node 20. */
function groupBy<T, K>(list: T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of list) {
    const k = key(item);
    const group = out.get(k);
    if (group) group.push(item);
    else out.set(k, [item]);
  }
  return out;
}

const BOM = '\uFEFF';

/**
 * The catalogue as CSV, read page by page as the client takes it (a pull stream: a slow client holds back the
 * reads, and only one page of products is ever in memory). Starts with a byte order mark so that spreadsheets
 * read it as UTF-8.
 */
export function exportCatalog(db: Db, pageSize = EXPORT_PAGE): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(BOM + csvLine([...CATALOG_CSV_COLUMNS])));
          return;
        }
        const products = await repo.exportProductPage(db, after, pageSize);
        if (!products.length) {
          controller.close();
          return;
        }
        after = products.at(-1)!.id;
        const ids = products.map((p) => p.id);
        const [variants, pictures] = await Promise.all([
          repo.exportVariants(db, ids),
          repo.exportPictures(db, ids),
        ]);
        const byProduct = groupBy(variants, (v) => v.product_id);
        const files = groupBy(pictures, (p) => p.product_id);
        let out = '';
        for (const p of products) {
          const product = [
            p.slug,
            p.name,
            p.brand,
            p.categorySlug ?? '',
            toRupees(Number(p.original_price)),
            Number(p.discount_percentage),
            Number(p.status),
            Number(p.in_stock),
            Number(p.top_selling),
            p.short_description ?? '',
            p.long_description ?? '',
            p.video_url,
          ];
          // The product's own HSN code and GST rate close the row (blank: its category's).
          const tax = [p.hsn_code ?? '', p.gst_rate_bp === null ? '' : p.gst_rate_bp / 100];
          const grams = (g: number | null) => (g === null ? '' : Number(g));
          const names = [p.thumbnail, ...(files.get(p.id) ?? []).map((f) => f.file)]
            .filter(Boolean)
            .join('|');
          const rows = byProduct.get(p.id) ?? [];
          // A product without variants (written by hand into the table) still shows, with blank variant cells.
          if (!rows.length)
            out += csvLine([...product, '', '', '', '', '', '', names, ...tax, grams(p.weight_grams), '']);
          for (const v of rows)
            out += csvLine([
              ...product,
              v.sku,
              v.colorSlug ?? '',
              Number(v.memory_size) || '',
              v.price_override === null ? '' : toRupees(Number(v.price_override)),
              Number(v.stock),
              Number(v.enabled),
              names,
              ...tax,
              grams(p.weight_grams),
              grams(v.weight_grams),
            ]);
        }
        controller.enqueue(encoder.encode(out));
      },
    },
    // Nothing is read ahead of the client: the next page is fetched when the previous one is taken.
    { highWaterMark: 0 },
  );
}

// ---------------------------------------------------------------- reading a file

/**
 * Lets other requests run after about this much work in one go: a file of tens of megabytes is read, checked
 * and planned in steps of a few milliseconds, never in one block that holds every other request up.
 */
const SLICE_MS = 8;

/** A function that waits for the event loop's next turn once SLICE_MS of work has passed since the last one. */
function timeSlicer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise((r) => setImmediate(r));
    since = performance.now();
  };
}

/**
 * The uploaded bytes as UTF-8 text, chunk by chunk as they arrive, or a 413 / 400 saying why the file cannot be
 * read (size, encoding: the line of the first byte that is not UTF-8).
 */
async function* utf8Text(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let size = 0;
  let lines = 1;
  for await (const chunk of bytes) {
    size += chunk.byteLength;
    if (size > MAX_IMPORT_BYTES) throw new AppError(413, 'too_large', M.tooLarge(size));
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      const loose = new TextDecoder('utf-8').decode(chunk);
      const at = loose.indexOf('\uFFFD');
      throw badRequest(M.notUtf8(lines + countLines(loose.slice(0, Math.max(at, 0)))), 'csv_encoding');
    }
    lines += countLines(text);
    yield text;
  }
  try {
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch {
    throw badRequest(M.notUtf8(lines), 'csv_encoding');
  }
}

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

type ParsedRecord = { record: string[]; info: { lines: number; empty_lines: number } };

/** The records of a file with the line each starts on (the header is line 1), parsed as the text arrives. */
async function* records(text: AsyncIterable<string>): AsyncGenerator<{ line: number; cells: string[] }> {
  const parser = parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true });
  // The parser is the end of the pipeline: a failure of the source (size, encoding) ends it with that error.
  pipeline(Readable.from(text), parser, () => {});
  let end = 0;
  let empty = 0;
  let first = true;
  try {
    for await (const p of parser as AsyncIterable<ParsedRecord>) {
      // A record starts on the line after the previous one ended, past the empty lines skipped in between.
      yield { line: first ? 1 : end + (p.info.empty_lines - empty) + 1, cells: p.record };
      first = false;
      end = p.info.lines;
      empty = p.info.empty_lines;
    }
  } catch (e) {
    if (e instanceof CsvError) {
      const line = (e as CsvError & { lines?: number }).lines;
      throw badRequest(
        `The file is not valid CSV${line ? ` (line ${line})` : ''}: ${e.message.replace(/^[^:]*: /, '')}`,
      );
    }
    throw e;
  }
}

/** Rows of one product (same handle), in file order. */
interface Group {
  handle: string;
  rows: CsvRow[];
}

function groupRows(rows: CsvRow[]): Group[] {
  const groups = new Map<string, Group>();
  for (const r of rows) {
    const key = r.handle.toLowerCase();
    const g = groups.get(key) ?? { handle: r.handle, rows: [] };
    g.rows.push(r);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** An uploaded file as read: how many records it has, its rows (each checked on its own) and their errors. */
export interface ReadImportFile {
  records: number;
  rows: CsvRow[];
  errors: CsvRowError[];
}

/**
 * Reads an uploaded catalogue file as it arrives: cells read, SKUs unique in the file, and every row of a product
 * agreeing on the product's fields; a 413 or 400 when it cannot be read. Only the rows read are kept, never the
 * file's text as a whole.
 */
export async function readImportFile(bytes: AsyncIterable<Uint8Array>): Promise<ReadImportFile> {
  const errors: CsvRowError[] = [];
  const rows: CsvRow[] = [];
  const skuLine = new Map<string, number>();
  const first = new Map<string, CsvRow>();
  const pause = timeSlicer();
  let names: CatalogCsvColumn[] | null = null;
  let count = 0;
  for await (const { line, cells } of records(utf8Text(bytes))) {
    await pause();
    if (!names) {
      const problem = headerProblem(cells);
      if (problem) throw badRequest(problem, 'csv_header');
      names = cells.map((h) => h.trim().toLowerCase() as CatalogCsvColumn);
      continue;
    }
    count++;
    if (cells.length !== names.length) {
      errors.push({ line, column: '', reason: `has ${cells.length} cells; the header has ${names.length}` });
      continue;
    }
    const record = Object.fromEntries(names.map((n, i) => [n, cells[i]!])) as Record<
      CatalogCsvColumn,
      string
    >;
    const read = readRow(record, line);
    errors.push(...read.errors);
    const row = read.row;
    if (!row) continue;
    const key = row.sku.toUpperCase();
    const seen = skuLine.get(key);
    if (seen !== undefined) {
      errors.push({
        line,
        column: 'sku',
        reason: `"${row.sku}" is also on line ${seen}: each SKU once per file`,
      });
      continue;
    }
    skuLine.set(key, line);
    const lead = first.get(row.handle.toLowerCase());
    if (!lead) first.set(row.handle.toLowerCase(), row);
    else {
      const a = productCells(lead);
      const b = productCells(row);
      const differs = CATALOG_CSV_PRODUCT_COLUMNS.find((c) => a[c] !== b[c]);
      if (differs) {
        errors.push({
          line,
          column: differs,
          reason: `differs from line ${lead.line}, the first row of "${row.handle}": every row of a product gives the same product fields`,
        });
        continue;
      }
    }
    rows.push(row);
  }
  if (!names) throw badRequest(headerProblem([]) ?? M.empty, 'csv_header');
  if (!count) throw badRequest(M.empty);
  return { records: count, rows, errors };
}

// ---------------------------------------------------------------- planning against the catalogue

type VariantChanges = Partial<Omit<repo.KnownVariant, 'id' | 'product_id' | 'position'>>;

interface VariantPlan {
  row: CsvRow;
  existing: repo.KnownVariant | null;
  colorId: number;
  changes: VariantChanges;
}

interface ProductPlan {
  group: Group;
  product: repo.KnownProduct | null;
  /** A new product's values, or an existing one's changed fields. */
  values: Partial<ProductValues>;
  addColors: number[];
  addMemory: number[];
  variants: VariantPlan[];
}

type Outcome = 'create' | 'update' | 'unchanged';

function productValues(row: CsvRow, categoryId: number | null): ProductValues {
  const p = row.product;
  return {
    name: p.name,
    slug: slugify(p.name),
    sku: null,
    brand: p.brand,
    original_price: p.originalPaise,
    discount_percentage: p.discount,
    final_price: finalPricePaise(p.originalPaise, p.discount),
    thumbnail: '',
    video_url: p.videoUrl,
    short_description: p.shortDescription || null,
    long_description: p.longDescription || null,
    category_id: categoryId,
    stock: 0,
    in_stock: p.inStock ? 1 : 0,
    status: p.active ? 1 : 0,
    top_selling: p.topSelling ? 1 : 0,
    ...(p.hsnCode !== undefined && { hsn_code: p.hsnCode || null }),
    ...(p.gstRateBp !== undefined && { gst_rate_bp: p.gstRateBp }),
    ...(p.weightGrams !== undefined && { weight_grams: p.weightGrams }),
  };
}

/** The fields of an existing product that the row changes. */
function productChanges(current: repo.KnownProduct, want: ProductValues): Partial<ProductValues> {
  const out: Partial<ProductValues> = {};
  const same = {
    name: current.name === want.name,
    slug: current.slug === want.slug,
    brand: current.brand === want.brand,
    category_id: current.category_id === want.category_id,
    original_price: current.original_price === want.original_price,
    discount_percentage: current.discount_percentage === want.discount_percentage,
    video_url: current.video_url === want.video_url,
    short_description: current.short_description === (want.short_description ?? ''),
    long_description: current.long_description === (want.long_description ?? ''),
    in_stock: current.in_stock === want.in_stock,
    status: current.status === want.status,
    top_selling: current.top_selling === want.top_selling,
    hsn_code: want.hsn_code === undefined || current.hsn_code === want.hsn_code,
    gst_rate_bp: want.gst_rate_bp === undefined || current.gst_rate_bp === want.gst_rate_bp,
    weight_grams: want.weight_grams === undefined || current.weight_grams === want.weight_grams,
  };
  for (const [k, equal] of Object.entries(same))
    if (!equal) (out as Record<string, unknown>)[k] = want[k as keyof ProductValues];
  if (!same.original_price || !same.discount_percentage) out.final_price = want.final_price;
  return out;
}

/**
 * Works out what the rows would do to the catalogue as it is now (`lock`: the products involved are locked
 * first, inside a batch's transaction), and every reason a row cannot be applied. `claimed` holds the slugs
 * earlier groups of the same file make (a file planned in parts shares it).
 */
async function planGroups(
  db: Db,
  groups: Group[],
  lock: boolean,
  claimed = new Map<string, number>(),
): Promise<{ plans: ProductPlan[]; errors: CsvRowError[]; outcomes: Map<number, Outcome> }> {
  const errors: CsvRowError[] = [];
  const outcomes = new Map<number, Outcome>();
  const rows = groups.flatMap((g) => g.rows);
  const bySku = new Map(
    (
      await repo.variantsBySku(
        db,
        rows.map((r) => r.sku),
      )
    ).map((v) => [v.sku.toUpperCase(), v]),
  );
  // The product each group is: the one its known SKUs belong to, else the product whose slug is its handle.
  const ownerOf = new Map<Group, number | null>();
  const handles: string[] = [];
  for (const g of groups) {
    const owners = [
      ...new Set(
        g.rows.map((r) => bySku.get(r.sku.toUpperCase())?.product_id).filter((id) => id !== undefined),
      ),
    ];
    ownerOf.set(g, owners[0] ?? null);
    if (!owners.length) handles.push(g.handle.toLowerCase());
  }
  const bySlug = new Map(
    (
      await repo.findProducts(db, {
        slugs: [...new Set([...handles, ...rows.map((r) => slugify(r.product.name))])],
      })
    ).map((p) => [p.slug, p]),
  );
  for (const g of groups)
    if (ownerOf.get(g) === null) ownerOf.set(g, bySlug.get(g.handle.toLowerCase())?.id ?? null);
  const productIds = [...new Set([...ownerOf.values()].filter((id): id is number => id !== null))].sort(
    (a, b) => a - b,
  );
  // Locked in id order, before their variants (the order every product write takes them in).
  const products = new Map((await repo.findProducts(db, { ids: productIds }, lock)).map((p) => [p.id, p]));
  const [variants, options, categories, colors] = await Promise.all([
    repo.variantsOfProducts(db, productIds),
    repo.productOptions(db, productIds),
    repo.idsBySlug(db, 'categories', [...new Set(rows.map((r) => r.product.category).filter(Boolean))]),
    repo.idsBySlug(db, 'colors', [...new Set(rows.map((r) => r.color).filter(Boolean))]),
  ]);
  const variantsOf = groupBy(variants, (v) => v.product_id);

  const plans: ProductPlan[] = [];
  for (const g of groups) {
    const lead = g.rows[0]!;
    const before = errors.length;
    const product = products.get(ownerOf.get(g) ?? -1) ?? null;
    for (const r of g.rows) {
      const owner = bySku.get(r.sku.toUpperCase())?.product_id;
      if (owner !== undefined && owner !== product?.id)
        errors.push({
          line: r.line,
          column: 'sku',
          reason: `"${r.sku}" is a variant of another product than the other rows of "${g.handle}"; a variant cannot move to another product`,
        });
    }
    let categoryId: number | null = null;
    if (lead.product.category) {
      categoryId = categories.get(lead.product.category) ?? null;
      if (categoryId === null)
        errors.push({
          line: lead.line,
          column: 'category',
          reason: `no category has the slug "${lead.product.category}"`,
        });
    }
    const want = productValues(lead, categoryId);
    const slugOwner = bySlug.get(want.slug);
    const clash = claimed.get(want.slug);
    if ((slugOwner && slugOwner.id !== product?.id) || clash !== undefined)
      errors.push({
        line: lead.line,
        column: 'name',
        reason: `"${lead.product.name}" makes the slug "${want.slug}", which ${clash !== undefined ? `the product on line ${clash}` : 'another product'} has already`,
      });
    claimed.set(want.slug, lead.line);

    const colorIds = new Set(product ? (options.colors.get(product.id) ?? []) : []);
    const sizes = new Set(product ? (options.memory.get(product.id) ?? []) : []);
    const skus = new Set(g.rows.map((r) => r.sku.toUpperCase()));
    const taken = new Map<string, string>();
    for (const v of product ? (variantsOf.get(product.id) ?? []) : [])
      if (!skus.has(v.sku.toUpperCase())) taken.set(`${v.color_id}:${v.memory_size}`, v.sku);
    const plan: ProductPlan = {
      group: g,
      product,
      values: product ? productChanges(product, want) : want,
      addColors: [],
      addMemory: [],
      variants: [],
    };
    for (const r of g.rows) {
      let colorId = 0;
      if (r.color) {
        colorId = colors.get(r.color) ?? 0;
        if (!colorId) {
          errors.push({ line: r.line, column: 'color', reason: `no colour has the slug "${r.color}"` });
          continue;
        }
      }
      const key = `${colorId}:${r.memoryGb}`;
      const other = taken.get(key);
      if (other !== undefined) {
        const what = [r.color && `colour "${r.color}"`, r.memoryGb && `${r.memoryGb} GB`]
          .filter(Boolean)
          .join(' with ');
        errors.push({
          line: r.line,
          column: r.color ? 'color' : 'memory_gb',
          reason: `${what || 'no options'} is already variant "${other}" of this product: each combination of options once`,
        });
        continue;
      }
      taken.set(key, r.sku);
      if (colorId && !colorIds.has(colorId)) {
        colorIds.add(colorId);
        plan.addColors.push(colorId);
      }
      if (r.memoryGb && !sizes.has(r.memoryGb)) {
        sizes.add(r.memoryGb);
        plan.addMemory.push(r.memoryGb);
      }
      const existing = bySku.get(r.sku.toUpperCase()) ?? null;
      const changes: VariantChanges = {};
      if (existing) {
        if (existing.sku !== r.sku) changes.sku = r.sku;
        if (existing.color_id !== colorId) changes.color_id = colorId;
        if (existing.memory_size !== r.memoryGb) changes.memory_size = r.memoryGb;
        if (existing.stock !== r.stock) changes.stock = r.stock;
        if (existing.price_override !== r.pricePaise) changes.price_override = r.pricePaise;
        if (existing.enabled !== (r.variantActive ? 1 : 0)) changes.enabled = r.variantActive ? 1 : 0;
        if (r.weightGrams !== undefined && existing.weight_grams !== r.weightGrams)
          changes.weight_grams = r.weightGrams;
      }
      plan.variants.push({ row: r, existing, colorId, changes });
    }
    if (errors.length > before) continue;
    plans.push(plan);
    const productChanged = Object.keys(plan.values).length > 0;
    for (const v of plan.variants)
      outcomes.set(
        v.row.line,
        !product || !v.existing
          ? 'create'
          : Object.keys(v.changes).length || (productChanged && v.row === lead)
            ? 'update'
            : 'unchanged',
      );
  }
  return { plans, errors, outcomes };
}

/** Writes what the plans say (inside a batch's transaction); returns the products changed, with their plans. */
async function writePlans(
  trx: Db,
  search: SearchEngine,
  plans: ProductPlan[],
  outcomes: Map<number, Outcome>,
): Promise<{ id: number; plan: ProductPlan }[]> {
  const written: { id: number; plan: ProductPlan }[] = [];
  for (const plan of plans) {
    if (plan.group.rows.every((r) => outcomes.get(r.line) === 'unchanged')) continue;
    let id = plan.product?.id;
    if (id === undefined) id = await prodRepo.insertProduct(trx, plan.values as ProductValues);
    else await prodRepo.updateProduct(trx, id, plan.values);
    await repo.appendOptions(trx, id, plan.addColors, plan.addMemory);
    let position = await repo.nextPosition(trx, 'product_variants', id);
    const created: Parameters<typeof vrepo.insertVariants>[1] = [];
    for (const v of plan.variants) {
      const enabled = v.row.variantActive ? 1 : 0;
      if (v.existing) await vrepo.updateVariant(trx, v.existing.id, v.changes);
      else
        created.push({
          product_id: id,
          sku: v.row.sku,
          color_id: v.colorId,
          memory_size: v.row.memoryGb,
          stock: v.row.stock,
          price_override: v.row.pricePaise,
          enabled,
          position: position++,
          weight_grams: v.row.weightGrams ?? null,
        });
    }
    await vrepo.insertVariants(trx, created);
    await vrepo.refreshFigures(trx, id);
    written.push({ id, plan });
  }
  if (written.length)
    await search.indexProducts(
      trx,
      written.map((w) => w.id),
    );
  return written;
}

/** The units a batch moved: a changed count of a known variant, and the count of a new one (by its SKU). */
function importedUnits(written: { plan: ProductPlan }[]): StockMove[] {
  return written.flatMap(({ plan }) =>
    plan.variants.flatMap((v): StockMove[] => {
      if (!v.existing) return [{ sku: v.row.sku, delta: v.row.stock }];
      const stock = v.changes.stock;
      return stock === undefined ? [] : [{ variantId: v.existing.id, delta: stock - v.existing.stock }];
    }),
  );
}

/** A product's fields as the history names them (money in rupees, switches as booleans). */
function productFields(v: Partial<ProductValues>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const names: [keyof ProductValues, string, (x: never) => unknown][] = [
    ['name', 'name', (x: string) => x],
    ['slug', 'slug', (x: string) => x],
    ['brand', 'brand', (x: string) => x],
    ['category_id', 'categoryId', (x: number | null) => (x === null ? null : String(x))],
    ['original_price', 'originalPrice', (x: number) => toRupees(Number(x))],
    ['discount_percentage', 'discountPercentage', (x: number) => Number(x)],
    ['final_price', 'finalPrice', (x: number) => toRupees(Number(x))],
    ['video_url', 'videoUrl', (x: string | null) => x ?? ''],
    ['short_description', 'shortDescription', (x: string | null) => x ?? ''],
    ['long_description', 'longDescription', (x: string | null) => x ?? ''],
    ['in_stock', 'inStock', (x: number) => Boolean(x)],
    ['status', 'status', (x: number) => Boolean(x)],
    ['top_selling', 'topSelling', (x: number) => Boolean(x)],
    ['hsn_code', 'hsnCode', (x: string | null) => x ?? ''],
    ['gst_rate_bp', 'gstRate', (x: number | null) => (x === null ? null : x / 100)],
    ['weight_grams', 'weightGrams', (x: number | null) => x],
  ];
  for (const [column, name, show] of names) if (column in v) out[name] = show(v[column] as never);
  return out;
}

/** A variant's fields as the history names them (`price`: the variant's own price, null = the product's). */
function variantFields(v: VariantChanges): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (v.sku !== undefined) out.sku = v.sku;
  if (v.color_id !== undefined) out.colorId = v.color_id ? String(v.color_id) : null;
  if (v.memory_size !== undefined) out.memoryGb = v.memory_size;
  if (v.stock !== undefined) out.stock = v.stock;
  if (v.price_override !== undefined)
    out.price = v.price_override === null ? null : toRupees(Number(v.price_override));
  if (v.enabled !== undefined) out.active = Boolean(v.enabled);
  if (v.weight_grams !== undefined) out.weightGrams = v.weight_grams;
  return out;
}

/**
 * One history record per product a batch created or updated (so each product's page shows what the import did
 * to it): the product fields the row changed, and each variant by SKU (a new variant has no `before`).
 */
function importRecords(
  actor: Actor,
  source: string,
  written: { id: number; plan: ProductPlan }[],
): AuditEntry[] {
  return written.map(({ id, plan }) => {
    const created = plan.product === null;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    if (plan.product) {
      const current = plan.product as unknown as Record<string, unknown>;
      const was = Object.fromEntries(Object.keys(plan.values).map((k) => [k, current[k]]));
      Object.assign(before, productFields(was as Partial<ProductValues>));
    }
    Object.assign(after, productFields(plan.values));
    for (const v of plan.variants) {
      if (v.existing) {
        if (!Object.keys(v.changes).length) continue;
        const was = Object.fromEntries(
          Object.keys(v.changes).map((k) => [k, v.existing![k as keyof repo.KnownVariant]]),
        );
        before[`variant ${v.existing.sku}`] = variantFields(was as VariantChanges);
        after[`variant ${v.row.sku}`] = variantFields(v.changes);
      } else
        after[`variant ${v.row.sku}`] = variantFields({
          color_id: v.colorId,
          memory_size: v.row.memoryGb,
          stock: v.row.stock,
          price_override: v.row.pricePaise,
          enabled: v.row.variantActive ? 1 : 0,
        });
    }
    const name = (plan.values.name ?? plan.product?.name) as string;
    return {
      actor,
      action: created ? 'product.create' : 'product.update',
      kind: 'product',
      objectId: id,
      summary: `${source}: ${created ? 'created' : 'updated'} product ${name}`,
      before: created ? null : before,
      after,
    };
  });
}

// ---------------------------------------------------------------- preview and apply

function toImport(r: Selectable<CatalogImportTable>): CatalogImport {
  const done = Number(r.batches_done);
  const count = Number(r.batch_count);
  return {
    _id: r.public_id,
    fileName: r.file_name,
    state: r.error_count > 0 ? 'invalid' : done === 0 ? 'ready' : done < count ? 'applying' : 'done',
    rows: Number(r.row_count),
    create: Number(r.to_create),
    update: Number(r.to_update),
    unchanged: Number(r.unchanged),
    errorCount: Number(r.error_count),
    errors: JSON.parse(r.errors) as CsvRowError[],
    batches: count,
    batchesDone: done,
    failure: r.last_error,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** Products planned against the catalogue at a time in a preview (its queries and its work stay small). */
const PLAN_PART = 500;
/** Import rows written per statement (each row's JSON holds its product's texts: a few KB). */
const STORE_PART = 100;

/**
 * Checks a file read with readImportFile against the catalogue (nothing in it changes) and keeps it for apply:
 * counts of rows to create, update and leave unchanged, and every row error (line, column, reason).
 * Planned a part of the products at a time and stored in parts, with other requests served in between.
 */
export async function previewImport(
  db: Db,
  upload: { name: string; file: ReadImportFile; adminId: number | null; batchSize?: number },
): Promise<CatalogImport> {
  const { records: total, rows, errors } = upload.file;
  const groups = groupRows(rows);
  const plans: ProductPlan[] = [];
  const outcomes = new Map<number, Outcome>();
  const claimed = new Map<string, number>();
  const pause = timeSlicer();
  for (let i = 0; i < groups.length; i += PLAN_PART) {
    const planned = await planGroups(db, groups.slice(i, i + PLAN_PART), false, claimed);
    plans.push(...planned.plans);
    errors.push(...planned.errors);
    for (const [line, outcome] of planned.outcomes) outcomes.set(line, outcome);
    await pause();
  }
  errors.sort((a, b) => a.line - b.line);
  const count = (o: Outcome) => [...outcomes.values()].filter((x) => x === o).length;

  // Batches of whole products, in file order.
  const size = upload.batchSize ?? DEFAULT_BATCH_SIZE;
  const stored: { row: CsvRow; batch: number }[] = [];
  let batch = 0;
  let inBatch = size;
  if (!errors.length)
    for (const plan of plans) {
      if (inBatch >= size) {
        batch++;
        inBatch = 0;
      }
      for (const row of plan.group.rows) stored.push({ row, batch });
      inBatch += plan.group.rows.length;
    }

  await repo.deleteOldImports(db, KEEP_IMPORTS_DAYS);
  const publicId = `IM${randomBytes(12).toString('hex').toUpperCase()}`;
  await transaction(db, async (trx) => {
    const id = await repo.insertImport(trx, {
      public_id: publicId,
      admin_id: upload.adminId,
      file_name: upload.name.slice(0, 255),
      row_count: total,
      to_create: count('create'),
      to_update: count('update'),
      unchanged: count('unchanged'),
      error_count: errors.length,
      errors: JSON.stringify(errors.slice(0, MAX_IMPORT_ERRORS)),
      batch_count: batch,
    });
    // Each part serialised as it is written: the rows are never all in memory twice.
    for (let i = 0; i < stored.length; i += STORE_PART) {
      const part = stored.slice(i, i + STORE_PART);
      await repo.insertImportRows(
        trx,
        id,
        part.map(({ row, batch }) => ({ line: row.line, batch, data: JSON.stringify(row) })),
      );
      await pause();
    }
  });
  return getImport(db, publicId);
}

export async function getImport(db: Db, publicId: string): Promise<CatalogImport> {
  const row = await repo.findImport(db, publicId);
  if (!row) throw notFound('Import');
  return toImport(row);
}

/** A batch refused by the checks made again at apply time (the catalogue changed since the preview). */
class BatchRefused extends Error {
  constructor(readonly error: CsvRowError) {
    super(`line ${error.line}${error.column ? `, ${error.column}` : ''}: ${error.reason}`);
  }
}

/** Why a batch's transaction failed, in words for the back office (unknown errors are thrown on). */
function batchFailure(e: unknown): string | null {
  if (e instanceof BatchRefused) return e.message;
  if (isDuplicateKey(e)) return 'a SKU or product slug in it was taken by another change meanwhile';
  if (isMissingReference(e)) return 'a category or colour it names was deleted meanwhile';
  return null;
}

/**
 * Applies the next batch of a previewed file, in one transaction: checked again, written, and counted as done in
 * that same transaction (two calls at once apply it once: the import row is locked). A failed batch is rolled
 * back and reported (409 `import_batch_failed`); applying again retries it.
 */
export async function applyNextBatch(
  { db, search }: Pick<Deps, 'db' | 'search'>,
  actor: Actor,
  publicId: string,
): Promise<{ import: CatalogImport; msg: string }> {
  const current = await repo.findImport(db, publicId);
  if (!current) throw notFound('Import');
  if (current.error_count > 0) throw new AppError(409, 'import_invalid', M.invalid);
  const batch = Number(current.batches_done) + 1;
  const of = Number(current.batch_count);
  if (batch > of) return { import: toImport(current), msg: M.batchApplied(of, of) };
  try {
    await transaction(db, async (trx) => {
      const locked = await repo.findImport(trx, publicId, true);
      if (!locked || Number(locked.batches_done) >= batch) return;
      const rows = (await repo.batchRows(trx, current.id, batch)).map((d) => JSON.parse(d) as CsvRow);
      const { plans, errors, outcomes } = await planGroups(trx, groupRows(rows), true);
      if (errors.length) throw new BatchRefused(errors.sort((a, b) => a.line - b.line)[0]!);
      const written = await writePlans(trx, search, plans, outcomes);
      await recordStock(trx, importedUnits(written), {
        reason: 'csv_import',
        actor: 'admin',
        adminId: actor.id,
        reference: current.file_name,
        note: `Batch ${batch} of ${of}`,
      });
      await recordAudits(
        trx,
        importRecords(actor, `CSV import ${current.file_name} (batch ${batch} of ${of})`, written),
      );
      await repo.updateImport(trx, current.id, { batches_done: batch, last_error: null });
    });
  } catch (e) {
    const why = batchFailure(e);
    if (why === null) throw e;
    const msg = `Batch ${batch} of ${of} was not applied (${why}); nothing of it was saved. Earlier batches are saved: fix the cause and apply again to finish.`;
    await repo.updateImport(db, current.id, { last_error: msg });
    throw new AppError(409, 'import_batch_failed', msg, { import: await getImport(db, publicId) });
  }
  const after = await getImport(db, publicId);
  return { import: after, msg: M.batchApplied(after.batchesDone, after.batches) };
}

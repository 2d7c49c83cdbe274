import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { CatalogImportTable } from '../../db/database';
import { toVariantRow } from '../product/product-variant.repository';

// ---------------------------------------------------------------- export

export interface ExportProductRow {
  id: number;
  name: string;
  slug: string;
  brand: string;
  categorySlug: string | null;
  original_price: number;
  discount_percentage: string;
  status: number;
  in_stock: number;
  top_selling: number;
  short_description: string | null;
  long_description: string | null;
  video_url: string;
  thumbnail: string;
  hsn_code: string | null;
  gst_rate_bp: number | null;
  weight_grams: number | null;
}

/** A page of products after `afterId` in id order (keyset: the cost of a page does not grow with its depth). */
export async function exportProductPage(db: Db, afterId: number, limit: number): Promise<ExportProductRow[]> {
  const rows = await db
    .selectFrom('products as p')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.name',
      'p.slug',
      'p.brand',
      'c.slug as categorySlug',
      'p.original_price',
      'p.discount_percentage',
      'p.status',
      'p.in_stock',
      'p.top_selling',
      'p.short_description',
      'p.long_description',
      'p.video_url',
      'p.thumbnail',
      'p.hsn_code',
      'p.gst_rate_bp',
      'p.weight_grams',
    ])
    .where('p.id', '>', afterId)
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export interface ExportVariantRow {
  product_id: number;
  sku: string;
  colorSlug: string | null;
  memory_size: number;
  price_override: number | null;
  stock: number;
  enabled: number;
  weight_grams: number | null;
}

/** The variants of the given products, in display order. */
export async function exportVariants(db: Db, productIds: number[]): Promise<ExportVariantRow[]> {
  if (!productIds.length) return [];
  const rows = await db
    .selectFrom('product_variants as v')
    .leftJoin('colors as c', 'c.id', 'v.color_id')
    .select([
      'v.product_id',
      'v.sku',
      'c.slug as colorSlug',
      'v.memory_size',
      'v.price_override',
      'v.stock',
      'v.enabled',
      'v.weight_grams',
    ])
    .where('v.product_id', 'in', productIds)
    .orderBy('v.product_id')
    .orderBy('v.position')
    .orderBy('v.id')
    .execute();
  return rows.map((r) => ({ ...r, product_id: Number(r.product_id) }));
}

/** The gallery files (shared and colour galleries) of the given products, in order. */
export async function exportPictures(
  db: Db,
  productIds: number[],
): Promise<{ product_id: number; file: string }[]> {
  if (!productIds.length) return [];
  const rows = await db
    .selectFrom('product_images')
    .select(['product_id', 'file'])
    .where('product_id', 'in', productIds)
    .orderBy('product_id')
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ product_id: Number(r.product_id), file: r.file }));
}

// ---------------------------------------------------------------- lookups for an import

export interface KnownVariant {
  id: number;
  product_id: number;
  sku: string;
  color_id: number;
  memory_size: number;
  stock: number;
  price_override: number | null;
  enabled: number;
  position: number;
  weight_grams: number | null;
}

const variantColumns = [
  'id',
  'product_id',
  'sku',
  'color_id',
  'memory_size',
  'stock',
  'price_override',
  'enabled',
  'position',
  'weight_grams',
] as const;

/** Chunks of a list, so that no `IN (…)` grows with the file. */
function chunks<T>(list: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const toKnownVariant = (r: Record<(typeof variantColumns)[number], unknown>): KnownVariant => ({
  ...toVariantRow(r),
  weight_grams: r.weight_grams === null ? null : Number(r.weight_grams),
});

/** Variants by SKU (SKUs compare without case, as the unique key does). */
export async function variantsBySku(db: Db, skus: string[]): Promise<KnownVariant[]> {
  const out: KnownVariant[] = [];
  for (const part of chunks(skus))
    out.push(
      ...(
        await db.selectFrom('product_variants').select(variantColumns).where('sku', 'in', part).execute()
      ).map(toKnownVariant),
    );
  return out;
}

export async function variantsOfProducts(db: Db, productIds: number[]): Promise<KnownVariant[]> {
  const out: KnownVariant[] = [];
  for (const part of chunks(productIds))
    out.push(
      ...(
        await db
          .selectFrom('product_variants')
          .select(variantColumns)
          .where('product_id', 'in', part)
          .orderBy('position')
          .execute()
      ).map(toKnownVariant),
    );
  return out;
}

export interface KnownProduct {
  id: number;
  name: string;
  slug: string;
  brand: string;
  category_id: number | null;
  original_price: number;
  discount_percentage: number;
  status: number;
  in_stock: number;
  top_selling: number;
  short_description: string;
  long_description: string;
  video_url: string;
  hsn_code: string | null;
  gst_rate_bp: number | null;
  weight_grams: number | null;
}

const productColumns = [
  'id',
  'name',
  'slug',
  'brand',
  'category_id',
  'original_price',
  'discount_percentage',
  'status',
  'in_stock',
  'top_selling',
  'short_description',
  'long_description',
  'video_url',
  'hsn_code',
  'gst_rate_bp',
  'weight_grams',
] as const;

const toKnownProduct = (r: Record<(typeof productColumns)[number], unknown>): KnownProduct => ({
  id: Number(r.id),
  name: String(r.name),
  slug: String(r.slug),
  brand: String(r.brand),
  category_id: r.category_id === null ? null : Number(r.category_id),
  original_price: Number(r.original_price),
  discount_percentage: Number(r.discount_percentage),
  status: Number(r.status),
  in_stock: Number(r.in_stock),
  top_selling: Number(r.top_selling),
  short_description: r.short_description === null ? '' : String(r.short_description),
  long_description: r.long_description === null ? '' : String(r.long_description),
  video_url: String(r.video_url),
  hsn_code: r.hsn_code === null ? null : String(r.hsn_code),
  gst_rate_bp: r.gst_rate_bp === null ? null : Number(r.gst_rate_bp),
  weight_grams: r.weight_grams === null ? null : Number(r.weight_grams),
});

/** Products by id or by slug; `forUpdate` locks the rows (a batch locks its products before their variants). */
export async function findProducts(
  db: Db,
  by: { ids: number[] } | { slugs: string[] },
  forUpdate = false,
): Promise<KnownProduct[]> {
  const keys: (number | string)[] = 'ids' in by ? by.ids : by.slugs;
  const out: KnownProduct[] = [];
  for (const part of chunks(keys)) {
    let q = db
      .selectFrom('products')
      .select(productColumns)
      .where('ids' in by ? 'id' : 'slug', 'in', part)
      .orderBy('id');
    if (forUpdate) q = q.forUpdate();
    out.push(...(await q.execute()).map(toKnownProduct));
  }
  return out;
}

/** The colours and memory sizes each product offers. */
export async function productOptions(
  db: Db,
  productIds: number[],
): Promise<{ colors: Map<number, number[]>; memory: Map<number, number[]> }> {
  const colors = new Map<number, number[]>();
  const memory = new Map<number, number[]>();
  for (const part of chunks(productIds)) {
    const [c, m] = await Promise.all([
      db
        .selectFrom('product_colors')
        .select(['product_id', 'color_id'])
        .where('product_id', 'in', part)
        .execute(),
      db
        .selectFrom('product_memory')
        .select(['product_id', 'size_gb'])
        .where('product_id', 'in', part)
        .execute(),
    ]);
    for (const r of c)
      colors.set(Number(r.product_id), [...(colors.get(Number(r.product_id)) ?? []), Number(r.color_id)]);
    for (const r of m)
      memory.set(Number(r.product_id), [...(memory.get(Number(r.product_id)) ?? []), Number(r.size_gb)]);
  }
  return { colors, memory };
}

/** Category or colour ids by slug (slugs compare without case). */
export async function idsBySlug(
  db: Db,
  table: 'categories' | 'colors',
  slugs: string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const part of chunks(slugs))
    for (const r of await db.selectFrom(table).select(['id', 'slug']).where('slug', 'in', part).execute())
      out.set(r.slug.toLowerCase(), Number(r.id));
  return out;
}

// ---------------------------------------------------------------- writes of an import

/** Adds colours and memory sizes to a product's options, after the ones it has (no price adjustment). */
export async function appendOptions(
  trx: Db,
  productId: number,
  colorIds: number[],
  sizes: number[],
): Promise<void> {
  if (colorIds.length) {
    const from = await nextPosition(trx, 'product_colors', productId);
    await trx
      .insertInto('product_colors')
      .values(
        colorIds.map((color_id, i) => ({
          product_id: productId,
          color_id,
          position: from + i,
          price_adj: 0,
        })),
      )
      .execute();
  }
  if (sizes.length) {
    const from = await nextPosition(trx, 'product_memory', productId);
    await trx
      .insertInto('product_memory')
      .values(
        sizes.map((size_gb, i) => ({ product_id: productId, size_gb, position: from + i, price_adj: 0 })),
      )
      .execute();
  }
}

/** The next free position of a product's options or variants. */
export async function nextPosition(
  trx: Db,
  table: 'product_colors' | 'product_memory' | 'product_variants',
  productId: number,
): Promise<number> {
  const r = await trx
    .selectFrom(table)
    .select(sql<number | null>`MAX(position)`.as('max'))
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return r?.max === null || r?.max === undefined ? 0 : Number(r.max) + 1;
}

// ---------------------------------------------------------------- imports kept between preview and apply

export async function insertImport(db: Db, values: Insertable<CatalogImportTable>): Promise<number> {
  const r = await db.insertInto('catalog_imports').values(values).executeTakeFirstOrThrow();
  return Number(r.insertId);
}

export async function insertImportRows(
  db: Db,
  importId: number,
  rows: { line: number; batch: number; data: string }[],
): Promise<void> {
  for (const part of chunks(rows, 500))
    await db
      .insertInto('catalog_import_rows')
      .values(part.map((r) => ({ import_id: importId, ...r })))
      .execute();
}

export async function findImport(db: Db, publicId: string, forUpdate = false) {
  let q = db.selectFrom('catalog_imports').selectAll().where('public_id', '=', publicId);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function batchRows(db: Db, importId: number, batch: number): Promise<string[]> {
  const rows = await db
    .selectFrom('catalog_import_rows')
    .select('data')
    .where('import_id', '=', importId)
    .where('batch', '=', batch)
    .orderBy('line')
    .execute();
  return rows.map((r) => r.data);
}

export async function updateImport(
  db: Db,
  id: number,
  values: { batches_done?: number; last_error?: string | null },
): Promise<void> {
  await db.updateTable('catalog_imports').set(values).where('id', '=', id).execute();
}

/** Imports older than `days` (applied or abandoned), with their rows. */
export async function deleteOldImports(db: Db, days: number): Promise<void> {
  await db
    .deleteFrom('catalog_imports')
    .where('created_at', '<', sql<Date>`NOW() - INTERVAL ${days} DAY`)
    .execute();
}

import { z } from 'zod';
import { int } from './common';

/** Largest CSV file the import reads. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** Row errors an import keeps and shows (the count covers all of them). */
export const MAX_IMPORT_ERRORS = 500;

/** The product's fields that every catalogue file has carried. */
const FIRST_PRODUCT_COLUMNS = [
  'name',
  'brand',
  'category',
  'original_price',
  'discount_percentage',
  'active',
  'in_stock',
  'top_selling',
  'short_description',
  'long_description',
  'video_url',
] as const;
/** The product's fields added later (the export writes them after the variant's columns). */
const LATER_PRODUCT_COLUMNS = ['hsn_code', 'gst_rate', 'weight_grams'] as const;

/** The columns of the catalogue CSV, in the order the export writes them (the import takes any order). */
export const CATALOG_CSV_COLUMNS = [
  'handle',
  ...FIRST_PRODUCT_COLUMNS,
  'sku',
  'color',
  'memory_gb',
  'variant_price',
  'stock',
  'variant_active',
  'pictures',
  ...LATER_PRODUCT_COLUMNS,
  'variant_weight_grams',
] as const;
/** The product's fields of a row (every row of one product must agree on them). */
export const CATALOG_CSV_PRODUCT_COLUMNS = [...FIRST_PRODUCT_COLUMNS, ...LATER_PRODUCT_COLUMNS] as const;
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];
/**
 * Columns a file may leave out (files written before they existed): the product's own HSN code and GST rate
 * (percent), left out: the products keep theirs, blank: they use their category's; the product's and the
 * variant's weight in grams, left out: kept, blank: not weighed (a variant: its product's weight).
 */
export const OPTIONAL_CATALOG_CSV_COLUMNS: readonly CatalogCsvColumn[] = [
  'hsn_code',
  'gst_rate',
  'weight_grams',
  'variant_weight_grams',
];

/** The fields sent with the file (multipart text). */
export const catalogImportBody = z.object({
  /** Variant rows per batch (a product's rows stay together, so a batch may hold a few more). */
  batchSize: int().pipe(z.number().min(1, 'must be at least 1').max(2000, 'must be at most 2000')).optional(),
});

/** Products one bulk action may change at once. */
export const MAX_BULK_PRODUCTS = 1000;
export const BULK_ACTIONS = ['activate', 'deactivate', 'category', 'adjustStock', 'delete'] as const;

/**
 * A bulk action on chosen products (back office):
 * - `activate` / `deactivate` switch the products on or off in the shop
 * - `category` moves them to `categoryId` (null: no category)
 * - `adjustStock` adds `stockDelta` units (negative: removes) to every variant of each product
 * - `delete` deletes them (the back office asks first, as for one product)
 */
export const productBulkBody = z
  .object({
    ids: z
      .array(z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be product ids'), {
        error: 'must be a list of product ids',
      })
      .min(1, 'choose at least one product')
      .max(MAX_BULK_PRODUCTS, `at most ${MAX_BULK_PRODUCTS} products at once`),
    action: z.enum(BULK_ACTIONS, { error: `must be one of ${BULK_ACTIONS.join(', ')}` }),
    categoryId: z
      .union([z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be a category id'), z.null()])
      .optional(),
    stockDelta: int()
      .pipe(z.number().min(-1_000_000, 'is too small').max(1_000_000, 'is too large'))
      .optional(),
  })
  .superRefine((b, ctx) => {
    if (b.action === 'category' && b.categoryId === undefined)
      ctx.addIssue({ code: 'custom', path: ['categoryId'], message: 'is required to move products' });
    if (b.action === 'adjustStock' && !b.stockDelta)
      ctx.addIssue({
        code: 'custom',
        path: ['stockDelta'],
        message: 'must be a whole number of units other than 0',
      });
  });
export type ProductBulkBody = z.output<typeof productBulkBody>;

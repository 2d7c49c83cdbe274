import { z } from 'zod';
import { int } from './common';

/** Largest CSV file the import reads. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** Row errors an import keeps and shows (the count covers all of them). */
export const MAX_IMPORT_ERRORS = 500;

/** The columns of the catalogue CSV, in the order the export writes them (the import takes any order). */
export const CATALOG_CSV_COLUMNS = [
  'handle',
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
  'sku',
  'color',
  'memory_gb',
  'variant_price',
  'stock',
  'variant_active',
  'pictures',
] as const;
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];

/** The fields sent with the file (multipart text). */
export const catalogImportBody = z.object({
  /** Variant rows per batch (a product's rows stay together, so a batch may hold a few more). */
  batchSize: int().pipe(z.number().min(1, 'must be at least 1').max(2000, 'must be at most 2000')).optional(),
});

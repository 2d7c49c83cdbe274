import type { catalogImportBody, productBulkBody } from '../schemas/catalog-csv';
import { route } from './define';

/** One problem with one row of an imported CSV file: its line (the header is line 1), its column and why. */
export interface CsvRowError {
  line: number;
  /** The column's header name; '' when the problem is the whole row. */
  column: string;
  reason: string;
}

/**
 * A catalogue CSV import (back office): the preview of an uploaded file and how far its apply has gone.
 * - `rows` counts the file's variant rows: `create` (new SKU), `update` (a field differs), `unchanged`
 * - `errors` lists the first MAX_IMPORT_ERRORS row errors (`errorCount` all of them); a file with errors cannot
 *   be applied (`state: 'invalid'`): fix the file and upload it again
 * - apply runs one batch per call; `failure` says why the last batch tried was rolled back (earlier batches
 *   stay; applying again retries it)
 */
export interface CatalogImport {
  _id: string;
  fileName: string;
  state: 'invalid' | 'ready' | 'applying' | 'done';
  rows: number;
  create: number;
  update: number;
  unchanged: number;
  errorCount: number;
  errors: CsvRowError[];
  batches: number;
  batchesDone: number;
  failure: string | null;
  createdAt: string;
}

/** Catalogue CSV import (admin). The export is `GET /catalog/export` (CSV, streamed, outside this JSON contract). */
export const catalogCsv = {
  /**
   * Uploads a CSV file (field `file`, at most 50 MB, UTF-8) and previews it; nothing in the catalogue changes.
   * 400 `csv_header` / `csv_encoding` and 413 `too_large` for a file that cannot be read at all.
   */
  preview: route('POST /catalog/import', 'catalog.write', { form: true, files: ['file'], status: 201 })
    .body<typeof catalogImportBody>()
    .reply<{ import: CatalogImport }>(),
  get: route('GET /catalog/import/:importId', 'catalog.write').reply<{ import: CatalogImport }>(),
  /**
   * Applies the next batch in one transaction. 409 `import_invalid` for a file with row errors; 409
   * `import_batch_failed` when the batch was rolled back (the message names the line and reason).
   */
  apply: route('POST /catalog/import/:importId/apply', 'catalog.write').reply<{ import: CatalogImport }>(),
  /**
   * One action on up to 1000 chosen products, all in one transaction (all or nothing). `changed` counts the
   * products it applied to (ids that no longer exist are skipped). `adjustStock` that would take a variant below
   * 0 is refused with 409 `insufficient_stock` naming the SKU.
   */
  bulk: route('POST /catalog/products/bulk', 'catalog.write')
    .body<typeof productBulkBody>()
    .reply<{ changed: number }>(),
};

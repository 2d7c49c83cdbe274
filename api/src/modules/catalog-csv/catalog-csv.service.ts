import { randomBytes } from 'node:crypto';
import { type CatalogImport, type CsvRowError, MAX_IMPORT_ERRORS } from '@voltcart/shared';
import type { Selectable } from 'kysely';
import type { Deps } from '../../app-env';
import type { Db } from '../../db/connection';
import type { CatalogImportTable } from '../../db/database';
import { isDuplicateKey, isMissingReference } from '../../db/errors';
import { AppError, notFound } from '../../errors';
import { transaction } from '../../lib/transaction';
import { type Actor, recordAudits } from '../audit/audit.service';
import { recordStock } from '../stock/stock-ledger.service';
import type { CsvRow } from './catalog-csv.format';
import * as repo from './catalog-csv.repository';
import { CSV_MESSAGES as M } from './catalog-csv-messages';
import { groupRows, type Outcome, type ProductPlan, planGroups } from './catalog-csv-plan.service';
import { type ReadImportFile, timeSlicer } from './catalog-csv-read';
import { importedUnits, importRecords, writePlans } from './catalog-csv-write.service';

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

/** Variant rows per import batch unless the upload asks for another size. */
const DEFAULT_BATCH_SIZE = 250;
/** Imports (applied or not) are kept this many days. */
const KEEP_IMPORTS_DAYS = 7;

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

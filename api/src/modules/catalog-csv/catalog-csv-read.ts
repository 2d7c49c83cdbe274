import { pipeline, Readable } from 'node:stream';
import {
  CATALOG_CSV_PRODUCT_COLUMNS,
  type CatalogCsvColumn,
  type CsvRowError,
  MAX_IMPORT_BYTES,
} from '@voltcart/shared';
import { CsvError, parse } from 'csv-parse';
import { AppError, badRequest } from '../../errors';
import { type CsvRow, headerProblem, productCells, readRow } from './catalog-csv.format';
import { CSV_MESSAGES as M } from './catalog-csv-messages';

/**
 * Lets other requests run after about this much work in one go: a file of tens of megabytes is read, checked
 * and planned in steps of a few milliseconds, never in one block that holds every other request up.
 */
const SLICE_MS = 8;

/** A function that waits for the event loop's next turn once SLICE_MS of work has passed since the last one. */
export function timeSlicer(): () => Promise<void> {
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

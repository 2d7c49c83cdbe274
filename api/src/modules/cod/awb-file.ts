import { CsvError, parse } from 'csv-parse/sync';

/** The most AWB numbers one remittance file may name. */
const MAX_AWBS = 20_000;

/** An AWB number as couriers print them: letters, digits and dashes, up to 60 characters (orders.tracking_number). */
const AWB = /^[A-Za-z0-9][A-Za-z0-9-]{0,59}$/;

export type AwbFile = { awbs: { awb: string; line: number }[] } | { error: string; code?: 'duplicate_awb' };

/**
 * The AWB numbers of a courier's remittance file (CSV):
 * - a header row naming a column "AWB" (also "AWB number", "AWB no", "Tracking number", any case) takes that
 *   column; without one, the first column of every row is the AWB
 * - blank rows are skipped; cells are trimmed; a UTF-8 byte-order mark is dropped
 * - an AWB twice in the file (any case) is refused, naming both lines: the same parcel cannot be paid twice
 * - at least one AWB, at most MAX_AWBS; each of letters, digits and dashes
 */
export function readAwbFile(text: string): AwbFile {
  let rows: string[][];
  try {
    rows = parse(text.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (e) {
    return {
      error: `The AWB file is not a CSV file we can read (${e instanceof CsvError ? e.message : 'unreadable'}).`,
    };
  }
  const headerAt = (rows[0] ?? []).findIndex((c) =>
    /^(awb( ?(number|no\.?|#))?|tracking( ?number)?)$/i.test(c.trim()),
  );
  const column = Math.max(0, headerAt);
  const first = headerAt >= 0 ? 1 : 0;
  const seen = new Map<string, number>();
  const awbs: { awb: string; line: number }[] = [];
  for (let i = first; i < rows.length; i++) {
    const awb = (rows[i]![column] ?? '').trim();
    const line = i + 1;
    if (!awb) continue;
    if (!AWB.test(awb))
      return {
        error: `Line ${line} of the AWB file: "${awb.slice(0, 60)}" is not an AWB number (letters, digits and dashes).`,
      };
    const key = awb.toUpperCase();
    const before = seen.get(key);
    if (before !== undefined)
      return {
        error: `AWB ${awb} is in the file twice (lines ${before} and ${line}): a parcel's cash is remitted once.`,
        code: 'duplicate_awb',
      };
    seen.set(key, line);
    awbs.push({ awb, line });
  }
  if (!awbs.length) return { error: 'The AWB file names no AWB number.' };
  if (awbs.length > MAX_AWBS)
    return {
      error: `The AWB file names ${awbs.length} AWB numbers; at most ${MAX_AWBS} fit in one remittance.`,
    };
  return { awbs };
}

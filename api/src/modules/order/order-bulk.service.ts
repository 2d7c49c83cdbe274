import { BULK_SHIP_MAX_ROWS, type BulkShipRow, canMove, type OrderState } from '@voltcart/shared';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError, badRequest } from '../../errors';
import type { Actor as AuditActor } from '../audit/audit.service';
import * as repo from './order.repository';
import type { OrderDeps } from './order.service';
import { PUBLIC_ID_RE } from './order-id';
import { adminMove } from './order-lifecycle.service';

/** The header names the file may use for each column (any case; spaces, `_` and `-` ignored). */
const COLUMNS = {
  orderId: ['orderid', 'order'],
  carrier: ['carrier'],
  trackingNumber: ['trackingnumber', 'tracking'],
};
const key = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');

/** The rows of the file with their line numbers; 400 when it is not CSV or a column is missing. */
function readRows(csv: string): Omit<BulkShipRow, 'from' | 'status' | 'error'>[] {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    parsed = parse(csv, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as typeof parsed;
  } catch (e) {
    if (e instanceof CsvError)
      throw badRequest(`The file is not valid CSV: ${e.message.replace(/^[^:]*: /, '')}`);
    throw e;
  }
  const header = (parsed[0]?.record ?? []).map(key);
  const at = Object.fromEntries(
    Object.entries(COLUMNS).map(([name, names]) => [name, header.findIndex((h) => names.includes(h))]),
  ) as Record<keyof typeof COLUMNS, number>;
  if (Object.values(at).some((i) => i < 0)) {
    throw badRequest(
      'The first line must name the columns: order id, carrier, tracking number.',
      'csv_header',
    );
  }
  const rows = parsed.slice(1);
  if (!rows.length) throw badRequest('The file has no orders under its header.', 'csv_header');
  if (rows.length > BULK_SHIP_MAX_ROWS) {
    throw badRequest(`The file has ${rows.length} orders; send at most ${BULK_SHIP_MAX_ROWS} at a time.`);
  }
  return rows.map((r) => ({
    line: r.info.lines,
    orderId: (r.record[at.orderId] ?? '').toUpperCase(),
    carrier: r.record[at.carrier] ?? '',
    trackingNumber: r.record[at.trackingNumber] ?? '',
  }));
}

/** Why a row cannot be shipped as it stands, or null. */
function problem(
  row: { orderId: string; carrier: string; trackingNumber: string },
  state: OrderState | null,
) {
  if (!row.orderId) return 'The order id is missing.';
  if (!PUBLIC_ID_RE.test(row.orderId) || !state) return `Order ${row.orderId} not found.`;
  if (!row.carrier) return 'The carrier is missing.';
  if (!row.trackingNumber) return 'The tracking number is missing.';
  if (row.carrier.length > 60) return 'The carrier must be at most 60 characters.';
  if (row.trackingNumber.length > 60) return 'The tracking number must be at most 60 characters.';
  if (!canMove(state, 'shipped', 'admin')) return `Cannot move an order from ${state} to shipped.`;
  return null;
}

/**
 * Marks orders shipped with their carrier and tracking number from a CSV.
 * - preview (`apply` false): every row with the order's state now and what will happen, or why it cannot;
 *   nothing changes
 * - apply: each ready row goes through the single move (adminMove): its own transaction, so the shopper's
 *   "shipped" mail, the timeline and the change history are the same as for one order. An order that cannot be
 *   moved (it moved on since the preview) is reported on its row and the others are still shipped: a file of
 *   parcels already handed to carriers is recorded as far as it can be, never undone as a whole.
 * - an order named on two rows: the second row is an error
 */
export async function bulkShip(
  deps: OrderDeps,
  input: { csv: string; apply: boolean },
  actor: AuditActor,
): Promise<{ rows: BulkShipRow[]; ready: number; shipped: number; errors: number }> {
  const seen = new Set<string>();
  const rows: BulkShipRow[] = [];
  for (const r of readRows(input.csv)) {
    const order = PUBLIC_ID_RE.test(r.orderId) ? await repo.findByPublicId(deps.db, r.orderId) : undefined;
    const from = (order?.state as OrderState | undefined) ?? null;
    let error = seen.has(r.orderId)
      ? `Order ${r.orderId} is already on line ${rows.find((x) => x.orderId === r.orderId)!.line}.`
      : problem(r, from);
    seen.add(r.orderId);
    let status: BulkShipRow['status'] = error ? 'error' : 'ready';
    if (!error && input.apply) {
      try {
        await adminMove(
          deps,
          r.orderId,
          'shipped',
          { carrier: r.carrier, trackingNumber: r.trackingNumber },
          actor,
        );
        status = 'shipped';
      } catch (e) {
        if (!(e instanceof AppError) || e.status >= 500) throw e;
        error = e.message;
        status = 'error';
      }
    }
    rows.push({ ...r, from, status, error });
  }
  const count = (s: BulkShipRow['status']) => rows.filter((r) => r.status === s).length;
  return { rows, ready: count('ready'), shipped: count('shipped'), errors: count('error') };
}

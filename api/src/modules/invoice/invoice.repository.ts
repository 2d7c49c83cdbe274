import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import type { InvoiceTable } from '../../db/database';
import { readSettings } from '../settings/settings.repository';

export type InvoiceRow = Selectable<InvoiceTable>;

export const TAX_KEYS = {
  /** '1' registered, '0' not; unset: registered when a GSTIN was saved (before this choice existed). */
  registered: 'tax_registered',
  legalName: 'tax_legal_name',
  tradeName: 'tax_trade_name',
  gstin: 'tax_gstin',
  address: 'tax_address',
  state: 'tax_state',
} as const;

export function readTaxSettings(db: Db): Promise<Map<string, string>> {
  return readSettings(db, [...Object.values(TAX_KEYS), 'shop_name']);
}

/**
 * Takes the next number of a series, gaplessly: the counter row is locked FOR UPDATE until the caller's
 * transaction ends, so numbers are handed out one transaction at a time, and a transaction that rolls back
 * gives its number back.
 * - the row of a new series is created on first use (INSERT IGNORE, then locked like any other). It is not
 *   inserted every time: an INSERT IGNORE that meets the existing row takes a shared lock on it, and two
 *   transactions both upgrading a shared lock to FOR UPDATE deadlock.
 */
export async function nextNumber(db: Db, series: string): Promise<number> {
  const lock = () =>
    db
      .selectFrom('invoice_counters')
      .select('last_number')
      .where('series', '=', series)
      .forUpdate()
      .executeTakeFirst();
  let row = await lock();
  if (!row) {
    await db.insertInto('invoice_counters').ignore().values({ series, last_number: 0 }).execute();
    row = await lock();
  }
  const next = row!.last_number + 1;
  await db.updateTable('invoice_counters').set({ last_number: next }).where('series', '=', series).execute();
  return next;
}

export async function insertInvoice(db: Db, v: Omit<InvoiceRow, 'id' | 'issued_at'>): Promise<void> {
  await db.insertInto('invoices').values(v).execute();
}

export function invoicesOf(db: Db, orderId: number): Promise<InvoiceRow[]> {
  return db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/**
 * The order's lines with the HSN code and GST rate of their product as they are now: the product's own when set,
 * else its category's ('' and NULL when neither has one).
 */
export function taxedLines(db: Db, orderId: number) {
  return db
    .selectFrom('order_lines as l')
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select((eb) => [
      'l.id',
      'l.name',
      'l.color_name',
      'l.memory_size',
      'l.qty',
      'l.unit_price_paise',
      eb.fn.coalesce('p.hsn_code', 'c.hsn_code').as('hsn_code'),
      eb.fn.coalesce('p.gst_rate_bp', 'c.gst_rate_bp').as('gst_rate_bp'),
    ])
    .where('l.order_id', '=', orderId)
    .orderBy('l.id')
    .execute();
}

export function categoriesTax(db: Db) {
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'hsn_code', 'gst_rate_bp'])
    .orderBy('name')
    .execute();
}

/** A category's name and tax fields, its row locked (the history's before of a change). */
export function lockCategoryTax(db: Db, id: number) {
  return db
    .selectFrom('categories')
    .select(['name', 'hsn_code', 'gst_rate_bp'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function setCategoryTax(db: Db, id: number, hsn: string, rateBp: number): Promise<void> {
  await db
    .updateTable('categories')
    .set({ hsn_code: hsn, gst_rate_bp: rateBp })
    .where('id', '=', id)
    .execute();
}

/** The serial numbers recorded for an order's units, by order line, in the order they were recorded. */
export async function serialsOf(db: Db, orderId: number): Promise<Map<number, string[]>> {
  const rows = await db
    .selectFrom('order_line_serials')
    .select(['order_line_id', 'serial'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  const by = new Map<number, string[]>();
  for (const r of rows) by.set(r.order_line_id, [...(by.get(r.order_line_id) ?? []), r.serial]);
  return by;
}

/** Where a page of a period's documents starts: after this sort key and id. */
export type DocumentCursor = { key: string | Date; id: number } | null;

/**
 * One page of the documents issued in [from, to) (of a kind, above a total when asked), with their order's
 * invoice (total and day) and delivery town and pincode, in one of two orders: by issue time (`time`), or by the buyer's GSTIN (`gstin`, business purchases only). Keyset paging, so
 * a period of any size is read a page at a time.
 */
export async function documentPage(
  db: Db,
  range: { from: Date; to: Date },
  opts: { order: 'time' | 'gstin'; kind?: 'invoice' | 'credit_note'; minTotalPaise?: number },
  after: DocumentCursor,
  limit: number,
) {
  let q = db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .leftJoin('invoices as inv', (j) =>
      j.onRef('inv.order_id', '=', 'i.order_id').on('inv.kind', '=', 'invoice'),
    )
    .select([
      'i.id',
      'i.body',
      'i.issued_at',
      'o.buyer_gstin',
      'o.ship_city',
      'o.ship_postal_code',
      'inv.total_paise as invoice_total',
      'inv.issued_at as invoice_issued_at',
    ])
    .where('i.issued_at', '>=', range.from)
    .where('i.issued_at', '<', range.to);
  if (opts.kind) q = q.where('i.kind', '=', opts.kind);
  if (opts.minTotalPaise !== undefined) q = q.where('i.total_paise', '>', opts.minTotalPaise);
  if (opts.order === 'gstin') {
    q = q.where('o.buyer_gstin', 'is not', null);
    if (after)
      q = q.where((eb) =>
        eb.or([
          eb('o.buyer_gstin', '>', String(after.key)),
          eb.and([eb('o.buyer_gstin', '=', String(after.key)), eb('i.id', '>', after.id)]),
        ]),
      );
    return q.orderBy('o.buyer_gstin').orderBy('i.id').limit(limit).execute();
  }
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('i.issued_at', '>', after.key as Date),
        eb.and([eb('i.issued_at', '=', after.key as Date), eb('i.id', '>', after.id)]),
      ]),
    );
  return q.orderBy('i.issued_at').orderBy('i.id').limit(limit).execute();
}

/** An order's lines in order (line 1 first): id, name and units. */
export function orderLines(db: Db, orderId: number) {
  return db
    .selectFrom('order_lines')
    .select(['id', 'name', 'color_name', 'memory_size', 'qty'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

export async function replaceSerials(
  db: Db,
  orderId: number,
  lineId: number,
  serials: string[],
): Promise<void> {
  await db.deleteFrom('order_line_serials').where('order_line_id', '=', lineId).execute();
  if (serials.length)
    await db
      .insertInto('order_line_serials')
      .values(serials.map((serial) => ({ order_id: orderId, order_line_id: lineId, serial })))
      .execute();
}

/** Units whose serial number starts with `prefix` (the serial index), newest first, with their order and line. */
export function findSerials(db: Db, prefix: string, limit: number) {
  return db
    .selectFrom('order_line_serials as s')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .innerJoin('order_lines as l', 'l.id', 's.order_line_id')
    .select([
      's.serial',
      's.recorded_at',
      'o.public_id',
      'l.name',
      (eb) =>
        eb
          .selectFrom('order_lines as l2')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('l2.order_id', '=', 's.order_id')
          .whereRef('l2.id', '<=', 's.order_line_id')
          .as('line'),
    ])
    .where('s.serial', 'like', `${prefix.replace(/[\\%_]/g, '\\$&')}%`)
    .orderBy('s.id', 'desc')
    .limit(limit)
    .execute();
}

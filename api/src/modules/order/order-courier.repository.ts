import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/connection';
import type { CourierEventTable, CourierShipmentTable } from '../../db/database';

export function findShipment(db: Db, orderId: number) {
  return db.selectFrom('courier_shipments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** The booking without its label's bytes (the panel only says whether there is one). */
export function shipmentSummary(db: Db, orderId: number) {
  return db
    .selectFrom('courier_shipments')
    .select([
      'state',
      'provider',
      'awb',
      'courier_name',
      'weight_grams',
      'created_at',
      'last_status',
      'tracked_at',
      (eb) => eb('label_pdf', 'is not', null).as('has_label'),
    ])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}

export async function reserveShipment(db: Db, row: Insertable<CourierShipmentTable>): Promise<void> {
  await db.insertInto('courier_shipments').values(row).execute();
}

export async function updateShipment(db: Db, orderId: number, set: Updateable<CourierShipmentTable>) {
  await db.updateTable('courier_shipments').set(set).where('order_id', '=', orderId).execute();
}

export async function dropShipment(db: Db, orderId: number): Promise<void> {
  await db.deleteFrom('courier_shipments').where('order_id', '=', orderId).execute();
}

/** Records scans once each (a refresh repeats the ones recorded before). */
export async function addEvents(db: Db, rows: Insertable<CourierEventTable>[]): Promise<void> {
  if (!rows.length) return;
  await db.insertInto('courier_events').values(rows).ignore().execute();
}

export function eventsOf(db: Db, orderId: number) {
  return db
    .selectFrom('courier_events')
    .select(['at', 'status', 'activity', 'location'])
    .where('order_id', '=', orderId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

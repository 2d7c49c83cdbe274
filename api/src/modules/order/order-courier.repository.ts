import type { Insertable, Kysely, Updateable } from 'kysely';
import type { CourierEventTable, CourierShipmentTable, Database } from '../../db/database';

type Q = Kysely<Database>;

export function findShipment(db: Q, orderId: number) {
  return db.selectFrom('courier_shipments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** The booking without its label's bytes (the panel only says whether there is one). */
export function shipmentSummary(db: Q, orderId: number) {
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

export async function reserveShipment(db: Q, row: Insertable<CourierShipmentTable>): Promise<void> {
  await db.insertInto('courier_shipments').values(row).execute();
}

export async function updateShipment(db: Q, orderId: number, set: Updateable<CourierShipmentTable>) {
  await db.updateTable('courier_shipments').set(set).where('order_id', '=', orderId).execute();
}

export async function dropShipment(db: Q, orderId: number): Promise<void> {
  await db.deleteFrom('courier_shipments').where('order_id', '=', orderId).execute();
}

/** Records scans once each (a refresh repeats the ones recorded before). */
export async function addEvents(db: Q, rows: Insertable<CourierEventTable>[]): Promise<void> {
  if (!rows.length) return;
  await db.insertInto('courier_events').values(rows).ignore().execute();
}

export function eventsOf(db: Q, orderId: number) {
  return db
    .selectFrom('courier_events')
    .select(['at', 'status', 'activity', 'location'])
    .where('order_id', '=', orderId)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * Order states that tell the truth, and orders found the way support asks for them.
 * - refunds: how the money went back (`gateway`: through the payment provider; `cash`, `upi`, `bank`: recorded
 *   by staff for a cash-on-delivery order) and the staff's reference (UPI or bank transaction id, receipt)
 * - orders.return_stock: a parcel that came back to origin (`returned`): its units went back to sellable stock
 *   (`sellable`) or were counted damaged (`damaged`)
 * - orders.paid_at of a cash-on-delivery order is set from now on when it is delivered (the cash was collected
 *   at the door); one delivered before counts as collected by its state
 * - orders.ship_phone: the last 10 digits of the contact number, and orders.public_id_rev: the order id reversed,
 *   both indexed, so that the back office's order search finds a phone number (typed with or without +91,
 *   spaces or dashes) and the end of an order id from an index; the start of an id reads the unique public_id
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('refunds')
    .addColumn('method', 'varchar(10)', (c) => c.notNull().defaultTo('gateway'))
    .addColumn('reference', 'varchar(100)')
    .execute();
  await sql`ALTER TABLE orders
    ADD COLUMN return_stock varchar(10) NULL,
    ADD COLUMN ship_phone varchar(10) AS (RIGHT(REGEXP_REPLACE(ship_contact, '[^0-9]', ''), 10)) STORED,
    ADD COLUMN public_id_rev varchar(20) AS (REVERSE(RTRIM(public_id))) STORED`.execute(db);
  await db.schema.createIndex('orders_ship_phone').on('orders').columns(['ship_phone']).execute();
  await db.schema.createIndex('orders_public_id_rev').on('orders').columns(['public_id_rev']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_public_id_rev').on('orders').execute();
  await db.schema.dropIndex('orders_ship_phone').on('orders').execute();
  await db.schema
    .alterTable('orders')
    .dropColumn('public_id_rev')
    .dropColumn('ship_phone')
    .dropColumn('return_stock')
    .execute();
  await db.schema.alterTable('refunds').dropColumn('reference').dropColumn('method').execute();
}

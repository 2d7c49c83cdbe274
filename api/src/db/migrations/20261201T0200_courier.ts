import { type Kysely, sql } from 'kysely';

/**
 * Couriers booked through a provider (lib/courier): one booking per order (`courier_shipments`), written as
 * `booking` before the provider is asked, so two staff members pressing "Book courier" at once make one remote
 * shipment; the provider's ids, the AWB, the courier's name and the label PDF once booked. `courier_events` are the
 * courier's scans pulled by a tracking refresh, each recorded once (unique on order, time and status).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('courier_shipments')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('order_id', 'bigint', (c) =>
      c.unsigned().notNull().unique().references('orders.id').onDelete('cascade'),
    )
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull().defaultTo('booking'))
    .addColumn('remote_order_id', 'varchar(40)')
    .addColumn('remote_shipment_id', 'varchar(40)')
    .addColumn('awb', 'varchar(60)')
    .addColumn('courier_name', 'varchar(120)')
    .addColumn('weight_grams', 'integer', (c) => c.unsigned().notNull())
    .addColumn('label_pdf', sql`mediumblob`)
    .addColumn('label_url', 'varchar(1000)')
    .addColumn('last_status', 'varchar(120)')
    .addColumn('tracked_at', sql`datetime(3)`)
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`UTC_TIMESTAMP(3)`))
    .execute();
  await db.schema
    .createTable('courier_events')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('order_id', 'bigint', (c) =>
      c.unsigned().notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('at', sql`datetime(3)`, (c) => c.notNull())
    .addColumn('status', 'varchar(120)', (c) => c.notNull())
    .addColumn('activity', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('location', 'varchar(160)', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('courier_events_once', ['order_id', 'at', 'status'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('courier_events').execute();
  await db.schema.dropTable('courier_shipments').execute();
}

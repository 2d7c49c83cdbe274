import { type Kysely, sql } from 'kysely';

/**
 * COD remittances (modules/cod-remittance): the cash a courier collected at the door and paid to the shop later.
 * - cod_remittances: one payment by a courier (carrier, amount, the day it was paid, the bank or courier
 *   reference, the name of the CSV of AWB numbers it covered, who recorded it)
 * - cod_remittance_orders: the orders a remittance settled, each once (the order id is the key), with the AWB
 *   and the cash due on it when recorded
 * - orders_tracking: a remittance file names orders by AWB (tracking number)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cod_remittances')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('carrier', 'varchar(60)', (c) => c.notNull())
    .addColumn('amount_paise', 'bigint', (c) => c.notNull())
    .addColumn('due_paise', 'bigint', (c) => c.notNull())
    .addColumn('remitted_on', 'date', (c) => c.notNull())
    .addColumn('reference', 'varchar(120)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('admin_id', 'bigint', (c) => c.unsigned())
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`UTC_TIMESTAMP(3)`))
    .execute();
  await db.schema
    .createIndex('cod_remittances_day')
    .on('cod_remittances')
    .columns(['remitted_on', 'id'])
    .execute();
  await db.schema
    .createTable('cod_remittance_orders')
    .addColumn('order_id', 'bigint', (c) => c.unsigned().primaryKey().references('orders.id'))
    .addColumn('remittance_id', 'bigint', (c) =>
      c.unsigned().notNull().references('cod_remittances.id').onDelete('cascade'),
    )
    .addColumn('awb', 'varchar(60)', (c) => c.notNull())
    .addColumn('due_paise', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('cod_remittance_orders_remittance')
    .on('cod_remittance_orders')
    .columns(['remittance_id'])
    .execute();
  await db.schema.createIndex('orders_tracking').on('orders').columns(['tracking_number']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_tracking').on('orders').execute();
  await db.schema.dropTable('cod_remittance_orders').ifExists().execute();
  await db.schema.dropTable('cod_remittances').ifExists().execute();
}

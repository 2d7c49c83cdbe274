import { type Kysely, sql } from 'kysely';

/**
 * Orders, their line snapshots and the log of processed payment webhooks. Money columns hold integer paise.
 * - order_lines keep a copy of what was bought (name, options, prices): products may change or disappear later,
 *   so product_id is deliberately not a foreign key
 * - payment_events.event_id is the primary key so that a replayed webhook is recognised by an insert-ignore
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('public_id', sql`char(20)`, (c) => c.notNull().unique())
    .addColumn('user_id', 'bigint', (c) => c.unsigned().notNull().references('users.id'))
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('payment_mode', sql`tinyint`, (c) => c.unsigned().notNull())
    .addColumn('total_paise', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('original_total_paise', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('razorpay_order_id', 'varchar(64)', (c) => c.unique())
    .addColumn('razorpay_payment_id', 'varchar(64)')
    .addColumn('ship_adress_line1', 'varchar(200)', (c) => c.notNull())
    .addColumn('ship_adress_line2', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('ship_city', 'varchar(100)', (c) => c.notNull())
    .addColumn('ship_state', 'varchar(100)', (c) => c.notNull())
    .addColumn('ship_postal_code', 'varchar(20)', (c) => c.notNull())
    .addColumn('ship_country', 'varchar(100)', (c) => c.notNull())
    .addColumn('ship_contact', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .addColumn('notes', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('stock_returned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('expires_at', 'datetime(3)')
    .addColumn('paid_at', 'datetime(3)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('updated_at', 'datetime(3)', (c) =>
      c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3)`),
    )
    .execute();
  await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('orders_state').on('orders').columns(['state', 'id']).execute();
  await db.schema.createIndex('orders_expiry').on('orders').columns(['state', 'expires_at']).execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('order_id', 'bigint', (c) =>
      c.unsigned().notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('color_id', 'bigint', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('color_name', 'varchar(60)')
    .addColumn('memory_size', 'integer', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('unit_price_paise', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('unit_original_paise', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('qty', 'integer', (c) => c.unsigned().notNull())
    .addColumn('thumbnail', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('order_lines_order').on('order_lines').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('order_lines_product').on('order_lines').columns(['product_id']).execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('event_id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('event', 'varchar(60)', (c) => c.notNull())
    .addColumn('razorpay_order_id', 'varchar(64)')
    .addColumn('received_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['payment_events', 'order_lines', 'orders']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

import { type Kysely, sql } from 'kysely';

/**
 * The reports' sales kept per calendar day (the shop's time zone), so a report of a year reads 365 rows instead
 * of every order: the day's sums (report_days), units and value per product (report_day_products), the shoppers
 * with a paid order that day (report_day_customers) and each one's first such day (report_customer_firsts), and the day each order was counted in (report_order_days,
 * so a day an order leaves is counted again). modules/reports keeps them: before a report is read, the days of
 * the orders changed since the last refresh (orders_updated finds them) are counted again from the orders.
 * The tables start empty; the first report fills them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_updated').on('orders').column('updated_at').execute();
  const money = (t: any, name: string) => t.addColumn(name, 'bigint', (c: any) => c.notNull().defaultTo(0));
  let days = db.schema.createTable('report_days').addColumn('day', 'date', (c) => c.primaryKey());
  for (const name of [
    'orders',
    'paid_orders',
    'gross',
    'refunds',
    'prepaid_orders',
    'prepaid_net',
    'cod_orders',
    'cod_net',
    'returned_orders',
  ])
    days = money(days, name);
  await days.execute();
  await db.schema
    .createTable('report_day_products')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('product_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('units', 'bigint', (c) => c.notNull())
    .addColumn('sales', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_day_products_pk', ['day', 'product_id'])
    .execute();
  await db.schema
    .createTable('report_day_customers')
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.unsigned().notNull())
    .addPrimaryKeyConstraint('report_day_customers_pk', ['day', 'user_id'])
    .execute();
  await db.schema
    .createIndex('report_day_customers_user')
    .on('report_day_customers')
    .columns(['user_id', 'day'])
    .execute();
  await db.schema
    .createTable('report_customer_firsts')
    .addColumn('user_id', 'bigint', (c) => c.unsigned().primaryKey())
    .addColumn('first_day', 'date', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('report_customer_firsts_day')
    .on('report_customer_firsts')
    .column('first_day')
    .execute();
  await db.schema
    .createTable('report_order_days')
    .addColumn('order_id', 'bigint', (c) => c.unsigned().primaryKey())
    .addColumn('day', 'date', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('report_order_days_day').on('report_order_days').column('day').execute();
  await db.schema
    .createTable('report_refresh')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('refreshed_to', sql`datetime(3)`, (c) => c.notNull())
    .addColumn('fingerprint', sql`varchar(40) character set ascii`, (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`INSERT INTO report_refresh (id, refreshed_to) VALUES (1, '1970-01-01 00:00:00')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'report_refresh',
    'report_order_days',
    'report_customer_firsts',
    'report_day_customers',
    'report_day_products',
    'report_days',
  ])
    await db.schema.dropTable(t).ifExists().execute();
  await db.schema.dropIndex('orders_updated').on('orders').execute();
}

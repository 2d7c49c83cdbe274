import { type Kysely, sql } from 'kysely';

/**
 * Returns and replacements of delivered orders.
 * - return_requests: one shopper's request on one order (refund or replacement), its state, the pickup staff
 *   booked, where a cash-on-delivery refund goes (UPI ID, or bank account + IFSC), the refund made and the
 *   replacement order sent
 * - return_lines: the order lines and units of a request; `open` is 1 while the request is open and NULL once it
 *   is closed, so the unique key (order_line_id, open) lets a line be held by one open request at a time (two
 *   requests at once: one wins); `sellable` / `damaged` are the units as inspected
 * - return_photos: the shopper's photos (re-encoded, random names)
 * - return_events: each request's history (who did what, when)
 * - categories.return_policy: `returnable`, `replacement_only` or `none`
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('return_requests')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('public_id', sql`char(20)`, (c) => c.notNull().unique())
    .addColumn('order_id', 'bigint', (c) => c.unsigned().notNull().references('orders.id'))
    .addColumn('kind', 'varchar(12)', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('reason', 'varchar(20)', (c) => c.notNull())
    .addColumn('comment', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('reject_reason', 'varchar(300)')
    .addColumn('pickup_carrier', 'varchar(60)')
    .addColumn('pickup_awb', 'varchar(60)')
    .addColumn('refund_method', 'varchar(10)', (c) => c.notNull())
    .addColumn('upi_id', 'varchar(256)')
    .addColumn('bank_account', 'varchar(30)')
    .addColumn('bank_ifsc', sql`char(11)`)
    .addColumn('account_name', 'varchar(100)')
    .addColumn('refund_id', 'bigint', (c) => c.unsigned().references('refunds.id'))
    .addColumn('shipping_refund_paise', 'bigint', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('replacement_order_id', 'bigint', (c) => c.unsigned().references('orders.id'))
    .addColumn('notice', 'varchar(300)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('updated_at', 'datetime(3)', (c) =>
      c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3)`),
    )
    .execute();
  await db.schema
    .createIndex('return_requests_order')
    .on('return_requests')
    .columns(['order_id', 'id'])
    .execute();
  await db.schema
    .createIndex('return_requests_state')
    .on('return_requests')
    .columns(['state', 'id'])
    .execute();

  await db.schema
    .createTable('return_lines')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('request_id', 'bigint', (c) =>
      c.unsigned().notNull().references('return_requests.id').onDelete('cascade'),
    )
    .addColumn('order_line_id', 'bigint', (c) => c.unsigned().notNull().references('order_lines.id'))
    .addColumn('qty', 'integer', (c) => c.unsigned().notNull())
    .addColumn('open', sql`tinyint`, (c) => c.unsigned())
    .addColumn('sellable', 'integer', (c) => c.unsigned())
    .addColumn('damaged', 'integer', (c) => c.unsigned())
    .addColumn('replacement_variant_id', 'bigint', (c) => c.unsigned())
    .addColumn('share_paise', 'bigint', (c) => c.unsigned().notNull().defaultTo(0))
    .addUniqueConstraint('return_lines_one_open', ['order_line_id', 'open'])
    .execute();
  await db.schema.createIndex('return_lines_request').on('return_lines').columns(['request_id']).execute();

  await db.schema
    .createTable('return_photos')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('request_id', 'bigint', (c) =>
      c.unsigned().notNull().references('return_requests.id').onDelete('cascade'),
    )
    .addColumn('file', 'varchar(64)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.unsigned().notNull())
    .execute();
  await db.schema.createIndex('return_photos_request').on('return_photos').columns(['request_id']).execute();

  await db.schema
    .createTable('return_events')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('request_id', 'bigint', (c) =>
      c.unsigned().notNull().references('return_requests.id').onDelete('cascade'),
    )
    .addColumn('event', 'varchar(30)', (c) => c.notNull())
    .addColumn('actor', 'varchar(20)', (c) => c.notNull())
    .addColumn('note', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('admin_id', 'bigint', (c) => c.unsigned())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute();
  await db.schema
    .createIndex('return_events_request')
    .on('return_events')
    .columns(['request_id', 'id'])
    .execute();

  await db.schema
    .alterTable('categories')
    .addColumn('return_policy', 'varchar(20)', (c) => c.notNull().defaultTo('returnable'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('categories').dropColumn('return_policy').execute();
  await db.schema.dropTable('return_events').execute();
  await db.schema.dropTable('return_photos').execute();
  await db.schema.dropTable('return_lines').execute();
  await db.schema.dropTable('return_requests').execute();
}

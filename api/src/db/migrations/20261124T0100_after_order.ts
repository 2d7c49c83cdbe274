import { type Kysely, sql } from 'kysely';

/**
 * After the order: the mail outbox, the order timeline, refunds, GST invoices and their numbering.
 * - outbox: mails written in the same transaction as the change that causes them; `message_id` is fixed when the
 *   row is written, so every delivery attempt of one mail carries the same Message-ID. A sender claims a row with
 *   a lease (`claimed_by`, `claimed_until`) and marks it `sent_at`.
 * - order_events: one row per state change (and per refund, shipment detail…), written with the change itself
 * - refunds: amounts in paise; a pending refund already counts against what is left to refund
 * - invoice_counters: one row per series and financial year, locked FOR UPDATE while a number is taken, so the
 *   numbers are gapless (a rolled-back transaction gives its number back)
 * - invoices: tax invoices and credit notes with their figures; `body` keeps the document as issued (JSON)
 * - categories get an HSN code and a GST rate (basis points: 1800 = 18 %); orders their shipping details and
 *   the amount refunded so far
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('message_id', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(300)', (c) => c.notNull())
    .addColumn('text_body', sql`mediumtext`, (c) => c.notNull())
    .addColumn('html_body', sql`mediumtext`, (c) => c.notNull())
    .addColumn('order_id', 'bigint', (c) => c.unsigned())
    .addColumn('attempts', 'integer', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('claimed_by', 'varchar(64)')
    .addColumn('claimed_until', 'datetime(3)')
    .addColumn('sent_at', 'datetime(3)')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['sent_at', 'next_attempt_at']).execute();
  await db.schema.createIndex('outbox_order').on('outbox').columns(['order_id']).execute();

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('order_id', 'bigint', (c) =>
      c.unsigned().notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('event', 'varchar(30)', (c) => c.notNull())
    .addColumn('actor', 'varchar(20)', (c) => c.notNull())
    .addColumn('note', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('public_id', sql`char(20)`, (c) => c.notNull().unique())
    .addColumn('order_id', 'bigint', (c) => c.unsigned().notNull().references('orders.id'))
    .addColumn('provider_refund_id', 'varchar(64)', (c) => c.unique())
    .addColumn('amount_paise', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('reason', 'varchar(300)', (c) => c.notNull())
    .addColumn('state', 'varchar(20)', (c) => c.notNull())
    .addColumn('error', 'varchar(300)')
    .addColumn('actor', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('updated_at', 'datetime(3)', (c) =>
      c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3)`),
    )
    .execute();
  await db.schema.createIndex('refunds_order').on('refunds').columns(['order_id', 'id']).execute();

  await db.schema
    .createTable('invoice_counters')
    .addColumn('series', 'varchar(30)', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.unsigned().notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('order_id', 'bigint', (c) => c.unsigned().notNull().references('orders.id'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('number', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('refund_id', 'bigint', (c) => c.unsigned())
    .addColumn('total_paise', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('body', sql`mediumtext`, (c) => c.notNull())
    .addColumn('issued_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute();
  await db.schema.createIndex('invoices_order').on('invoices').columns(['order_id', 'id']).execute();

  await db.schema
    .alterTable('categories')
    .addColumn('hsn_code', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('gst_rate_bp', 'integer', (c) => c.unsigned().notNull().defaultTo(1800))
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('carrier', 'varchar(60)')
    .addColumn('tracking_number', 'varchar(60)')
    .addColumn('refunded_paise', 'bigint', (c) => c.unsigned().notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .dropColumn('carrier')
    .dropColumn('tracking_number')
    .dropColumn('refunded_paise')
    .execute();
  await db.schema.alterTable('categories').dropColumn('hsn_code').dropColumn('gst_rate_bp').execute();
  for (const t of ['invoices', 'invoice_counters', 'refunds', 'order_events', 'outbox']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

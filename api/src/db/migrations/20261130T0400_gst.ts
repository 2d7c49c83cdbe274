import { type Kysely, sql } from 'kysely';

/**
 * GST that an accountant can file from:
 * - a product's own HSN code and GST rate (NULL: its category's), so one odd product needs no category of its own
 * - a business buyer's GSTIN and name given at checkout (B2B invoices; NULL for a consumer)
 * - the serial number (IMEI) of each unit, recorded at packing, printed on the invoice and searchable
 * - invoices found by the day they were issued (the accountant's month and quarter exports)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('hsn_code', 'varchar(8)')
    .addColumn('gst_rate_bp', 'integer', (c) => c.unsigned())
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('buyer_gstin', 'varchar(15)')
    .addColumn('buyer_business_name', 'varchar(120)')
    .execute();
  await db.schema
    .createTable('order_line_serials')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('order_id', 'bigint', (c) =>
      c.unsigned().notNull().references('orders.id').onDelete('cascade'),
    )
    .addColumn('order_line_id', 'bigint', (c) =>
      c.unsigned().notNull().references('order_lines.id').onDelete('cascade'),
    )
    .addColumn('serial', 'varchar(40)', (c) => c.notNull())
    .addColumn('recorded_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`UTC_TIMESTAMP(3)`))
    .execute();
  await db.schema
    .createIndex('order_line_serials_line')
    .on('order_line_serials')
    .columns(['order_line_id', 'id'])
    .execute();
  await db.schema
    .createIndex('order_line_serials_serial')
    .on('order_line_serials')
    .columns(['serial'])
    .execute();
  await db.schema
    .createIndex('order_line_serials_order')
    .on('order_line_serials')
    .columns(['order_id'])
    .execute();
  await db.schema.createIndex('invoices_issued').on('invoices').columns(['issued_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invoices_issued').on('invoices').execute();
  await db.schema.dropTable('order_line_serials').ifExists().execute();
  await db.schema.alterTable('orders').dropColumn('buyer_gstin').dropColumn('buyer_business_name').execute();
  await db.schema.alterTable('products').dropColumn('hsn_code').dropColumn('gst_rate_bp').execute();
}

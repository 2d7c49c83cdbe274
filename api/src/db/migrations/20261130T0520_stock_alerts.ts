import { type Kysely, sql } from 'kysely';

/**
 * "Notify me when available" (modules/stock-alert): an address waiting for a variant to come back. One waiting
 * request per address and variant (`waiting` is 1 until the mail is written, then NULL, so the unique key holds
 * only while it waits and the address may ask again later); `notified_at` says when the mail went to the outbox.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stock_alerts')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('variant_id', 'bigint', (c) =>
      c.unsigned().notNull().references('product_variants.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'bigint', (c) =>
      c.unsigned().notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.unsigned().references('users.id').onDelete('set null'))
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`UTC_TIMESTAMP(3)`))
    .addColumn('notified_at', sql`datetime(3)`)
    .execute();
  await sql`ALTER TABLE stock_alerts
    ADD COLUMN waiting tinyint AS (IF(notified_at IS NULL, 1, NULL)) STORED,
    ADD UNIQUE KEY stock_alerts_one_waiting (variant_id, email, waiting),
    ADD KEY stock_alerts_email (email, waiting),
    ADD KEY stock_alerts_waiting (waiting, variant_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_alerts').ifExists().execute();
}

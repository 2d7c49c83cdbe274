import { type Kysely, sql } from 'kysely';

/**
 * Low-stock alerts (modules/stock/low-stock.service.ts):
 * - product_variants.low_stock_threshold: the variant's own threshold in units; NULL follows the shop's
 *   `low_stock_threshold` setting
 * - low_stock_alerts: one row per variant that has crossed down to its threshold or below and has not risen
 *   above it since. The row is written with the change that crossed, so a variant alerts once per crossing; the
 *   staff mail is written to the outbox by the background pass of each API process (`mailed_at` set with it). A
 *   change that lifts the variant above its threshold deletes the row (armed again). Variants already at or
 *   below the threshold today are listed without a mail.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('product_variants')
    .addColumn('low_stock_threshold', 'integer', (c) => c.unsigned())
    .execute();
  await db.schema
    .createTable('low_stock_alerts')
    .addColumn('variant_id', 'bigint', (c) =>
      c.unsigned().primaryKey().references('product_variants.id').onDelete('cascade'),
    )
    .addColumn('product_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('units', 'integer', (c) => c.notNull())
    .addColumn('threshold', 'integer', (c) => c.notNull())
    .addColumn('at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`UTC_TIMESTAMP(3)`))
    .addColumn('mailed_at', sql`datetime(3)`)
    .execute();
  await db.schema
    .createIndex('low_stock_alerts_mail')
    .on('low_stock_alerts')
    .columns(['mailed_at', 'at'])
    .execute();
  await sql`INSERT INTO low_stock_alerts (variant_id, product_id, units, threshold, mailed_at)
    SELECT v.id, v.product_id, v.stock, t.n, UTC_TIMESTAMP(3)
    FROM product_variants AS v
    JOIN (SELECT COALESCE((SELECT CAST(value AS UNSIGNED) FROM settings WHERE name = 'low_stock_threshold'), 5) AS n) AS t
    WHERE v.enabled = 1 AND v.stock <= t.n`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('low_stock_alerts').ifExists().execute();
  await db.schema.alterTable('product_variants').dropColumn('low_stock_threshold').execute();
}

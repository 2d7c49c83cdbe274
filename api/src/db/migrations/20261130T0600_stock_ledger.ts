import { type Kysely, sql } from 'kysely';

/**
 * The stock ledger: one row per change of a variant's units, written in the transaction of the change (order,
 * cancellation, refund, return, staff edit, bulk change, CSV import). `units_before + delta = units_after`;
 * the sum of a variant's deltas is its units now (the reconciliation check). Rows keep the variant's id, product
 * and SKU without foreign keys, so the trail of a deleted variant or product stays (shown as deleted).
 * Append-only: triggers refuse UPDATE and DELETE. Every variant holding units today gets an `opening` row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stock_movements')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`UTC_TIMESTAMP(3)`))
    .addColumn('variant_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('product_id', 'bigint', (c) => c.unsigned().notNull())
    .addColumn('sku', 'varchar(160)', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('units_before', 'integer', (c) => c.notNull())
    .addColumn('units_after', 'integer', (c) => c.notNull())
    .addColumn('reason', sql`varchar(20) character set ascii`, (c) => c.notNull())
    .addColumn('actor', sql`varchar(20) character set ascii`, (c) => c.notNull())
    .addColumn('admin_id', 'bigint', (c) => c.unsigned())
    .addColumn('order_id', 'bigint', (c) => c.unsigned())
    .addColumn('reference', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('stock_movements_variant')
    .on('stock_movements')
    .columns(['variant_id', 'id'])
    .execute();
  await db.schema
    .createIndex('stock_movements_product')
    .on('stock_movements')
    .columns(['product_id', 'id'])
    .execute();
  await db.schema.createIndex('stock_movements_at').on('stock_movements').column('at').execute();
  await sql`INSERT INTO stock_movements
      (variant_id, product_id, sku, delta, units_before, units_after, reason, actor, note)
    SELECT id, product_id, sku, stock, 0, stock, 'opening', 'system', 'Units when the ledger started'
    FROM product_variants WHERE stock <> 0 ORDER BY id`.execute(db);
  for (const op of ['UPDATE', 'DELETE'])
    await sql
      .raw(
        `CREATE TRIGGER stock_movements_no_${op.toLowerCase()} BEFORE ${op} ON stock_movements FOR EACH ROW ` +
          `SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'The stock ledger is append-only.'`,
      )
      .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_movements').ifExists().execute();
}

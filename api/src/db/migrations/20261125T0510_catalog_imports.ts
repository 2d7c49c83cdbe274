import { type Kysely, sql } from 'kysely';

/**
 * Catalogue CSV imports (modules/catalog-csv): a previewed file is kept until it is applied, batch by batch.
 * - `catalog_imports`: one row per uploaded file with the preview's counts, its first row errors (JSON) and how
 *   many batches are applied; the apply of a batch moves `batches_done` in the batch's own transaction
 * - `catalog_import_rows`: the file's rows, parsed (JSON), with the batch each belongs to (a product's rows are
 *   never split over two batches); dropped with their import
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalog_imports')
    .addColumn('id', 'bigint', (c) => c.unsigned().primaryKey().autoIncrement())
    .addColumn('public_id', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('admin_id', 'bigint', (c) => c.unsigned())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.unsigned().notNull())
    .addColumn('to_create', 'integer', (c) => c.unsigned().notNull())
    .addColumn('to_update', 'integer', (c) => c.unsigned().notNull())
    .addColumn('unchanged', 'integer', (c) => c.unsigned().notNull())
    .addColumn('error_count', 'integer', (c) => c.unsigned().notNull())
    .addColumn('errors', 'text', (c) => c.notNull())
    .addColumn('batch_count', 'integer', (c) => c.unsigned().notNull())
    .addColumn('batches_done', 'integer', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .addColumn('updated_at', 'datetime(3)', (c) =>
      c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3) ON UPDATE CURRENT_TIMESTAMP(3)`),
    )
    .execute();
  await db.schema.createIndex('catalog_imports_created').on('catalog_imports').column('created_at').execute();
  await db.schema
    .createTable('catalog_import_rows')
    .addColumn('import_id', 'bigint', (c) =>
      c.unsigned().notNull().references('catalog_imports.id').onDelete('cascade'),
    )
    .addColumn('line', 'integer', (c) => c.unsigned().notNull())
    .addColumn('batch', 'integer', (c) => c.unsigned().notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('catalog_import_rows_pk', ['import_id', 'line'])
    .execute();
  await db.schema
    .createIndex('catalog_import_rows_batch')
    .on('catalog_import_rows')
    .columns(['import_id', 'batch'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalog_import_rows').execute();
  await db.schema.dropTable('catalog_imports').execute();
}

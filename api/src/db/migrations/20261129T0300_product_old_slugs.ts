import { type Kysely, sql } from 'kysely';

/**
 * The addresses a product had before it was renamed: each old slug points at the product, so
 * `/product/<old-slug>` answers 301 to the current address (shared links and search engines keep working).
 * An old slug belongs to one product at a time; it is dropped when a product takes it as its current slug, and
 * with its product.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_old_slugs')
    .addColumn('slug', 'varchar(250)', (c) => c.primaryKey())
    .addColumn('product_id', 'bigint', (c) =>
      c.unsigned().notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('renamed_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`UTC_TIMESTAMP(3)`))
    .execute();
  await db.schema
    .createIndex('product_old_slugs_product')
    .on('product_old_slugs')
    .column('product_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_old_slugs').ifExists().execute();
}

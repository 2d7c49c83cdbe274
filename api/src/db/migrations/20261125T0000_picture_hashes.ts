import { type Kysely, sql } from 'kysely';

/**
 * The content hash (sha256, hex) of the file each product picture was made from, so that uploading the same file
 * again is recognised and skipped (a bulk upload run twice must not double the galleries).
 * - rows stored before this migration have no hash (NULL) and never match
 * - one file at most once per gallery: the unique index backs the service's check (NULLs never clash)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('product_images')
    .addColumn('content_hash', sql`char(64) character set ascii`)
    .execute();
  await db.schema
    .createIndex('product_images_hash')
    .on('product_images')
    .columns(['product_id', 'content_hash'])
    .unique()
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('thumbnail_hash', sql`char(64) character set ascii`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('thumbnail_hash').execute();
  await db.schema.dropIndex('product_images_hash').on('product_images').execute();
  await db.schema.alterTable('product_images').dropColumn('content_hash').execute();
}

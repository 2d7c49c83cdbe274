import type { Kysely } from 'kysely';

/**
 * Image files that several rows point at (the sample catalogue's picture pool). Deleting one product
 * must not delete a file other products still show, so files listed here are never removed with a row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shared_images')
    .addColumn('folder', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addPrimaryKeyConstraint('shared_images_pk', ['folder', 'name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shared_images').ifExists().execute();
}

import { type Kysely, sql } from 'kysely';

/** The shop's own pages as staff wrote them (terms, privacy, shipping, returns, contact and its grievance officer). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shop_pages')
    .addColumn('slug', 'varchar(20)', (c) => c.primaryKey())
    .addColumn('body', sql`mediumtext`, (c) => c.notNull())
    .addColumn('officer', 'json')
    .addColumn('updated_at', 'datetime(3)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shop_pages').execute();
}

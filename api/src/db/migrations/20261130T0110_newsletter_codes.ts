import { type Kysely, sql } from 'kysely';

/**
 * The newsletter's first-order codes: each code may end before its promotion does (`expires_at`: a welcome code
 * works for so many days from the sign-up), and the promotion they belong to is marked by its `source` so the
 * sign-up finds it (one per percentage, so a code mailed keeps the percentage it promised).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('promotion_codes').addColumn('expires_at', sql`datetime(3)`).execute();
  await db.schema.alterTable('promotions').addColumn('source', 'varchar(20)').execute();
  // One newsletter promotion per percentage (staff's own have no source: NULLs never clash).
  await db.schema
    .createIndex('promotions_source')
    .on('promotions')
    .columns(['source', 'percent_bp'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('promotions_source').on('promotions').execute();
  await db.schema.alterTable('promotions').dropColumn('source').execute();
  await db.schema.alterTable('promotion_codes').dropColumn('expires_at').execute();
}

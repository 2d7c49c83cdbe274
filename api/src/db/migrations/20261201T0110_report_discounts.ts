import { type Kysely, sql } from 'kysely';

/**
 * The reports' days also sum the discounts of the orders whose money was taken (their order_discounts), so the
 * dashboard and the reports show gross (before discounts), discounts and net. The days already counted are
 * counted again by the next report (the refresh row is reset).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('report_days')
    .addColumn('discounts', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE report_refresh SET refreshed_to = '1970-01-01 00:00:00', fingerprint = '' WHERE id = 1`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('report_days').dropColumn('discounts').execute();
}

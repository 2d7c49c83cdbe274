import { type Kysely, sql } from 'kysely';

/**
 * report_order_days.counted_at: the order's `updated_at` when its day was last counted. A refresh of the reports'
 * days (modules/reports) counts again only the days of orders changed since they were counted, not every day with
 * an order changed in the last few minutes (the margin for late commits), so a read after a change counts one day
 * or two, not dozens.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE report_order_days ADD COLUMN counted_at datetime(3) NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE report_order_days DROP COLUMN counted_at`.execute(db);
}

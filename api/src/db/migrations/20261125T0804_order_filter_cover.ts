import type { Kysely } from 'kysely';

/**
 * The order list filtered by state with a date range, an amount range or a payment mode, read from one index
 * alone: its count and its page's ids no longer look up each order in range for the columns
 * orders_state_created lacks (a year of shipped and delivered orders among 100,000: a full table scan, 270 ms
 * to count and 70 ms for a page under load; from this index 125 ms and 6 ms). orders_state_created stays: its
 * order (state, date, id) is the state sort's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('orders_filter_cover')
    .on('orders')
    .columns(['state', 'created_at', 'total_paise', 'payment_mode'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_filter_cover').on('orders').ifExists().execute();
}

import type { Kysely } from 'kysely';

/**
 * Indexes for the back office's order list at 100,000 orders: each sort reads an index in order and stops after
 * a page (by date: orders_created; by state: orders_state), a state filter with a date range or the date sort
 * reads orders_state_created, and the payment-mode filter or sort orders_payment_created. InnoDB keeps the id in
 * every secondary index, so the tie-break by id needs no extra column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_total').on('orders').column('total_paise').execute();
  await db.schema.createIndex('orders_state_created').on('orders').columns(['state', 'created_at']).execute();
  await db.schema
    .createIndex('orders_payment_created')
    .on('orders')
    .columns(['payment_mode', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_payment_created').on('orders').execute();
  await db.schema.dropIndex('orders_state_created').on('orders').execute();
  await db.schema.dropIndex('orders_total').on('orders').execute();
}

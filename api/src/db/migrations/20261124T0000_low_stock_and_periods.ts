import { type Kysely, sql } from 'kysely';

/**
 * Low-stock alerts and the dashboard's periods:
 * - the shop setting `low_stock_threshold` (units), 5 until an admin changes it in Settings; an existing row is
 *   kept (INSERT IGNORE), so running this on a shop that already has one changes nothing
 * - products_stock (stock, id): the back office's low-stock list (`stock <= threshold`) reads the few products
 *   at or under the threshold instead of the whole catalogue
 * - orders_created and users_created: the dashboard's periods (`created_at` in [from, to)) read their own days
 *   instead of every order and every account
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`INSERT IGNORE INTO settings (name, value) VALUES ('low_stock_threshold', '5')`.execute(db);
  await db.schema.createIndex('products_stock').on('products').columns(['stock', 'id']).execute();
  await db.schema.createIndex('orders_created').on('orders').columns(['created_at']).execute();
  await db.schema.createIndex('users_created').on('users').columns(['created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_created').on('users').execute();
  await db.schema.dropIndex('orders_created').on('orders').execute();
  await db.schema.dropIndex('products_stock').on('products').execute();
  await sql`DELETE FROM settings WHERE name = 'low_stock_threshold'`.execute(db);
}

import { type Kysely, sql } from 'kysely';

/**
 * A shopper's wishlist on the server (modules/wishlist), so it follows them to every device: one row per product,
 * with the colour and memory size chosen when it was added (0: none chosen), so that moving it to the cart keeps
 * them. Guests keep theirs in the browser; it is merged in at login, as the cart is.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('wishlist_items')
    .addColumn('user_id', 'bigint', (c) => c.unsigned().notNull().references('users.id').onDelete('cascade'))
    .addColumn('product_id', 'bigint', (c) =>
      c.unsigned().notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('color_id', 'bigint', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('memory_size', 'integer', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`UTC_TIMESTAMP(3)`))
    .addPrimaryKeyConstraint('wishlist_items_pk', ['user_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('wishlist_items_newest')
    .on('wishlist_items')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wishlist_items').ifExists().execute();
}

import type { Kysely } from 'kysely';

/**
 * Search at a million products (issue 16): a narrow copy of what a search filters, counts and ranks by, in
 * product id order. A search joins its matches (tens of thousands of ids for a common word) to their products;
 * through the primary key each match read a whole product row (descriptions included, about a kilobyte), which
 * a loaded buffer pool had mostly evicted. This index is read instead, a few dozen bytes per product, and
 * InnoDB keeps it in the same statement as every product write (generated columns included).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('products_search_keys')
    .on('products')
    .columns([
      'id',
      'status',
      'category_id',
      'sellable',
      'list_price',
      'discount_percentage',
      'stock',
      'top_selling',
      'brand',
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_search_keys').on('products').ifExists().execute();
}

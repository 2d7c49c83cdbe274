import { type Kysely, sql } from 'kysely';

/**
 * Search at a million products: what a search filters, counts and ranks by, readable without a
 * product's wide row. A search joins its matches (a hundred thousand ids for a common word) to their products;
 * through the primary key each match read a whole product row (descriptions included), and its colour and
 * memory facets read every match's colour and memory rows.
 * - `products_search_keys`: a narrow copy of the products' keys in id order, which InnoDB keeps in the same
 *   statement as every product write (generated columns included)
 * - `search_docs.color_ids`, `search_docs.memory_sizes`: the product's colour ids and memory sizes, ascending and
 *   comma-separated, written with the rest of its index rows (filled here from the products' rows)
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
  await sql`ALTER TABLE search_docs
    ADD COLUMN color_ids varchar(500) CHARACTER SET ascii NOT NULL DEFAULT '',
    ADD COLUMN memory_sizes varchar(200) CHARACTER SET ascii NOT NULL DEFAULT ''`.execute(db);
  await sql`UPDATE search_docs AS d SET
    color_ids = COALESCE((SELECT GROUP_CONCAT(pc.color_id ORDER BY pc.color_id) FROM product_colors AS pc
      WHERE pc.product_id = d.product_id), ''),
    memory_sizes = COALESCE((SELECT GROUP_CONCAT(m.size_gb ORDER BY m.size_gb) FROM product_memory AS m
      WHERE m.product_id = d.product_id), '')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE search_docs DROP COLUMN color_ids, DROP COLUMN memory_sizes`.execute(db);
  await db.schema.dropIndex('products_search_keys').on('products').ifExists().execute();
}

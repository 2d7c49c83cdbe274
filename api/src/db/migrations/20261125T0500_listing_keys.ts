import { type Kysely, sql } from 'kysely';

/**
 * Listing keys for search and faceted lists at a million products:
 * - `products.list_price`: the price shoppers compare (the cheapest switched-on variant's, else the product's),
 *   and `products.sellable` (switched on and with units), both stored generated columns: every write path
 *   keeps them (checkout, back office, imports, SQL by hand) in the same statement as the change
 * - indexes that walk a page in each sort's order inside the visible products (of one category or all), so a
 *   page reads about as many rows as it shows instead of sorting every match, and that count a category's
 *   brands from the index alone
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE products
    ADD COLUMN list_price bigint unsigned GENERATED ALWAYS AS (COALESCE(price_min, final_price)) STORED,
    ADD COLUMN sellable tinyint GENERATED ALWAYS AS (in_stock = 1 AND stock > 0) STORED`.execute(db);
  const indexes: [string, string[]][] = [
    // Price low → high breaks ties newest first (id DESC); high → low reads the other index backwards.
    ['products_price', ['status', 'list_price', 'id']],
    ['products_price_asc', ['status', 'list_price', 'id desc']],
    ['products_category_price', ['category_id', 'status', 'list_price', 'id']],
    ['products_category_price_asc', ['category_id', 'status', 'list_price', 'id desc']],
    ['products_discount', ['status', 'discount_percentage', 'id']],
    ['products_category_discount', ['category_id', 'status', 'discount_percentage', 'id']],
    [
      'products_category_brand',
      ['category_id', 'status', 'brand', 'sellable', 'list_price', 'discount_percentage'],
    ],
  ];
  for (const [name, columns] of indexes)
    await db.schema.createIndex(name).on('products').columns(columns).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'products_price',
    'products_price_asc',
    'products_category_price',
    'products_category_price_asc',
    'products_discount',
    'products_category_discount',
    'products_category_brand',
  ])
    await db.schema.dropIndex(name).on('products').ifExists().execute();
  await sql`ALTER TABLE products DROP COLUMN list_price, DROP COLUMN sellable`.execute(db);
}

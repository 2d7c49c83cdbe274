import type { Kysely } from 'kysely';

/**
 * The back office's product list sorted by price or discount over every product (staff see switched-off ones
 * too, so the shoppers' indexes, which start with `status`, cannot give the order): without these, each page
 * sorted all 100,000 products. Price low → high breaks ties newest first (list_price, id DESC); high → low and
 * discount read their index backwards (ties newest first too), as search.repository's pageIds orders them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('products_staff_price_asc')
    .on('products')
    .columns(['list_price', 'id desc'])
    .execute();
  await db.schema.createIndex('products_staff_price').on('products').columns(['list_price', 'id']).execute();
  await db.schema
    .createIndex('products_staff_discount')
    .on('products')
    .columns(['discount_percentage', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['products_staff_price_asc', 'products_staff_price', 'products_staff_discount'])
    await db.schema.dropIndex(name).on('products').ifExists().execute();
}

import type { Kysely } from 'kysely';

/**
 * The rating distribution a product page reads on every view (`GROUP BY rating` of the product's approved reviews)
 * from the index alone, already in rating order: no row reads, no temporary table, however many reviews there are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('reviews_product_rating')
    .on('reviews')
    .columns(['product_id', 'status', 'rating'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reviews_product_rating').on('reviews').execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * Product reviews (modules/review): one per shopper and product (a second submission edits it), moderated by staff
 * before shoppers see it.
 * - reviews.status: `pending` (new or edited) → `approved` | `rejected` (with the reason staff gave)
 * - reviews.photos: the stored picture names (JSON list, at most 5), re-encoded like product pictures
 * - review_votes: one "helpful" vote per account and review; reviews.helpful counts them
 * - products.rating_count / rating_sum: the approved reviews' count and sum of stars, kept in the transaction of
 *   every moderation, so that lists sort and filter by the average without reading the reviews
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'bigint', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('product_id', 'bigint', (c) =>
      c.unsigned().notNull().references('products.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (c) => c.unsigned().notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', sql`tinyint`, (c) => c.unsigned().notNull())
    .addColumn('title', 'varchar(120)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('photos', 'varchar(1000)', (c) => c.notNull().defaultTo('[]'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reject_reason', 'varchar(500)')
    .addColumn('reply', 'text')
    .addColumn('replied_at', sql`datetime(3)`)
    .addColumn('moderated_by', 'bigint', (c) => c.unsigned())
    .addColumn('moderated_at', sql`datetime(3)`)
    .addColumn('helpful', 'integer', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`UTC_TIMESTAMP(3)`))
    .addColumn('updated_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`UTC_TIMESTAMP(3)`))
    .addUniqueConstraint('reviews_product_user', ['product_id', 'user_id'])
    .addCheckConstraint('reviews_rating', sql`rating BETWEEN 1 AND 5`)
    .execute();
  await db.schema
    .createIndex('reviews_product_status')
    .on('reviews')
    .columns(['product_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('reviews_product_helpful')
    .on('reviews')
    .columns(['product_id', 'status', 'helpful'])
    .execute();
  await db.schema.createIndex('reviews_status').on('reviews').columns(['status', 'created_at']).execute();
  await db.schema
    .createTable('review_votes')
    .addColumn('review_id', 'bigint', (c) =>
      c.unsigned().notNull().references('reviews.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'bigint', (c) => c.unsigned().notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', sql`datetime(3)`, (c) => c.notNull().defaultTo(sql`UTC_TIMESTAMP(3)`))
    .addPrimaryKeyConstraint('review_votes_pk', ['review_id', 'user_id'])
    .execute();
  await sql`ALTER TABLE products
    ADD COLUMN rating_count int unsigned NOT NULL DEFAULT 0,
    ADD COLUMN rating_sum int unsigned NOT NULL DEFAULT 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('rating_sum').dropColumn('rating_count').execute();
  await db.schema.dropTable('review_votes').ifExists().execute();
  await db.schema.dropTable('reviews').ifExists().execute();
}

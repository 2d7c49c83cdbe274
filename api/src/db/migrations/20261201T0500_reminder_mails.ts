import { type Kysely, sql } from 'kysely';

/**
 * Reminder mails (modules/reminder): the abandoned-cart reminder and the review request.
 * - `users.reminder_mails`: 1 until the shopper turns reminders off (the mail's link or the profile)
 * - `users.cart_reminded_at`: when the cart reminder was written; a cart whose lines are all newer is a new cart
 * - `orders.review_requested_at`: the review request was written (once per order); orders delivered before this
 *   migration count as asked, so that turning it on does not mail every old order at once
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Adding columns rebuilds `users` with its FULLTEXT customer search index, whose stopword list is taken from the
  // session that builds it: without stopwords, as the index was made (20261125T0845_customer_search).
  await db.connection().execute(async (conn) => {
    await sql`SET SESSION innodb_ft_enable_stopword = 0`.execute(conn);
    try {
      await sql`ALTER TABLE users
        ADD COLUMN reminder_mails tinyint NOT NULL DEFAULT 1,
        ADD COLUMN cart_reminded_at datetime(3) NULL`.execute(conn);
    } finally {
      await sql`SET SESSION innodb_ft_enable_stopword = 1`.execute(conn);
    }
  });
  await sql`ALTER TABLE orders
    ADD COLUMN review_requested_at datetime(3) NULL,
    ADD KEY orders_review_request (state, review_requested_at)`.execute(db);
  await sql`UPDATE orders SET review_requested_at = UTC_TIMESTAMP(3) WHERE state = 'delivered'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE orders DROP KEY orders_review_request, DROP COLUMN review_requested_at`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN reminder_mails, DROP COLUMN cart_reminded_at`.execute(db);
}

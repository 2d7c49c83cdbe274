import { type Kysely, sql } from 'kysely';

/**
 * An order's discount lines are its promotions' uses: `order_discounts` takes over `promotion_redemptions` (which
 * code was used, whether the use was given back), so checkout records a discount and its use in one statement.
 * - the promotion and code are foreign keys: writing the line share-locks them to the commit, as the redemption did
 * - uses per customer count through the customer's orders (their `user_id`)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE order_discounts
    ADD COLUMN code_id bigint unsigned NULL,
    ADD COLUMN released boolean NOT NULL DEFAULT 0`.execute(db);
  await sql`UPDATE order_discounts d
    JOIN promotion_redemptions r ON r.order_id = d.order_id AND r.promotion_id = d.promotion_id
    SET d.code_id = r.code_id, d.released = r.released`.execute(db);
  // A line whose promotion is gone keeps its figures; only the link goes.
  await sql`UPDATE order_discounts d LEFT JOIN promotions p ON p.id = d.promotion_id
    SET d.promotion_id = NULL WHERE d.promotion_id IS NOT NULL AND p.id IS NULL`.execute(db);
  await sql`ALTER TABLE order_discounts
    ADD CONSTRAINT order_discounts_promotion FOREIGN KEY (promotion_id) REFERENCES promotions (id),
    ADD CONSTRAINT order_discounts_code FOREIGN KEY (code_id) REFERENCES promotion_codes (id),
    ADD INDEX order_discounts_uses (promotion_id, released)`.execute(db);
  await db.schema.dropTable('promotion_redemptions').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE promotion_redemptions (
    id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
    promotion_id bigint unsigned NOT NULL,
    code_id bigint unsigned NULL,
    order_id bigint unsigned NOT NULL,
    user_id bigint unsigned NOT NULL,
    released boolean NOT NULL DEFAULT 0,
    created_at datetime(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY promotion_redemptions_customer (promotion_id, user_id, released),
    KEY promotion_redemptions_order (order_id),
    FOREIGN KEY (promotion_id) REFERENCES promotions (id),
    FOREIGN KEY (code_id) REFERENCES promotion_codes (id),
    FOREIGN KEY (order_id) REFERENCES orders (id) ON DELETE CASCADE
  )`.execute(db);
  await sql`INSERT INTO promotion_redemptions (promotion_id, code_id, order_id, user_id, released)
    SELECT d.promotion_id, d.code_id, d.order_id, o.user_id, d.released
    FROM order_discounts d JOIN orders o ON o.id = d.order_id WHERE d.promotion_id IS NOT NULL`.execute(db);
  await sql`ALTER TABLE order_discounts
    DROP FOREIGN KEY order_discounts_promotion, DROP FOREIGN KEY order_discounts_code,
    DROP INDEX order_discounts_uses, DROP COLUMN code_id, DROP COLUMN released`.execute(db);
}

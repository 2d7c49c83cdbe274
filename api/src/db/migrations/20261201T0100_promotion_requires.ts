import { type Kysely, sql } from 'kysely';

/**
 * An automatic offer or code may require something else in the cart: "10% off accessories with any phone" is for
 * the Accessories category and requires at least one product of the Phones category. `requires_scope` says what
 * kind of thing (NULL: nothing is required), `requires_targets` which ones (a JSON array of category or product
 * ids as strings, or brand names).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('promotions')
    .addColumn('requires_scope', sql`enum('categories','brands','products')`)
    .execute();
  await db.schema.alterTable('promotions').addColumn('requires_targets', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('promotions').dropColumn('requires_targets').execute();
  await db.schema.alterTable('promotions').dropColumn('requires_scope').execute();
}

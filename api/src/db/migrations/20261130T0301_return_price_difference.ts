import type { Kysely } from 'kysely';

/**
 * A replacement in a dearer colour or memory size: each return line keeps the price difference per unit (paise,
 * the new unit's price less the unit price paid), paid by the shopper on delivery of the replacement.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('return_lines')
    .addColumn('price_diff_paise', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('return_lines').dropColumn('price_diff_paise').execute();
}

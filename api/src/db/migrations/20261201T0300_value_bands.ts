import { type Kysely, sql } from 'kysely';

/**
 * Shipping rates by order value: each zone gets `value_bands` (JSON: `{ fromPaise, toPaise, feePaise }`, the goods'
 * value from ≤ v < to, the last band open), charged on top of the weight band's fee. Existing zones get none, so
 * what they charge does not change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE shipping_zones ADD COLUMN value_bands json NOT NULL DEFAULT '[]'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE shipping_zones DROP COLUMN value_bands`.execute(db);
}

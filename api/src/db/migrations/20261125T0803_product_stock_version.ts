import { type Kysely, sql } from 'kysely';
import { LIST_VERSION_SHARDS } from './20261125T0800_list_versions';

/**
 * The staff product list's stock version (`list_versions`, list `products`): a trigger moves it in the writer's own
 * transaction whenever a product's units or sellable state change (checkouts, cancellations, imports, the back
 * office, SQL by hand), so the totals and counts of a list filtered by stock state or low stock can be kept and
 * still be exact when shown (search-engine.ts). Inserts and deletes come from back-office writes, which move the
 * catalogue version those counts are kept under too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const bump =
    `INSERT INTO list_versions (list, shard, version) VALUES ('products', CONNECTION_ID() % ${LIST_VERSION_SHARDS}, 1) ` +
    'ON DUPLICATE KEY UPDATE version = version + 1';
  await sql
    .raw(
      'CREATE TRIGGER products_list_stock AFTER UPDATE ON products FOR EACH ROW ' +
        `IF NOT (NEW.stock <=> OLD.stock) OR NOT (NEW.sellable <=> OLD.sellable) THEN ${bump}; END IF`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw('DROP TRIGGER IF EXISTS products_list_stock').execute(db);
}

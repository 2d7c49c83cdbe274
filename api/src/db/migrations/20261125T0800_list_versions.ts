import { type Kysely, sql } from 'kysely';

/**
 * Versions of the back office's order and customer lists, so that a list's total can be kept per filter and
 * still be exact when shown (lib/list-counts.ts): a trigger on `orders` and on `users` moves the version on in
 * the same transaction as every insert, delete and change of a column those lists filter on, whatever wrote it
 * (the API, an import, SQL by hand). The version is the sum of LIST_VERSION_SHARDS rows per list, each writer
 * moving the row of its connection (CONNECTION_ID() modulo the shards), so concurrent checkouts do not all wait
 * for one row lock until their commit.
 */
export const LIST_VERSION_SHARDS = 16;

const bump = (list: string) =>
  `INSERT INTO list_versions (list, shard, version) VALUES ('${list}', CONNECTION_ID() % ${LIST_VERSION_SHARDS}, 1) ` +
  'ON DUPLICATE KEY UPDATE version = version + 1';

/** The columns each list filters on (an UPDATE touching none of them leaves its totals as they were). */
const FILTERED: Record<'orders' | 'users', string[]> = {
  orders: ['state', 'payment_mode', 'created_at', 'total_paise', 'user_id', 'public_id', 'razorpay_order_id'],
  users: ['name', 'email', 'created_at', 'blocked_at'],
};

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('list_versions')
    .addColumn('list', sql`varchar(20) character set ascii`, (c) => c.notNull())
    .addColumn('shard', 'smallint', (c) => c.unsigned().notNull())
    .addColumn('version', 'bigint', (c) => c.unsigned().notNull().defaultTo(0))
    .addPrimaryKeyConstraint('list_versions_pk', ['list', 'shard'])
    .execute();
  for (const [table, columns] of Object.entries(FILTERED)) {
    await sql
      .raw(`CREATE TRIGGER ${table}_list_insert AFTER INSERT ON ${table} FOR EACH ROW ${bump(table)}`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_list_delete AFTER DELETE ON ${table} FOR EACH ROW ${bump(table)}`)
      .execute(db);
    // NULL-safe comparisons: blocked_at and razorpay_order_id move between NULL and a value.
    const changed = columns.map((c) => `NOT (NEW.${c} <=> OLD.${c})`).join(' OR ');
    await sql
      .raw(
        `CREATE TRIGGER ${table}_list_update AFTER UPDATE ON ${table} FOR EACH ROW IF ${changed} THEN ${bump(table)}; END IF`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(FILTERED))
    for (const op of ['insert', 'delete', 'update'])
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_list_${op}`).execute(db);
  await db.schema.dropTable('list_versions').ifExists().execute();
}

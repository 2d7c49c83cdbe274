import { type Kysely, sql } from 'kysely';

/**
 * A version of the shipping zones, moved on by a trigger in the same transaction as every insert, change and
 * delete of a zone, whatever wrote it (the back office, an import, SQL by hand). Checkout reads it with its first
 * statement and keeps the zones it read per version, so an order reads and parses the zones only after they
 * changed, never an old set-up after a change has committed.
 */
const bump = "UPDATE setup_versions SET version = version + 1 WHERE name = 'shipping_zones'";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('setup_versions')
    .addColumn('name', sql`varchar(40) character set ascii`, (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.unsigned().notNull().defaultTo(0))
    .execute();
  await sql`INSERT INTO setup_versions (name, version) VALUES ('shipping_zones', 0)`.execute(db);
  for (const op of ['insert', 'update', 'delete'])
    await sql
      .raw(
        `CREATE TRIGGER shipping_zones_version_${op} AFTER ${op.toUpperCase()} ON shipping_zones FOR EACH ROW ${bump}`,
      )
      .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const op of ['insert', 'update', 'delete'])
    await sql.raw(`DROP TRIGGER IF EXISTS shipping_zones_version_${op}`).execute(db);
  await db.schema.dropTable('setup_versions').ifExists().execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * One counter that every admin change to the catalogue bumps. Each API process keeps shopper catalogue
 * responses in memory (lib/cache.ts) and reads this row at most every few hundred milliseconds: when it has
 * moved, another process changed the catalogue and the kept responses are dropped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalog_version')
    .addColumn('id', 'integer', (c) => c.unsigned().primaryKey())
    .addColumn('version', 'bigint', (c) => c.unsigned().notNull().defaultTo(0))
    .execute();
  await sql`INSERT INTO catalog_version (id, version) VALUES (1, 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalog_version').ifExists().execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * Staff roles and deactivation. Every admin account so far could do everything, so existing accounts become
 * Owners (the column's default). A deactivated account keeps its row (its name stays on orders' timelines and in
 * the change history) but cannot log in, and its tokens are refused at once (read with the token version).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('admins')
    .addColumn('role', sql`varchar(16) character set ascii`, (c) => c.notNull().defaultTo('owner'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admins').dropColumn('role').dropColumn('active').execute();
}

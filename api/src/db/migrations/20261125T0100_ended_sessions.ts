import { type Kysely, sql } from 'kysely';

/**
 * Sessions ended by logging out. Every token carries a random session id (`sid`); logging out adds it here, so
 * that one session ends while the account's other sessions (another device, the desktop app and a browser)
 * go on. A row is needed only until its token would have expired anyway (`expires_at`), then it is deleted.
 * "Log out everywhere" still moves the account's token version instead (one write ends every session).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ended_sessions')
    .addColumn('sid', sql`char(22) character set ascii`, (c) => c.primaryKey())
    .addColumn('expires_at', 'datetime', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ended_sessions_expiry').on('ended_sessions').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ended_sessions').ifExists().execute();
}

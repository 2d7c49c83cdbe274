import type { Kysely } from 'kysely';

/**
 * Blocked customers (back office): `blocked_at` set = the account cannot log in, and the token version moved
 * on when it was set, so its tokens stopped working. Indexes for the customer list at 100,000 accounts: by joined
 * date with the blocked filter, and by name (by joined date alone: users_created, already there).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('blocked_at', 'datetime(3)').execute();
  await db.schema
    .createIndex('users_blocked_created')
    .on('users')
    .columns(['blocked_at', 'created_at'])
    .execute();
  await db.schema.createIndex('users_name').on('users').column('name').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_name').on('users').execute();
  await db.schema.dropIndex('users_blocked_created').on('users').execute();
  await db.schema.alterTable('users').dropColumn('blocked_at').execute();
}

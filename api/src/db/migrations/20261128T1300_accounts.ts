import { type Kysely, sql } from 'kysely';

/**
 * Accounts people can get back into, and login throttling nobody can turn against the owner:
 * - `account_tokens`: single-use secrets sent by mail (password reset, sign-in code, e-mail change, account
 *   deletion), stored only as hashes, with an expiry, a use time and a count of wrong tries
 * - `known_logins`: which address has logged in to which account before (a correct password from there is never
 *   refused because of other people's failures)
 * - `login_failures.last_at`: when the latest failure was, for the growing delay between attempts
 * - staff: a forced password change (accounts the Owner made), two-step sign-in (TOTP secret, sealed with the
 *   server's key; the last time step used, so a code cannot be used twice), single-use recovery codes (hashed)
 * - customers: when the account was deleted (its personal data erased; orders and tax documents kept)
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'integer', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.unsigned().notNull())
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('new_email', 'varchar(254)')
    .addColumn('tries', 'integer', (c) => c.unsigned().notNull().defaultTo(0))
    .addColumn('expires_at', 'datetime(3)', (c) => c.notNull())
    .addColumn('used_at', 'datetime(3)')
    .addColumn('created_at', 'datetime(3)', (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP(3)`))
    .execute();
  await db.schema
    .createIndex('account_tokens_user')
    .on('account_tokens')
    .columns(['user_id', 'purpose', 'created_at'])
    .execute();
  await db.schema
    .createTable('known_logins')
    .addColumn('bucket', 'varchar(400)', (c) => c.primaryKey())
    .addColumn('last_at', 'datetime(3)', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('login_failures').addColumn('last_at', 'datetime(3)').execute();
  await db.schema
    .alterTable('admins')
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('totp_secret', 'varchar(200)')
    .addColumn('totp_pending', 'varchar(200)')
    .addColumn('totp_last_step', 'bigint')
    .execute();
  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'integer', (c) => c.unsigned().autoIncrement().primaryKey())
    .addColumn('admin_id', 'integer', (c) => c.unsigned().notNull())
    .addColumn('code_hash', 'char(64)', (c) => c.notNull())
    .addColumn('used_at', 'datetime(3)')
    .execute();
  await db.schema.createIndex('recovery_codes_admin').on('recovery_codes').column('admin_id').execute();
  // Adding a column rebuilds `users` with its FULLTEXT customer search index, whose stopword list is taken from the
  // session that builds it: without stopwords, as the index was made (20261125T0845_customer_search), on one
  // connection.
  await db.connection().execute(async (conn) => {
    await sql`SET SESSION innodb_ft_enable_stopword = 0`.execute(conn);
    try {
      await conn.schema.alterTable('users').addColumn('deleted_at', 'datetime(3)').execute();
    } finally {
      await sql`SET SESSION innodb_ft_enable_stopword = 1`.execute(conn);
    }
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema
    .alterTable('admins')
    .dropColumn('must_change_password')
    .dropColumn('totp_secret')
    .dropColumn('totp_pending')
    .dropColumn('totp_last_step')
    .execute();
  await db.schema.alterTable('login_failures').dropColumn('last_at').execute();
  await db.schema.dropTable('known_logins').execute();
  await db.schema.dropTable('account_tokens').execute();
}

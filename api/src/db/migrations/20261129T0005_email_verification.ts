import { type Kysely, sql } from 'kysely';

/** When the shopper confirmed the account's e-mail address (a mailed link, a mailed code or a reset link). */
export async function up(db: Kysely<any>): Promise<void> {
  // Adding a column rebuilds `users` with its FULLTEXT customer search index, whose stopword list is taken from the
  // session that builds it: without stopwords, as the index was made (20261125T0845_customer_search).
  await db.connection().execute(async (conn) => {
    await sql`SET SESSION innodb_ft_enable_stopword = 0`.execute(conn);
    try {
      await conn.schema.alterTable('users').addColumn('email_verified_at', 'datetime(3)').execute();
    } finally {
      await sql`SET SESSION innodb_ft_enable_stopword = 1`.execute(conn);
    }
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}

import { type Kysely, sql } from 'kysely';

/**
 * The back office's customer search (admin.repository's customerWhere, rules in customer-search.ts): a FULLTEXT
 * index over the words of name and email, so that a word's start is found from the index instead of a
 * `LIKE '%q%'` that read all 100,000 accounts. Built without InnoDB's stopword list, which holds words that
 * are names and email parts ("will", "com", "de", "la"): with it, a search for Will found nobody. That list is
 * fixed when the index is created (innodb_ft_enable_stopword of the creating session), so both statements run
 * on one connection.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`SET SESSION innodb_ft_enable_stopword = 0`.execute(conn);
    try {
      await sql`CREATE FULLTEXT INDEX users_search ON users (name, email)`.execute(conn);
    } finally {
      await sql`SET SESSION innodb_ft_enable_stopword = 1`.execute(conn);
    }
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_search').on('users').execute();
}

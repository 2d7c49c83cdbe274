import { type Kysely, sql } from 'kysely';

/**
 * Settings values up to 16 MB (were 1,000 characters): the shipping set-up keeps lists there, and the cash on
 * delivery block list takes up to 5,000 pincodes (about 45,000 characters), which a 1,000-character value refused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE settings MODIFY value mediumtext NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // Values longer than the old limit would not fit back: they are cut to it, as the old column held them.
  await sql`UPDATE settings SET value = LEFT(value, 1000)`.execute(db);
  await sql`ALTER TABLE settings MODIFY value varchar(1000) NOT NULL`.execute(db);
}

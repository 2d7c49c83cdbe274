import { sql } from 'kysely';
import type { Db } from '../db/connection';
import type { Audience } from './auth';

/**
 * The account's current token version (moved on by "log out everywhere") and whether this session was logged
 * out, in one round trip; undefined when the account no longer exists.
 */
export async function sessionStateOf(
  db: Db,
  kind: Audience,
  id: number,
  sid: string,
): Promise<{ version: number; ended: boolean } | undefined> {
  const row = await db
    .selectFrom(kind === 'admin' ? 'admins' : 'users')
    .select([
      'token_version',
      sql<number>`EXISTS (SELECT 1 FROM ended_sessions WHERE sid = ${sid})`.as('ended'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { version: row.token_version, ended: Boolean(Number(row.ended)) };
}

/**
 * Ends one session until its token expires; rows of tokens that have expired since are cleared on the way (dates
 * are UTC: the pool writes them with timezone Z).
 */
export async function endSession(db: Db, sid: string, expiresAt: Date): Promise<void> {
  await db.insertInto('ended_sessions').values({ sid, expires_at: expiresAt }).ignore().execute();
  await sql`DELETE FROM ended_sessions WHERE expires_at < UTC_TIMESTAMP() LIMIT 500`.execute(db);
}

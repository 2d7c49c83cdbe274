import type { Db } from '../db/connection';
import type { Audience } from './auth';

/** The account's current token version (bumped by logout), or undefined when the account no longer exists. */
export async function tokenVersionOf(db: Db, kind: Audience, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom(kind === 'admin' ? 'admins' : 'users')
    .select('token_version')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.token_version;
}

import type { StaffRole } from '@voltcart/shared';
import { sql } from 'kysely';
import type { Db } from '../db/connection';

/** Who a token is for: staff (the back office) or a shopper. */
export type Audience = 'admin' | 'customer';

export interface SessionState {
  version: number;
  ended: boolean;
  /** Staff only: the role, and whether the account is active. */
  role?: StaffRole;
  active?: boolean;
  /** Staff only: what the account must do before anything else (choose its password, set up two-step sign-in). */
  pending?: 'password' | 'two_step';
}

/**
 * The account's current token version (moved on by "log out everywhere"), whether this session was logged out,
 * and for staff the role and whether the account is active, in one round trip; undefined when the account no
 * longer exists.
 */
export async function sessionStateOf(
  db: Db,
  kind: Audience,
  id: number,
  sid: string,
): Promise<SessionState | undefined> {
  const ended = sql<number>`EXISTS (SELECT 1 FROM ended_sessions WHERE sid = ${sid})`.as('ended');
  if (kind === 'admin') {
    const required = sql<
      string | null
    >`(SELECT value FROM settings WHERE name = 'staff_two_step_required')`.as('required');
    const row = await db
      .selectFrom('admins')
      .select(['token_version', 'role', 'active', 'must_change_password', 'totp_secret', ended, required])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const pending = row.must_change_password
      ? 'password'
      : row.required === '1' && row.totp_secret === null
        ? 'two_step'
        : undefined;
    return {
      version: row.token_version,
      ended: Boolean(Number(row.ended)),
      role: row.role,
      active: Boolean(row.active),
      ...(pending ? { pending } : {}),
    };
  }
  const row = await db
    .selectFrom('users')
    .select(['token_version', ended])
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

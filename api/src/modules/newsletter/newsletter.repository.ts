import type { Db } from '../../db/connection';
import { isDuplicateKey } from '../../db/errors';

/**
 * Stores a sign-up; false when the email is already there. The unique key (case-insensitive
 * collation) decides, so two simultaneous sign-ups of one address store it once.
 */
export async function insertSignup(db: Db, email: string): Promise<boolean> {
  try {
    await db.insertInto('newsletter_signups').values({ email }).execute();
    return true;
  } catch (e) {
    if (isDuplicateKey(e)) return false;
    throw e;
  }
}

/** Whether an account with this email has an order (other than cancelled or failed-payment ones). */
export async function hasOrders(db: Db, email: string): Promise<boolean> {
  const r = await db
    .selectFrom('users as u')
    .innerJoin('orders as o', 'o.user_id', 'u.id')
    .select('o.id')
    .where('u.email', '=', email)
    .where('o.state', 'not in', ['cancelled', 'payment_failed'])
    .limit(1)
    .executeTakeFirst();
  return Boolean(r);
}

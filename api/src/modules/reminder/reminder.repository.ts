import { sql } from 'kysely';
import type { Db } from '../../db/connection';

export interface IdleCartRow {
  user_id: number;
  name: string;
  email: string;
  first_added: Date;
}

/**
 * Shoppers whose cart has not changed since `cutoff` (but has since `oldest`), with reminders on, not reminded
 * for this cart yet (reminded before its oldest line was added: that was another cart), and with no order placed
 * since the cart's last change.
 */
export async function idleCarts(db: Db, cutoff: Date, oldest: Date, limit: number): Promise<IdleCartRow[]> {
  const r = await sql<IdleCartRow>`
    SELECT c.user_id, u.name, u.email, c.first_added
    FROM (
      SELECT user_id, MAX(updated_at) AS last_change, MIN(created_at) AS first_added
      FROM cart_lines
      GROUP BY user_id
      HAVING MAX(updated_at) < ${cutoff} AND MAX(updated_at) >= ${oldest}
    ) AS c
    JOIN users AS u ON u.id = c.user_id
    WHERE u.reminder_mails = 1 AND u.deleted_at IS NULL AND u.blocked_at IS NULL
      AND (u.cart_reminded_at IS NULL OR u.cart_reminded_at < c.first_added)
      AND NOT EXISTS (SELECT 1 FROM orders AS o WHERE o.user_id = c.user_id AND o.created_at >= c.last_change)
    ORDER BY c.user_id
    LIMIT ${limit}`.execute(db);
  return r.rows.map((row) => ({ ...row, user_id: Number(row.user_id) }));
}

/** Marks the shopper's cart as reminded; false when another process did first (or reminders went off). */
export async function claimCartReminder(
  db: Db,
  userId: number,
  firstAdded: Date,
  now: Date,
): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ cart_reminded_at: now })
    .where('id', '=', userId)
    .where('reminder_mails', '=', 1)
    .where((eb) => eb.or([eb('cart_reminded_at', 'is', null), eb('cart_reminded_at', '<', firstAdded)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export interface DeliveredOrderRow {
  id: number;
  user_id: number;
}

/** Delivered orders not asked for a review yet, delivered (their last `delivered` event) before `cutoff`. */
export async function ordersToAsk(db: Db, cutoff: Date, limit: number): Promise<DeliveredOrderRow[]> {
  const rows = await db
    .selectFrom('orders as o')
    .select(['o.id', 'o.user_id'])
    .where('o.state', '=', 'delivered')
    .where('o.review_requested_at', 'is', null)
    .where((eb) =>
      eb(
        eb
          .selectFrom('order_events as e')
          .select((e) => e.fn.max('e.created_at').as('at'))
          .whereRef('e.order_id', '=', 'o.id')
          .where('e.event', '=', 'delivered'),
        '<=',
        cutoff,
      ),
    )
    .orderBy('o.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), user_id: Number(r.user_id) }));
}

/** Marks the order as asked; false when another process did first. */
export async function claimReviewRequest(db: Db, orderId: number, now: Date): Promise<boolean> {
  const r = await db
    .updateTable('orders')
    .set({ review_requested_at: now })
    .where('id', '=', orderId)
    .where('review_requested_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The shopper, when reminder mails may go to them (reminders on, account not deleted or blocked). */
export function reminderRecipient(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', '=', userId)
    .where('reminder_mails', '=', 1)
    .where('deleted_at', 'is', null)
    .where('blocked_at', 'is', null)
    .executeTakeFirst();
}

/** The order's products (once each, in line order) that the shopper has not reviewed yet. */
export async function productsToReview(db: Db, orderId: number, userId: number) {
  const rows = await db
    .selectFrom('order_lines as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(['p.id', 'p.name'])
    .where('l.order_id', '=', orderId)
    .where('p.status', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('reviews as r')
            .select('r.id')
            .whereRef('r.product_id', '=', 'l.product_id')
            .where('r.user_id', '=', userId),
        ),
      ),
    )
    .orderBy('l.id')
    .execute();
  const seen = new Set<number>();
  return rows
    .map((r) => ({ id: Number(r.id), name: r.name }))
    .filter((r) => !seen.has(r.id) && seen.add(r.id));
}

export async function setReminderMails(db: Db, userId: number, on: boolean): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ reminder_mails: on ? 1 : 0 })
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { Database } from '../../db/database';
import { moneyTakenPaise } from '../../db/money-taken';

/** A customer as the back office shows one (users as `u`): the account's fields and its number of orders. */
export function customerColumns(eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>) {
  return [
    'u.id',
    'u.name',
    'u.email',
    'u.created_at',
    'u.blocked_at',
    eb
      .selectFrom('orders as o')
      .select(sql<string>`COUNT(*)`.as('n'))
      .whereRef('o.user_id', '=', 'u.id')
      .as('order_count'),
  ] as const;
}

/** The customer with their order count; `forUpdate` locks the row (block and unblock). */
export function findCustomer(db: Db, id: number, forUpdate = false) {
  let q = db.selectFrom('users as u').select(customerColumns).where('u.id', '=', id);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The customer's latest orders, newest first. */
export function latestOrders(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('orders')
    .select(['public_id', 'state', 'payment_mode', 'total_paise', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Paise the customer has paid the shop, net of refunds: the dashboard's revenue rule (db/money-taken.ts). */
export async function spentPaise(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('orders')
    .select(sql<string>`COALESCE(SUM(${moneyTakenPaise()}), 0)`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Blocks (now) or unblocks the account; blocking also moves the token version on (every token stops). */
export async function setBlocked(db: Db, id: number, blocked: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) =>
      blocked
        ? { blocked_at: sql<Date>`CURRENT_TIMESTAMP(3)`, token_version: eb('token_version', '+', 1) }
        : { blocked_at: null },
    )
    .where('id', '=', id)
    .execute();
}

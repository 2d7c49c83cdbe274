import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { RefundTable } from '../../db/database';
import type { RefundRow } from './order.repository';

export async function insertRefund(db: Db, r: Insertable<RefundTable>): Promise<number> {
  const res = await db.insertInto('refunds').values(r).executeTakeFirstOrThrow();
  return Number(res.insertId);
}

/** Moves an order's refunded amount (pending and processed refunds count; a failed one is given back). */
export async function addRefunded(db: Db, orderId: number, deltaPaise: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ refunded_paise: sql<number>`refunded_paise + ${deltaPaise}` })
    .where('id', '=', orderId)
    .execute();
}

export function lockRefund(
  db: Db,
  by: { id: number } | { publicId: string } | { providerId: string },
): Promise<RefundRow | undefined> {
  let q = db.selectFrom('refunds').selectAll();
  if ('id' in by) q = q.where('id', '=', by.id);
  else if ('publicId' in by) q = q.where('public_id', '=', by.publicId);
  else q = q.where('provider_refund_id', '=', by.providerId);
  return q.forUpdate().executeTakeFirst();
}

export async function updateRefund(
  db: Db,
  id: number,
  set: Partial<{ state: string; provider_refund_id: string | null; error: string | null }>,
): Promise<void> {
  await db.updateTable('refunds').set(set).where('id', '=', id).execute();
}

/** Paise of the order's processed refunds (what has really gone back to the shopper). */
export async function processedRefundPaise(db: Db, orderId: number): Promise<number> {
  const r = await db
    .selectFrom('refunds')
    .select(sql<string>`COALESCE(SUM(amount_paise), 0)`.as('n'))
    .where('order_id', '=', orderId)
    .where('state', '=', 'processed')
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

export function refundsOf(db: Db, orderId: number): Promise<RefundRow[]> {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

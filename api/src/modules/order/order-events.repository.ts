import type { Db } from '../../db/connection';

export async function insertEvent(
  db: Db,
  e: { order_id: number; event: string; actor: string; note?: string; admin_id?: number | null },
): Promise<void> {
  await db
    .insertInto('order_events')
    .values({ ...e, note: (e.note ?? '').slice(0, 300) })
    .execute();
}

export function eventsOf(db: Db, orderId: number) {
  return db
    .selectFrom('order_events as e')
    .leftJoin('admins as a', 'a.id', 'e.admin_id')
    .select([
      'e.event',
      'e.actor',
      'e.note',
      'e.created_at',
      'a.name as admin_name',
      'a.email as admin_email',
    ])
    .where('e.order_id', '=', orderId)
    .orderBy('e.id')
    .execute();
}

/** The order's latest event of this kind (who made it and when), or undefined when it has none. */
export function latestEvent(db: Db, orderId: number, event: string) {
  return db
    .selectFrom('order_events')
    .select(['actor', 'created_at'])
    .where('order_id', '=', orderId)
    .where('event', '=', event)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Who cancelled the order last ('customer', 'admin', 'payment' or 'system'), or undefined. */
export async function cancelledBy(db: Db, orderId: number): Promise<string | undefined> {
  return (await latestEvent(db, orderId, 'cancelled'))?.actor;
}

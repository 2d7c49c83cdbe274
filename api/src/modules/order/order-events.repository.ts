import type { Db } from '../../db/connection';
import { addEvent, eventsWithStaff, type NewEvent } from '../../db/timeline';

/** Adds an event to the order's timeline (db/timeline.ts, shared with return requests). */
export function insertEvent(db: Db, e: NewEvent<'order_events'>): Promise<void> {
  return addEvent(db, 'order_events', e);
}

/** The order's timeline, with the member of staff who made each event. */
export function eventsOf(db: Db, orderId: number) {
  return eventsWithStaff(db, 'order_events', orderId);
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

import { type Insertable, sql } from 'kysely';
import type { Db } from './connection';
import type { Database } from './database';

/**
 * The timelines: an order's events and a return request's, each row naming what it belongs to. Both are written
 * and read the same way, by addEvent and eventsWithStaff.
 */
const OWNER = { order_events: 'order_id', return_events: 'request_id' } as const;
type Timeline = keyof typeof OWNER;

/** An event as written; `note` is optional (the column defaults to ''). */
export type NewEvent<T extends Timeline> = Omit<Insertable<Database[T]>, 'note'> & { note?: string };

/** Adds an event; its note is cut to the column's 300 characters rather than refused (the event matters more). */
export async function addEvent<T extends Timeline>(db: Db, table: T, e: NewEvent<T>): Promise<void> {
  await db
    .insertInto(table as Timeline)
    .values({ ...e, note: (e.note ?? '').slice(0, 300) } as Insertable<Database[Timeline]>)
    .execute();
}

/** The events of one order or request in the order they happened, with the member of staff who made each. */
export function eventsWithStaff(db: Db, table: Timeline, ownerId: number) {
  return (
    db
      // Typed as the orders' table: Kysely cannot join from a union of tables, and every column read here is the
      // same in both.
      .selectFrom(`${table} as e` as 'order_events as e')
      .leftJoin('admins as a', 'a.id', 'e.admin_id')
      .select([
        'e.event',
        'e.actor',
        'e.note',
        'e.created_at',
        'a.name as admin_name',
        'a.email as admin_email',
      ])
      .where(sql.ref(`e.${OWNER[table]}`), '=', ownerId)
      .orderBy('e.id')
      .execute()
  );
}

import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/** Flagged saved addresses with their customer, oldest first. */
export function flaggedAddresses(db: Db, limit: number) {
  return db
    .selectFrom('addresses as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.name as recipient',
      'a.adress_line1',
      'a.adress_line2',
      'a.landmark',
      'a.city',
      'a.state',
      'a.postal_code',
      'u.id as user_id',
      'u.name',
      'u.email',
    ])
    .where('a.address_review', '=', 1)
    .orderBy('a.id')
    .limit(limit)
    .execute();
}

/** Flagged orders with their customer, oldest first. */
export function flaggedOrders(db: Db, limit: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.public_id',
      'o.ship_name as recipient',
      'o.ship_adress_line1 as adress_line1',
      'o.ship_adress_line2 as adress_line2',
      'o.ship_landmark as landmark',
      'o.ship_city as city',
      'o.ship_state as state',
      'o.ship_postal_code as postal_code',
      'o.created_at',
      'u.id as user_id',
      'u.name',
      'u.email',
    ])
    .where('o.address_review', '=', 1)
    .orderBy('o.id')
    .limit(limit)
    .execute();
}

export async function countFlagged(db: Db): Promise<{ addresses: number; orders: number }> {
  const [a, o] = await Promise.all([
    db
      .selectFrom('addresses')
      .select(sql<string>`COUNT(*)`.as('n'))
      .where('address_review', '=', 1)
      .executeTakeFirst(),
    db
      .selectFrom('orders')
      .select(sql<string>`COUNT(*)`.as('n'))
      .where('address_review', '=', 1)
      .executeTakeFirst(),
  ]);
  return { addresses: Number(a?.n ?? 0), orders: Number(o?.n ?? 0) };
}

/** One saved address with its customer, the row locked (the fix). */
export function findAddressForUpdate(db: Db, id: number) {
  return db
    .selectFrom('addresses as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id',
      'a.state',
      'a.state_code',
      'a.postal_code',
      'a.address_review',
      'a.user_id',
      'u.name',
      'u.email',
    ])
    .where('a.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function setAddressState(db: Db, id: number, state: string, stateCode: string): Promise<void> {
  await db
    .updateTable('addresses')
    .set({ state, state_code: stateCode, address_review: 0 })
    .where('id', '=', id)
    .execute();
}

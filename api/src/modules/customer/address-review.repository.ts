import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/** The address lines a flagged row shows, named as a saved address names them (an order's are `ship_` columns). */
const ADDRESS_FIELDS = ['adress_line1', 'adress_line2', 'landmark', 'city', 'state', 'postal_code'] as const;

/** The customer of a flagged row (the list shows who to ask). */
const CUSTOMER = ['u.id as user_id', 'u.name', 'u.email'] as const;

/** Flagged saved addresses with their customer, oldest first. */
export function flaggedAddresses(db: Db, limit: number) {
  return db
    .selectFrom('addresses as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.name as recipient', ...ADDRESS_FIELDS.map((f) => `a.${f}` as const), ...CUSTOMER])
    .where('a.address_review', '=', 1)
    .orderBy('a.id')
    .limit(limit)
    .execute();
}

/** Flagged orders with their customer, oldest first; the delivery address under the saved address's names. */
export function flaggedOrders(db: Db, limit: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.public_id',
      'o.ship_name as recipient',
      ...ADDRESS_FIELDS.map((f) => `o.ship_${f} as ${f}` as const),
      'o.created_at',
      ...CUSTOMER,
    ])
    .where('o.address_review', '=', 1)
    .orderBy('o.id')
    .limit(limit)
    .execute();
}

/** How many saved addresses and orders are flagged (the lists show the oldest few). */
export async function countFlagged(db: Db): Promise<{ addresses: number; orders: number }> {
  const count = async (table: 'addresses' | 'orders') => {
    const r = await db
      .selectFrom(table)
      .select(sql<string>`COUNT(*)`.as('n'))
      .where('address_review', '=', 1)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  };
  const [addresses, orders] = await Promise.all([count('addresses'), count('orders')]);
  return { addresses, orders };
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

import { type Insertable, sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { AddressTable } from '../../db/database';
import { deleteOwnRow, lockRow } from '../../db/single-row';

const accountColumns = [
  'id',
  'name',
  'email',
  'password_hash',
  'token_version',
  'blocked_at',
  'email_verified_at',
  'reminder_mails',
] as const;

export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').select(accountColumns).where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').select(accountColumns).where('id', '=', id).executeTakeFirst();
}

/** Inserts a customer; a duplicate email surfaces as MySQL error 1062 (the unique key decides races). */
export async function insertUser(
  db: Db,
  values: { name: string; email: string; password_hash: string },
): Promise<number> {
  const r = await db.insertInto('users').values(values).executeTakeFirstOrThrow();
  return Number(r.insertId);
}

export async function bumpUserTokenVersion(db: Db, id: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Locks the user's row so that concurrent changes to their addresses run one after another. */
export function lockUser(db: Db, id: number): Promise<boolean> {
  return lockRow(db, 'users', id);
}

export function listAddresses(db: Db, userId: number) {
  return db
    .selectFrom('addresses')
    .select([
      'id',
      'adress_line1',
      'adress_line2',
      'city',
      'state',
      'postal_code',
      'country',
      'contact',
      'name',
      'landmark',
      'state_code',
      'is_default',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export type AddressRow = Awaited<ReturnType<typeof listAddresses>>[number];

export async function countAddresses(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertAddress(db: Db, values: Omit<Insertable<AddressTable>, 'id'>): Promise<number> {
  const r = await db.insertInto('addresses').values(values).executeTakeFirstOrThrow();
  return Number(r.insertId);
}

/** One of the user's own addresses, locked for the caller's transaction (undefined when it is not theirs). */
export function findOwnAddress(db: Db, userId: number, addressId: number) {
  return db
    .selectFrom('addresses')
    .select('id')
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateAddress(
  db: Db,
  addressId: number,
  values: Omit<Insertable<AddressTable>, 'id' | 'user_id'>,
): Promise<void> {
  await db.updateTable('addresses').set(values).where('id', '=', addressId).execute();
}

/** Makes one address the user's default and every other of theirs not (in the caller's transaction). */
export async function setDefaultAddress(db: Db, userId: number, addressId: number): Promise<void> {
  await db
    .updateTable('addresses')
    .set({ is_default: sql<number>`id = ${addressId}` })
    .where('user_id', '=', userId)
    .execute();
}

/** Deletes one of the user's own addresses; returns how many rows went (0 when it is not theirs). */
export function deleteAddress(db: Db, userId: number, addressId: number): Promise<number> {
  return deleteOwnRow(db, 'addresses', userId, addressId);
}

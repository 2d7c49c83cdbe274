import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { AccountTokenPurpose } from '../../db/database';

/** Single-use secrets sent by mail (only their hashes are here), and the shopper's data for "Download my data". */

/** How long each kind of mailed secret works, in minutes. */
export const LINK_MINUTES = {
  reset: 30,
  code: 10,
  email: 24 * 60,
  delete: 24 * 60,
  verify: 7 * 24 * 60,
} as const;

/** The storefront page a confirmation link opens (it sends the token back with the shopper's press). */
export const verifyLinkPath = (token: string) => `/account/verify-email?token=${token}`;

export async function insertToken(
  db: Db,
  values: { purpose: AccountTokenPurpose; userId: number; hash: string; minutes: number; newEmail?: string },
): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({
      purpose: values.purpose,
      user_id: values.userId,
      token_hash: values.hash,
      new_email: values.newEmail ?? null,
      expires_at: sql<Date>`NOW(3) + INTERVAL ${sql.lit(values.minutes)} MINUTE`,
      used_at: null,
    })
    .execute();
}

/** A token that is unused and unexpired, locked for the caller's transaction. */
export function findLiveToken(db: Db, purpose: AccountTokenPurpose, hash: string) {
  return db
    .selectFrom('account_tokens')
    .select(['id', 'user_id', 'new_email', 'tries'])
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`NOW(3)`)
    .forUpdate()
    .executeTakeFirst();
}

/** Uses a token; false when another request used it first. */
export async function useToken(db: Db, id: number): Promise<boolean> {
  const r = await db
    .updateTable('account_tokens')
    .set({ used_at: sql<Date>`NOW(3)` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Ends every outstanding token of the account for these purposes (a password change ends reset links). */
export async function endTokens(db: Db, userId: number, purposes: AccountTokenPurpose[]): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set({ used_at: sql<Date>`NOW(3)` })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null)
    .execute();
}

/** The account's address is confirmed: a link or code sent to it was used (kept from the first time). */
export async function markEmailVerified(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: sql<Date>`NOW(3)` })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .execute();
}

/** Whether the account's address is confirmed and whether it has ordered before. */
export async function orderingState(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select((eb) => [
      'email_verified_at',
      eb
        .exists(eb.selectFrom('orders').select('orders.id').whereRef('orders.user_id', '=', 'users.id'))
        .as('ordered'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The newest live sign-in code of the account, locked (its tries are counted). */
export function findLiveCode(db: Db, userId: number) {
  return db
    .selectFrom('account_tokens')
    .select(['id', 'token_hash', 'tries'])
    .where('user_id', '=', userId)
    .where('purpose', '=', 'code')
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`NOW(3)`)
    .orderBy('id', 'desc')
    .forUpdate()
    .executeTakeFirst();
}

export async function countTry(db: Db, id: number): Promise<void> {
  await db
    .updateTable('account_tokens')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export function findAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'password_hash', 'token_version', 'blocked_at'])
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findAccountById(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'password_hash', 'token_version', 'blocked_at', 'created_at'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Sets a password and moves the token version on (every session so far ends); answers the new version. */
export async function setPassword(db: Db, id: number, passwordHash: string): Promise<number> {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .execute();
  const row = await db
    .selectFrom('users')
    .select('token_version')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.token_version;
}

export async function setName(db: Db, id: number, name: string): Promise<void> {
  await db.updateTable('users').set({ name }).where('id', '=', id).execute();
}

/** Changes the e-mail; a duplicate surfaces as error 1062 (the unique key settles races). */
export async function setEmail(db: Db, id: number, email: string): Promise<void> {
  await db.updateTable('users').set({ email }).where('id', '=', id).execute();
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  return !!row;
}

export function ordersOf(db: Db, userId: number) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'public_id',
      'created_at',
      'state',
      'total_paise',
      'payment_mode',
      'ship_adress_line1',
      'ship_adress_line2',
      'ship_city',
      'ship_state',
      'ship_postal_code',
      'ship_country',
      'ship_contact',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

export function linesOf(db: Db, orderIds: number[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom('order_lines')
    .select(['order_id', 'name', 'color_name', 'memory_size', 'qty', 'unit_price_paise'])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}

export function refundsOf(db: Db, orderIds: number[]) {
  if (!orderIds.length) return Promise.resolve([]);
  return db
    .selectFrom('refunds')
    .select(['order_id', 'amount_paise', 'state', 'created_at'])
    .where('order_id', 'in', orderIds)
    .orderBy('id')
    .execute();
}

export async function onNewsletter(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('newsletter_signups')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return !!row;
}

/**
 * Erases a shopper's personal data, in the caller's transaction: name and e-mail replaced (the address is free
 * to register again), password unusable, every session ended; addresses, cart, newsletter sign-up and
 * outstanding mail links deleted. Orders keep their own copy of the delivery address (tax documents need it).
 */
export async function eraseAccount(db: Db, id: number, email: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      name: 'Deleted account',
      email: `deleted-${id}@deleted.invalid`,
      password_hash: '',
      token_version: eb('token_version', '+', 1),
      deleted_at: sql<Date>`NOW(3)`,
    }))
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('addresses').where('user_id', '=', id).execute();
  await db.deleteFrom('cart_lines').where('user_id', '=', id).execute();
  await db.deleteFrom('newsletter_signups').where('email', '=', email).execute();
  await db.deleteFrom('account_tokens').where('user_id', '=', id).execute();
}

import type { Db } from './connection';

/**
 * Locks one row by its id until the transaction ends (SELECT … FOR UPDATE): the writes that take the same lock
 * run one after another. False when there is no such row.
 */
export async function lockRow(db: Db, table: 'users' | 'products', id: number): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
  return row !== undefined;
}

/**
 * Deletes one of a shopper's own rows (a cart line, an address) by its id; the owner is part of the condition, so
 * someone else's row is never touched. Returns how many rows went: 0 when there is none or it is not theirs.
 */
export async function deleteOwnRow(
  db: Db,
  table: 'cart_lines' | 'addresses',
  userId: number,
  id: number,
): Promise<number> {
  const r = await db.deleteFrom(table).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

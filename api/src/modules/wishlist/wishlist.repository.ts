import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import { lockRow } from '../../db/single-row';

/** Ids of the products on the shopper's wishlist, newest first. */
export async function wishlistIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('wishlist_items')
    .select('product_id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('product_id', 'desc')
    .execute();
  return rows.map((r) => Number(r.product_id));
}

export async function countItems(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('wishlist_items')
    .select(sql<number>`COUNT(*)`.as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The account's row, locked: adds and merges of one shopper run one at a time (the limit holds). */
export async function lockAccount(db: Db, userId: number): Promise<void> {
  await lockRow(db, 'users', userId);
}

/** Products among `ids` that exist (a guest's list may name deleted ones). */
export async function existingProducts(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('products').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** Adds or, when there, updates the options (the item keeps its place). */
export async function upsertItem(
  db: Db,
  userId: number,
  item: { productId: number; colorId: number; memorySize: number },
): Promise<void> {
  await sql`INSERT INTO wishlist_items (user_id, product_id, color_id, memory_size)
    VALUES (${userId}, ${item.productId}, ${item.colorId}, ${item.memorySize})
    ON DUPLICATE KEY UPDATE color_id = VALUES(color_id), memory_size = VALUES(memory_size)`.execute(db);
}

/** Adds the items not there yet; ones already there are left as they are. */
export async function insertMissing(
  db: Db,
  userId: number,
  items: { productId: number; colorId: number; memorySize: number }[],
): Promise<void> {
  if (items.length === 0) return;
  const values = items.map((i) => sql`(${userId}, ${i.productId}, ${i.colorId}, ${i.memorySize})`);
  await sql`INSERT IGNORE INTO wishlist_items (user_id, product_id, color_id, memory_size)
    VALUES ${sql.join(values)}`.execute(db);
}

export async function deleteItem(db: Db, userId: number, productId: number): Promise<void> {
  await db
    .deleteFrom('wishlist_items')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .execute();
}

/** Products shoppers may see (switched on, in a switched-on category or none). */
const visible = sql<boolean>`p.status = 1 AND (c.status = 1 OR p.category_id IS NULL)`;

/** A page of the wishlist's visible products, newest first; one row more than `limit` says another page follows. */
export async function pageOf(db: Db, userId: number, page: { limit: number; offset: number }) {
  return db
    .selectFrom('wishlist_items as w')
    .innerJoin('products as p', 'p.id', 'w.product_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select(['w.product_id', 'w.color_id', 'w.memory_size', 'w.created_at'])
    .where('w.user_id', '=', userId)
    .where(visible)
    .orderBy('w.created_at', 'desc')
    .orderBy('w.product_id', 'desc')
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
}

export async function countVisible(db: Db, userId: number): Promise<number> {
  const r = await db
    .selectFrom('wishlist_items as w')
    .innerJoin('products as p', 'p.id', 'w.product_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select(sql<number>`COUNT(*)`.as('n'))
    .where('w.user_id', '=', userId)
    .where(visible)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

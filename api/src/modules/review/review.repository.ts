import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { ReviewTable } from '../../db/database';

export type ReviewRow = Selectable<ReviewTable>;

/** A review with what its pages show beside it: the author's name and e-mail, the product's name and slug. */
export type ReviewDetail = ReviewRow & {
  authorName: string;
  authorEmail: string;
  productName: string;
  productSlug: string;
};

function detailQuery(db: Db) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .selectAll('r')
    .select([
      'u.name as authorName',
      'u.email as authorEmail',
      'p.name as productName',
      'p.slug as productSlug',
    ]);
}

export function findReview(db: Db, id: number): Promise<ReviewDetail | undefined> {
  return detailQuery(db).where('r.id', '=', id).executeTakeFirst();
}

export function findOwnReview(db: Db, userId: number, productId: number): Promise<ReviewDetail | undefined> {
  return detailQuery(db)
    .where('r.user_id', '=', userId)
    .where('r.product_id', '=', productId)
    .executeTakeFirst();
}

/** The shopper's review of the product, locked for the edit that follows. */
export function lockOwnReview(db: Db, userId: number, productId: number) {
  return db
    .selectFrom('reviews')
    .selectAll()
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .forUpdate()
    .executeTakeFirst();
}

export function lockReview(db: Db, id: number) {
  return db.selectFrom('reviews').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Whether the shopper has a delivered order holding the product. */
export async function hasDeliveredLine(db: Db, userId: number, productId: number): Promise<boolean> {
  const r = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select('l.id')
    .where('o.user_id', '=', userId)
    .where('l.product_id', '=', productId)
    .where('o.state', '=', 'delivered')
    .limit(1)
    .executeTakeFirst();
  return r !== undefined;
}

export function productExists(db: Db, productId: number) {
  return db.selectFrom('products').select(['id', 'status']).where('id', '=', productId).executeTakeFirst();
}

export async function insertReview(
  db: Db,
  row: { product_id: number; user_id: number; rating: number; title: string; body: string; photos: string },
): Promise<number> {
  const r = await db.insertInto('reviews').values(row).executeTakeFirstOrThrow();
  return Number(r.insertId);
}

/** An edit by its author: back to moderation, the earlier decision and its reason dropped. */
export async function updateOwnReview(
  db: Db,
  id: number,
  fields: { rating: number; title: string; body: string; photos: string },
): Promise<void> {
  await db
    .updateTable('reviews')
    .set({
      ...fields,
      status: 'pending',
      reject_reason: null,
      moderated_at: null,
      moderated_by: null,
      updated_at: sql<Date>`UTC_TIMESTAMP(3)`,
    })
    .where('id', '=', id)
    .execute();
}

export async function setStatus(
  db: Db,
  id: number,
  status: 'approved' | 'rejected',
  by: number | null,
  reason: string | null,
): Promise<void> {
  await db
    .updateTable('reviews')
    .set({ status, reject_reason: reason, moderated_by: by, moderated_at: sql<Date>`UTC_TIMESTAMP(3)` })
    .where('id', '=', id)
    .execute();
}

export async function setReply(db: Db, id: number, reply: string | null): Promise<void> {
  await db
    .updateTable('reviews')
    .set({ reply, replied_at: reply === null ? null : sql<Date>`UTC_TIMESTAMP(3)` })
    .where('id', '=', id)
    .execute();
}

/** The product's count and sum of approved stars, recomputed from its reviews (in the moderating transaction). */
export async function refreshRating(db: Db, productId: number): Promise<void> {
  await sql`UPDATE products p SET
      rating_count = (SELECT COUNT(*) FROM reviews r WHERE r.product_id = p.id AND r.status = 'approved'),
      rating_sum = (SELECT COALESCE(SUM(r.rating), 0) FROM reviews r WHERE r.product_id = p.id AND r.status = 'approved')
    WHERE p.id = ${productId}`.execute(db);
}

/** How many approved reviews gave each number of stars. */
export async function distribution(db: Db, productId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('reviews')
    .select(['rating', sql<number>`COUNT(*)`.as('n')])
    .where('product_id', '=', productId)
    .where('status', '=', 'approved')
    .groupBy('rating')
    .execute();
  return new Map(rows.map((r) => [Number(r.rating), Number(r.n)]));
}

/** A page of the product's approved reviews; one row more than `limit` says another page follows. */
export function approvedPage(
  db: Db,
  productId: number,
  sort: 'newest' | 'helpful',
  page: { limit: number; offset: number },
) {
  let q = detailQuery(db).where('r.product_id', '=', productId).where('r.status', '=', 'approved');
  q =
    sort === 'helpful'
      ? q.orderBy('r.helpful', 'desc').orderBy('r.created_at', 'desc')
      : q.orderBy('r.created_at', 'desc');
  return q
    .orderBy('r.id', 'desc')
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
}

/** The moderation queue: oldest pending first (first come, first served); decided reviews newest first. */
export function staffPage(
  db: Db,
  status: 'pending' | 'approved' | 'rejected' | undefined,
  page: { limit: number; offset: number },
) {
  let q = detailQuery(db);
  if (status) q = q.where('r.status', '=', status);
  q =
    status === 'pending'
      ? q.orderBy('r.updated_at', 'asc').orderBy('r.id', 'asc')
      : q.orderBy('r.updated_at', 'desc').orderBy('r.id', 'desc');
  return q
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
}

export async function countReviews(db: Db, status?: 'pending' | 'approved' | 'rejected'): Promise<number> {
  let q = db.selectFrom('reviews').select(sql<number>`COUNT(*)`.as('n'));
  if (status) q = q.where('status', '=', status);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Records a vote; false when the account has already voted for the review. */
export async function insertVote(db: Db, reviewId: number, userId: number): Promise<boolean> {
  const r =
    await sql`INSERT IGNORE INTO review_votes (review_id, user_id) VALUES (${reviewId}, ${userId})`.execute(
      db,
    );
  return Number(r.numAffectedRows ?? 0) > 0;
}

export async function countVote(db: Db, reviewId: number): Promise<number> {
  await sql`UPDATE reviews SET helpful = helpful + 1 WHERE id = ${reviewId}`.execute(db);
  const r = await db
    .selectFrom('reviews')
    .select('helpful')
    .where('id', '=', reviewId)
    .executeTakeFirstOrThrow();
  return Number(r.helpful);
}

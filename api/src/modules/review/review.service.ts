import {
  averageRating,
  type MyReview,
  type RatingSummary,
  REVIEW_LIMITS,
  type Review,
  type ReviewPage,
  type StaffReview,
} from '@voltcart/shared';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { isDuplicateKey } from '../../db/errors';
import { AppError, badRequest, conflict, notFound } from '../../errors';
import { imageLimits, removeImages, storeImages } from '../../lib/images';
import type { Storage } from '../../lib/storage';
import { transaction } from '../../lib/transaction';
import { type Actor, recordAudit } from '../audit/audit.service';
import * as repo from './review.repository';

export const REVIEW_MESSAGES = {
  loaded: 'Reviews loaded.',
  created: 'Thank you! Your review will appear once the shop has checked it.',
  updated: 'Your review was updated. It will appear again once the shop has checked it.',
  voted: 'Thanks for your vote.',
  approved: 'Review approved: shoppers see it now.',
  rejected: 'Review rejected: the shopper sees your reason.',
  replied: 'Reply saved.',
  replyRemoved: 'Reply removed.',
  notPurchased: 'Only shoppers who received this product can review it.',
  alreadyVoted: 'You have already marked this review as helpful.',
  ownReview: 'You cannot vote for your own review.',
} as const;
const M = REVIEW_MESSAGES;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const firstName = (name: string) => name.trim().split(/\s+/)[0] || 'Shopper';

function photosOf(row: repo.ReviewRow): string[] {
  try {
    const v = JSON.parse(row.photos) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

function toReview(r: repo.ReviewDetail): Review {
  return {
    _id: String(r.id),
    productId: String(r.product_id),
    rating: Number(r.rating),
    title: r.title,
    text: r.body,
    photos: photosOf(r),
    author: firstName(r.authorName),
    verifiedPurchase: true,
    helpful: Number(r.helpful),
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
    reply: r.reply ? { text: r.reply, at: iso(r.replied_at) ?? iso(r.updated_at)! } : null,
  };
}

const toMine = (r: repo.ReviewDetail): MyReview => ({
  ...toReview(r),
  status: r.status,
  rejectReason: r.status === 'rejected' ? r.reject_reason : null,
});

const toStaff = (r: repo.ReviewDetail): StaffReview => ({
  ...toMine(r),
  product: { _id: String(r.product_id), name: r.productName, slug: r.productSlug },
  authorEmail: r.authorEmail,
  moderatedAt: iso(r.moderated_at),
});

/**
 * A product's rating from its approved reviews:
 * - the average is the mean of the stars, rounded to one decimal (0 without reviews)
 * - the distribution counts reviews with 1 to 5 stars
 */
export async function ratingOf(db: Db, productId: number): Promise<RatingSummary> {
  const byStars = await repo.distribution(db, productId);
  const distribution = [1, 2, 3, 4, 5].map((s) => byStars.get(s) ?? 0) as RatingSummary['distribution'];
  const count = distribution.reduce((a, b) => a + b, 0);
  const sum = distribution.reduce((a, n, i) => a + n * (i + 1), 0);
  return { average: averageRating(sum, count), count, distribution };
}

async function visibleProduct(db: Db, productId: number) {
  const p = await repo.productExists(db, productId);
  if (!p) throw notFound('Product');
  return p;
}

export async function listReviews(
  db: Db,
  productId: number,
  query: { page?: number; sort?: 'newest' | 'helpful' },
): Promise<ReviewPage> {
  const p = await visibleProduct(db, productId);
  if (!p.status) throw notFound('Product');
  const limit = REVIEW_LIMITS.pageSize;
  const offset = ((query.page ?? 1) - 1) * limit;
  const [rows, rating] = await Promise.all([
    repo.approvedPage(db, productId, query.sort ?? 'newest', { limit, offset }),
    ratingOf(db, productId),
  ]);
  return {
    reviews: rows.slice(0, limit).map(toReview),
    hasMore: rows.length > limit,
    total: rating.count,
    rating,
  };
}

export async function myReview(db: Db, userId: number, productId: number) {
  await visibleProduct(db, productId);
  const [row, canReview] = await Promise.all([
    repo.findOwnReview(db, userId, productId),
    repo.hasDeliveredLine(db, userId, productId),
  ]);
  return { review: row ? toMine(row) : null, canReview };
}

export interface ReviewInput {
  rating: number;
  title: string;
  text: string;
}

/**
 * Writes or edits the shopper's review of a product:
 * - only a shopper with a delivered order line of the product (403 `not_purchased` otherwise)
 * - one review per shopper and product: a second submission edits the first (the unique key decides a race)
 * - a new or edited review waits for moderation; photos sent (at most 5) are checked and re-encoded like product
 *   pictures and replace the review's photos, none sent keeps them
 */
export async function saveReview(
  deps: { db: Db; storage: Storage; config: Config },
  userId: number,
  productId: number,
  input: ReviewInput,
  photos: File[],
): Promise<{ review: MyReview; created: boolean }> {
  const { db, storage, config } = deps;
  await visibleProduct(db, productId);
  if (!(await repo.hasDeliveredLine(db, userId, productId)))
    throw new AppError(403, 'not_purchased', M.notPurchased);
  if (photos.length > REVIEW_LIMITS.photos)
    throw badRequest(`Add at most ${REVIEW_LIMITS.photos} photos to a review (you chose ${photos.length}).`);
  const stored = photos.length
    ? await storeImages(storage, 'product', photos, imageLimits(config), { small: true })
    : [];
  let replaced: string[] = [];
  try {
    const created = await transaction(db, async (trx) => {
      const mine = await repo.lockOwnReview(trx, userId, productId);
      const fields = { rating: input.rating, title: input.title, body: input.text };
      if (mine) {
        if (photos.length) replaced = photosOf(mine);
        await repo.updateOwnReview(trx, Number(mine.id), {
          ...fields,
          photos: JSON.stringify(photos.length ? stored : photosOf(mine)),
        });
        // An approved review edited goes back to moderation: it leaves the product's rating until approved again.
        if (mine.status === 'approved') await repo.refreshRating(trx, productId);
        return false;
      }
      await repo.insertReview(trx, {
        ...fields,
        product_id: productId,
        user_id: userId,
        photos: JSON.stringify(stored),
      });
      return true;
    });
    await removeImages(storage, 'product', replaced);
    const row = await repo.findOwnReview(db, userId, productId);
    return { review: toMine(row!), created };
  } catch (e) {
    await removeImages(storage, 'product', stored);
    // Two first submissions at once: the loser's insert meets the unique key; it edits the winner's instead.
    if (isDuplicateKey(e)) return saveReview(deps, userId, productId, input, photos);
    throw e;
  }
}

/** One vote per account and review; a shopper cannot vote for their own review. */
export async function voteHelpful(db: Db, userId: number, reviewId: number): Promise<number> {
  return transaction(db, async (trx) => {
    const r = await repo.lockReview(trx, reviewId);
    if (r?.status !== 'approved') throw notFound('Review');
    if (Number(r.user_id) === userId) throw badRequest(M.ownReview);
    if (!(await repo.insertVote(trx, reviewId, userId))) throw conflict(M.alreadyVoted, 'already_voted');
    return repo.countVote(trx, reviewId);
  });
}

export async function staffQueue(
  db: Db,
  query: { status?: 'pending' | 'approved' | 'rejected'; page?: number },
) {
  const limit = REVIEW_LIMITS.pageSize * 2;
  const offset = ((query.page ?? 1) - 1) * limit;
  const [rows, total, pending] = await Promise.all([
    repo.staffPage(db, query.status, { limit, offset }),
    repo.countReviews(db, query.status),
    repo.countReviews(db, 'pending'),
  ]);
  return { reviews: rows.slice(0, limit).map(toStaff), hasMore: rows.length > limit, total, pending };
}

async function staffReview(db: Db, id: number): Promise<StaffReview> {
  const row = await repo.findReview(db, id);
  if (!row) throw notFound('Review');
  return toStaff(row);
}

/**
 * Approves or rejects a review (a rejection carries the reason the shopper sees); the product's rating follows in
 * the same transaction, and the change is written to the history.
 */
export async function moderate(
  db: Db,
  actor: Actor,
  reviewId: number,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string },
): Promise<StaffReview> {
  await transaction(db, async (trx) => {
    const r = await repo.lockReview(trx, reviewId);
    if (!r) throw notFound('Review');
    const reason = decision.status === 'rejected' ? decision.reason : null;
    await repo.setStatus(trx, reviewId, decision.status, actor.id, reason);
    await repo.refreshRating(trx, Number(r.product_id));
    await recordAudit(trx, {
      actor,
      action: decision.status === 'approved' ? 'review.approve' : 'review.reject',
      kind: 'product',
      objectId: Number(r.product_id),
      summary: `Review ${reviewId} (${r.rating}★) ${decision.status}${reason ? `: ${reason}` : ''}`,
      before: { status: r.status },
      after: { status: decision.status },
    });
  });
  return staffReview(db, reviewId);
}

/** The shop's public answer to a review; an empty one removes it. */
export async function replyTo(db: Db, actor: Actor, reviewId: number, reply: string): Promise<StaffReview> {
  await transaction(db, async (trx) => {
    const r = await repo.lockReview(trx, reviewId);
    if (!r) throw notFound('Review');
    await repo.setReply(trx, reviewId, reply === '' ? null : reply);
    await recordAudit(trx, {
      actor,
      action: 'review.reply',
      kind: 'product',
      objectId: Number(r.product_id),
      summary: reply === '' ? `Reply to review ${reviewId} removed` : `Replied to review ${reviewId}`,
    });
  });
  return staffReview(db, reviewId);
}

import type {
  ReviewState,
  reviewBody,
  reviewListQuery,
  reviewRejectBody,
  reviewReplyBody,
  staffReviewsQuery,
} from '../schemas/review';
import type { ProductSummary, RatingSummary } from '../types';
import { route } from './define';

/** An approved review as shoppers see it. Title and text are plain text (pages never read them as markup). */
export interface Review {
  _id: string;
  productId: string;
  rating: number;
  title: string;
  text: string;
  /** Stored picture names (under /images/product/; the small size is `sm/<file>`). */
  photos: string[];
  /** The reviewer's first name. */
  author: string;
  /** Only shoppers with a delivered order of the product may review, so every review is a verified purchase. */
  verifiedPurchase: true;
  helpful: number;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  /** The shop's public answer. */
  reply: { text: string; at: string } | null;
}

/** The shopper's own review: with where it stands in moderation. */
export interface MyReview extends Review {
  status: ReviewState;
  /** Why staff did not publish it (rejected only). */
  rejectReason: string | null;
}

/** A review in the back office's moderation queue. */
export interface StaffReview extends MyReview {
  product: { _id: string; name: string; slug: string };
  authorEmail: string;
  moderatedAt: string | null;
}

export interface ReviewPage {
  reviews: Review[];
  hasMore: boolean;
  total: number;
  rating: RatingSummary;
}

/**
 * Product reviews: shoppers who received a product (a delivered order line) review it once (a second submission
 * edits the review and sends it back to moderation); staff with `reviews.write` approve, reject with a reason, and
 * reply as the shop. Shoppers see approved reviews only.
 */
export const review = {
  /** Approved reviews, newest or most helpful first, with the product's rating summary. */
  list: route('GET /product/:id/reviews', 'public').query<typeof reviewListQuery>().reply<ReviewPage>(),
  /**
   * "You may also like": up to 8 products shoppers can buy now, of the same category (the same brand first) or
   * the same brand, most sold first.
   */
  related: route('GET /product/:id/related', 'public').reply<{ products: ProductSummary[] }>(),
  /** The shopper's own review of a product (null when none) and whether they may write one. */
  mine: route('GET /review/mine/:productId', 'customer').reply<{
    review: MyReview | null;
    canReview: boolean;
  }>(),
  /**
   * Writes (201) or edits (200) the shopper's review: 403 without a delivered order line of the product. Photos
   * sent replace the review's photos; none sent keeps them.
   */
  save: route('POST /review/:productId', 'customer', { form: true, files: ['photos'], status: 201 })
    .body<typeof reviewBody>()
    .reply<{ review: MyReview }>(),
  /** One "helpful" vote per account and review (409 `already_voted` the second time). */
  helpful: route('POST /review/:reviewId/helpful', 'customer').reply<{ helpful: number }>(),
  queue: route('GET /admin/reviews', 'reviews.write').query<typeof staffReviewsQuery>().reply<{
    reviews: StaffReview[];
    hasMore: boolean;
    total: number;
    /** Reviews waiting for a decision (the back office's badge). */
    pending: number;
  }>(),
  approve: route('POST /admin/reviews/:reviewId/approve', 'reviews.write').reply<{ review: StaffReview }>(),
  reject: route('POST /admin/reviews/:reviewId/reject', 'reviews.write')
    .body<typeof reviewRejectBody>()
    .reply<{ review: StaffReview }>(),
  /** The shop's public answer; an empty reply removes it. */
  reply: route('PUT /admin/reviews/:reviewId/reply', 'reviews.write')
    .body<typeof reviewReplyBody>()
    .reply<{ review: StaffReview }>(),
};

import { z } from 'zod';
import { int, text } from './common';

/** Limits of a review, shown in the form and named in the API's refusals. */
export const REVIEW_LIMITS = {
  title: 120,
  text: 5000,
  photos: 5,
  rejectReason: 500,
  reply: 2000,
  /** Reviews per page on the product page and in the back office. */
  pageSize: 10,
} as const;

const stars = int('must be a whole number of stars from 1 to 5').pipe(
  z.number().min(1, 'must be from 1 to 5 stars').max(5, 'must be from 1 to 5 stars'),
);

/**
 * A shopper's review (multipart: the photos travel as `photos` files beside these fields). Text is kept as typed:
 * pages show it as text, never as markup.
 */
export const reviewBody = z.object({
  rating: stars.meta({ label: 'Rating' }),
  title: text(REVIEW_LIMITS.title).min(1, 'is required').meta({ label: 'Title' }),
  text: text(REVIEW_LIMITS.text).min(1, 'is required').meta({ label: 'Review text' }),
});

export const REVIEW_SORTS = ['newest', 'helpful'] as const;

const page = int().pipe(z.number().min(1, 'must be at least 1').max(100000, 'is too large'));

export const reviewListQuery = z.object({
  page: page.optional(),
  sort: z.enum(REVIEW_SORTS, { error: `must be one of ${REVIEW_SORTS.join(', ')}` }).optional(),
});

export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const staffReviewsQuery = z.object({
  status: z.enum(REVIEW_STATES, { error: `must be one of ${REVIEW_STATES.join(', ')}` }).optional(),
  page: page.optional(),
});

export const reviewRejectBody = z.object({
  reason: text(REVIEW_LIMITS.rejectReason)
    .min(1, 'is required: tell the shopper why')
    .meta({ label: 'Reason' }),
});

export const reviewReplyBody = z.object({
  reply: text(REVIEW_LIMITS.reply).meta({ label: 'Reply' }),
});

import {
  contract,
  reviewBody,
  reviewListQuery,
  reviewRejectBody,
  reviewReplyBody,
  staffReviewsQuery,
} from '@voltcart/shared';
import { uploadedFiles } from '../../lib/images';
import { cached, replyWith, resource } from '../../lib/routes';
import { idParam } from '../../lib/validate';
import { actorOf } from '../audit/audit.service';
import { relatedProducts } from './related.service';
import * as reviews from './review.service';

const M = reviews.REVIEW_MESSAGES;
const api = contract.review;

/** Shoppers' reads of a product's reviews (under /product). */
export function productReviewRoutes() {
  const { app, on } = resource('/product');
  // A catalogue read like the product itself: kept in the catalogue cache (a decision of the staff drops it at
  // once; a helpful vote shows to others within CATALOG_CACHE_SECONDS, to the voter at once from the vote's answer).
  on(api.list, { query: reviewListQuery }, async (c, { query }) => {
    const id = idParam(c, 'id', 'Product');
    return cached(c, api.list, async () => ({
      msg: M.loaded,
      ...(await reviews.listReviews(c.var.readDb, id, query)),
    }));
  });
  // A catalogue read like the product itself: kept in the catalogue cache.
  on(api.related, async (c) => {
    const id = idParam(c, 'id', 'Product');
    return cached(c, api.related, async () => ({ products: await relatedProducts(c.var.readDb, id) }));
  });
  return app;
}

/** A shopper's own review and votes (under /review). */
export function reviewRoutes() {
  const { app, on } = resource('/review');

  on(api.mine, async (c) => ({
    msg: M.loaded,
    ...(await reviews.myReview(c.var.db, c.var.principal!.id, idParam(c, 'productId', 'Product'))),
  }));

  on(api.save, { body: reviewBody }, async (c, input) => {
    const productId = idParam(c, 'productId', 'Product');
    const form = await input.raw();
    const fields = await input.body();
    const { review, created } = await reviews.saveReview(
      c.var,
      c.var.principal!.id,
      productId,
      fields,
      uploadedFiles(form.photos),
    );
    return replyWith(c, api.save, { msg: created ? M.created : M.updated, review }, created ? 201 : 200);
  });

  on(api.helpful, async (c) => ({
    msg: M.voted,
    helpful: await reviews.voteHelpful(c.var.db, c.var.principal!.id, idParam(c, 'reviewId', 'Review')),
  }));

  return app;
}

/** The back office's moderation (under /admin/reviews). */
export function staffReviewRoutes() {
  const { app, on } = resource('/admin/reviews');

  on(api.queue, { query: staffReviewsQuery }, async (c, { query }) => ({
    msg: M.loaded,
    ...(await reviews.staffQueue(c.var.db, query)),
  }));

  // A decision changes what product pages show (rating, reviews): the kept catalogue answers are dropped.
  on(api.approve, async (c) => {
    const review = await reviews.moderate(c.var.db, actorOf(c), idParam(c, 'reviewId', 'Review'), {
      status: 'approved',
    });
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: M.approved, review };
  });

  on(api.reject, { body: reviewRejectBody }, async (c, input) => {
    const id = idParam(c, 'reviewId', 'Review');
    const { reason } = await input.body();
    const review = await reviews.moderate(c.var.db, actorOf(c), id, { status: 'rejected', reason });
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: M.rejected, review };
  });

  on(api.reply, { body: reviewReplyBody }, async (c, input) => {
    const id = idParam(c, 'reviewId', 'Review');
    const { reply } = await input.body();
    const review = await reviews.replyTo(c.var.db, actorOf(c), id, reply);
    await c.var.catalogCache.invalidate(c.var.db);
    return { msg: reply === '' ? M.replyRemoved : M.replied, review };
  });

  return app;
}

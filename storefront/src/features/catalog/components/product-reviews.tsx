import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/errors';
import type { Product, Review } from '@voltcart/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Stars } from '../../../components/ui/stars';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api';
import { productImage } from '../../../lib/images';
import { shopperKeys, shopperQueries } from '../../../lib/shopper-queries';
import { notify } from '../../../stores/notifications-store';
import { useSession } from '../../../stores/session-store';
import { PageButtons } from './page-buttons';

// The form is needed only by a buyer who chooses to write: its code loads then.
const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));

type Rating = NonNullable<Product['rating']>;

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** The product page's reviews: the average and its distribution, the approved reviews page by page. */
export function ProductReviews({ product }: { product: Product }) {
  const [sort, setSort] = useState<'newest' | 'helpful'>('newest');
  const [page, setPage] = useState(1);
  const q = useQuery({
    ...shopperQueries.reviews(product._id, page, sort),
    placeholderData: keepPreviousData,
  });
  const rating = q.data?.rating ?? product.rating;
  const reviews = q.data?.reviews ?? [];
  const count = rating?.count ?? 0;

  return (
    <section id="reviews" className="reviews card" aria-labelledby="reviews-title">
      <h2 id="reviews-title">Ratings and reviews</h2>
      <div className="reviews__top">
        {rating && count > 0 ? (
          <RatingSummaryBlock rating={rating} />
        ) : (
          <p className="muted">No reviews yet.</p>
        )}
        <WriteReview productId={product._id} />
      </div>
      {count > 0 && (
        <>
          <div className="reviews__sort">
            <label htmlFor="review-sort">Sort reviews</label>
            <select
              id="review-sort"
              value={sort}
              onChange={(e) => {
                setSort(e.target.value as 'newest' | 'helpful');
                setPage(1);
              }}
            >
              <option value="newest">Newest first</option>
              <option value="helpful">Most helpful</option>
            </select>
          </div>
          <ol className="reviews__list" aria-busy={q.isFetching} data-testid="review-list">
            {reviews.map((r) => (
              <ReviewItem key={r._id} review={r} />
            ))}
          </ol>
          {(page > 1 || q.data?.hasMore) && (
            <PageButtons label="Review pages" page={page} hasMore={!!q.data?.hasMore} onPage={setPage} />
          )}
        </>
      )}
    </section>
  );
}

function RatingSummaryBlock({ rating }: { rating: Rating }) {
  return (
    <div className="reviews__summary" data-testid="rating-summary">
      <p className="reviews__average">
        <strong>{rating.average.toFixed(1)}</strong>
        <span className="visually-hidden"> out of 5</span>
      </p>
      <Stars value={rating.average} size="lg" />
      <p className="muted">
        {rating.count} verified {rating.count === 1 ? 'review' : 'reviews'}
      </p>
      <table className="reviews__bars">
        <caption className="visually-hidden">How many reviews gave each number of stars</caption>
        <tbody>
          {[5, 4, 3, 2, 1].map((stars) => {
            const n = rating.distribution?.[stars - 1] ?? 0;
            const pct = rating.count ? Math.round((n / rating.count) * 100) : 0;
            return (
              <tr key={stars}>
                <th scope="row">{stars}★</th>
                <td>
                  <span className="reviews__bar" aria-hidden="true">
                    <span style={{ width: `${pct}%` }} />
                  </span>
                </td>
                <td className="reviews__bar-n">{n}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ReviewItem({ review }: { review: Review }) {
  return (
    <li className="review" data-testid="review">
      <div className="review__head">
        <Stars value={review.rating} size="sm" />
        <h3 className="review__title">{review.title}</h3>
      </div>
      <p className="review__meta muted">
        {review.author} · {dateOf(review.createdAt)} ·{' '}
        <span className="review__verified">Verified purchase</span>
      </p>
      <p className="review__text">{review.text}</p>
      {review.photos.length > 0 && (
        <ul className="review__photos">
          {review.photos.map((p, i) => (
            <li key={p}>
              <a href={productImage(p)} target="_blank" rel="noopener noreferrer">
                <img
                  src={productImage(p, 'sm')}
                  alt={`${review.author}’s shot ${i + 1} of the product`}
                  width={72}
                  height={72}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.reply && (
        <div className="review__reply">
          <strong>Reply from the shop</strong>
          <p>{review.reply.text}</p>
        </div>
      )}
      <HelpfulButton review={review} />
    </li>
  );
}

function HelpfulButton({ review }: { review: Review }) {
  const loggedIn = useSession((s) => Boolean(s.userToken));
  const [count, setCount] = useState(review.helpful);
  const [voted, setVoted] = useState(false);
  const vote = async () => {
    if (!loggedIn) {
      notify.info('Log in to mark a review as helpful.');
      return;
    }
    try {
      const r = await api.review.helpful({ params: { reviewId: review._id } });
      setCount(r.helpful);
      setVoted(true);
    } catch (e) {
      notify.error(errorMessage(e));
    }
  };
  return (
    <p className="review__helpful">
      <button type="button" className="link-btn" onClick={vote} disabled={voted} aria-pressed={voted}>
        Helpful
      </button>{' '}
      <span className="muted">
        {count} {count === 1 ? 'person' : 'people'} found this helpful
      </span>
    </p>
  );
}

/**
 * What a shopper can do about their own review: log in, write one after delivery, see where theirs stands and
 * edit it. Shown after the page has started in the browser (the session lives there).
 */
function WriteReview({ productId }: { productId: string }) {
  const loggedIn = useSession((s) => Boolean(s.userToken));
  const [started, setStarted] = useState(false);
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  useEffect(() => setStarted(true), []);
  const mine = useQuery({ ...shopperQueries.myReview(productId), enabled: started && loggedIn });
  if (!started) return null;
  if (!loggedIn)
    return (
      <p className="reviews__write">
        Bought this? <Link to={paths.login.to(`${paths.product.to(productId)}#reviews`)}>Log in</Link> to
        review it.
      </p>
    );
  const data = mine.data;
  if (!data) return null;
  const own = data.review;
  if (!own && !data.canReview)
    return (
      <p className="reviews__write muted">You can review this product once it has been delivered to you.</p>
    );
  return (
    <div className="reviews__write">
      {own && (
        <p data-testid="my-review-status">
          {own.status === 'pending' && 'Your review is waiting for the shop’s check.'}
          {own.status === 'approved' && 'Your review is published.'}
          {own.status === 'rejected' && `Your review was not published: ${own.rejectReason ?? ''}`}
        </p>
      )}
      {!open ? (
        <button type="button" className="btn btn--primary" onClick={() => setOpen(true)}>
          {own ? 'Edit your review' : 'Write a review'}
        </button>
      ) : (
        <Suspense fallback={<p className="muted">Loading the form…</p>}>
          <ReviewForm
            productId={productId}
            current={own}
            onDone={() => {
              setOpen(false);
              void client.invalidateQueries({ queryKey: shopperKeys.reviews.mine(productId) });
            }}
            onCancel={() => setOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import { REVIEW_LIMITS, REVIEW_STATES, type ReviewState, type StaffReview } from '@voltcart/shared';
import { useId, useState } from 'react';
import { Pager } from '../../components/pager';
import { ListBody, QueryError } from '../../components/query-states';
import { SafeImage } from '../../components/safe-image';
import { PageHeader } from '../../components/states';
import { imageSrc } from '../../lib/api';
import { useListParams } from '../../lib/list-params';
import { toast } from '../../stores/toast';
import { reviewQueue, useModerate } from './review-queries';
import './reviews.css';

const LIMIT = REVIEW_LIMITS.pageSize * 2;
const STATE_LABELS: Record<ReviewState, string> = {
  pending: 'Waiting',
  approved: 'Published',
  rejected: 'Rejected',
};
const BADGES: Record<ReviewState, string> = { pending: 'badge-warn', approved: '', rejected: 'badge-bad' };
const isState = (v: string | null): v is ReviewState =>
  (REVIEW_STATES as readonly (string | null)[]).includes(v);
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** Product reviews waiting for a decision (oldest first), and the ones already decided. */
export function ReviewsPage() {
  const { params, page, setFilter, setPage } = useListParams({ limit: LIMIT });
  const raw = params.get('status');
  const status: ReviewState | undefined = raw === 'all' ? undefined : isState(raw) ? raw : 'pending';
  const list = useQuery({ ...reviewQueue(status, page), placeholderData: keepPreviousData });
  const reviews = list.data?.reviews ?? [];
  return (
    <>
      <PageHeader
        title="Reviews"
        subtitle={`Shoppers' reviews wait here until you publish them${
          list.data ? ` · ${list.data.pending} waiting` : ''
        }`}
      />
      <form className="toolbar filters" aria-label="Filter the reviews" onSubmit={(e) => e.preventDefault()}>
        <span className="inline-label">
          <label htmlFor="review-status">Show</label>
          <select
            id="review-status"
            value={status ?? 'all'}
            onChange={(e) => setFilter('status', e.target.value === 'pending' ? null : e.target.value)}
          >
            {REVIEW_STATES.map((s) => (
              <option key={s} value={s}>
                {STATE_LABELS[s]}
              </option>
            ))}
            <option value="all">All reviews</option>
          </select>
        </span>
      </form>
      <QueryError query={list} />
      <section className="panel" aria-label="Reviews">
        <ListBody
          query={list}
          count={reviews.length}
          empty={status === 'pending' ? 'No review is waiting.' : 'No reviews here.'}
        >
          <ul className="review-queue">
            {reviews.map((r) => (
              <ReviewCard key={r._id} review={r} />
            ))}
          </ul>
        </ListBody>
      </section>
      <Pager
        page={page}
        limit={LIMIT}
        count={reviews.length}
        reply={list.data && { hasMore: list.data.hasMore }}
        onPage={setPage}
      />
    </>
  );
}

function ReviewCard({ review }: { review: StaffReview }) {
  const moderate = useModerate();
  const id = useId();
  const [mode, setMode] = useState<'reject' | 'reply' | null>(null);
  const [text, setText] = useState('');
  const run = async (d: Parameters<typeof moderate.mutateAsync>[0], fallback: string) => {
    try {
      toast.reply(await moderate.mutateAsync(d), fallback);
      setMode(null);
      setText('');
    } catch (e) {
      toast.error(errorMessage(e, 'The review could not be changed. Please try again.'));
    }
  };
  const open = (m: 'reject' | 'reply') => {
    setMode(m);
    setText(m === 'reply' ? (review.reply?.text ?? '') : '');
  };
  return (
    <li className="review-queue__item" data-testid="review-row">
      <div className="review-queue__head">
        <strong>
          <span role="img" aria-label={`${review.rating} out of 5 stars`}>
            {'★'.repeat(review.rating)}
            {'☆'.repeat(5 - review.rating)}
          </span>{' '}
          {review.title}
        </strong>
        <span className={`badge ${BADGES[review.status]}`}>{STATE_LABELS[review.status]}</span>
      </div>
      <p className="muted">
        {review.product.name} · {review.author} ({review.authorEmail}) · {when(review.updatedAt)} · Verified
        purchase
      </p>
      <p className="review-queue__text">{review.text}</p>
      {review.photos.length > 0 && (
        <ul className="review-queue__photos" aria-label="Photos">
          {review.photos.map((p, i) => (
            <li key={p}>
              <SafeImage src={imageSrc('product', p, 'sm')} alt={`Shopper's shot ${i + 1}`} size={72} />
            </li>
          ))}
        </ul>
      )}
      {review.status === 'rejected' && review.rejectReason && (
        <p className="muted">Rejected: {review.rejectReason}</p>
      )}
      {review.reply && <p className="review-queue__reply">Shop's reply: {review.reply.text}</p>}
      {mode ? (
        <form
          className="review-queue__form"
          onSubmit={(e) => {
            e.preventDefault();
            if (mode === 'reject')
              void run({ id: review._id, action: 'reject', reason: text }, 'Review rejected.');
            else void run({ id: review._id, action: 'reply', reply: text }, 'Reply saved.');
          }}
        >
          <label htmlFor={`${id}-text`}>
            {mode === 'reject' ? 'Why is it not published? (the shopper sees this)' : 'Reply as the shop'}
          </label>
          <textarea
            id={`${id}-text`}
            rows={3}
            value={text}
            maxLength={mode === 'reject' ? REVIEW_LIMITS.rejectReason : REVIEW_LIMITS.reply}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="row-actions">
            <button type="submit" className="btn btn-primary btn-sm" disabled={moderate.isPending}>
              {mode === 'reject' ? 'Reject review' : 'Save reply'}
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setMode(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="row-actions">
          {review.status !== 'approved' && (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={moderate.isPending}
              onClick={() => void run({ id: review._id, action: 'approve' }, 'Review approved.')}
            >
              Approve
            </button>
          )}
          {review.status !== 'rejected' && (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => open('reject')}>
              Reject…
            </button>
          )}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => open('reply')}>
            {review.reply ? 'Edit reply…' : 'Reply…'}
          </button>
        </div>
      )}
    </li>
  );
}

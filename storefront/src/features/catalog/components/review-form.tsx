import { errorMessage } from '@voltcart/api-client/errors';
import { type MyReview, REVIEW_LIMITS } from '@voltcart/shared';
import { type FormEvent, useState } from 'react';
import { api } from '../../../lib/api';
import { notify } from '../../../stores/notifications-store';

/** The shopper's review form: stars, title, text and up to 5 photos; the API checks it all again. */
export function ReviewForm({
  productId,
  current,
  onDone,
  onCancel,
}: {
  productId: string;
  current: MyReview | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [rating, setRating] = useState(current?.rating ?? 0);
  const [title, setTitle] = useState(current?.title ?? '');
  const [text, setText] = useState(current?.text ?? '');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (rating < 1) return setError('Choose from 1 to 5 stars.');
    if (photos.length > REVIEW_LIMITS.photos) return setError(`Add at most ${REVIEW_LIMITS.photos} photos.`);
    setBusy(true);
    setError('');
    try {
      const r = await api.review.save({
        params: { productId },
        body: { rating, title, text, photos: photos.map((f) => ({ blob: f, name: f.name })) },
      });
      notify.success(r.msg);
      onDone();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="review-form" onSubmit={submit} noValidate aria-label="Write your review">
      <fieldset className="review-form__stars">
        <legend>Your rating</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n}>
            <input
              type="radio"
              name="rating"
              value={n}
              checked={rating === n}
              onChange={() => setRating(n)}
            />
            {n} {n === 1 ? 'star' : 'stars'}
          </label>
        ))}
      </fieldset>
      <label htmlFor="review-title">Title</label>
      <input
        id="review-title"
        value={title}
        maxLength={REVIEW_LIMITS.title}
        onChange={(e) => setTitle(e.target.value)}
        required
      />
      <label htmlFor="review-text">Your review</label>
      <textarea
        id="review-text"
        rows={5}
        value={text}
        maxLength={REVIEW_LIMITS.text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby="review-text-limit"
        required
      />
      <small id="review-text-limit" className="muted">
        {text.length} / {REVIEW_LIMITS.text} characters
      </small>
      <label htmlFor="review-photos">Photos (up to {REVIEW_LIMITS.photos}, optional)</label>
      <input
        id="review-photos"
        type="file"
        accept="image/jpeg,image/png,image/webp,image/avif"
        multiple
        onChange={(e) => setPhotos([...(e.target.files ?? [])])}
      />
      {error && (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      )}
      <div className="review-form__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {current ? 'Save your review' : 'Submit review'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

import type { ProductSummary } from '@voltcart/shared';
import { Stars } from '../../../components/ui/stars';

/** The product page's line under the title: the average and how many reviews, a link down to them. */
export function RatingBadge({ rating }: { rating: ProductSummary['rating'] }) {
  if (!rating || rating.count === 0) return null;
  return (
    <a className="rating-badge" href="#reviews" data-testid="rating-badge">
      <Stars value={rating.average} size="sm" />
      <strong>{rating.average.toFixed(1)}</strong>
      <span className="muted">
        ({rating.count} {rating.count === 1 ? 'review' : 'reviews'})
      </span>
    </a>
  );
}

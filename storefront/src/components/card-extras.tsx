import { lazy, Suspense, useEffect, useState } from 'react';
import { notify } from '../stores/notifications-store';
import { useSession } from '../stores/session-store';
import { HeartButton } from './heart-button';
import { Stars } from './ui/stars';

interface Props {
  productId: string;
  name: string;
}

/** A card's stars: the approved reviews' average and count. */
export function CardRating({ rating }: { rating: { average: number; count: number } }) {
  return (
    <p className="product-card__rating" data-testid="card-rating">
      <Stars value={rating.average} size="sm" />
      <span>{rating.average.toFixed(1)}</span>
      <span className="muted">{`(${rating.count} ${rating.count === 1 ? 'review' : 'reviews'})`}</span>
    </p>
  );
}

// A logged-in shopper's hearts read the account's wishlist: that code loads only for them, after the page starts.
const AccountHeart = lazy(async () => ({ default: (await import('./card-heart-account')).AccountHeart }));

/** Whether this browser's (the guest's) wishlist holds the product, read without loading the wishlist code. */
function guestHas(productId: string): boolean {
  try {
    const ids: unknown = JSON.parse(window.localStorage.getItem('wishlist') ?? '[]');
    return Array.isArray(ids) && ids.includes(productId);
  } catch {
    return false;
  }
}

/**
 * A product card's heart: server-rendered as an empty heart; once the page runs, a guest's shows this browser's
 * wishlist and toggles it (the wishlist code loads with the first click), a logged-in shopper's the account's.
 */
export function CardHeart({ productId, name }: Props) {
  const loggedIn = useSession((s) => Boolean(s.userToken));
  const [started, setStarted] = useState(false);
  const [on, setOn] = useState(false);
  useEffect(() => {
    setStarted(true);
    setOn(guestHas(productId));
  }, [productId]);

  if (started && loggedIn)
    return (
      <Suspense fallback={<HeartButton name={name} on={false} busy />}>
        <AccountHeart productId={productId} name={name} />
      </Suspense>
    );
  const toggle = async () => {
    const { toggleGuest } = await import('../lib/wishlist');
    const now = toggleGuest(productId, { colorId: null, memorySize: null }, !guestHas(productId));
    setOn(now);
    notify.success(now ? `${name} added to your wishlist` : `${name} removed from your wishlist`);
  };
  return <HeartButton name={name} on={on} onToggle={() => void toggle()} />;
}

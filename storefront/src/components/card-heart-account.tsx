import { useState } from 'react';
import { useWishlist } from '../lib/wishlist';
import { HeartButton } from './heart-button';

/** A logged-in shopper's heart on a card: the account's wishlist (one request for all the page's hearts). */
export function AccountHeart({ productId, name }: { productId: string; name: string }) {
  const [on, toggle] = useWishlist(productId);
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      await toggle();
    } finally {
      setBusy(false);
    }
  };
  return <HeartButton name={name} on={on} busy={busy} onToggle={() => void click()} />;
}

import { HeartIcon } from './ui/icons';

/** The heart's button, as the server renders it and as each kind of shopper's heart shows it. */
export function HeartButton({
  name,
  on,
  busy = false,
  onToggle,
}: {
  name: string;
  on: boolean;
  busy?: boolean;
  onToggle?: () => void;
}) {
  return (
    <button
      type="button"
      className="product-card__heart"
      aria-label={`Wishlist: ${name}`}
      aria-pressed={on}
      aria-busy={busy || undefined}
      title={on ? 'In your wishlist' : 'Add to wishlist'}
      onClick={() => !busy && onToggle?.()}
    >
      <HeartIcon size={18} filled={on} />
    </button>
  );
}

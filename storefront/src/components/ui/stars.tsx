/**
 * Five stars filled to `value` (0–5, fractions shown in part), read out as "Rated 4.3 out of 5". The filled row
 * is laid over the empty one and clipped, so no picture is loaded.
 */
export function Stars({ value, size = 'md' }: { value: number; size?: 'sm' | 'md' | 'lg' }) {
  const pct = Math.max(0, Math.min(100, (value / 5) * 100));
  return (
    <span className={`stars stars--${size}`} role="img" aria-label={`Rated ${value} out of 5`}>
      <span className="stars__empty" aria-hidden="true">
        ★★★★★
      </span>
      <span className="stars__full" aria-hidden="true" style={{ width: `${pct}%` }}>
        ★★★★★
      </span>
    </span>
  );
}

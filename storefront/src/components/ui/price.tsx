import { formatINR } from '@voltcart/shared';

interface PriceProps {
  final: number;
  original?: number | null;
  size?: 'sm' | 'md' | 'lg';
}

/** Selling price, with the original struck through when it is higher. */
export function Price({ final, original, size = 'md' }: PriceProps) {
  const struck = original != null && original > final;
  return (
    <span className={`price price--${size}`}>
      <span className="price__final">{formatINR(final)}</span>
      {struck && (
        <>
          <span className="visually-hidden">, was </span>
          <s className="price__original">{formatINR(original)}</s>
        </>
      )}
    </span>
  );
}

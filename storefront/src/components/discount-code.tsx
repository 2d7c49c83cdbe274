import type { DiscountLine, Quote } from '@voltcart/shared';
import { formatINR } from '@voltcart/shared';
import { type FormEvent, useId, useState } from 'react';
import { useCart } from '../stores/cart-store';

/**
 * The "Discount code" field with its "Apply" button (cart and checkout, guests too). The code is kept with the
 * cart; the quote says whether it applies, and if not why, in words. Not a <form>: the checkout's form is around it.
 */
export function DiscountCodeField({ quote, checking }: { quote: Quote | undefined; checking: boolean }) {
  const id = useId();
  const code = useCart((s) => s.discountCode ?? null);
  const setCode = useCart((s) => s.setDiscountCode);
  const [typed, setTyped] = useState('');
  const answer =
    quote?.code && code && quote.code.code === code.replace(/\s+/g, '').toUpperCase() ? quote.code : null;

  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    if (!typed.trim()) return;
    setCode(typed);
    setTyped('');
  };

  return (
    <div className="discount-code" data-testid="discount-code">
      {code ? (
        <div className="discount-code__applied">
          <p>
            <span className="muted">Discount code </span>
            <strong className="discount-code__value">{code.replace(/\s+/g, '').toUpperCase()}</strong>
            {answer?.applied && <span className="text-success"> applied</span>}
            {!answer && checking && <span className="muted"> checking…</span>}
          </p>
          <button type="button" className="link-btn" onClick={() => setCode(null)}>
            Remove code
          </button>
        </div>
      ) : (
        <>
          <label htmlFor={id} className="discount-code__label">
            Discount code
          </label>
          <div className="discount-code__row">
            <input
              id={id}
              name="discount_code"
              autoComplete="off"
              autoCapitalize="characters"
              maxLength={64}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') apply(e);
              }}
            />
            <button type="button" className="btn btn--ghost" onClick={() => apply()} disabled={!typed.trim()}>
              Apply
            </button>
          </div>
        </>
      )}
      <p className="discount-code__reason text-danger" role="status" aria-live="polite">
        {answer && !answer.applied ? answer.reason : ''}
      </p>
    </div>
  );
}

/** The order's discount lines for a summary list (<dl>): "Discount (DIWALI10) −₹1,500". */
export function DiscountRows({ discounts }: { discounts: readonly DiscountLine[] }) {
  return (
    <>
      {discounts
        .filter((d) => d.amount > 0)
        .map((d, i) => (
          <div key={`${d.label}-${i}`} className="summary__discount" data-testid="discount-line">
            <dt>{d.label}</dt>
            <dd>−{formatINR(d.amount)}</dd>
          </div>
        ))}
    </>
  );
}

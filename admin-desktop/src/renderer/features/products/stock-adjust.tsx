import { errorMessage } from '@voltcart/api-client/http';
import type { ProductSummary } from '@voltcart/shared';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { staleAfter } from '../../lib/query-keys';
import { wholeNumber } from '../../lib/whole-number';
import { toast } from '../../stores/toast';
import { stockChangedText, stockConflict } from './product-save';

/**
 * The units of a product in the list, adjusted in place: + and − change them by one, a click on the number
 * sets a value (Enter or leaving the field saves it, Escape cancels).
 * - each change is compare-and-set against the units on screen (`expectedStock`): when an order or another
 *   admin changed them meanwhile, the API refuses it (409) and the row says so and shows the current units
 * - `low`: the product is at or under the shop's low-stock threshold (but not sold out: that has its own colour)
 * - a product with several variants has no one count to change: its units (their sum) lead to its page, where
 *   each variant's units are set (the API refuses a product-level write there)
 */
export function StockAdjust(props: { product: ProductSummary; low?: boolean }) {
  const { product } = props;
  const [draft, setDraft] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const closing = useRef(false);
  const write = useApiMutation(
    ({ stock, expected }: { stock: number; expected: number }) =>
      api.product.update({ params: { id: product._id }, body: { stock, expectedStock: expected } }),
    staleAfter.product,
    // A refusal reloads the list too, so the row shows the units as they are now.
    { refreshOnRefusal: true },
  );
  const busy = write.isPending;

  const setUnits = (stock: number) => {
    setNotice(null);
    write.mutate(
      { stock, expected: product.stock },
      {
        onSuccess: (reply) => toast.success(`“${product.name}” now has ${reply.product.stock} units.`),
        onError: (err) => {
          const conflict = stockConflict(err);
          setNotice(
            conflict
              ? `${stockChangedText(conflict)} Nothing was changed.`
              : errorMessage(err, 'The units could not be changed. Please try again.'),
          );
        },
      },
    );
  };

  const startEditing = () => {
    closing.current = false;
    setNotice(null);
    setDraft(String(product.stock));
  };
  const commit = () => {
    if (closing.current || draft === null) return;
    const n = wholeNumber(draft, 0, 1_000_000);
    if (n === null) {
      setNotice('Enter a whole number of units, 0 or more.');
      return;
    }
    closing.current = true;
    setDraft(null);
    if (n !== product.stock) setUnits(n);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      closing.current = true;
      setDraft(null);
      setNotice(null);
    }
  };

  const valueClass = ['units-value', product.stock > 0 ? (props.low ? 'units-low' : '') : 'units-none'].join(
    ' ',
  );
  const variants = product.variantCount ?? 1;
  if (variants > 1)
    return (
      <div className="units">
        <Link
          to={paths.productEdit(product._id)}
          className={`${valueClass.trim()} units-link`}
          data-testid="units"
          aria-label={`Units of ${product.name}: ${product.stock} in ${variants} variants. Set them per variant`}
          title="Set per variant on the product's page"
        >
          {product.stock}
        </Link>
        <span className="units-variants">{variants} variants</span>
      </div>
    );
  return (
    <div className="units">
      <div className="units-adjust">
        {draft === null ? (
          <button
            type="button"
            className={valueClass.trim()}
            data-testid="units"
            aria-label={`Units of ${product.name}: ${product.stock}. Set the number of units`}
            title="Set the number of units"
            disabled={busy}
            onClick={startEditing}
          >
            {product.stock}
          </button>
        ) : (
          <input
            className="units-input"
            type="number"
            min={0}
            step={1}
            // biome-ignore lint/a11y/noAutofocus: the field replaces the number the person just clicked
            autoFocus
            aria-label={`Units of ${product.name}`}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKey}
            onBlur={commit}
          />
        )}
        {/* A stepper: + over −, narrow enough for the 1024 px table. */}
        <div className="units-steps">
          <button
            type="button"
            className="units-step"
            aria-label={`One unit more of ${product.name}`}
            title="One unit more"
            disabled={busy}
            onClick={() => setUnits(product.stock + 1)}
          >
            +
          </button>
          <button
            type="button"
            className="units-step"
            aria-label={`One unit fewer of ${product.name}`}
            title="One unit fewer"
            disabled={busy || product.stock <= 0}
            onClick={() => setUnits(product.stock - 1)}
          >
            −
          </button>
        </div>
      </div>
      {notice && (
        <div className="units-notice" role="alert" data-testid="units-notice">
          {notice}
        </div>
      )}
    </div>
  );
}

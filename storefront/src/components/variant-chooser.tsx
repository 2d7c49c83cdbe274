import { formatINR } from '@voltcart/shared';
import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { Dialog } from './ui/dialog';
import type { VariantChoice } from './variant-choice';

interface Props {
  productId: string;
  name: string;
  choices: readonly VariantChoice[];
  preselected: VariantChoice;
  onChoose: (choice: VariantChoice) => void;
  onDismiss: () => void;
}

/** How many units a choice has, as the chooser says it. */
function stockText(c: VariantChoice): string {
  if (!c.sellable) return 'Out of stock';
  return c.stock <= 5 ? `Only ${c.stock} left` : 'In stock';
}

/**
 * The card's chooser for a product sold in several colours or memory sizes: one radio per combination with its
 * price and stock (those out of stock shown but not choosable), Add to Cart for the chosen one. Rendered into
 * the page's body: a card moves on hover, and a fixed panel inside a moved box would move with it.
 */
export function VariantChooser({ productId, name, choices, preselected, onChoose, onDismiss }: Props) {
  const [picked, setPicked] = useState(choices.indexOf(preselected));
  const group = useId();
  const chosen = choices[picked];
  const legend = [choices.some((c) => c.colorId) && 'Colour', choices.some((c) => c.memorySize) && 'memory']
    .filter(Boolean)
    .join(' and ');
  return createPortal(
    <Dialog
      title={`Choose your ${name}`}
      onDismiss={onDismiss}
      className="variant-chooser"
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={onDismiss}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!chosen?.sellable}
            onClick={() => chosen && onChoose(chosen)}
          >
            Add to Cart
          </button>
        </>
      }
    >
      <fieldset className="variant-chooser__choices">
        <legend className="variant-chooser__legend">
          {legend ? legend.charAt(0).toUpperCase() + legend.slice(1) : 'Choose'}
        </legend>
        {choices.map((c, i) => (
          <label key={c.sku ?? i} className={`variant-chooser__option${c.sellable ? '' : ' is-unavailable'}`}>
            <input
              type="radio"
              name={group}
              checked={i === picked}
              disabled={!c.sellable}
              onChange={() => setPicked(i)}
              data-autofocus={i === picked ? true : undefined}
            />
            <span className="variant-chooser__label">{c.label || name}</span>
            <span className="variant-chooser__price">{formatINR(c.price)}</span>
            <span className={`variant-chooser__stock stock ${c.sellable ? 'stock--in' : 'stock--out'}`}>
              {stockText(c)}
            </span>
          </label>
        ))}
      </fieldset>
      <Link to={paths.product.to(productId)} className="variant-chooser__details">
        See pictures and details
      </Link>
    </Dialog>,
    document.body,
  );
}

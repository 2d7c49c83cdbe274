import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/errors';
import type { ProductSummary } from '@voltcart/shared';
import { canAddToCart, formatINR, saveAmount, stockLabel } from '@voltcart/shared';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { productImage } from '../lib/images';
import { queries } from '../lib/queries';
import { shipsFree, useShopClaims } from '../lib/shop-info';
import { useCart } from '../stores/cart-store';
import { notify } from '../stores/notifications-store';
import { Price } from './ui/price';
import { ProductImage } from './ui/product-image';
import type { CardFilters, VariantChoice } from './variant-choice';

interface Props {
  product: ProductSummary;
  /** Show the best-seller 'SAVE ₹x' badge (only when the original price is higher: there is a saving to show). */
  showSave?: boolean;
  /** Load the image eagerly (first cards above the fold). */
  priority?: boolean;
  /** The level of the product name's heading: one below the heading of the list the card is in. */
  headingLevel?: 2 | 3;
  /** The list's colour and memory filters: Add to Cart adds the one sellable combination matching them. */
  filters?: CardFilters;
}

// Loaded when a card first needs it: the store's first render does not.
const VariantChooser = lazy(async () => ({ default: (await import('./variant-chooser')).VariantChooser }));
// The heart and the stars: in the HTML the server sends, their code loaded after the store's first render (the
// browser keeps the server's markup until then).
const CardHeart = lazy(async () => ({ default: (await import('./card-extras')).CardHeart }));
const CardRating = lazy(async () => ({ default: (await import('./card-extras')).CardRating }));

/**
 * A product tile: image, heart (wishlist), name, stars (approved reviews), prices, the running offers for it (the API's
 * words), stock, FREE SHIPPING (when the price reaches the shop's threshold) and
 * Add to Cart (only when in stock). Add to Cart never picks a colour or memory size for the shopper: it adds
 * the only combination that can be meant (cardAction), else opens the chooser.
 */
export function ProductCard({
  product: p,
  showSave = false,
  priority = false,
  headingLevel = 3,
  filters,
}: Props) {
  const Heading = `h${headingLevel}` as const;
  const addItem = useCart((s) => s.addItem);
  const queryClient = useQueryClient();
  const { freeShippingThreshold } = useShopClaims();
  const [busy, setBusy] = useState(false);
  const [choosing, setChoosing] = useState<{ choices: VariantChoice[]; preselected: VariantChoice } | null>(
    null,
  );
  const label = stockLabel(p.stock, p.inStock);
  const save = showSave ? saveAmount(p) : null;
  const to = paths.product.to(p._id);
  const state = { product: p };

  const put = (c: VariantChoice) => {
    setChoosing(null);
    void addItem({
      productId: p._id,
      name: p.name,
      thumbnail: c.thumbnail,
      colorId: c.colorId,
      colorName: c.colorName,
      memorySize: c.memorySize,
      sku: c.sku,
      unitPrice: c.price,
      unitOriginalPrice: c.msrp,
    });
    notify.success(c.label ? `${p.name} (${c.label}) added to your cart` : `${p.name} added to your cart`);
  };

  const add = async () => {
    setBusy(true);
    try {
      // The product's combinations (the same read as its page, so usually already cached); the rules load with
      // the first click, not with the page.
      const [product, { variantChoices, cardAction }] = await Promise.all([
        queryClient.fetchQuery(queries.product(p._id)),
        import('./variant-choice'),
      ]);
      const choices = variantChoices(product);
      const action = cardAction(choices, filters);
      if (action.kind === 'add') put(action.choice);
      else if (action.kind === 'choose') setChoosing({ choices, preselected: action.preselected });
      else notify.error(`${p.name} has just sold out.`);
    } catch (e) {
      notify.error(errorMessage(e, `${p.name} could not be added. Please try again.`));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="product-card">
      <Link to={to} state={state} className="product-card__media" tabIndex={-1} aria-hidden="true">
        <ProductImage
          src={productImage(p.thumbnail, 'sm')}
          alt=""
          width={240}
          height={240}
          priority={priority}
        />
      </Link>
      {save != null && <span className="badge badge--save">SAVE {formatINR(save)}</span>}
      {save == null && p.discountPercentage > 0 && (
        <span className="badge badge--off">−{Math.round(p.discountPercentage)}%</span>
      )}
      <Suspense fallback={null}>
        <CardHeart productId={p._id} name={p.name} />
      </Suspense>
      <div className="product-card__body">
        {(p.brand || p.categoryName) && <p className="product-card__meta">{p.brand || p.categoryName}</p>}
        <Heading className="product-card__title">
          <Link to={to} state={state}>
            {p.name}
          </Link>
        </Heading>
        {p.rating && p.rating.count > 0 && (
          <Suspense fallback={<p className="product-card__rating" />}>
            <CardRating rating={p.rating} />
          </Suspense>
        )}
        <Price final={p.finalPrice} original={p.originalPrice} />
        {p.offers?.map((o) => (
          <p key={o} className="product-card__offer">
            {o}
          </p>
        ))}
        <p className={`stock ${label === 'In stock' ? 'stock--in' : 'stock--out'}`}>{label}</p>
        {shipsFree(p.finalPrice, freeShippingThreshold) && (
          <p className="product-card__ship">FREE SHIPPING</p>
        )}
        {canAddToCart(p.stock, p.inStock) && (
          <button
            type="button"
            className="btn btn--primary btn--block product-card__add"
            // Not disabled while the combinations load: a disabled button would lose the focus, which the
            // chooser gives back to it when it closes.
            onClick={() => !busy && void add()}
            aria-busy={busy || undefined}
          >
            Add to Cart
          </button>
        )}
        {choosing && (
          <Suspense fallback={null}>
            <VariantChooser
              productId={p._id}
              name={p.name}
              choices={choosing.choices}
              preselected={choosing.preselected}
              onChoose={put}
              onDismiss={() => setChoosing(null)}
            />
          </Suspense>
        )}
      </div>
    </article>
  );
}

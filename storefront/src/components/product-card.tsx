import type { ProductSummary } from '@voltcart/shared';
import { canAddToCart, formatINR, saveAmount, stockLabel } from '@voltcart/shared';
import { Link } from 'react-router-dom';
import { paths } from '../config/paths';
import { productImage } from '../lib/images';
import { useCart } from '../stores/cart-store';
import { notify } from '../stores/notifications-store';
import { Price } from './ui/price';
import { ProductImage } from './ui/product-image';

interface Props {
  product: ProductSummary;
  /** Show the best-seller 'SAVE ₹x' badge (only when the original price is higher, seed §9). */
  showSave?: boolean;
  /** Load the image eagerly (first cards above the fold). */
  priority?: boolean;
  /** The level of the product name's heading: one below the heading of the list the card is in. */
  headingLevel?: 2 | 3;
}

/** A product tile: image, name, prices, stock, FREE SHIPPING and Add to Cart (only when in stock). */
export function ProductCard({ product: p, showSave = false, priority = false, headingLevel = 3 }: Props) {
  const Heading = `h${headingLevel}` as const;
  const addItem = useCart((s) => s.addItem);
  const label = stockLabel(p.stock, p.inStock);
  const save = showSave ? saveAmount(p) : null;
  const to = paths.product.to(p._id);
  const state = { product: p };

  const add = () => {
    void addItem({
      productId: p._id,
      name: p.name,
      thumbnail: p.thumbnail,
      colorId: null,
      colorName: null,
      memorySize: null,
      unitPrice: p.finalPrice,
      unitOriginalPrice: p.originalPrice,
    });
    notify.success(`${p.name} added to your cart`);
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
      <div className="product-card__body">
        {(p.brand || p.categoryName) && <p className="product-card__meta">{p.brand || p.categoryName}</p>}
        <Heading className="product-card__title">
          <Link to={to} state={state}>
            {p.name}
          </Link>
        </Heading>
        <Price final={p.finalPrice} original={p.originalPrice} />
        <p className={`stock ${label === 'In stock' ? 'stock--in' : 'stock--out'}`}>{label}</p>
        <p className="product-card__ship">FREE SHIPPING</p>
        {canAddToCart(p.stock, p.inStock) && (
          <button type="button" className="btn btn--primary btn--block product-card__add" onClick={add}>
            Add to Cart
          </button>
        )}
      </div>
    </article>
  );
}

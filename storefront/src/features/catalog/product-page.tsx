import { ApiError, errorMessage } from '@voltcart/api-client/errors';
import type { Product, ProductSummary } from '@voltcart/shared';
import {
  canAddToCart,
  cartTotals,
  formatINR,
  lowestEmi,
  MAX_COMPARE,
  memoryLabel,
  stockLabel,
  toPaise,
} from '@voltcart/shared';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CheckDelivery } from '../../components/check-delivery';
import { CompareIcon, HeartIcon, PhoneIcon, ShieldIcon, TruckIcon } from '../../components/ui/icons';
import { ProductImage } from '../../components/ui/product-image';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { Loading } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { productImage } from '../../lib/images';
import { SHOP_INFO, shipsFree, useShopClaims } from '../../lib/shop-info';
import { browserCompareIds as compareIds } from '../../lib/shopper-queries';
import { useTitle } from '../../lib/use-title';
import { useWishlist } from '../../lib/wishlist';
import { useCart } from '../../stores/cart-store';
import { notify } from '../../stores/notifications-store';
import { useProduct } from './api';
import { RecentlyViewed, RelatedProducts } from './components/more-products';
import { NotifyMe } from './components/notify-me';
import { ProductReviews } from './components/product-reviews';
import { RatingBadge } from './components/rating-stars';
import { StoreBreadcrumb } from './components/store-breadcrumb';
import { useInList } from './local-lists';
import {
  chosenLine,
  findVariant,
  normalizeSelection,
  priceRange,
  type Selection,
  selectionPrice,
  unavailableReason,
} from './product-options';
import './catalog.css';

export function ProductPage() {
  const { id } = useParams();
  const location = useLocation();
  const preview = (location.state as { product?: ProductSummary } | null)?.product;
  const { data: product, error, reload } = useProduct(id);
  useTitle(product?.name ?? preview?.name ?? null);

  if (error) {
    const status = error instanceof ApiError ? error.status : null;
    const missing = status === 404 || status === 400;
    return (
      <div className="container page-message">
        {missing ? (
          <>
            <h1 className="page-message__title">Product not found.</h1>
            <p className="muted">It may have been removed, or the link is mistyped.</p>
          </>
        ) : (
          <>
            <h1 className="page-message__title">This product could not be loaded.</h1>
            <p className="muted">{errorMessage(error)}</p>
            <button type="button" className="btn btn--ghost" onClick={reload}>
              Try again
            </button>
          </>
        )}
        <Link to={paths.store.to()} className="btn btn--primary">
          Continue Shopping
        </Link>
      </div>
    );
  }

  if (!product) {
    return (
      <div className="container">
        {preview && preview._id === id ? <ProductPreview product={preview} /> : <Loading />}
      </div>
    );
  }
  return <ProductDetail key={product._id} product={product} />;
}

/** While the full product loads, the summary passed in the link's state is shown. */
function ProductPreview({ product }: { product: ProductSummary }) {
  return (
    <div className="pdp" aria-busy="true">
      <div className="pdp__gallery">
        <div className="pdp__main-img">
          <ProductImage
            src={productImage(product.thumbnail, 'sm')}
            alt={product.name}
            width={560}
            height={560}
            priority
          />
        </div>
      </div>
      <div className="pdp__info">
        <h1 className="pdp__title">{product.name}</h1>
        <p className="pdp__price">{formatINR(product.finalPrice)}</p>
        <Loading />
      </div>
    </div>
  );
}

/**
 * The choice kept in the address, so that a shared link opens the same variant: `?color=<colour slug>&memory=<GB>`,
 * or `?sku=<SKU>`.
 */
function wantedFromAddress(product: Product, params: URLSearchParams): Partial<Selection> {
  const sku = params.get('sku');
  const bySku = sku ? product.variants?.find((v) => v.sku.toLowerCase() === sku.toLowerCase()) : undefined;
  if (bySku) return { colorId: bySku.colorId, memorySize: bySku.memorySize };
  const slug = params.get('color');
  const memory = Number(params.get('memory'));
  return {
    colorId: product.colors?.find((c) => c.slug === slug)?._id ?? null,
    memorySize: Number.isInteger(memory) && memory > 0 ? memory : null,
  };
}

function ProductDetail({ product }: { product: Product }) {
  const addItem = useCart((s) => s.addItem);
  const navigate = useNavigate();
  const claims = useShopClaims();
  const [params, setParams] = useSearchParams();
  const [qty, setQty] = useState(1);
  const [inWishlist, toggleWishlist] = useWishlist(product._id);
  const [inCompare, toggleCompare] = useInList('compare', product._id);

  const sel = normalizeSelection(product, wantedFromAddress(product, params));
  const choose = (next: Partial<Selection>) => {
    const s = { ...sel, ...next };
    const out = new URLSearchParams(params);
    out.delete('sku');
    const slug = product.colors?.find((c) => c._id === s.colorId)?.slug;
    if (slug) out.set('color', slug);
    else out.delete('color');
    if (s.memorySize) out.set('memory', String(s.memorySize));
    else out.delete('memory');
    setParams(out, { replace: true, preventScrollReset: true });
  };
  const variant = findVariant(product, sel.colorId, sel.memorySize);
  // The chosen colour's own pictures, else the shared gallery.
  const colorImages = (sel.colorId && product.colorImages?.[sel.colorId]) || [];
  const images = (colorImages.length ? colorImages : [product.thumbnail, ...(product.images ?? [])]).filter(
    Boolean,
  );
  const [picked, setMainImage] = useState('');
  const mainImage = images.includes(picked) ? picked : (images[0] ?? '');
  const { price, msrp, percentOff } = selectionPrice(product, sel);
  const range = priceRange(product);
  // Stock, label and Add to Cart follow the chosen variant (the product's figures before variants).
  const stock = product.variants ? (variant?.enabled ? variant.stock : 0) : product.stock;
  const notSold = product.variants !== undefined && !variant?.enabled;
  const label = notSold ? 'Not sold in this combination' : stockLabel(stock, product.inStock);
  const sellable = !notSold && canAddToCart(stock, product.inStock);
  // The gateway's cheapest plan for this price; none for what cannot be bought.
  const emi = sellable ? lowestEmi(toPaise(price), claims.emiPlans) : null;
  const maxQty = Math.max(1, Math.min(99, stock || 1));
  const color = product.colors?.find((c) => c._id === sel.colorId) ?? null;

  useEffect(() => {
    if (qty > maxQty) setQty(maxQty);
  }, [qty, maxQty]);

  const line = () => ({
    ...chosenLine(product, sel),
    // The chosen colour's picture: a line of a black phone shows a black phone.
    thumbnail: colorImages[0] ?? product.thumbnail,
    qty,
  });
  const add = () => {
    void addItem(line());
    notify.success(`${product.name} added to your cart`);
  };
  // Straight to checkout with this variant and quantity: the line holds exactly the chosen units.
  const buyNow = () => {
    void addItem(line(), { exact: true });
    navigate(paths.checkout.to());
  };

  const descriptionLines = (text: string) =>
    text
      .split(/\r?\n/)
      .map((l) => l.replace(/^[-•*]\s*/, '').trim())
      .filter(Boolean);
  const shortLines = descriptionLines(product.shortDescription ?? '');
  const longLines = descriptionLines(product.longDescription ?? '');

  return (
    <div className="container">
      <StoreBreadcrumb>
        {product.category && (
          <li>
            <Link to={paths.storeCategory.to(product.category.slug)}>{product.category.name}</Link>
          </li>
        )}
        <li aria-current="page">{product.name}</li>
      </StoreBreadcrumb>

      <article className="pdp">
        <section className="pdp__gallery" aria-label="Product images">
          <div className="pdp__main-img">
            <ProductImage
              src={productImage(mainImage)}
              alt={product.name}
              width={560}
              height={560}
              priority
            />
          </div>
          {images.length > 1 && (
            <ul className="pdp__thumbs">
              {images.map((img, i) => (
                <li key={`${img}-${i}`}>
                  <button
                    type="button"
                    className={`pdp__thumb ${img === mainImage ? 'is-active' : ''}`}
                    aria-label={`Show image ${i + 1} of ${images.length}`}
                    aria-pressed={img === mainImage}
                    onClick={() => setMainImage(img)}
                  >
                    <ProductImage src={productImage(img, 'sm')} alt="" width={72} height={72} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="pdp__info" aria-labelledby="pdp-title">
          {(product.brand || product.category) && (
            <p className="pdp__meta">{[product.brand, product.category?.name].filter(Boolean).join(' · ')}</p>
          )}
          <h1 id="pdp-title" className="pdp__title">
            {product.name}
          </h1>
          <RatingBadge rating={product.rating} />
          {range.min !== range.max && (
            <p className="pdp__range">
              <span className="visually-hidden">Price range: </span>
              {formatINR(range.min)} – {formatINR(range.max)}
            </p>
          )}
          <div className="pdp__price-row">
            <p className="pdp__price" data-testid="product-price" aria-live="polite">
              {formatINR(price)}
            </p>
            {msrp > price && (
              <p className="pdp__msrp">
                MSRP <s>{formatINR(msrp)}</s>
                {percentOff > 0 && <span className="badge badge--off">{percentOff}% off</span>}
              </p>
            )}
          </div>
          <p className="pdp__tax muted">Inclusive of all taxes (GST)</p>
          {emi && (
            <p className="pdp__emi">
              or <strong>{formatINR(emi.monthly)}/month</strong> for {emi.months} months with{' '}
              {emi.noCost ? 'no-cost EMI' : 'EMI'}
            </p>
          )}
          {product.offers && product.offers.length > 0 && (
            <section className="pdp__offers" aria-labelledby="pdp-offers">
              <h2 id="pdp-offers" className="pdp__offers-title">
                Offers <span className="muted">(taken off in your cart)</span>
              </h2>
              <ul>
                {product.offers.map((o) => (
                  <li key={o}>{o}</li>
                ))}
              </ul>
            </section>
          )}

          <p
            className={`stock stock--lg ${label === 'In stock' ? 'stock--in' : 'stock--out'}`}
            data-testid="stock"
          >
            <span className="stock__dot" aria-hidden="true" />
            {label}
            {sellable && stock > 0 && stock <= 5 && <span className="stock__few"> — only {stock} left</span>}
          </p>
          {variant && (
            <p className="pdp__sku muted" data-testid="sku">
              SKU: {variant.sku}
            </p>
          )}

          {shortLines.length > 0 && (
            <ul className="pdp__bullets">
              {shortLines.map((l, i) => (
                <li key={i}>{l}</li>
              ))}
            </ul>
          )}

          {product.colors?.length > 0 && (
            // A GET form, so that the choice works without JavaScript too: the chip submits its colour with
            // the memory shown (`?color=…&memory=…`, the address the app writes); with JavaScript the app
            // changes the address itself.
            <form method="get" action={paths.product.to(product._id)}>
              <fieldset className="option">
                <legend className="option__label">
                  Colour: <strong>{color?.name}</strong>
                </legend>
                <div className="option__choices">
                  {product.colors.map((c) => {
                    const on = c._id === sel.colorId;
                    const adj = c.priceAdj
                      ? ` (${c.priceAdj > 0 ? '+' : '−'}${formatINR(Math.abs(c.priceAdj))})`
                      : '';
                    // Shown disabled (still choosable, to see the pictures) with the reason on hover and focus.
                    const reason = unavailableReason(product, c._id, sel.memorySize);
                    return (
                      <button
                        key={c._id}
                        type="submit"
                        name="color"
                        value={c.slug}
                        className={`chip chip--color ${on ? 'is-active' : ''} ${reason ? 'is-unavailable' : ''}`}
                        aria-pressed={on}
                        aria-disabled={reason ? true : undefined}
                        title={reason ?? undefined}
                        aria-label={`${c.name}${adj}${reason ? ` — ${reason}` : ''}`}
                        onClick={(e) => {
                          e.preventDefault();
                          choose({ colorId: c._id });
                        }}
                      >
                        <span className="chip__dot" style={{ background: c.hexcode }} aria-hidden="true" />
                        {c.name}
                        {adj && <small>{adj}</small>}
                      </button>
                    );
                  })}
                </div>
              </fieldset>
              {sel.memorySize !== null && <input type="hidden" name="memory" value={sel.memorySize} />}
            </form>
          )}

          {product.memorySizes?.length > 0 && (
            <form method="get" action={paths.product.to(product._id)}>
              {color && <input type="hidden" name="color" value={color.slug} />}
              <fieldset className="option">
                <legend className="option__label">
                  Memory: <strong>{sel.memorySize !== null && memoryLabel(sel.memorySize)}</strong>
                </legend>
                <div className="option__choices">
                  {product.memorySizes.map((m, i) => {
                    const on = m === sel.memorySize;
                    const a = product.memoryPriceAdj?.[i] ?? 0;
                    const adj = a ? ` (${a > 0 ? '+' : '−'}${formatINR(Math.abs(a))})` : '';
                    const reason = unavailableReason(product, sel.colorId, m);
                    return (
                      <button
                        key={m}
                        type="submit"
                        name="memory"
                        value={m}
                        className={`chip ${on ? 'is-active' : ''} ${reason ? 'is-unavailable' : ''}`}
                        aria-pressed={on}
                        aria-disabled={reason ? true : undefined}
                        title={reason ?? undefined}
                        aria-label={`${memoryLabel(m)}${adj}${reason ? ` — ${reason}` : ''}`}
                        onClick={(e) => {
                          e.preventDefault();
                          choose({ memorySize: m });
                        }}
                      >
                        {memoryLabel(m)}
                        {adj && <small>{adj}</small>}
                      </button>
                    );
                  })}
                </div>
              </fieldset>
            </form>
          )}

          <div className="pdp__buy">
            <QuantityStepper
              value={qty}
              onChange={setQty}
              label={product.name}
              max={maxQty}
              disabled={!sellable}
            />
            <button
              type="button"
              className="btn btn--primary btn--lg pdp__add"
              onClick={add}
              disabled={!sellable}
            >
              Add to Cart
            </button>
          </div>
          <button type="button" className="btn btn--accent btn--block" onClick={buyNow} disabled={!sellable}>
            Buy now
          </button>
          {!sellable && variant && <NotifyMe key={variant._id} variantId={variant._id} />}

          <div className="pdp__toggles">
            <button
              type="button"
              className="link-btn"
              aria-pressed={inWishlist}
              onClick={() => void toggleWishlist({ colorId: sel.colorId, memorySize: sel.memorySize })}
            >
              <HeartIcon size={18} filled={inWishlist} />
              {inWishlist ? 'In wishlist' : 'Add to wishlist'}
            </button>
            {inWishlist && <Link to={paths.wishlist.to()}>View wishlist</Link>}
            <button
              type="button"
              className="link-btn"
              aria-pressed={inCompare}
              onClick={() => {
                if (!inCompare && compareIds().length >= MAX_COMPARE)
                  notify.error(
                    `Compare holds ${MAX_COMPARE} products: remove one on the compare page first.`,
                  );
                else toggleCompare();
              }}
            >
              <CompareIcon size={18} />
              {inCompare ? 'In compare list' : 'Compare'}
            </button>
            {inCompare && <Link to={paths.compare.to(compareIds())}>Compare now</Link>}
          </div>

          <CheckDelivery
            amount={cartTotals([{ qty, unitPrice: price, unitOriginalPrice: msrp }]).finalTotal}
          />

          <ul className="pdp__service">
            <li>
              <TruckIcon />
              <span>
                {shipsFree(price, claims.freeShippingThreshold) && (
                  <>
                    <strong>FREE SHIPPING</strong> ·{' '}
                  </>
                )}
                Ships from {SHOP_INFO.shipsFrom}
              </span>
            </li>
            {claims.promises.length > 0 && (
              <li>
                <ShieldIcon />
                <span>{claims.promises.join(' · ')}</span>
              </li>
            )}
            <li className="pdp__phone">
              <PhoneIcon />
              <span>
                Order by phone: <a href={SHOP_INFO.hotlineHref}>{SHOP_INFO.hotline}</a>
                <small> ({claims.supportHours})</small>
              </span>
            </li>
          </ul>
        </section>
      </article>

      {(longLines.length > 0 || product.videoUrl) && (
        <section className="pdp__description card" aria-labelledby="pdp-desc">
          <h2 id="pdp-desc">Description</h2>
          {longLines.map((l, i) => (
            <p key={i}>{l}</p>
          ))}
          {product.videoUrl && (
            <p>
              <a href={product.videoUrl} target="_blank" rel="noopener noreferrer">
                Watch the product video
              </a>
            </p>
          )}
        </section>
      )}

      <RelatedProducts productId={product._id} />
      <ProductReviews product={product} />
      <RecentlyViewed product={product} />
    </div>
  );
}

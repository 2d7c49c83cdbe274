import { cartTotals, formatINR, optionsLabel } from '@voltcart/shared';
import { useSyncExternalStore } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { CheckDelivery } from '../../components/check-delivery';
import { DiscountCodeField, DiscountRows } from '../../components/discount-code';
import { TrashIcon } from '../../components/ui/icons';
import { ProductImage } from '../../components/ui/product-image';
import { QuantityStepper } from '../../components/ui/quantity-stepper';
import { paths } from '../../config/paths';
import { productImage } from '../../lib/images';
import { useQuote } from '../../lib/quote';
import { shipsFree, useShopClaims } from '../../lib/shop-info';
import { useTitle } from '../../lib/use-title';
import { lineKey, useCart } from '../../stores/cart-store';
import './cart.css';

const noChanges = () => () => {};

/**
 * False while React takes over the storefront server's HTML, true after it and on a page opened inside the app.
 * The server renders the page's frame and heading (they paint before the code arrives) but never the lines: the
 * cart lives in the browser, or behind the shopper's login.
 */
function useInBrowser(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

export function CartPage() {
  useTitle('Your cart');
  const inBrowser = useInBrowser();
  const items = useCart((s) => s.items);
  const inc = useCart((s) => s.inc);
  const dec = useCart((s) => s.dec);
  const remove = useCart((s) => s.remove);
  const navigate = useNavigate();
  const totals = cartTotals(items);
  // The API's figures with the discount code and offers; the cart's own until they arrive.
  const { quote, answer, checking } = useQuote();
  const claims = useShopClaims();

  if (!inBrowser || items.length === 0) {
    return (
      <div className="container cart">
        <h1 className="page-title">Shopping cart</h1>
        {inBrowser ? (
          <div className="cart__empty">
            <p className="cart__empty-title">Your cart is empty.</p>
            <Link to={paths.store.to()} className="btn btn--primary">
              Continue Shopping
            </Link>
          </div>
        ) : (
          <div className="cart__empty">
            <p className="muted" role="status">
              Loading your cart…
            </p>
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="container cart">
      <h1 className="page-title">
        Shopping cart{' '}
        <span className="muted">
          ({totals.count} {totals.count === 1 ? 'item' : 'items'})
        </span>
      </h1>
      <div className="cart__layout">
        <ul className="cart__lines" aria-label="Items in your cart">
          {items.map((item, i) => {
            const key = lineKey(item);
            const options = optionsLabel(item.colorName, item.memorySize);
            return (
              <li key={key} className="cart-line card">
                <Link
                  to={paths.product.to(item.productId)}
                  className="cart-line__img"
                  tabIndex={-1}
                  aria-hidden="true"
                >
                  <ProductImage src={productImage(item.thumbnail, 'sm')} alt="" width={96} height={96} />
                </Link>
                <div className="cart-line__info">
                  <h2 className="cart-line__name">
                    <Link to={paths.product.to(item.productId)}>{item.name}</Link>
                  </h2>
                  {options && <p className="cart-line__options muted">{options}</p>}
                  {item.sku && <p className="cart-line__sku muted">SKU: {item.sku}</p>}
                  {item.unavailable && (
                    <p className="text-danger">No longer available. Please remove it from your cart.</p>
                  )}
                  <p className="cart-line__unit">
                    {formatINR(item.unitPrice)}
                    {item.unitOriginalPrice > item.unitPrice && (
                      <s className="muted"> {formatINR(item.unitOriginalPrice)}</s>
                    )}
                    <span className="muted"> each</span>
                  </p>
                </div>
                <div className="cart-line__qty">
                  <QuantityStepper
                    value={item.qty}
                    label={item.name}
                    onChange={(next) => void (next > item.qty ? inc(key) : dec(key))}
                  />
                  <button
                    type="button"
                    className="link-btn link-btn--danger"
                    onClick={() => void remove(key)}
                  >
                    <TrashIcon size={16} /> Remove from Cart
                  </button>
                </div>
                <p className="cart-line__total">{formatINR(totals.lineTotals[i]!)}</p>
              </li>
            );
          })}
        </ul>

        <aside className="summary card" aria-labelledby="summary-title">
          <h2 id="summary-title" className="summary__title">
            Order summary
          </h2>
          <DiscountCodeField quote={answer} checking={checking} />
          <dl className="summary__rows">
            <div>
              <dt>Sub Total</dt>
              <dd data-testid="subtotal">{formatINR(quote?.subtotal ?? totals.finalTotal)}</dd>
            </div>
            <DiscountRows discounts={quote?.discounts ?? []} />
            <div>
              <dt>Shipping</dt>
              {shipsFree(totals.finalTotal, claims.freeShippingThreshold) ? (
                <dd className="text-success">FREE</dd>
              ) : (
                <dd className="muted">By pincode, at checkout</dd>
              )}
            </div>
            <div className="summary__save">
              <dt>You save</dt>
              <dd data-testid="you-save">{formatINR(totals.youSave)}</dd>
            </div>
            <div className="summary__total">
              <dt>ORDER TOTAL</dt>
              <dd data-testid="order-total">{formatINR(quote?.total ?? totals.finalTotal)}</dd>
            </div>
          </dl>
          <p className="summary__note muted">All prices are inclusive of GST.</p>
          <CheckDelivery amount={totals.finalTotal} />
          <button
            type="button"
            className="btn btn--primary btn--block btn--lg"
            onClick={() => navigate(paths.checkout.to())}
          >
            CHECKOUT
          </button>
          <Link to={paths.store.to()} className="summary__continue">
            Continue Shopping
          </Link>
        </aside>
      </div>
    </div>
  );
}

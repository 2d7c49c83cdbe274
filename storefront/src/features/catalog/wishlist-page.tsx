import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/errors';
import { canAddToCart, formatINR, memoryLabel, type ProductSummary, stockLabel } from '@voltcart/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ProductImage } from '../../components/ui/product-image';
import { Loading } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { productImage } from '../../lib/images';
import { queries } from '../../lib/queries';
import { useTitle } from '../../lib/use-title';
import { guestOptions, useShopper, useWishlist, useWishlistIds, type WishOptions } from '../../lib/wishlist';
import { useCart } from '../../stores/cart-store';
import { notify } from '../../stores/notifications-store';
import { chosenLine, findVariant, normalizeSelection } from './product-options';
import './catalog.css';
import { shopperQueries } from '../../lib/shopper-queries';
import { PageButtons } from './components/page-buttons';

const PAGE = 24;

interface Row extends WishOptions {
  productId: string;
  product: ProductSummary | undefined;
}

/**
 * /wishlist: the products the shopper saved, newest first, 24 a page; the account's for a logged-in shopper,
 * this browser's for a guest. "Move to cart" adds the colour and memory size chosen when it was saved.
 */
export function WishlistPage() {
  useTitle('Wishlist');
  const { started, loggedIn } = useShopper();
  const [page, setPage] = useState(1);
  const server = useQuery({ ...shopperQueries.wishlist(page), enabled: loggedIn });
  const guestIds = useWishlistIds();
  const guestPage = loggedIn ? [] : [...guestIds].reverse().slice((page - 1) * PAGE, page * PAGE);
  const details = useQueries({ queries: guestPage.map((id) => ({ ...queries.product(id), retry: false })) });
  const options = loggedIn ? {} : guestOptions();

  const rows: Row[] = loggedIn
    ? (server.data?.items ?? []).map((i) => ({
        productId: i.product._id,
        product: i.product,
        colorId: i.colorId,
        memorySize: i.memorySize,
      }))
    : guestPage.flatMap((id, i) =>
        details[i]?.isError
          ? []
          : [
              {
                productId: id,
                product: details[i]?.data,
                colorId: options[id]?.colorId ?? null,
                memorySize: options[id]?.memorySize ?? null,
              },
            ],
      );
  const total = loggedIn ? (server.data?.total ?? 0) : guestIds.length;
  const hasMore = loggedIn ? Boolean(server.data?.hasMore) : page * PAGE < guestIds.length;
  const loading = !started || (loggedIn && server.isLoading);

  return (
    <div className="container wishlist">
      <h1>Wishlist</h1>
      {loading ? (
        <Loading />
      ) : server.error ? (
        <p className="notice notice--error" role="alert">
          {errorMessage(server.error)}
        </p>
      ) : total === 0 ? (
        <div className="page-message">
          <p>Your wishlist is empty. Tap the heart on a product to save it here.</p>
          <Link to={paths.store.to()} className="btn btn--primary">
            Continue Shopping
          </Link>
        </div>
      ) : (
        <>
          <p className="muted" data-testid="wishlist-count">
            {total} {total === 1 ? 'product' : 'products'}
            {loggedIn
              ? ' saved to your account'
              : ' saved in this browser — log in to keep them on every device'}
          </p>
          <ul className="wishlist__list">
            {rows.map((r) => (
              <WishlistRow key={r.productId} row={r} />
            ))}
          </ul>
          {(page > 1 || hasMore) && (
            <PageButtons label="Wishlist pages" page={page} hasMore={hasMore} onPage={setPage} />
          )}
        </>
      )}
    </div>
  );
}

function WishlistRow({ row }: { row: Row }) {
  const [, toggle] = useWishlist(row.productId);
  const addItem = useCart((s) => s.addItem);
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const p = row.product;
  if (!p)
    return (
      <li className="wishlist__item" aria-busy="true">
        <Loading />
      </li>
    );
  const sellable = canAddToCart(p.stock, p.inStock);
  const moveToCart = async () => {
    setBusy(true);
    try {
      // The product as it is now: the saved options still sold, at today's price.
      const product = await client.fetchQuery(queries.product(row.productId));
      const sel = normalizeSelection(product, row);
      const variant = findVariant(product, sel.colorId, sel.memorySize);
      if (product.variants && (!variant?.enabled || variant.stock < 1 || !product.inStock)) {
        notify.error(
          `${product.name} is not available in the colour and memory you saved. Choose another on its page.`,
        );
        return;
      }
      await addItem({
        ...chosenLine(product, sel),
        thumbnail: (sel.colorId && product.colorImages?.[sel.colorId]?.[0]) || product.thumbnail,
      });
      await toggle();
      notify.success(`${product.name} moved to your cart`);
    } catch (e) {
      notify.error(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const options = [
    row.colorId ? 'Chosen colour' : null,
    row.memorySize ? memoryLabel(row.memorySize) : null,
  ].filter(Boolean);
  return (
    <li className="wishlist__item" data-testid="wishlist-item">
      {/* The name beside it is the link for keyboards and screen readers; the picture is a second way in by mouse. */}
      <Link to={paths.product.to(p._id)} className="wishlist__img" tabIndex={-1} aria-hidden="true">
        <ProductImage src={productImage(p.thumbnail, 'sm')} alt="" width={96} height={96} />
      </Link>
      <div className="wishlist__info">
        <Link to={paths.product.to(p._id)} className="wishlist__name">
          {p.name}
        </Link>
        <p>
          <strong>{formatINR(p.finalPrice)}</strong>{' '}
          <span className={sellable ? 'stock--in' : 'stock--out'}>{stockLabel(p.stock, p.inStock)}</span>
        </p>
        {options.length > 0 && <p className="muted">{options.join(' · ')}</p>}
      </div>
      <div className="wishlist__actions">
        <button type="button" className="btn btn--primary" disabled={!sellable || busy} onClick={moveToCart}>
          Move to cart
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => void toggle()}>
          Remove<span className="visually-hidden"> {p.name}</span>
        </button>
      </div>
    </li>
  );
}

import { useQuery } from '@tanstack/react-query';
import { formatINR, type ProductSummary } from '@voltcart/shared';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ProductImage } from '../../../components/ui/product-image';
import { paths } from '../../../config/paths';
import { productImage } from '../../../lib/images';
import { shopperQueries } from '../../../lib/shopper-queries';

/**
 * "You may also like": products of the same category (the same brand first) that can be bought now, as small
 * tiles (the store's cards would bring their cart code to the product page, and split it from the store's).
 */
export function RelatedProducts({ productId }: { productId: string }) {
  const { data } = useQuery(shopperQueries.related(productId));
  if (!data?.length) return null;
  return (
    <section className="more-products" aria-labelledby="related-title" data-testid="related">
      <h2 id="related-title">You may also like</h2>
      <ul className="more-products__row">
        {data.map((p) => (
          <li key={p._id}>
            <Tile product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A product's picture, name and price, linking to its page. */
function Tile({ product: p }: { product: Seen }) {
  return (
    <Link to={paths.product.to(p._id)} className="more-products__seen">
      <ProductImage src={productImage(p.thumbnail, 'sm')} alt="" width={96} height={96} />
      <span>{p.name}</span>
      <strong>{formatINR(p.finalPrice)}</strong>
    </Link>
  );
}

const KEY = 'recentlyViewed';
const KEEP = 8;
type Seen = Pick<ProductSummary, '_id' | 'name' | 'thumbnail' | 'finalPrice'>;

function readSeen(): Seen[] {
  try {
    const v = JSON.parse(window.localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is Seen => typeof x?._id === 'string').slice(0, KEEP) : [];
  } catch {
    return [];
  }
}

/**
 * "Recently viewed": the last products this browser opened (kept in the browser only, newest first), shown after
 * the page has started; this product is recorded as the newest.
 */
export function RecentlyViewed({ product }: { product: ProductSummary }) {
  const [seen, setSeen] = useState<Seen[]>([]);
  useEffect(() => {
    const before = readSeen().filter((p) => p._id !== product._id);
    setSeen(before);
    const me: Seen = {
      _id: product._id,
      name: product.name,
      thumbnail: product.thumbnail,
      finalPrice: product.finalPrice,
    };
    try {
      window.localStorage.setItem(KEY, JSON.stringify([me, ...before].slice(0, KEEP)));
    } catch {
      // storage blocked: nothing to remember
    }
  }, [product._id, product.name, product.thumbnail, product.finalPrice]);
  if (seen.length === 0) return null;
  return (
    <section className="more-products" aria-labelledby="recent-title" data-testid="recently-viewed">
      <h2 id="recent-title">Recently viewed</h2>
      <ul className="more-products__row">
        {seen.map((p) => (
          <li key={p._id}>
            <Tile product={p} />
          </li>
        ))}
      </ul>
    </section>
  );
}

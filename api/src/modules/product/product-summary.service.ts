import { averageRating, type ProductSummary, toRupees } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { productOffers } from '../promotion/promotion-pricing.service';
import type * as repo from './product.repository';

/** A product as lists and cards show it (the list, the detail's summary part, search, wishlist, related). */

/**
 * A product row as the API shows it. Its figures come from its variants: `finalPrice` is the lowest price of the
 * switched-on variants (`priceRange` their lowest and highest), `stock` their units (kept on the row by
 * refreshFigures). Without a switched-on variant the product's own final price stands.
 */
export function toSummary(r: repo.SummaryRow): ProductSummary {
  const own = Number(r.final_price);
  const min = r.price_min === null ? own : Number(r.price_min);
  const max = r.price_max === null ? own : Number(r.price_max);
  return {
    _id: String(r.id),
    name: r.name,
    slug: r.slug,
    sku: r.sku,
    brand: r.brand,
    originalPrice: toRupees(Number(r.original_price)),
    discountPercentage: Number(r.discount_percentage),
    finalPrice: toRupees(min),
    thumbnail: r.thumbnail,
    stock: Number(r.stock),
    inStock: Boolean(r.in_stock),
    status: Boolean(r.status),
    topSelling: Boolean(r.top_selling),
    categoryId: r.category_id === null ? null : String(r.category_id),
    categoryName: r.categoryName,
    categorySlug: r.categorySlug,
    priceRange: { min: toRupees(min), max: toRupees(max) },
    ...ratingOfRow(r),
  };
}

/** A list's rating of a product: present once it has approved reviews. */
function ratingOfRow(r: repo.SummaryRow): Pick<ProductSummary, 'rating'> {
  const count = Number(r.rating_count ?? 0);
  return count > 0 ? { rating: { average: averageRating(Number(r.rating_sum ?? 0), count), count } } : {};
}

/**
 * Shoppers' cards name the running automatic offers for each product (promotion-pricing.service productOffers:
 * checkout's own scope rules); staff lists do not. A running offer starts or ends on the cards within the
 * catalogue cache's seconds; staff changes to offers drop the cache at once.
 */
export async function withOffers(
  db: Db,
  products: ProductSummary[],
  opts: { admin: boolean; wholeOrder?: boolean },
): Promise<ProductSummary[]> {
  if (opts.admin || products.length === 0) return products;
  const offers = await productOffers(
    db,
    products.map((p) => ({
      productId: Number(p._id),
      categoryId: p.categoryId === null ? null : Number(p.categoryId),
      brand: p.brand,
    })),
    { wholeOrder: opts.wholeOrder === true },
  );
  return products.map((p) => {
    const words = offers.get(Number(p._id));
    return words ? { ...p, offers: words } : p;
  });
}

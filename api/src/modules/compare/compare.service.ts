import type { Product } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { AppError } from '../../errors';
import { getProduct } from '../product/product.service';

/**
 * The products to compare, in the order asked:
 * - each as shoppers see it (an unknown or hidden one: 404, as its own page answers), once
 * - all of one category (products without a category count as one): 400 `not_comparable` otherwise, naming each
 *   product's category so the shopper knows which to take out
 */
export async function compareProducts(db: Db, keys: string[]): Promise<Product[]> {
  const found = await Promise.all(keys.map((k) => getProduct(db, k, { admin: false })));
  // A product named twice (by id and by slug) is shown once.
  const products = found.filter((p, i) => found.findIndex((q) => q._id === p._id) === i);
  const categories = new Set(products.map((p) => p.category?._id ?? ''));
  if (categories.size > 1) {
    const where = products.map((p) => `${p.name} is in ${p.category?.name ?? 'no category'}`).join(', ');
    throw new AppError(400, 'not_comparable', `Compare products of one category: ${where}.`);
  }
  return products;
}

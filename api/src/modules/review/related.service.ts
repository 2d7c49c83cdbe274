import type { ProductSummary } from '@voltcart/shared';
import type { Db } from '../../db/connection';
import { summariesByIds } from '../product/product.repository';
import { toSummary } from '../product/product-summary.service';
import { relatedIds } from './related.repository';

/** Products shown under "You may also like". */
const RELATED_COUNT = 8;

export async function relatedProducts(db: Db, productId: number): Promise<ProductSummary[]> {
  const ids = await relatedIds(db, productId, RELATED_COUNT);
  return (await summariesByIds(db, ids)).map(toSummary);
}

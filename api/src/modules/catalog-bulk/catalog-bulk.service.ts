import type { ProductBulkBody } from '@voltcart/shared';
import { isStillReferenced } from '../../db/errors';
import { AppError, badRequest } from '../../errors';
import { releaseImages } from '../../lib/images';
import { transaction } from '../../lib/transaction';
import * as prodRepo from '../product/product.repository';
import type { ProductDeps } from '../product/product.service';
import * as vrepo from '../product/product-variant.repository';
import { searchEngine } from '../search/search-engine';
import * as repo from './catalog-bulk.repository';

export const BULK_MESSAGES = {
  done: (action: ProductBulkBody['action'], n: number) => {
    const what = `${n} ${n === 1 ? 'product' : 'products'}`;
    return {
      activate: `${what} switched on.`,
      deactivate: `${what} switched off.`,
      category: `${what} moved.`,
      adjustStock: `Stock adjusted on ${what}.`,
      delete: `${what} deleted.`,
    }[action];
  },
  unknownCategory: 'categoryId does not match any category',
  belowZero: (sku: string, stock: number, delta: number) =>
    `Variant ${sku} has ${stock} units: removing ${-delta} would take it below 0. Nothing was changed.`,
  inUse:
    'Some of these products are in orders and cannot be deleted: switch them off instead. Nothing was deleted.',
} as const;
const M = BULK_MESSAGES;

/**
 * One action on many products, in one transaction (all or nothing):
 * - the products are locked in id order first; ids that no longer exist are skipped (`changed` counts the rest)
 * - product figures (stock) and the search index follow, with the product module's own hooks
 * - deleted products' pictures are released after the commit (files other products share stay)
 */
export async function bulkProducts(deps: ProductDeps, body: ProductBulkBody): Promise<{ changed: number }> {
  const ids = [...new Set(body.ids.map(Number))].sort((a, b) => a - b);
  const categoryId = body.categoryId ? Number(body.categoryId) : null;
  if (
    body.action === 'category' &&
    categoryId !== null &&
    !(await prodRepo.categoryExists(deps.db, categoryId))
  )
    throw badRequest(M.unknownCategory);
  let files: string[] = [];
  let changed: number;
  try {
    changed = await transaction(deps.db, async (trx) => {
      const found = await repo.lockProducts(trx, ids);
      const live = found.map((p) => Number(p.id));
      if (!live.length) return 0;
      switch (body.action) {
        case 'activate':
        case 'deactivate':
          await repo.setStatus(trx, live, body.action === 'activate' ? 1 : 0);
          break;
        case 'category':
          await repo.setCategory(trx, live, categoryId);
          break;
        case 'adjustStock': {
          const delta = body.stockDelta ?? 0;
          const short = await repo.variantBelowZero(trx, live, delta);
          if (short)
            throw new AppError(409, 'insufficient_stock', M.belowZero(short.sku, Number(short.stock), delta));
          await repo.adjustVariantStock(trx, live, delta);
          for (const id of live) await vrepo.refreshFigures(trx, id);
          break;
        }
        case 'delete':
          files = [...found.map((p) => p.thumbnail).filter(Boolean), ...(await repo.galleryFiles(trx, live))];
          await repo.deleteProducts(trx, live);
          return live.length;
      }
      await searchEngine.indexProducts(trx, live);
      return live.length;
    });
  } catch (e) {
    if (isStillReferenced(e)) throw new AppError(409, 'in_use', M.inUse);
    throw e;
  }
  if (files.length) await releaseImages(deps.db, deps.storage, 'product', files);
  return { changed };
}

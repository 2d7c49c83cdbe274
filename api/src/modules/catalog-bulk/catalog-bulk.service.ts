import type { ProductBulkBody } from '@voltcart/shared';
import { isStillReferenced } from '../../db/errors';
import { AppError, badRequest } from '../../errors';
import { releaseImages } from '../../lib/images';
import { transaction } from '../../lib/transaction';
import { type Actor, type AuditEntry, recordAudit } from '../audit/audit.service';
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
 * - each product changed gets its own history record (its page shows it), with the fields the action moved;
 *   the summary says it came from a bulk action
 */
export async function bulkProducts(
  deps: ProductDeps,
  actor: Actor,
  body: ProductBulkBody,
): Promise<{ changed: number }> {
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
      const record = (p: (typeof found)[number], entry: Omit<AuditEntry, 'actor' | 'kind' | 'objectId'>) =>
        recordAudit(trx, { actor, kind: 'product', objectId: p.id, ...entry });
      switch (body.action) {
        case 'activate':
        case 'deactivate': {
          const status = body.action === 'activate';
          await repo.setStatus(trx, live, status ? 1 : 0);
          for (const p of found)
            if (Boolean(p.status) !== status)
              await record(p, {
                action: 'product.switch',
                summary: `Bulk: "${p.name}" ${status ? 'is now active' : 'is now inactive'}`,
                before: { status: !status },
                after: { status },
              });
          break;
        }
        case 'category': {
          await repo.setCategory(trx, live, categoryId);
          const names = await repo.categoryNames(trx, [
            ...found.flatMap((p) => (p.category_id === null ? [] : [Number(p.category_id)])),
            ...(categoryId === null ? [] : [categoryId]),
          ]);
          const nameOf = (id: number | null) => (id === null ? null : (names.get(Number(id)) ?? null));
          for (const p of found)
            if (nameOf(p.category_id) !== nameOf(categoryId))
              await record(p, {
                action: 'product.category',
                summary: `Bulk: moved "${p.name}" ${categoryId === null ? 'out of its category' : `to ${nameOf(categoryId)}`}`,
                before: { category: nameOf(p.category_id) },
                after: { category: nameOf(categoryId) },
              });
          break;
        }
        case 'adjustStock': {
          const delta = body.stockDelta ?? 0;
          const short = await repo.variantBelowZero(trx, live, delta);
          if (short)
            throw new AppError(409, 'insufficient_stock', M.belowZero(short.sku, Number(short.stock), delta));
          const before = await repo.variantStock(trx, live);
          await repo.adjustVariantStock(trx, live, delta);
          for (const id of live) await vrepo.refreshFigures(trx, id);
          const units = (p: (typeof found)[number], d: number) =>
            Object.fromEntries(
              before
                .filter((v) => Number(v.product_id) === Number(p.id))
                .map((v) => [v.sku, Number(v.stock) + d]),
            );
          for (const p of found.filter((p) => Object.keys(units(p, 0)).length))
            await record(p, {
              action: 'product.stock',
              summary: `Bulk: ${delta > 0 ? '+' : ''}${delta} units on each variant of "${p.name}"`,
              before: units(p, 0),
              after: units(p, delta),
            });
          break;
        }
        case 'delete':
          files = [...found.map((p) => p.thumbnail).filter(Boolean), ...(await repo.galleryFiles(trx, live))];
          await repo.deleteProducts(trx, live);
          for (const p of found)
            await record(p, {
              action: 'product.delete',
              summary: `Bulk: deleted product ${p.name}`,
              before: { name: p.name, sku: p.sku },
            });
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

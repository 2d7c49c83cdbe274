import type { ProductBulkBody } from '@voltcart/shared';
import { isStillReferenced } from '../../db/errors';
import { AppError, badRequest } from '../../errors';
import { releaseImages } from '../../lib/images';
import { transaction } from '../../lib/transaction';
import { type Actor, type AuditEntry, recordAudit } from '../audit/audit.service';
import * as prodRepo from '../product/product.repository';
import type { ProductDeps } from '../product/product.service';
import * as vrepo from '../product/product-variant.repository';
import { recordStock } from '../stock/stock-ledger.service';
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
  belowZero: (name: string, stock: number, delta: number) =>
    `"${name}" has ${stock} ${stock === 1 ? 'unit' : 'units'}: removing ${-delta} would take it below 0. Nothing was changed.`,
  severalVariants: (names: string[]) => {
    const shown = names.slice(0, 5).map((n) => `"${n}"`);
    const more = names.length - shown.length;
    const list = more > 0 ? `${shown.join(', ')} and ${more} more` : joinAnd(shown);
    return `${list} ${names.length === 1 ? 'has' : 'have'} several variants: set their units per variant on the product's page (Units ± changes products with one variant only). Nothing was changed.`;
  },
  inUse:
    'Some of these products are in orders and cannot be deleted: switch them off instead. Nothing was deleted.',
} as const;
const M = BULK_MESSAGES;

function joinAnd(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * One action on many products, in one transaction (all or nothing):
 * - the products are locked in id order first; ids that no longer exist are skipped; `changed` counts the
 *   products the action changed (not those already as asked)
 * - "adjustStock" adds units to products with one variant; products with several are refused by name (their
 *   units are set per variant), so no count is spread over every colour and memory size
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
      // What the action changed: products it left as they were are not counted.
      let count = 0;
      const record = (p: (typeof found)[number], entry: Omit<AuditEntry, 'actor' | 'kind' | 'objectId'>) =>
        recordAudit(trx, { actor, kind: 'product', objectId: p.id, ...entry });
      switch (body.action) {
        case 'activate':
        case 'deactivate': {
          const status = body.action === 'activate';
          await repo.setStatus(trx, live, status ? 1 : 0);
          for (const p of found)
            if (Boolean(p.status) !== status) {
              count++;
              await record(p, {
                action: 'product.switch',
                summary: `Bulk: "${p.name}" ${status ? 'is now active' : 'is now inactive'}`,
                before: { status: !status },
                after: { status },
              });
            }
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
            if (nameOf(p.category_id) !== nameOf(categoryId)) {
              count++;
              await record(p, {
                action: 'product.category',
                summary: `Bulk: moved "${p.name}" ${categoryId === null ? 'out of its category' : `to ${nameOf(categoryId)}`}`,
                before: { category: nameOf(p.category_id) },
                after: { category: nameOf(categoryId) },
              });
            }
          break;
        }
        case 'adjustStock': {
          // Adding N to a product means N units of the one thing it sells: a product with several variants
          // (colours, memory sizes) has no single count to change, so it is refused by name, not spread over
          // every variant.
          const delta = body.stockDelta ?? 0;
          const before = await repo.variantStock(trx, live);
          const variantsOf = (p: (typeof found)[number]) =>
            before.filter((v) => Number(v.product_id) === Number(p.id));
          const several = found.filter((p) => variantsOf(p).length > 1);
          if (several.length)
            throw new AppError(409, 'stock_on_variants', M.severalVariants(several.map((p) => p.name)));
          const adjusted = found.filter((p) => variantsOf(p).length === 1);
          for (const p of adjusted) {
            const stock = Number(variantsOf(p)[0]!.stock);
            if (stock + delta < 0)
              throw new AppError(409, 'insufficient_stock', M.belowZero(p.name, stock, delta));
          }
          const adjustedIds = adjusted.map((p) => Number(p.id));
          if (adjustedIds.length) await repo.adjustVariantStock(trx, adjustedIds, delta);
          await recordStock(
            trx,
            adjusted.map((p) => ({ sku: variantsOf(p)[0]!.sku, delta })),
            { reason: 'bulk', actor: 'admin', adminId: actor.id },
          );
          for (const id of adjustedIds) await vrepo.refreshFigures(trx, id);
          for (const p of adjusted) {
            const v = variantsOf(p)[0]!;
            await record(p, {
              action: 'product.stock',
              summary: `Bulk: ${delta > 0 ? '+' : ''}${delta} units on "${p.name}"`,
              before: { [v.sku]: Number(v.stock) },
              after: { [v.sku]: Number(v.stock) + delta },
            });
          }
          count = adjustedIds.length;
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
      await deps.search.indexProducts(trx, live);
      return count;
    });
  } catch (e) {
    if (isStillReferenced(e)) throw new AppError(409, 'in_use', M.inUse);
    throw e;
  }
  if (files.length) await releaseImages(deps.db, deps.storage, 'product', files);
  return { changed };
}

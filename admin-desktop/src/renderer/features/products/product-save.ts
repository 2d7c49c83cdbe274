import { ApiError } from '@voltcart/api-client/http';
import type { Contract, InputOf, StockConflict } from '@voltcart/shared';

/** The body of a product create: every field. */
export type ProductBody = InputOf<Contract['product']['create']>['body'];
/** The body of a product update: only what changes. */
export type ProductUpdate = InputOf<Contract['product']['update']>['body'];

/** Fields that travel together: memory adjustments are by position, so they only mean something with the sizes. */
const TOGETHER: readonly (readonly string[])[] = [['memorySizes', 'memoryPriceAdj']];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What saving an edited product sends: only the fields the person changed, so that a save never
 * writes back a value it merely loaded (units sold meanwhile, another admin's price).
 * - a field is sent when its value differs from the loaded one (both as the form would send them)
 * - memory sizes and their price adjustments are sent together when either changed
 * - a stock change is compare-and-set: it carries `expectedStock`, the stock the form loaded; the API refuses it
 *   with 409 `stock_changed` when the stock has moved since
 * - nothing changed: an empty object
 */
export function productChanges(loaded: ProductBody, edited: ProductBody): ProductUpdate {
  const out: Record<string, unknown> = {};
  const before = loaded as Record<string, unknown>;
  const after = edited as Record<string, unknown>;
  for (const key of Object.keys(after)) if (!same(after[key], before[key])) out[key] = after[key];
  for (const group of TOGETHER)
    if (group.some((k) => k in out)) for (const k of group) if (k in after) out[k] = after[k];
  if ('stock' in out) out.expectedStock = loaded.stock;
  return out as ProductUpdate;
}

/** The current values of a 409 `stock_changed` (someone or an order changed the stock meanwhile), else null. */
export function stockConflict(error: unknown): StockConflict | null {
  if (!(error instanceof ApiError) || error.code !== 'stock_changed') return null;
  const body = error.body as Partial<StockConflict> | null;
  return body && typeof body.currentStock === 'number' && body.product ? (body as StockConflict) : null;
}

/** The sentence the back office shows for a stock conflict. */
export const stockChangedText = (c: Pick<StockConflict, 'expectedStock' | 'currentStock'>) =>
  `Stock changed from ${c.expectedStock} to ${c.currentStock} while you were editing.`;

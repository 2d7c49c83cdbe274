import { z } from 'zod';
import { STOCK_REASONS } from '../rules/stock-ledger';
import { calendarDay, id } from './common';
import { pageQuery } from './order';
import { lowStockUnits } from './settings';

/**
 * A product's stock trail: one variant or all (deleted ones included), one reason, and a range of days in the
 * shop's time zone (both ends included).
 */
export const stockMovementsQuery = z
  .object({
    ...pageQuery,
    variantId: id.optional(),
    reason: z.enum(STOCK_REASONS, { error: `must be one of ${STOCK_REASONS.join(', ')}` }).optional(),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });

export type StockMovementsQuery = z.infer<typeof stockMovementsQuery>;

/** A variant's own low-stock threshold in units; null follows the shop's setting. */
export const lowStockThresholdBody = z.object({
  threshold: z.union([z.null(), lowStockUnits]),
});

export type LowStockThresholdBody = z.infer<typeof lowStockThresholdBody>;

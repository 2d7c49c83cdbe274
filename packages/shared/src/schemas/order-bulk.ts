import { z } from 'zod';

/** Orders marked shipped from one CSV, at most. */
export const BULK_SHIP_MAX_ROWS = 1000;

/**
 * Marks orders shipped from a CSV (columns `order id`, `carrier`, `tracking number`; a header row first). Without
 * `apply` nothing changes: the answer previews each row.
 */
export const bulkShipBody = z.object({
  csv: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(1_000_000, 'must be at most 1,000,000 characters'),
  apply: z.boolean({ error: 'must be true or false' }).default(false),
});

/** One row of the CSV: what it will do (preview), what it did (apply), or why it cannot. */
export interface BulkShipRow {
  /** The line of the file (the header is line 1). */
  line: number;
  orderId: string;
  carrier: string;
  trackingNumber: string;
  /** The order's state before (null when the order is not found). */
  from: string | null;
  status: 'ready' | 'shipped' | 'error';
  error: string | null;
}

/** The most orders one packing-slip PDF takes (the order list's largest page is within it). */
export const PACKING_SLIPS_MAX = 200;

/** `GET /order/packing-slips?ids=VC…,VC…`: the orders to print, separated by commas, each once, in that order. */
export const packingSlipsQuery = z.object({
  ids: z.string({ error: 'is required' }).transform((v, ctx) => {
    const ids = [...new Set(v.split(',').map((s) => s.trim()))].filter(Boolean);
    if (!ids.length) {
      ctx.addIssue({ code: 'custom', message: 'is required' });
      return z.NEVER;
    }
    if (ids.length > PACKING_SLIPS_MAX) {
      ctx.addIssue({ code: 'custom', message: `must name at most ${PACKING_SLIPS_MAX} orders` });
      return z.NEVER;
    }
    const bad = ids.find((id) => !/^[A-Za-z0-9]{1,64}$/.test(id));
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: `has "${bad.slice(0, 64)}", which is not an order id` });
      return z.NEVER;
    }
    return ids;
  }),
});

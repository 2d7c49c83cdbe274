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

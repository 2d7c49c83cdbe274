import { z } from 'zod';
import { gstSlabsOn, HSN_PATTERN, isGstSlab } from '../rules/gst';

/** A GST rate in percent that must be one of the slabs in force today (GST_SLAB_HISTORY). */
export const gstRatePercent = z.coerce
  .number({ error: 'must be a number' })
  .refine((r) => isGstSlab(Math.round(r * 100)) && Math.abs(r * 100 - Math.round(r * 100)) < 1e-9, {
    error: () =>
      `must be one of the GST slabs: ${gstSlabsOn(new Date())
        .map((b) => `${b / 100} %`)
        .join(', ')}`,
  });

/** An HSN or SAC code: 4, 6 or 8 digits. */
export const hsnCode = z
  .string({ error: 'must be text' })
  .trim()
  .regex(HSN_PATTERN, 'must be 4, 6 or 8 digits');

/** A product's own HSN code or GST rate: empty clears it (the product's category's applies). */
export const hsnOverride = z.union([z.literal(''), hsnCode]);
export const gstRateOverride = z.union([z.literal(''), gstRatePercent]);

/**
 * Whether a 15-digit number is a well-formed IMEI: its last digit is the Luhn check digit of the first 14.
 */
export function isImei(s: string): boolean {
  if (!/^\d{15}$/.test(s)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let d = Number(s[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A unit's serial number or IMEI as staff scan it at packing: 4–40 letters, digits, '-' or '/'; 15 digits are
 * read as an IMEI and must pass its check digit.
 */
export const serialNumber = z
  .string({ error: 'must be text' })
  .trim()
  .min(4, 'must be at least 4 characters')
  .max(40, 'must be at most 40 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9/-]*$/, 'may hold only letters, digits, "-" and "/"')
  .refine((s) => !/^\d{15}$/.test(s) || isImei(s), 'is 15 digits but not a valid IMEI (check digit)');

/**
 * The serial numbers of an order's units by line (1 = the order's first line), each line's list replacing what
 * was recorded for it; at most one per unit, none twice in the order.
 */
export const orderSerialsBody = z.object({
  lines: z
    .array(
      z.object({
        line: z.number({ error: 'must be a line number' }).int().min(1, 'must be a line number'),
        serials: z.array(serialNumber).max(1000),
      }),
      { error: 'must be a list of lines' },
    )
    .min(1, 'must name at least one line')
    .max(200),
});

export const serialSearchQuery = z.object({
  q: z.string().trim().min(3, 'must be at least 3 characters').max(40, 'must be at most 40 characters'),
});

/** One order line's recorded serial numbers. */
export interface LineSerials {
  line: number;
  name: string;
  qty: number;
  serials: string[];
}

/** A unit found by its serial number. */
export interface SerialMatch {
  serial: string;
  orderId: string;
  line: number;
  name: string;
  recordedAt: string;
}

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

import { z } from 'zod';
import { formBoolean, int, rupees, text } from './common';

/** The most units the low-stock threshold may be. */
export const MAX_LOW_STOCK_THRESHOLD = 100_000;

/** Each field carries the label of the Settings form (`fieldLabel`): staff read it in error messages. */
export const settingsBody = z.object({
  shopName: text(60).min(1, 'must not be empty').optional().meta({ label: 'Shop name' }),
  freeShippingThreshold: rupees.optional().meta({ label: 'Free shipping threshold (₹)' }),
  /** Products with this many units or fewer are "low stock" in the back office. */
  lowStockThreshold: int('must be a whole number of units')
    .pipe(z.number().min(0, 'must not be negative').max(MAX_LOW_STOCK_THRESHOLD, 'must be at most 1,00,000'))
    .optional()
    .meta({ label: 'Low-stock threshold (units)' }),
  /** Shoppers confirm their e-mail address (a mailed link) before their first order. */
  requireVerifiedEmail: formBoolean.optional().meta({ label: 'Shoppers confirm their e-mail address' }),
});

export type SettingsBody = z.infer<typeof settingsBody>;

import { z } from 'zod';
import { isContactNumber } from '../rules/checkout';
import { MAX_SHOP_PAGE_LENGTH } from '../rules/shop-pages';
import { email, formBoolean, int, rupees, text } from './common';

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

/** The grievance officer the contact page names (Consumer Protection (E-Commerce) Rules, 2020). */
export const grievanceOfficer = z.object(
  {
    name: text(100).min(1, 'must not be empty').meta({ label: 'Grievance officer' }),
    address: text(300).min(1, 'must not be empty').meta({ label: 'Grievance officer address' }),
    email: email.meta({ label: 'Grievance officer e-mail' }),
    phone: text(30)
      .refine(isContactNumber, 'must be a phone number (10 digits or more)')
      .meta({ label: 'Grievance officer phone' }),
  },
  { error: 'must be an object with name, address, email and phone' },
);

/** A shop page's text (rules/shop-pages.ts: paragraphs, "## " headings, "- " lists); the contact page's officer. */
export const shopPageBody = z.object({
  body: text(MAX_SHOP_PAGE_LENGTH).min(1, 'must not be empty').meta({ label: 'Page text' }),
  officer: grievanceOfficer.optional(),
});

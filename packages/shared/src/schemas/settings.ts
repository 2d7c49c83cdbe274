import { z } from 'zod';
import { isContactNumber } from '../rules/checkout';
import { MAX_PROMISES } from '../rules/shop-claims';
import { MAX_SHOP_PAGE_LENGTH } from '../rules/shop-pages';
import { email, formBoolean, int, jsonText, rupees, text } from './common';

/** The most units the low-stock threshold may be. */
export const MAX_LOW_STOCK_THRESHOLD = 100_000;

/** A low-stock threshold (the shop's or a variant's own): whole units, 0 to 1,00,000. */
export const lowStockUnits = int('must be a whole number of units').pipe(
  z.number().min(0, 'must not be negative').max(MAX_LOW_STOCK_THRESHOLD, 'must be at most 1,00,000'),
);

/** The Owner's sales summary mail: none (default), each morning for the day before, or each Monday for the week. */
export const SUMMARY_MAILS = ['off', 'daily', 'weekly'] as const;
export type SummaryMail = (typeof SUMMARY_MAILS)[number];

/** Each field carries the label of the Settings form (`fieldLabel`): staff read it in error messages. */
export const settingsBody = z.object({
  shopName: text(60).min(1, 'must not be empty').optional().meta({ label: 'Shop name' }),
  freeShippingThreshold: rupees.optional().meta({ label: 'Free shipping threshold (₹)' }),
  /** Products with this many units or fewer are "low stock" in the back office. */
  lowStockThreshold: lowStockUnits.optional().meta({ label: 'Low-stock threshold (units)' }),
  /** The Owner's sales summary mail (opt-in). */
  summaryMail: z
    .enum(SUMMARY_MAILS, { error: `must be one of ${SUMMARY_MAILS.join(', ')}` })
    .optional()
    .meta({ label: 'Sales summary mail to the Owner' }),
  /** The monthly EMI figure on product pages: on only when the payment gateway offers EMI to this shop. */
  emiEnabled: formBoolean.optional().meta({ label: 'Show the monthly EMI figure on product pages' }),
  /** When the hotline answers, e.g. "Mon–Sat, 9 am – 8 pm" or "24/7". */
  supportHours: text(60).min(1, 'must not be empty').optional().meta({ label: 'Support hours' }),
  /** The strip under the header: each text a promise the shop keeps (empty texts are dropped). */
  promises: jsonText(
    z
      .array(z.unknown(), { error: 'must be a list of texts' })
      .refine((list) => list.every((t) => typeof t === 'string'), 'must be a list of texts')
      .transform((list) => (list as string[]).map((t) => t.trim()).filter(Boolean))
      .pipe(
        z
          .array(z.string())
          .max(MAX_PROMISES, `must be at most ${MAX_PROMISES} texts`)
          // Checked on the whole list, so that the message names the field ("Promise strip texts …").
          .refine((list) => list.every((t) => t.length <= 60), 'texts must be at most 60 characters each'),
      ),
  )
    .optional()
    .meta({ label: 'Promise strip' }),
  /** Shoppers confirm their e-mail address (a mailed link) before their first order. */
  requireVerifiedEmail: formBoolean.optional().meta({ label: 'Shoppers confirm their e-mail address' }),
  /** The newsletter's first-order code: its percentage (0: no code is offered) and how many days it works. */
  newsletterCodePercent: int('must be a whole number')
    .pipe(z.number().min(0, 'must be between 0 and 90').max(90, 'must be between 0 and 90'))
    .optional()
    .meta({ label: 'Newsletter code (% off the first order)' }),
  newsletterCodeDays: int('must be a whole number of days')
    .pipe(z.number().min(1, 'must be between 1 and 365').max(365, 'must be between 1 and 365'))
    .optional()
    .meta({ label: 'Newsletter code valid for (days)' }),
  /** Hours a shopper's cart waits untouched before its one reminder mail (0: no cart reminders). */
  cartReminderHours: int('must be a whole number of hours')
    .pipe(z.number().min(0, 'must be between 0 and 720').max(720, 'must be between 0 and 720'))
    .optional()
    .meta({ label: 'Cart reminder after (hours)' }),
  /** Days after delivery the review request mail is written (0: no review requests). */
  reviewRequestDays: int('must be a whole number of days')
    .pipe(z.number().min(0, 'must be between 0 and 90').max(90, 'must be between 0 and 90'))
    .optional()
    .meta({ label: 'Review request after delivery (days)' }),
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

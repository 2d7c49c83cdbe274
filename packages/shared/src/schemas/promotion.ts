import { z } from 'zod';
import { PROMOTION_ACTIONS, PROMOTION_SCOPES, REQUIRES_SCOPES } from '../rules/promotions';
import { localCartLine } from './cart';
import { formBoolean, int, rupees } from './common';
import { paymentMode } from './order';

/** A code as staff or shoppers type it: letters, digits, - and _; spaces dropped, upper-cased. */
export const discountCode = z
  .string({ error: 'must be text' })
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(3, 'must be at least 3 characters')
      .max(32, 'must be at most 32 characters')
      .regex(/^[A-Z0-9_-]+$/, 'may contain only letters, digits, - and _'),
  );

/**
 * A moment staff set, in the shop's time zone unless it says otherwise: `2026-12-01T00:00` (Asia/Kolkata), or an
 * ISO date-time with its offset or Z. Blank or null: none.
 */
export const shopDateTime = z.union([z.string(), z.null()]).transform((v, ctx) => {
  if (v === null || v.trim() === '') return null;
  const t = v.trim();
  const local = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(t);
  const when = new Date(local ? `${t}+05:30` : t);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(t) || Number.isNaN(when.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'must be a date and time like 2026-12-01T00:00' });
    return z.NEVER;
  }
  return when;
});

const optionalCount = z
  .union([int().pipe(z.number().min(1, 'must be at least 1').max(10_000_000, 'is too large')), z.null()])
  .optional()
  .transform((v) => v ?? null);

/**
 * A discount code or automatic offer, as staff save it.
 * - a discount code has a typed code, or only generated ones (a campaign); an automatic offer has none
 * - percent needs `percent` (0.01–100) and may have a cap; amount needs `amount`; buy X get Y needs both counts
 * - a scoped promotion (categories, brands, products, variants) needs at least one target
 * - `requiresScope` (categories, brands or products; blank or null: nothing) with at least one of
 *   `requiresTargets`: something that must also be in the cart ("10% off accessories with any phone")
 * - the end must be after the start; a deal is an automatic offer with an end
 */
export const promotionBody = z
  .object({
    name: z
      .string({ error: 'is required' })
      .trim()
      .min(1, 'is required')
      .max(120, 'must be at most 120 characters'),
    kind: z.enum(['code', 'automatic'], { error: 'must be code or automatic' }),
    code: discountCode.optional(),
    action: z.enum(PROMOTION_ACTIONS, { error: `must be one of ${PROMOTION_ACTIONS.join(', ')}` }),
    percent: z
      .union([
        rupees.pipe(
          z.number().min(0.01, 'must be between 0.01 and 100').max(100, 'must be between 0.01 and 100'),
        ),
        z.null(),
      ])
      .optional(),
    cap: z.union([rupees, z.null()]).optional(),
    amount: z.union([rupees.pipe(z.number().min(0.01, 'must be more than ₹0')), z.null()]).optional(),
    buyQty: z.union([int().pipe(z.number().min(1).max(99)), z.null()]).optional(),
    getQty: z.union([int().pipe(z.number().min(1).max(99)), z.null()]).optional(),
    scope: z
      .enum(PROMOTION_SCOPES, { error: `must be one of ${PROMOTION_SCOPES.join(', ')}` })
      .default('order'),
    targets: z
      .array(z.union([z.string(), z.number()]).transform((v) => String(v).trim()))
      .max(500, 'must be at most 500')
      .default([]),
    requiresScope: z
      .union([z.enum(REQUIRES_SCOPES), z.literal(''), z.null()], {
        error: `must be one of ${REQUIRES_SCOPES.join(', ')}, or empty`,
      })
      .optional()
      .transform((v) => v || null),
    requiresTargets: z
      .array(z.union([z.string(), z.number()]).transform((v) => String(v).trim()))
      .max(500, 'must be at most 500')
      .default([]),
    minOrder: rupees.default(0),
    startsAt: shopDateTime.optional().transform((v) => v ?? null),
    endsAt: shopDateTime.optional().transform((v) => v ?? null),
    maxUses: optionalCount,
    perCustomer: optionalCount,
    firstOrderOnly: formBoolean.default(false),
    onlineOnly: formBoolean.default(false),
    combinable: formBoolean.default(false),
    active: formBoolean.default(true),
    deal: formBoolean.default(false),
  })
  .superRefine((p, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (p.kind === 'automatic' && p.code) need('code', 'must be empty for an automatic offer');
    if (p.action === 'percent' && (p.percent === undefined || p.percent === null))
      need('percent', 'is required for a percentage discount');
    if (p.action === 'amount' && (p.amount === undefined || p.amount === null))
      need('amount', 'is required for a fixed amount discount');
    if (p.action === 'buy_x_get_y') {
      if (!p.buyQty) need('buyQty', 'is required for buy X get Y');
      if (!p.getQty) need('getQty', 'is required for buy X get Y');
    }
    const targets = p.targets.filter(Boolean);
    if (p.scope !== 'order' && !targets.length) need('targets', `must name at least one of the ${p.scope}`);
    if (
      ['categories', 'products', 'variants'].includes(p.scope) &&
      !targets.every((t) => /^[1-9]\d{0,17}$/.test(t))
    )
      need('targets', 'must be ids');
    const required = p.requiresTargets.filter(Boolean);
    if (p.requiresScope && !required.length)
      need('requiresTargets', `must name at least one of the ${p.requiresScope} required in the cart`);
    if (!p.requiresScope && required.length)
      need('requiresScope', 'must say what the required items are (categories, brands or products)');
    if (
      (p.requiresScope === 'categories' || p.requiresScope === 'products') &&
      !required.every((t) => /^[1-9]\d{0,17}$/.test(t))
    )
      need('requiresTargets', 'must be ids');
    if (p.startsAt && p.endsAt && p.endsAt <= p.startsAt) need('endsAt', 'must be after startsAt');
    if (p.deal && p.kind !== 'automatic') need('deal', 'only an automatic offer can be a deal');
    if (p.deal && !p.endsAt) need('endsAt', 'is required for a deal (its true end is shown)');
  });

export type PromotionInput = z.output<typeof promotionBody>;

/** Bulk generation: N unique single-use codes, optionally starting with a prefix. */
export const generateCodesBody = z.object({
  count: int().pipe(z.number().min(1, 'must be at least 1').max(10_000, 'must be at most 10,000')),
  prefix: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .max(12, 'must be at most 12 characters')
        .regex(/^[A-Z0-9]*$/, 'may contain only letters and digits'),
    )
    .optional(),
});

/**
 * A cart to price: its lines (a guest's local cart), or without them the shopper's server cart; a code; and, when
 * known, the delivery pincode and the payment mode.
 */
export const quoteBody = z.object({
  lines: z.array(localCartLine).max(200).optional(),
  discount_code: z
    .union([z.string().max(64, 'must be at most 64 characters'), z.null()])
    .optional()
    .transform((v) => (v ? v.replace(/\s+/g, '').toUpperCase() || null : null)),
  pincode: z
    .union([
      z
        .string()
        .trim()
        .regex(/^\d{6}$/, 'must be a 6-digit pincode'),
      z.literal(''),
      z.null(),
    ])
    .optional()
    .transform((v) => v || null),
  payment_mode: z
    .union([paymentMode, z.null()])
    .optional()
    .transform((v) => v ?? null),
});

import { z } from 'zod';
import { CHECKOUT_MESSAGES } from '../rules/checkout';
import { gstinProblem, gstState } from '../rules/gst';
import { checkoutAddress } from './address';
import { int, rupees as rupeeAmount } from './common';

export const ORDER_STATES = [
  'placed',
  'pending_payment',
  'paid',
  'payment_failed',
  'cancelled',
  'shipped',
  'delivered',
  'refunded',
  'returned',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const paymentMode = z.preprocess(
  (v: 0 | 1 | '0' | '1') => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.union([z.literal(0), z.literal(1)], { error: CHECKOUT_MESSAGES.paymentMode }),
);

export const placeOrderBody = z
  .object({
    user_id: z.union([z.string(), z.number()]).optional(),
    /** Informational (first-release clients send it): the API computes the total from the database. */
    order_total: z.unknown().optional(),
    /**
     * The total the shopper was shown, in rupees: when given and the API's total differs, the order is refused
     * (409 `prices_changed`, with the new figures) instead of being placed at a price the shopper never saw.
     */
    expected_total: rupeeAmount.optional(),
    payment_mode: paymentMode,
    shipping_details: checkoutAddress,
    notes: z.string().trim().max(1000, 'notes must be at most 1000 characters').optional(),
    /**
     * A business purchase (B2B): the buyer's GSTIN, whose state must be the billing (shipping) address's, and its
     * registered name, both printed on the tax invoice. Empty or absent: a consumer's order.
     */
    business_gstin: z
      .string({ error: 'must be text' })
      .trim()
      .transform((s) => s.toUpperCase())
      .nullish()
      .meta({ label: 'GSTIN for business purchase' }),
    business_name: z
      .string({ error: 'must be text' })
      .trim()
      .max(120, 'must be at most 120 characters')
      .nullish()
      .meta({ label: 'Business name' }),
    /** A discount code (case and spaces do not matter); one that does not apply refuses the order, saying why. */
    discount_code: z
      .union([z.string().max(64, 'must be at most 64 characters'), z.null()])
      .optional()
      .transform((v) => (v ? v.replace(/\s+/g, '').toUpperCase() || null : null)),
  })
  .superRefine((b, ctx) => {
    if (!b.business_gstin) return;
    const state = gstState(b.shipping_details.state);
    const problem = gstinProblem(b.business_gstin, state?.code);
    if (problem) ctx.addIssue({ code: 'custom', path: ['business_gstin'], message: problem });
    else if (!b.business_name)
      ctx.addIssue({ code: 'custom', path: ['business_name'], message: 'is required with a GSTIN' });
  });

export const orderSuccessBody = z.object({
  order_id: z.string().min(1).max(64),
  user_id: z.union([z.string(), z.number()]).optional(),
  razorpay_response: z.object({
    razorpay_order_id: z.string().min(1).max(64),
    razorpay_payment_id: z.string().min(1).max(64),
    razorpay_signature: z.string().min(1).max(256),
  }),
});

export const orderStatusBody = z.object({
  state: z.enum(ORDER_STATES, { error: `must be one of ${ORDER_STATES.join(', ')}` }),
  /** Shipping only: quoted in the shopper's "shipped" mail and on the order page. */
  carrier: z.string().trim().max(60).optional(),
  trackingNumber: z.string().trim().max(60).optional(),
  /** `returned` only: the units go back to sellable stock (true) or are counted damaged (false). */
  restock: z.boolean({ error: 'must be true or false' }).optional(),
});

/** Paging of the account and back-office lists: page from 1, 1–100 rows a page (20 by default). */
export const pageQuery = {
  page: int().pipe(z.number().min(1, 'must be at least 1').max(100_000, 'is too large')).default(1),
  limit: int().pipe(z.number().min(1, 'must be at least 1').max(100, 'must be at most 100')).default(20),
};

export const myOrdersQuery = z.object(pageQuery);

/** The columns the back office's order list can be sorted by. */
export const ORDER_SORTS = ['date', 'total', 'state', 'payment'] as const;

/** A calendar day, YYYY-MM-DD. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-25');

/** Rupees, up to 2 decimals. */
const rupees = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount in rupees like 1499 or 1499.50')
  .transform(Number);

export const adminOrdersQuery = z
  .object({
    ...pageQuery,
    /** One state or several, separated by commas (`placed,paid`). */
    state: z
      .string()
      .transform((v, ctx) => {
        const states = [...new Set(v.split(',').map((s) => s.trim()))];
        if (!states.every((s): s is OrderState => (ORDER_STATES as readonly string[]).includes(s))) {
          ctx.addIssue({ code: 'custom', message: `must be one of ${ORDER_STATES.join(', ')}` });
          return z.NEVER;
        }
        return states;
      })
      .optional(),
    /** Cash on delivery (0) or online (1). */
    payment_mode: z
      .enum(['0', '1'], { error: 'must be 0 (cash on delivery) or 1 (online)' })
      .transform((v) => (v === '1' ? 1 : 0) as 0 | 1)
      .optional(),
    /** An order id (or its start or end), a phone number, a shopper's name or part of their email. */
    q: z.string().trim().max(254, 'must be at most 254 characters').optional(),
    /** Placed on or after / on or before this day (UTC). */
    from: day.optional(),
    to: day.optional(),
    /** The order total at least / at most this many rupees. */
    minTotal: rupees.optional(),
    maxTotal: rupees.optional(),
    sort: z.enum(ORDER_SORTS, { error: `must be one of ${ORDER_SORTS.join(', ')}` }).default('date'),
    dir: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
  })
  .superRefine((f, ctx) => {
    if (f.from && f.to && f.from > f.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    if (f.minTotal !== undefined && f.maxTotal !== undefined && f.minTotal > f.maxTotal)
      ctx.addIssue({ code: 'custom', path: ['maxTotal'], message: 'must not be less than minTotal' });
  });

export type AdminOrdersQuery = z.output<typeof adminOrdersQuery>;

export const orderIdBody = z.object({
  order_id: z.string({ error: 'is required' }).trim().min(1, 'is required').max(64, 'is too long'),
  user_id: z.union([z.string(), z.number()]).optional(),
});

export const paymentFailedBody = orderIdBody.extend({
  reason: z.string().max(500, 'must be at most 500 characters').optional(),
});

export const simulatorSignBody = orderIdBody.extend({
  outcome: z
    .literal('success', {
      error: "must be 'success' (report a failed payment with POST /order/payment-failed)",
    })
    .default('success'),
});

/** The columns the customer list can be sorted by. */
export const CUSTOMER_SORTS = ['joined', 'name', 'email'] as const;

export const customersQuery = z.object({
  ...pageQuery,
  q: z.string().trim().max(254, 'must be at most 254 characters').optional(),
  /** Only blocked (true) or only active (false) accounts. */
  blocked: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  /** Joined on or after / on or before this day (UTC). */
  joinedFrom: day.optional(),
  joinedTo: day.optional(),
  sort: z.enum(CUSTOMER_SORTS, { error: `must be one of ${CUSTOMER_SORTS.join(', ')}` }).default('joined'),
  dir: z.enum(['asc', 'desc'], { error: 'must be asc or desc' }).default('desc'),
});

export type CustomersQuery = z.output<typeof customersQuery>;

export const customerBlockBody = z.object({
  blocked: z.boolean({ error: 'must be true or false' }),
});

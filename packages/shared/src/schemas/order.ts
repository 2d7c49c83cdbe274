import { z } from 'zod';
import { CHECKOUT_MESSAGES } from '../rules/checkout';
import { checkoutAddress } from './address';
import { int } from './common';

export const ORDER_STATES = [
  'placed',
  'pending_payment',
  'paid',
  'payment_failed',
  'cancelled',
  'shipped',
  'delivered',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const paymentMode = z.preprocess(
  (v: 0 | 1 | '0' | '1') => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.union([z.literal(0), z.literal(1)], { error: CHECKOUT_MESSAGES.paymentMode }),
);

export const placeOrderBody = z.object({
  user_id: z.union([z.string(), z.number()]).optional(),
  /** Ignored: the API computes the total from the database. */
  order_total: z.unknown().optional(),
  payment_mode: paymentMode,
  shipping_details: checkoutAddress,
  notes: z.string().trim().max(1000, 'notes must be at most 1000 characters').optional(),
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
});

/** Paging of the account and back-office lists: page from 1, 1–100 rows a page (20 by default). */
export const pageQuery = {
  page: int().pipe(z.number().min(1, 'must be at least 1').max(100_000, 'is too large')).default(1),
  limit: int().pipe(z.number().min(1, 'must be at least 1').max(100, 'must be at most 100')).default(20),
};

export const myOrdersQuery = z.object(pageQuery);

export const adminOrdersQuery = z.object({
  ...pageQuery,
  state: z.enum(ORDER_STATES, { error: `must be one of ${ORDER_STATES.join(', ')}` }).optional(),
  /** An order id or a customer's email. */
  q: z.string().trim().max(254, 'must be at most 254 characters').optional(),
});

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

/** A calendar day, YYYY-MM-DD. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 2026-11-25');

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

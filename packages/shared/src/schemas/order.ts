import { z } from 'zod';
import { CHECKOUT_MESSAGES } from '../rules/checkout';
import { checkoutAddress } from './address';

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
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
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
});

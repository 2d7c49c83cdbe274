import { z } from 'zod';
import {
  isBankAccount,
  isIfsc,
  isUpiId,
  MAX_RETURN_WINDOW_DAYS,
  RETURN_KINDS,
  RETURN_POLICIES,
  RETURN_REASONS,
  RETURN_STATES,
  SHIPPING_REFUND_RULES,
} from '../rules/returns';
import { id, int, jsonText, rupees, text } from './common';

const units = int('must be a whole number of units').pipe(
  z.number().min(0, 'must not be negative').max(1000, 'must be at most 1,000'),
);

/** One line of a return request: the order line, how many of its units, and for a replacement the variant wanted. */
const returnLine = z.object({
  lineId: id,
  qty: int('must be a whole number of units').pipe(
    z.number().min(1, 'must be at least 1').max(1000, 'must be at most 1,000'),
  ),
  /** Replacement only: another colour / memory size of the same product (default: the same variant). */
  variantId: id.optional(),
});

const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), text(max).optional());

/**
 * The shopper's request (multipart: the fields below and up to 5 `photos`).
 * - lines as JSON text: `[{"lineId":"12","qty":1}]`
 * - a cash-on-delivery refund also says where the money goes: a UPI ID, or a bank account with its IFSC and the
 *   account holder's name (the service asks for them when the order needs them)
 */
export const returnRequestBody = z.object({
  kind: z
    .enum(RETURN_KINDS, { error: 'must be refund or replacement' })
    .meta({ label: 'Refund or replacement' }),
  reason: z
    .enum(RETURN_REASONS, {
      error: 'must be one of damaged, defective, wrong_item, not_as_described, changed_mind',
    })
    .meta({ label: 'Reason' }),
  comment: optionalText(1000).meta({ label: 'Comment' }),
  lines: jsonText(
    z
      .array(returnLine, { error: 'must be a list of lines' })
      .min(1, 'must name at least one item')
      .max(50, 'must be at most 50 items'),
  ).meta({ label: 'Items' }),
  upiId: optionalText(256)
    .refine((v) => v === undefined || isUpiId(v), 'must be a UPI ID such as name@okicici')
    .meta({ label: 'UPI ID' }),
  bankAccount: optionalText(30)
    .refine((v) => v === undefined || isBankAccount(v), 'must be 9 to 18 digits')
    .meta({ label: 'Bank account number' }),
  ifsc: optionalText(11)
    .refine((v) => v === undefined || isIfsc(v), 'must be an IFSC such as HDFC0001234 (11 characters)')
    .meta({ label: 'IFSC' }),
  accountName: optionalText(100).meta({ label: 'Account holder' }),
});
export type ReturnRequestBody = z.infer<typeof returnRequestBody>;

export const returnsListQuery = z.object({
  state: z.enum(RETURN_STATES, { error: 'must be a return state' }).optional(),
  /** A request id, an order id, or part of the shopper's e-mail. */
  q: text(100).optional(),
  page: int().pipe(z.number().min(1, 'must be at least 1').max(100_000, 'is too large')).default(1),
  limit: int().pipe(z.number().min(1, 'must be at least 1').max(100, 'must be at most 100')).default(25),
});
export type ReturnsListQuery = z.infer<typeof returnsListQuery>;

/** Staff approve a request with its pickup: a manual pickup names the carrier and its AWB (waybill) number. */
export const approveReturnBody = z.object({
  carrier: text(60).min(1, 'is required').meta({ label: 'Pickup carrier' }),
  awb: text(60).min(1, 'is required').meta({ label: 'AWB number' }),
});

/** Staff reject a request; the shopper sees the reason. */
export const rejectReturnBody = z.object({
  reason: text(300).min(1, 'is required').meta({ label: 'Reason for the shopper' }),
});

/** Staff received the parcel: each line's units inspected, sellable (back to stock) or damaged (kept apart). */
export const receiveReturnBody = z.object({
  lines: z
    .array(z.object({ lineId: id, sellable: units, damaged: units }), { error: 'must be a list of lines' })
    .min(1, 'must name every line of the request'),
});

/**
 * Staff refund a received request: at most the lines' share (the default). A cash-on-delivery order's refund goes
 * to the UPI ID or bank account the shopper gave; staff record the transaction reference.
 */
export const refundReturnBody = z.object({
  amount: rupees
    .pipe(z.number().min(0.01, 'must be at least ₹0.01'))
    .optional()
    .meta({ label: 'Amount (₹)' }),
  reference: optionalText(100).meta({ label: 'Transaction reference' }),
});

/** The returns policy: the window after delivery and when shipping is refunded. */
export const returnPolicyBody = z.object({
  windowDays: int('must be a whole number of days')
    .pipe(z.number().min(1, 'must be at least 1').max(MAX_RETURN_WINDOW_DAYS, 'must be at most 365'))
    .meta({ label: 'Return window (days after delivery)' }),
  shippingRefund: z
    .enum(SHIPPING_REFUND_RULES, { error: 'must be fault, always or never' })
    .meta({ label: 'Refund shipping' }),
});

export const categoryReturnPolicyBody = z.object({
  policy: z
    .enum(RETURN_POLICIES, { error: 'must be returnable, replacement_only or none' })
    .meta({ label: 'Returns' }),
});

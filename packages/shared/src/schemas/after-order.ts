import { z } from 'zod';
import { gstState, isValidGstin } from '../rules/gst';
import type { Order, PaymentCheckout } from '../types';
import { rupees, text } from './common';

/** The shopper's cancel: a reason is optional. */
export const cancelOrderBody = z.object({
  reason: text(300).optional(),
});

/** How staff gave back the money of a cash-on-delivery order (outside the payment gateway). */
export const MANUAL_REFUND_METHODS = ['cash', 'upi', 'bank'] as const;
export const MANUAL_REFUND_LABELS: Record<(typeof MANUAL_REFUND_METHODS)[number], string> = {
  cash: 'Cash',
  upi: 'UPI',
  bank: 'Bank transfer',
};

/**
 * Staff refund: the amount in rupees (default: everything not refunded yet) and the reason, required. A
 * cash-on-delivery order's refund also says how the money went back (`method`) and, for UPI and bank transfers,
 * the transaction reference.
 */
export const refundOrderBody = z
  .object({
    amount: rupees.pipe(z.number().min(0.01, 'must be at least ₹0.01')).optional(),
    reason: text(300).min(1, 'is required'),
    method: z.enum(MANUAL_REFUND_METHODS, { error: 'must be cash, upi or bank' }).optional(),
    reference: text(100).optional(),
  })
  .refine((b) => (b.method !== 'upi' && b.method !== 'bank' ? true : !!b.reference), {
    path: ['reference'],
    message: 'is required for a UPI or bank transfer refund (the transaction reference)',
  });

/** Staff: the carrier and tracking number of a shipped order, corrected. */
export const trackingBody = z.object({
  carrier: text(60).min(1, 'is required'),
  trackingNumber: text(60).min(1, 'is required'),
});

/** One entry of an order's timeline: what happened, who did it, when. */
export interface OrderTimelineEntry {
  event: string;
  /** 'customer', 'admin', 'payment' or 'system'. */
  actor: string;
  note: string;
  at: string;
  /** Staff only: the name of the member of staff who did it. */
  by?: string;
}

/** Staff only: a mail of the order and how its delivery went. */
export interface OrderMail {
  _id: string;
  kind: string;
  to: string;
  subject: string;
  createdAt: string;
  sentAt: string | null;
  /** Given up (refused for good by the mail server, or too many attempts). */
  failedAt: string | null;
  attempts: number;
  lastError: string | null;
}

export interface OrderRefund {
  _id: string;
  /** Rupees. */
  amount: number;
  reason: string;
  state: 'pending' | 'processed' | 'failed';
  error: string | null;
  /** `gateway`, or how staff gave a cash-on-delivery refund: `cash`, `upi`, `bank`. */
  method: string;
  /** Staff only: the reference of a cash/UPI/bank refund. */
  reference: string | null;
  createdAt: string;
}

/** A tax invoice or credit note of an order (the PDF is at GET /order/:orderId/invoice?number=…). */
export interface OrderDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  /** Rupees. */
  total: number;
  issuedAt: string;
}

/** Everything the shopper's order page (and the back office's detail) shows about one order. */
export interface OrderDetails {
  order: Order;
  timeline: OrderTimelineEntry[];
  payment: {
    mode: 'cod' | 'online';
    paidAt: string | null;
    /** Rupees refunded or being refunded. */
    refunded: number;
    /** Rupees the shop has taken and may still refund: online once paid, cash on delivery once collected. */
    refundable: number;
    carrier: string | null;
    trackingNumber: string | null;
  };
  refunds: OrderRefund[];
  documents: OrderDocument[];
  /** Staff only. */
  mails?: OrderMail[];
}

/** The answer to "pay now": the same order, ready for Razorpay Checkout (or the simulator). */
export interface PayNowReply {
  order_id: string;
  order_total: number;
  razorpay_order_id: string;
  payment: PaymentCheckout;
}

/** The seller's details printed on every tax invoice. */
export const taxSettingsBody = z.object({
  legalName: text(120).min(1, 'is required'),
  gstin: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .refine(isValidGstin, 'must be a valid 15-character GSTIN (e.g. 29AAGCB7383J1Z4)'),
  address: text(300).min(1, 'is required'),
  state: z
    .string()
    .trim()
    .refine((s) => gstState(s) !== null, 'must be an Indian state or union territory')
    .transform((s) => gstState(s)!.name),
});

/** A category's HSN code (4, 6 or 8 digits) and GST rate in percent (0, 0.25, 3, 5, 12, 18, 28…). */
export const categoryTaxBody = z.object({
  hsnCode: z
    .string()
    .trim()
    .regex(/^(\d{4}|\d{6}|\d{8})$/, 'must be 4, 6 or 8 digits'),
  gstRate: z.coerce.number().min(0, 'must not be negative').max(40, 'must be at most 40 %'),
});

export interface TaxSettings {
  legalName: string;
  gstin: string;
  address: string;
  state: string;
  /** GST state code of `state` ('' when not set). */
  stateCode: string;
}

export interface CategoryTax {
  _id: string;
  name: string;
  hsnCode: string;
  /** Percent. */
  gstRate: number;
}

export type TaxSettingsReply = { settings: TaxSettings; categories: CategoryTax[] };

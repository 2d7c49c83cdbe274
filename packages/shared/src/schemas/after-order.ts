import { z } from 'zod';
import { gstinProblem, gstState } from '../rules/gst';
import type { Order, PaymentCheckout } from '../types';
import { rupees, text } from './common';
import { gstRatePercent, hsnOverride } from './gst';

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
  /** What the document is: "Tax invoice", "Bill of supply" (issued while not registered for GST), "Credit note". */
  title?: string;
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

/**
 * The seller's details printed on every tax invoice, or on every bill of supply when the shop is not registered
 * for GST (`registered: false`: no GSTIN, no tax charged or shown).
 * - a registered shop's GSTIN is checked (format, check character) and must be of the chosen state
 * - a GSTIN sent with `registered: false` is dropped
 */
export const taxSettingsBody = z
  .object({
    registered: z
      .boolean({ error: 'must be true or false' })
      .default(true)
      .meta({ label: 'Registered for GST' }),
    legalName: text(120).min(1, 'is required').meta({ label: 'Legal name' }),
    tradeName: text(120).default('').meta({ label: 'Trade name' }),
    gstin: z
      .string({ error: 'must be text' })
      .trim()
      .default('')
      .transform((s) => s.toUpperCase())
      .meta({ label: 'GSTIN' }),
    address: text(300).min(1, 'is required').meta({ label: 'Registered address' }),
    state: z
      .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be text') })
      .trim()
      .refine((s) => gstState(s) !== null, 'must be an Indian state or union territory')
      .transform((s) => gstState(s)!.name)
      .meta({ label: 'State' }),
  })
  .superRefine((v, ctx) => {
    if (!v.registered) return;
    const problem = v.gstin
      ? gstinProblem(v.gstin, gstState(v.state)?.code)
      : 'is required for a registered shop (or choose "Not registered": bills of supply, no GST)';
    if (problem) ctx.addIssue({ code: 'custom', path: ['gstin'], message: problem });
  })
  .transform((v) => ({ ...v, gstin: v.registered ? v.gstin : '' }));

/** A category's HSN code (4, 6 or 8 digits; empty clears it) and GST rate in percent (a slab in force). */
export const categoryTaxBody = z.object({
  hsnCode: hsnOverride.meta({ label: 'HSN code' }),
  gstRate: gstRatePercent.meta({ label: 'GST rate' }),
});

export interface TaxSettings {
  /** false: not registered for GST, documents are bills of supply with no tax. */
  registered: boolean;
  legalName: string;
  tradeName: string;
  /** '' when not registered. */
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

/** The GST settings, each category's HSN code and rate, and the rate slabs in force (percent) to choose from. */
export type TaxSettingsReply = { settings: TaxSettings; categories: CategoryTax[]; slabs: number[] };

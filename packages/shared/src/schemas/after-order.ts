import { z } from 'zod';
import type { Order, PaymentCheckout } from '../types';
import { rupees, text } from './common';

/** The shopper's cancel: a reason is optional. */
export const cancelOrderBody = z.object({
  reason: text(300).optional(),
});

/** Staff refund: the amount in rupees (default: everything not refunded yet) and the reason, required. */
export const refundOrderBody = z.object({
  amount: rupees.pipe(z.number().min(0.01, 'must be at least ₹0.01')).optional(),
  reason: text(300).min(1, 'is required'),
});

/** One entry of an order's timeline: what happened, who did it, when. */
export interface OrderTimelineEntry {
  event: string;
  /** 'customer', 'admin', 'payment' or 'system'. */
  actor: string;
  note: string;
  at: string;
}

export interface OrderRefund {
  _id: string;
  /** Rupees. */
  amount: number;
  reason: string;
  state: 'pending' | 'processed' | 'failed';
  error: string | null;
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
    carrier: string | null;
    trackingNumber: string | null;
  };
  refunds: OrderRefund[];
  documents: OrderDocument[];
}

/** The answer to "pay now": the same order, ready for Razorpay Checkout (or the simulator). */
export interface PayNowReply {
  order_id: string;
  order_total: number;
  razorpay_order_id: string;
  payment: PaymentCheckout;
}

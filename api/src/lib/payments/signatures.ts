import { createHmac, timingSafeEqual } from 'node:crypto';

/** Lower-case hex HMAC-SHA256, as Razorpay computes its signatures. */
export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/**
 * Constant-time comparison of a computed hex signature with one received from outside.
 * Unequal lengths are refused up front (timingSafeEqual throws on them); that leaks only the length,
 * which is public anyway (64 hex characters).
 */
export function sameSignature(expectedHex: string, received: unknown): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(expectedHex, 'utf8');
  const b = Buffer.from(received.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The checkout signature: HMAC-SHA256 of `<razorpay order id>|<payment id>` with the key secret. */
export function paymentSignature(secret: string, razorpayOrderId: string, paymentId: string): string {
  return hmacHex(secret, `${razorpayOrderId}|${paymentId}`);
}

export function verifyPaymentSignature(
  secret: string,
  razorpayOrderId: string,
  paymentId: string,
  signature: unknown,
): boolean {
  return sameSignature(paymentSignature(secret, razorpayOrderId, paymentId), signature);
}

/**
 * Webhook signature: HMAC-SHA256 of the raw request body with the webhook secret. It must be computed over the
 * bytes as received: parsing and re-serialising the JSON changes them (spacing, key order, escapes).
 */
export function verifyWebhookSignature(
  secret: string,
  rawBody: Buffer | string,
  signature: unknown,
): boolean {
  return sameSignature(hmacHex(secret, rawBody), signature);
}

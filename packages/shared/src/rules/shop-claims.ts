// The shop's claims before staff set their own. No schema library in this file: the storefront's first load
// imports it.

/** The most promise texts the strip under the header shows. */
export const MAX_PROMISES = 4;

/**
 * The promises the storefront shows until staff save their own: only what the shop does whatever its other
 * settings (cash on delivery, GST invoices, payment through Razorpay). Free shipping is shown from the threshold.
 */
export const DEFAULT_PROMISES = [
  'Cash on delivery',
  'Bill with every order',
  'Secure online payment',
] as const;

/** Support hours until staff save their own: the one text the footer, product and about pages show. */
export const DEFAULT_SUPPORT_HOURS = 'Mon–Sat, 9 am – 8 pm';

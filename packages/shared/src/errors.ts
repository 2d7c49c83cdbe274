/**
 * The stable code of every failure the API answers (`{flag: 0, msg, code}`), so clients can act on a kind of
 * failure without reading its message. The client adds its own three for answers that never came.
 */
export const ERROR_CODES = [
  // request
  'invalid_input',
  'not_found',
  'too_large',
  'unsupported_media_type',
  'http_error',
  // accounts
  'unauthorized',
  'forbidden',
  /** A staff member's role lacks the route's permission (the reply names it in `permission`). */
  'missing_permission',
  /** The change would leave the shop without an active Owner. */
  'last_owner',
  'invalid_credentials',
  'too_many_attempts',
  'email_taken',
  'too_many_addresses',
  /** A customer account that staff blocked: it cannot log in. */
  'account_blocked',
  /** A mail's link that is unknown, altered, used or expired. */
  'invalid_link',
  /** The shop asks shoppers to confirm their e-mail address before their first order; this one has not yet. */
  'email_unverified',
  /** A confirmation link was asked for an address that is already confirmed. */
  'already_verified',
  /** A sign-in code, an authenticator code or a recovery code that is wrong, used or expired. */
  'invalid_code',
  /** The password was right; the account uses two-step sign-in: send the code too. */
  'two_step_required',
  /** The staff member must first choose their own password, or set up two-step sign-in (the Owner requires it). */
  'setup_required',
  // catalogue
  'duplicate_slug',
  /** A product asked for by a slug it had before a rename (301; `slug` and Location name its address now). */
  'moved',
  'duplicate_sku',
  'in_use',
  'invalid_option',
  'invalid_image',
  'image_too_large',
  /** A stock write whose `expectedStock` is no longer the product's stock (the reply carries the current values). */
  'stock_changed',
  /** A product-level stock write on a product with several variants: their stock is edited one by one. */
  'stock_on_variants',
  /** A CSV file whose header is not the catalogue's columns, or that is not UTF-8 text. */
  'csv_header',
  'csv_encoding',
  /** An import whose file has row errors: it cannot be applied. */
  'import_invalid',
  /** A batch of an import that was rolled back (the message names the line and the reason). */
  'import_batch_failed',
  // cart and orders
  'cart_empty',
  'qty_limit',
  'out_of_stock',
  'insufficient_stock',
  'option_unavailable',
  /** The order's total is not the `expected_total` the shopper was shown (the reply carries the new figures). */
  'prices_changed',
  'illegal_move',
  'not_payable',
  'not_shipped',
  'restock_required',
  'refund_method',
  'bad_signature',
  'payment_not_verified',
  'payment_after_cancel',
  'payment_unavailable',
  'not_cancellable',
  'refund_too_large',
  'refund_refused',
  /** The shop books couriers by hand (COURIER_PROVIDER=manual): there is nothing to book or track through an API. */
  'courier_manual',
  /** The order has a courier booked already (or a booking under way). */
  'courier_booked',
  /** No courier booked for the order yet (tracking, label). */
  'courier_not_booked',
  /** The courier does not serve the order's pincode. */
  'not_serviceable',
  /** The courier's API refused the booking or could not be reached (the message gives its reason). */
  'courier_refused',
  // reviews
  /** Only shoppers with a delivered order of the product may review it. */
  'not_purchased',
  /** A second "helpful" vote of one account on one review. */
  'already_voted',
  /** "Notify me" for a variant that can be bought now. */
  'in_stock',
  // returns
  /** A return asked for after the window closed (the message names the date). */
  'return_window_closed',
  /** A category that takes no returns, or only replacements. */
  'not_returnable',
  /** More units than were delivered less those already returned, or a line held by an open request. */
  'return_quantity',
  /** A move of a return request its state does not allow. */
  'return_state',
  /** A cash-on-delivery refund with no UPI ID or bank account to send it to. */
  'refund_account',
  // promotions
  /** A discount code that does not apply to the order (the message says why, in words). */
  'discount_refused',
  /** A discount code that another promotion already has. */
  'duplicate_code',
  /** Products of different categories asked to be compared. */
  'not_comparable',
  // delivery
  /** A pincode of six digits that the pincode directory does not know. */
  'unknown_pincode',
  /** A pincode outside every shipping zone: nothing can be ordered there yet. */
  'not_delivered',
  /** Cash on delivery is not offered for this order (the message says why: limit, pincode or zone). */
  'cod_unavailable',
  /** An address whose pincode is in another state than the one given. */
  'wrong_state',
  /** Shipping settings that are not right (overlapping zones, gaps in weight bands…): the message names them. */
  'invalid_shipping',
  // COD remittances
  /** An AWB number the remittance file names twice (the message says which, and on which lines). */
  'duplicate_awb',
  /** An AWB number that names no delivered cash-on-delivery order of the carrier. */
  'unknown_awb',
  /** An order a remittance already settled. */
  'already_remitted',
  /** A remittance larger than the cash due on the orders it names. */
  'remittance_too_large',
  // the server
  'conflict',
  'busy',
  'unavailable',
  'not_ready',
  'restarting',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** Codes the client gives a call that got no usable answer. */
export type ClientErrorCode = 'network' | 'timeout' | 'unknown';

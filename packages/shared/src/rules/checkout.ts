export interface ShippingDetailsInput {
  adressLine1?: unknown;
  adressLine2?: unknown;
  city?: unknown;
  state?: unknown;
  postalCode?: unknown;
  country?: unknown;
  contact?: unknown;
}

/** The required address fields, in the order the seed checks them. */
export const REQUIRED_ADDRESS_FIELDS = ['adressLine1', 'city', 'state', 'postalCode', 'country'] as const;
export const CONTACT_MIN_LENGTH = 10;

export const CHECKOUT_MESSAGES = {
  contact: 'Please enter a valid contact number',
  paymentMode: 'Please select a payment mode',
  field: (field: string) => `Please enter ${field}`,
} as const;

const filled = (v: unknown) => (typeof v === 'string' ? v.trim() !== '' : typeof v === 'number');

/**
 * Checkout validation (seed §5). Returns the first message, or null when the input is valid.
 * - address line 1, city, state, postalCode, country are required: 'Please enter {field}' (field as named in the form)
 * - contact is required and at least 10 characters after trimming: 'Please enter a valid contact number'
 * - payment mode must be 0 (cash on delivery) or 1 (online): 'Please select a payment mode'
 */
export function checkoutError(
  details: ShippingDetailsInput | null | undefined,
  paymentMode: unknown,
): string | null {
  const d = details ?? {};
  for (const field of REQUIRED_ADDRESS_FIELDS) {
    if (!filled(d[field])) return CHECKOUT_MESSAGES.field(field);
  }
  const contact =
    typeof d.contact === 'string' || typeof d.contact === 'number' ? String(d.contact).trim() : '';
  if (contact.length < CONTACT_MIN_LENGTH) return CHECKOUT_MESSAGES.contact;
  const mode =
    typeof paymentMode === 'string' && paymentMode.trim() !== '' ? Number(paymentMode) : paymentMode;
  if (mode !== 0 && mode !== 1) return CHECKOUT_MESSAGES.paymentMode;
  return null;
}

/**
 * Add-address validation (seed §5): line 1, city, state, postal code, country required; line 2 and contact optional.
 * Returns the first message, or null.
 */
export function addressError(details: ShippingDetailsInput | null | undefined): string | null {
  const d = details ?? {};
  for (const field of REQUIRED_ADDRESS_FIELDS) {
    if (!filled(d[field])) return CHECKOUT_MESSAGES.field(field);
  }
  return null;
}

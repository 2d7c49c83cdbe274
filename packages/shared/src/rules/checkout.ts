import { isBlank } from '../contract/define';

export interface ShippingDetailsInput {
  adressLine1?: unknown;
  adressLine2?: unknown;
  city?: unknown;
  state?: unknown;
  postalCode?: unknown;
  country?: unknown;
  contact?: unknown;
}

/** The required address fields, in the order the form shows them (the first one missing is named). */
export const REQUIRED_ADDRESS_FIELDS = ['adressLine1', 'city', 'state', 'postalCode', 'country'] as const;
/** The fewest digits a contact number has (a 10-digit Indian mobile number). */
export const CONTACT_MIN_DIGITS = 10;

/** The address fields as the storefront's forms label them (the messages name a field by its label). */
export const ADDRESS_FIELD_LABELS = {
  name: 'Full name',
  adressLine1: 'Address line 1',
  adressLine2: 'Address line 2',
  landmark: 'Landmark',
  city: 'City',
  state: 'State',
  postalCode: 'Postal code',
  country: 'Country',
  contact: 'Contact number',
} as const;

export type AddressField = keyof typeof ADDRESS_FIELD_LABELS;

export const CHECKOUT_MESSAGES = {
  contact: 'Please enter a valid contact number',
  state: 'Please choose a state or union territory of India',
  country: 'We deliver within India only',
  paymentMode: 'Please select a payment mode',
  field: (field: string) => `Please enter ${field}`,
} as const;

const filled = (v: unknown) => (typeof v === 'string' || typeof v === 'number') && !isBlank(v);
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');

/**
 * Whether a value is a contact number:
 * - digits, with spaces, `+` and `-` allowed anywhere ("+91 98450-12345")
 * - at least 10 digits
 * - surrounding whitespace is ignored; anything else (letters, dots, brackets) makes it no number
 */
export function isContactNumber(value: unknown): boolean {
  const v = text(value);
  return /^[\d\s+-]+$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= CONTACT_MIN_DIGITS;
}

/** A field of an address form that is not right, with the sentence to show next to it. */
export interface FieldProblem {
  field: AddressField;
  message: string;
}

/**
 * Every problem of an address form, in the order of the form, each named by the field's
 * label ('Please enter Address line 1'); empty when the address is right.
 * - address line 1, city, state, postal code and country must be filled
 * - the contact number must be one (isContactNumber); when not `contactRequired`, it may also be left empty
 */
export function addressProblems(
  details: ShippingDetailsInput | null | undefined,
  { contactRequired }: { contactRequired: boolean },
): FieldProblem[] {
  const d = details ?? {};
  const problems: FieldProblem[] = [];
  for (const field of REQUIRED_ADDRESS_FIELDS) {
    if (!filled(d[field]))
      problems.push({ field, message: CHECKOUT_MESSAGES.field(ADDRESS_FIELD_LABELS[field]) });
  }
  const contact = text(d.contact);
  if ((contactRequired || contact !== '') && !isContactNumber(contact))
    problems.push({ field: 'contact', message: CHECKOUT_MESSAGES.contact });
  return problems;
}

/**
 * Checkout validation, in the order of the checkout form. Returns the first message, or null when the input is valid.
 * - address line 1, city, state, postalCode, country are required: 'Please enter {field}' (field as named in the form)
 * - contact is required and must be a contact number (isContactNumber): 'Please enter a valid contact number'
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
  if (!isContactNumber(d.contact)) return CHECKOUT_MESSAGES.contact;
  const mode =
    typeof paymentMode === 'string' && paymentMode.trim() !== '' ? Number(paymentMode) : paymentMode;
  if (mode !== 0 && mode !== 1) return CHECKOUT_MESSAGES.paymentMode;
  return null;
}

/**
 * Add-address validation: line 1, city, state, postal code, country required; line 2 and contact
 * optional, but a contact that is given must be a contact number. Returns the first message, or null.
 */
export function addressError(details: ShippingDetailsInput | null | undefined): string | null {
  const d = details ?? {};
  for (const field of REQUIRED_ADDRESS_FIELDS) {
    if (!filled(d[field])) return CHECKOUT_MESSAGES.field(field);
  }
  if (text(d.contact) !== '' && !isContactNumber(d.contact)) return CHECKOUT_MESSAGES.contact;
  return null;
}

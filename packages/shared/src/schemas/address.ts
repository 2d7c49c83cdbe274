import { z } from 'zod';
import { CHECKOUT_MESSAGES, isContactNumber } from '../rules/checkout';
import { DELIVERY_MESSAGES, isPincode } from '../rules/delivery';
import { gstState } from '../rules/gst';

const required = (field: string, max: number) =>
  z
    .union([z.string(), z.number()], { error: CHECKOUT_MESSAGES.field(field) })
    .transform((v) => String(v).trim())
    .pipe(
      z
        .string()
        .min(1, CHECKOUT_MESSAGES.field(field))
        .max(max, `${field} must be at most ${max} characters`),
    );

const optional = (field: string, max: number) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v == null ? '' : String(v).trim()))
    .pipe(z.string().max(max, `${field} must be at most ${max} characters`));

/** The names India goes by on an address; every one is stored as "India". */
const INDIA = new Set(['india', 'in', 'ind', 'bharat']);

const addressFields = z
  .object(
    {
      /** The recipient (the account's name when left out). */
      name: optional('name', 100),
      adressLine1: required('adressLine1', 200),
      adressLine2: optional('adressLine2', 200),
      landmark: optional('landmark', 200),
      city: required('city', 100),
      // By its name, ISO 3166-2:IN code or GST code; kept as the state's name, with its GST code beside it.
      state: required('state', 100).pipe(
        z
          .string()
          .refine((t) => gstState(t) !== null, CHECKOUT_MESSAGES.state)
          .transform((t) => gstState(t)!.name),
      ),
      postalCode: required('postalCode', 20).pipe(z.string().refine(isPincode, DELIVERY_MESSAGES.pincode)),
      country: required('country', 100).pipe(
        z
          .string()
          .refine((t) => INDIA.has(t.toLowerCase()), CHECKOUT_MESSAGES.country)
          .transform(() => 'India'),
      ),
      contact: optional('contact', 30),
    },
    { error: 'must be an object with the address fields' },
  )
  // A contact number may be left out of a saved address, but one that is given must be one.
  .refine((a) => a.contact === '' || isContactNumber(a.contact), {
    message: CHECKOUT_MESSAGES.contact,
    path: ['contact'],
  })
  .transform((a) => ({ ...a, stateCode: gstState(a.state)!.code }));

/** The address fields a client sends (the API's spelling; `addressLine1`/`addressLine2` are accepted too). */
export type AddressInput = z.input<typeof addressFields> & { addressLine1?: string; addressLine2?: string };

/** A shipping address with the API's field names (`adressLine1`, spelt so since the first release: clients use it). */
export const shippingAddress = z.preprocess((raw: AddressInput) => {
  // Accept the correctly spelt names too, mapping them onto the API's.
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    return {
      ...raw,
      adressLine1: raw.adressLine1 ?? raw.addressLine1,
      adressLine2: raw.adressLine2 ?? raw.addressLine2,
    };
  }
  return raw;
}, addressFields);

/** At checkout the contact number is required (a saved address may lack one; an order needs a number to call). */
export const checkoutAddress = shippingAddress.refine((a) => isContactNumber(a.contact), {
  message: CHECKOUT_MESSAGES.contact,
  path: ['contact'],
});

export const addAddressBody = z.object({
  user_id: z.union([z.string(), z.number()]).optional(),
  shipping_address: shippingAddress,
});

export type ShippingAddress = z.infer<typeof shippingAddress>;

/**
 * Staff fixing the state of an address that could not be matched (the pincode migration flagged it): the state or
 * union territory chosen from the list, sent as its GST state code (`29`).
 */
export const addressStateBody = z.object({
  stateCode: z
    .string({ error: CHECKOUT_MESSAGES.state })
    .trim()
    .refine((c) => /^\d{2}$/.test(c) && gstState(c) !== null, CHECKOUT_MESSAGES.state),
});

import { z } from 'zod';
import { toPaise } from '../rules/money';
import { int, num, text } from './common';

/** A rupee figure of the shipping settings (negative ones reach the rules, which name the zone and band). */
const rupeeFigure = num().pipe(
  z
    .number()
    .finite('must be a number')
    .max(10_000_000, 'must be at most ₹1,00,00,000')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'must have at most 2 decimals'),
);

const days = int('must be a whole number of days');

/** `GET /delivery/pincode/:pincode`: the cart's goods value (₹) and weight (g), to answer shipping and COD too. */
export const pincodeQuery = z.object({
  amount: num()
    .pipe(
      z.number().finite('must be a number').min(0, 'must not be negative').max(10_000_000, 'is too large'),
    )
    .optional(),
  weight: int('must be a whole number of grams')
    .pipe(z.number().min(0, 'must not be negative').max(1_000_000, 'is too large'))
    .optional(),
});

const zoneBody = z.object({
  name: text(60),
  states: z.array(text(60), { error: 'must be a list of states' }).max(40, 'has too many states'),
  pincodes: z
    .array(text(13), { error: 'must be a list of pincode prefixes or ranges' })
    .max(500, 'must be at most 500 entries'),
  bands: z
    .array(
      z.object({
        fromGrams: days.pipe(z.number().min(0, 'must not be negative')),
        toGrams: days.pipe(z.number().min(1, 'must be above 0')).nullable(),
        fee: rupeeFigure.transform(toPaise),
      }),
    )
    .max(20, 'must be at most 20 bands'),
  /** Order value bands (₹), charged on top of the weight band; left out or empty: nothing by value. */
  valueBands: z
    .array(
      z.object({
        from: rupeeFigure.transform(toPaise),
        to: rupeeFigure.transform(toPaise).nullable(),
        fee: rupeeFigure.transform(toPaise),
      }),
    )
    .max(20, 'must be at most 20 bands')
    .default([]),
  freeFrom: rupeeFigure.transform(toPaise).nullable(),
  cod: z.boolean({ error: 'must be true or false' }),
  dispatchDays: days,
  transitMinDays: days,
  transitMaxDays: days,
});

/** `PUT /delivery/settings`: the whole shipping set-up, saved at once (zones replace the saved ones). */
export const shippingSettingsBody = z.object({
  zones: z.array(zoneBody).max(50, 'must be at most 50 zones').meta({ label: 'Zones' }),
  cod: z
    .object({
      max: rupeeFigure.pipe(z.number().min(0, 'must not be negative')).transform(toPaise),
      fee: rupeeFigure.pipe(z.number().min(0, 'must not be negative')).transform(toPaise),
      feePercent: num().pipe(z.number().min(0, 'must not be negative').max(10, 'must be at most 10 %')),
      blockedPincodes: z
        .array(
          z
            .string()
            .trim()
            .regex(/^[1-9][0-9]{5}$/, 'must be six-digit pincodes'),
        )
        .max(5000, 'must be at most 5,000 pincodes'),
    })
    .meta({ label: 'Cash on delivery' }),
  calendar: z
    .object({
      cutoff: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 14:00'),
      holidays: z.array(z.string().trim()).max(400, 'is too long'),
    })
    .meta({ label: 'Dispatch' }),
});

export type ShippingSettingsBody = z.output<typeof shippingSettingsBody>;

import { z } from 'zod';

/** Public ids travel as strings (`_id`); numeric strings or numbers are accepted. */
export const id = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be a valid id'));

/** A calendar day as YYYY-MM-DD that exists (2026-02-30 is refused). */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
  }, 'must be a real date');

/**
 * A number from JSON or a form field. Numeric text is accepted (multipart bodies are text); blank text counts as
 * missing; null, booleans and anything else are refused (no silent coercion of '' or true to 0/1).
 */
export const num = () =>
  z.preprocess(
    // Typed for callers (a number, or its text in a form); any other value is refused by the schema.
    (v: number | string) => {
      if (typeof v !== 'string') return v;
      const t = v.trim();
      return t === '' ? undefined : Number(t);
    },
    z.number({ error: (i) => (i.input === undefined ? 'is required' : 'must be a number') }),
  );

/** A whole number from JSON or a form field (see num). */
export const int = (wholeMessage = 'must be a whole number') => num().pipe(z.number().int(wholeMessage));

/** A rupee amount: a non-negative number with at most 2 decimals (strings from forms are accepted). */
export const rupees = num().pipe(
  z
    .number()
    .finite('must be a number')
    .min(0, 'must not be negative')
    .max(10_000_000, 'must be at most ₹1,00,00,000')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'must have at most 2 decimals'),
);

/** Signed rupee adjustment for an option (a cheaper colour may lower the price). */
export const rupeeAdjustment = num().pipe(
  z.number().finite('must be a number').min(-10_000_000, 'is too small').max(10_000_000, 'is too large'),
);

export const percent = num().pipe(
  z
    .number()
    .finite('must be a number')
    .min(0, 'must be between 0 and 100')
    .max(100, 'must be between 0 and 100'),
);

export const email = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .min(1, 'is required')
  .max(254, 'is too long')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be a valid email address');

/** Form booleans arrive as 'true'/'false'/'1'/'0' in multipart bodies. */
export const formBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);

export const text = (max: number) =>
  z
    .string({ error: (i) => (i.input === undefined ? 'is required' : 'must be text') })
    .trim()
    .max(max, `must be at most ${max} characters`);

/** JSON text inside a multipart field (product forms send `colors` as JSON text); arrays are accepted as they are. */
export function jsonText<T extends z.ZodType>(schema: T) {
  return z.preprocess((v: string | z.input<T>, ctx) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') return [];
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be valid JSON', input: v });
      return z.NEVER;
    }
  }, schema);
}

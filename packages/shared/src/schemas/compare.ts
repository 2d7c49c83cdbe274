import { z } from 'zod';

/** Products a comparison shows side by side, at most. */
export const MAX_COMPARE = 4;

/** `ids`: product ids or slugs, comma-separated, 1 to MAX_COMPARE (repeats count once). */
export const compareQuery = z.object({
  ids: z
    .string({ error: 'is required: the products to compare, separated by commas' })
    .max(1000, 'is too long')
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .refine((v) => v.length >= 1, 'must name at least one product')
    .refine((v) => v.length <= MAX_COMPARE, {
      error: (i) =>
        `Compare up to ${MAX_COMPARE} products at a time (you chose ${(i.input as string[]).length}).`,
    }),
});

import { z } from 'zod';
import { MAX_MATCH_NAME_LENGTH, MAX_MATCH_NAMES } from '../rules/image-name';
import { formBoolean, id, int, jsonText, num, percent, rupeeAdjustment, rupees, text } from './common';
import { gstRateOverride, hsnOverride } from './gst';

export const categoryBody = z.object({
  name: text(100).min(1, 'is required'),
  /** Ignored: the API derives the slug from the name (slugify), so a slug never disagrees with its name. */
  slug: z.string().max(200).optional(),
  status: formBoolean.optional(),
});

export const colorBody = z.object({
  name: text(60).min(1, 'is required'),
  slug: z.string().max(200).optional(),
  hexcode: z
    .string({ error: 'is required' })
    .trim()
    .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour like #1a2b3c'),
  status: formBoolean.optional(),
});

/** A product's colour: an id, or `{ _id, priceAdj }` when the colour changes the price. */
export const productColor = z.union([
  id.transform((colorId) => ({ colorId, priceAdj: 0 })),
  z
    .object({ _id: id, priceAdj: rupeeAdjustment.optional() })
    .transform((c) => ({ colorId: c._id, priceAdj: c.priceAdj ?? 0 })),
]);

export const memorySize = int('must be a whole number of GB').pipe(
  z.number().min(1, 'must be at least 1 GB').max(65536, 'must be at most 65536 GB'),
);

/** The heaviest parcel weight a product or variant may be given: 100 kg. */
export const MAX_WEIGHT_GRAMS = 100_000;

/** A parcel weight in grams (the shipping rates' weight bands): a whole number above 0, at most 100 kg. */
export const weightGrams = int('must be a whole number of grams').pipe(
  z.number().min(1, 'must be more than 0 g').max(MAX_WEIGHT_GRAMS, 'must be at most 100,000 g (100 kg)'),
);

/** A weight as a form sends it: grams, or '' / null for "not weighed" (a variant: its product's weight). */
export const weightOverride = z
  .union([z.string(), z.number(), z.null()], { error: 'must be a whole number of grams' })
  .transform((v) => (v === '' ? null : v))
  .pipe(weightGrams.nullable());

/** A product's fields as the product form sends them (multipart text; colours and options as JSON text). */
const productFields = z.object({
  name: text(200).min(1, 'is required').meta({ label: 'Name' }),
  slug: z.string().max(300).optional(),
  sku: text(64).optional().meta({ label: 'SKU' }),
  brand: text(100).optional().meta({ label: 'Brand' }),
  originalPrice: rupees.meta({ label: 'Original Price (₹)' }),
  discountPercentage: percent.default(0).meta({ label: 'Discount Percentage' }),
  /** Ignored when it matches the rule; the API computes it. */
  finalPrice: z.unknown().optional(),
  categoryId: z
    .union([id, z.literal(''), z.null()])
    .optional()
    .meta({ label: 'Category' }),
  colors: jsonText(z.array(productColor).max(50, 'at most 50 colours')).optional(),
  memorySizes: jsonText(z.array(memorySize).max(20, 'at most 20 memory sizes')).optional(),
  memoryPriceAdj: jsonText(z.array(rupeeAdjustment).max(20)).optional(),
  stock: int()
    .pipe(z.number().min(0, 'must not be negative').max(1_000_000, 'is too large'))
    .default(0)
    .meta({ label: 'Stock Quantity' }),
  inStock: formBoolean.optional(),
  status: formBoolean.optional(),
  topSelling: formBoolean.optional(),
  videoUrl: z
    .union([
      z.literal(''),
      text(500)
        .url('must be a URL')
        .refine((u) => /^https?:\/\//i.test(u), 'must start with http:// or https://'),
    ])
    .optional()
    .meta({ label: 'Video URL' }),
  shortDescription: text(1000).optional().meta({ label: 'Short Description' }),
  longDescription: text(20000).optional().meta({ label: 'Long Description' }),
  /** The product's own HSN code and GST rate; empty: its category's. */
  hsnCode: hsnOverride.optional().meta({ label: 'HSN code' }),
  gstRate: gstRateOverride.optional().meta({ label: 'GST rate (%)' }),
  /** The packed parcel's weight; empty: not weighed (shipping takes the lightest weight band). */
  weightGrams: weightOverride.optional().meta({ label: 'Weight (g)' }),
});

function memoryAdjustmentsFit(
  p: { memorySizes?: number[]; memoryPriceAdj?: number[] },
  ctx: z.RefinementCtx,
): void {
  if (p.memoryPriceAdj && p.memorySizes && p.memoryPriceAdj.length > p.memorySizes.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['memoryPriceAdj'],
      message: 'must not have more entries than memorySizes',
    });
  }
}

export const productBody = productFields.superRefine(memoryAdjustmentsFit);

/** A stock count: a whole number of units, 0 or more. */
export const stockCount = int().pipe(
  z.number().min(0, 'must not be negative').max(1_000_000, 'is too large'),
);

/**
 * An update sends only the fields that change. A stock change is compare-and-set: `stock` comes with
 * `expectedStock`, the stock the client loaded (the API refuses it with 409 `stock_changed` when the stock has
 * moved since, e.g. a shopper's order took a unit).
 */
export const productUpdateBody = productFields
  .partial()
  .extend({ expectedStock: stockCount.optional() })
  .superRefine(memoryAdjustmentsFit);

export const productStatusBody = z.object({
  flag: num().refine(
    (f) => f === 1 || f === 2 || f === 3,
    'must be 1 (status), 2 (stock) or 3 (top selling)',
  ),
});

/** The orders a product list can be sorted in; `relevance` (the default with `q`) needs a search. */
export const PRODUCT_SORTS = [
  'relevance',
  'popularity',
  'price_asc',
  'price_desc',
  'newest',
  'discount',
  'rating',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/** Filter values per filter, at most. */
export const MAX_FILTER_VALUES = 20;

/** A comma-separated list of filter values (several combine with OR), each trimmed, blanks dropped. */
const valueList = (max: number) =>
  z
    .string()
    .max(max * 4, 'is too long')
    .transform((v) =>
      [
        ...new Set(
          v
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ].map((x) => x.slice(0, max)),
    )
    .refine((v) => v.length <= MAX_FILTER_VALUES, `must list at most ${MAX_FILTER_VALUES} values`)
    .optional();

const rupeeBound = num()
  .pipe(z.number().min(0, 'must not be negative').max(100_000_000, 'is too large'))
  .optional();

export const productListQuery = z
  .object({
    limit: int().pipe(z.number().min(0, 'must not be negative').max(1000, 'must be at most 1000')).optional(),
    page: int().pipe(z.number().min(1, 'must be at least 1').max(100000, 'is too large')).optional(),
    categorySlug: z.string().max(200).optional(),
    colorSlug: z.string().max(200).optional(),
    q: z.string().max(200, 'must be at most 200 characters').optional(),
    sort: z.enum(PRODUCT_SORTS, { error: `must be one of ${PRODUCT_SORTS.join(', ')}` }).optional(),
    /** Brands, comma-separated; several combine with OR. */
    brand: valueList(100),
    /** Category slugs, comma-separated (OR). */
    category: valueList(200),
    /** Colour slugs, comma-separated (OR). */
    color: valueList(200),
    /** Memory sizes in GB, comma-separated (OR). */
    memory: z
      .string()
      .max(200)
      .regex(/^\d{1,5}(?:,\d{1,5})*$/, 'must be memory sizes in GB separated by commas, e.g. 128,256')
      .transform((v) => [...new Set(v.split(',').map(Number))])
      .optional(),
    minPrice: rupeeBound,
    maxPrice: rupeeBound,
    inStock: z
      .enum(['1', 'true', '0', 'false'], { error: 'must be 1 or 0' })
      .transform((v) => v === '1' || v === 'true')
      .optional(),
    minDiscount: z.enum(['10', '20', '30'], { error: 'must be 10, 20 or 30' }).transform(Number).optional(),
    /** Products whose average rating (approved reviews) is at least this many stars: 4 is "4★ & above". */
    minRating: z.enum(['3', '4'], { error: 'must be 3 or 4' }).transform(Number).optional(),
    /** `1`: the reply carries the facet counts (a query each: lists that show no filters leave them out). */
    facets: z
      .enum(['1', 'true', '0', 'false'], { error: 'must be 1 or 0' })
      .transform((v) => v === '1' || v === 'true')
      .optional(),
    /** Back office only: products with at most the shop's low-stock threshold of units (settings). */
    lowStock: z
      .enum(['1', 'true', '0', 'false'], { error: 'must be 1 or 0' })
      .transform((v) => v === '1' || v === 'true')
      .optional(),
    /** Back office only: `1` products switched on (shown in the shop), `0` switched off. */
    status: z
      .enum(['1', 'true', '0', 'false'], { error: 'must be 1 or 0' })
      .transform((v) => v === '1' || v === 'true')
      .optional(),
    /** Back office only: `1` products marked top selling, `0` the others. */
    top: z
      .enum(['1', 'true', '0', 'false'], { error: 'must be 1 or 0' })
      .transform((v) => v === '1' || v === 'true')
      .optional(),
    /** Back office only: `1` products that cannot be bought now (switch off or no units). */
    outOfStock: z
      .enum(['1', 'true', '0', 'false'], { error: 'must be 1 or 0' })
      .transform((v) => v === '1' || v === 'true')
      .optional(),
  })
  .refine((q) => !(q.inStock && q.outOfStock), {
    message: 'cannot be combined with inStock=1',
    path: ['outOfStock'],
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'must not be above maxPrice',
    path: ['minPrice'],
  });

/** Photo file names to match to products (the bulk upload), one page of at most MAX_MATCH_NAMES. */
export const imageMatchBody = z.object({
  names: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'must not be empty')
        .max(MAX_MATCH_NAME_LENGTH, `must be at most ${MAX_MATCH_NAME_LENGTH} characters`),
      { error: 'must be a list of file names' },
    )
    .min(1, 'must list at least one file name')
    .max(MAX_MATCH_NAMES, `must list at most ${MAX_MATCH_NAMES} file names: send more in several requests`),
});

export type ProductBody = z.infer<typeof productBody>;
export type ProductListQuery = z.infer<typeof productListQuery>;
/** The list query as a client sends it (filter lists as comma-separated text). */
export type ProductListInput = z.input<typeof productListQuery>;

/** Updates send only the fields that change. */
export const categoryUpdateBody = categoryBody.partial();
export const colorUpdateBody = colorBody.partial();

/** One synonym: a search for `term` also finds products with any of `alternatives`. */
const synonymEntry = z.object({
  term: z
    .string({ error: 'is required' })
    .trim()
    .toLowerCase()
    .min(1, 'must not be empty')
    .max(64, 'must be at most 64 characters')
    .regex(/^[\p{L}\p{N}]+$/u, 'must be one word of letters and digits'),
  alternatives: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .min(1, 'must not be empty')
        .max(64, 'must be at most 64 characters')
        .regex(/^[\p{L}\p{N}]+$/u, 'must be one word of letters and digits'),
      { error: 'must be a list of words' },
    )
    .min(1, 'must list at least one word')
    .max(10, 'must list at most 10 words'),
});

/** The whole synonyms list (it replaces the one stored); at most 500 entries, each term once. */
export const synonymsBody = z.object({
  synonyms: z
    .array(synonymEntry, { error: 'must be a list of {term, alternatives}' })
    .max(500, 'must list at most 500 synonyms')
    .refine((l) => new Set(l.map((e) => e.term)).size === l.length, 'must not list the same term twice'),
});

/** Suggestions while typing: the text typed so far. */
/** A page of public product ids for the sitemap: ids above `after`, up to `upTo` (keyset pages). */
export const productIdsQuery = z.object({
  after: int().pipe(z.number().min(0, 'must not be negative')).optional(),
  upTo: int().pipe(z.number().min(1, 'must be at least 1')).optional(),
  limit: int().pipe(z.number().min(1, 'must be at least 1').max(10_000, 'must be at most 10000')).optional(),
});

export const suggestQuery = z.object({
  q: z.string({ error: 'is required' }).max(200, 'must be at most 200 characters'),
});

/** A price bound read from a search text, in rupees (inclusive). */
export interface PriceBounds {
  min?: number;
  max?: number;
}

/** A search text with its price phrases taken out: the words left and the bounds they said. */
export interface PricePhrase {
  /** The text without the price phrases, spaces collapsed (the words to search for). */
  rest: string;
  /** The price bounds the phrases said; undefined when the text has none. */
  price?: PriceBounds;
}

// An amount: "₹20,000", "rs. 20000", "20k", "1.5 lakh", "20000 rupees". Never glued to letters or digits
// around it ("ps5", "wh-1000xm5"), never followed by a unit ("1 tb", "65 w", "6.7 inch").
const CURRENCY = String.raw`(?:₹|rs\.?|inr)\s*`;
const NUMBER = String.raw`\d{1,3}(?:,\d{2,3})+|\d+(?:\.\d+)?`;
const SCALE = String.raw`\s*(?:k|thousand|lakhs?|lacs?)(?![\p{L}\p{N}])`;
const AFTER = String.raw`(?:\s*(?:rupees?|rs\.?|inr|\/-))?`;
const UNIT = String.raw`\s*(?:gb|tb|mb|mah|w|hz|mp|inch|inches|mm|cm|m|g|kg|v|fps|hours?|hrs?|")(?![\p{L}\p{N}])`;
const AMOUNT = String.raw`(?<![\p{L}\p{N}.,₹])(?:${CURRENCY})?(?:${NUMBER})(?![\p{N}]|[.,]\d)(?:${SCALE})?(?!${UNIT})(?![\p{L}\p{N}])${AFTER}`;

const MAX_WORDS = String.raw`under|below|less\s+than|lower\s+than|cheaper\s+than|up\s*to|within|max(?:imum)?|not\s+more\s+than|upto|<=?`;
const MIN_WORDS = String.raw`above|over|more\s+than|greater\s+than|min(?:imum)?|starting\s+(?:at|from)|from|>=?`;
const DASH = String.raw`\s*(?:-|–|—|to)\s*`;

const PHRASES: { re: RegExp; bounds: (a: string, b?: string) => PriceBounds | undefined }[] = [
  {
    // "between 10000 and 20000", "from 10k to 20k", "10000-20000", "20k - 30k", "₹10,000 to ₹20,000"
    re: new RegExp(String.raw`(?:(?:between|from)\s+)?(${AMOUNT})(?:\s+and\s+|${DASH})(${AMOUNT})`, 'giu'),
    bounds: (a, b) => {
      const lo = amount(a);
      const hi = amount(b!);
      // A bare "1-2" or "2-in-1" is not a price: a range says rupees (₹, k, lakh) or is in the thousands.
      if (!marked(a) && !marked(b!) && Math.min(lo, hi) < 1000) return undefined;
      return { min: Math.min(lo, hi), max: Math.max(lo, hi) };
    },
  },
  {
    re: new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${MAX_WORDS})\s*(${AMOUNT})`, 'giu'),
    bounds: (a) => (plausible(a) ? { max: amount(a) } : undefined),
  },
  {
    re: new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${MIN_WORDS})\s*(${AMOUNT})`, 'giu'),
    bounds: (a) => (plausible(a) ? { min: amount(a) } : undefined),
  },
];

/** Whether an amount says it is money: a rupee sign, "rs", "rupees" or a k/lakh scale. */
function marked(text: string): boolean {
  return /₹|rs|inr|rupee|\/-|\d\s*(?:k|thousand|lakh|lac)/iu.test(text);
}

/** A bound of a few rupees ("under 5") is a size or a count, not a price: 100 or more, or said as money. */
function plausible(text: string): boolean {
  return marked(text) || amount(text) >= 100;
}

/** The rupees of an amount as written ("₹20,000" → 20000, "20k" → 20000, "1.5 lakh" → 150000). */
function amount(text: string): number {
  const t = text.toLowerCase();
  const n = Number(/\d[\d,]*(?:\.\d+)?/.exec(t)![0].replace(/,/g, ''));
  const scale = /\d\s*(?:lakh|lac)/.test(t) ? 100_000 : /\d\s*(?:k|thousand)/.test(t) ? 1000 : 1;
  return Math.round(n * scale * 100) / 100;
}

/**
 * Reads price phrases out of a search text ("tablet under 20000" → "tablet", at most ₹20,000).
 * - "under / below / less than / up to / within / max N" → at most N; "above / over / more than / from / min N"
 *   → at least N; "between A and B", "from A to B", "A-B", "A to B" → from A to B (either order)
 * - amounts: "20000", "20,000", "₹20k", "rs. 20000", "20000 rupees", "1.5 lakh"; bounds are inclusive
 * - not prices: numbers glued to letters ("ps5", "s24"), numbers with a unit ("1 tb", "65w", "55 inch"), a bare
 *   number without one of the words above ("iphone 15"), a bound under ₹100 not said as money ("under 5"),
 *   a bare range under 1000 ("2-in-1", "1-2")
 * - several phrases combine (the later one wins for the same bound); a minimum above the maximum is swapped
 */
export function readPricePhrase(text: string): PricePhrase {
  let rest = text;
  let price: PriceBounds | undefined;
  for (const { re, bounds } of PHRASES) {
    rest = rest.replace(re, (whole, a: string, b?: string) => {
      const found = bounds(a, typeof b === 'string' ? b : undefined);
      if (!found) return whole;
      price = { ...price, ...found };
      return ' ';
    });
  }
  if (price?.min !== undefined && price.max !== undefined && price.min > price.max)
    price = { min: price.max, max: price.min };
  return { rest: rest.replace(/\s+/g, ' ').trim(), ...(price ? { price } : {}) };
}

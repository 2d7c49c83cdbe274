/** How a photo's file name names a product (the bulk upload: `<product-slug>[-N].<ext>` or `<SKU>[-N].<ext>`). */

export interface ParsedName {
  /** Lower-case name without extension. */
  stem: string;
  /** Lower-case stem without a trailing `-N`, or null when there is no such suffix. */
  base: string | null;
  suffix: number | null;
}

/**
 * Splits a file name into its key and optional position number.
 * - the extension (after the last dot) is dropped; comparison is case-insensitive
 * - surrounding spaces are ignored
 * - a trailing `-N` (1 to 4 digits) is a position number: `phone-2.jpg` → base `phone`, suffix 2
 */
export function parseImageName(name: string): ParsedName {
  const trimmed = name.trim();
  const dot = trimmed.lastIndexOf('.');
  const stem = (dot > 0 ? trimmed.slice(0, dot) : trimmed).trim().toLowerCase();
  const m = /^(.+)-(\d{1,4})$/.exec(stem);
  return m ? { stem, base: m[1]!, suffix: Number(m[2]) } : { stem, base: null, suffix: null };
}

/**
 * Every slug or SKU (lower case) a file name may mean: the whole stem, and the stem without its `-N`
 * (`iphone-15.jpg` → `iphone-15` and `iphone`).
 */
export function imageNameKeys(name: string): string[] {
  const p = parseImageName(name);
  return p.base ? [p.stem, p.base] : [p.stem];
}

/**
 * The ways a key may name a product and one of its colours: `<product-slug>-<colour-slug>`, split at each dash
 * (`galaxy-s24-ocean-blue` → `galaxy-s24` + `ocean-blue`, `galaxy` + `s24-ocean-blue`, …).
 */
export function colorSplits(key: string): { product: string; color: string }[] {
  const out: { product: string; color: string }[] = [];
  for (let i = key.indexOf('-'); i > 0; i = key.indexOf('-', i + 1)) {
    if (i < key.length - 1) out.push({ product: key.slice(0, i), color: key.slice(i + 1) });
  }
  return out;
}

/** File names per matching request (POST /product/match-images); a bigger folder is sent in pages. */
export const MAX_MATCH_NAMES = 500;
/** Longest file name taken (most file systems stop at 255). */
export const MAX_MATCH_NAME_LENGTH = 255;

/**
 * The SKU suggested for a variant, made from the product's slug (the merchant may change it).
 * - `<slug>-<colour slug>-<N>GB`, upper case, the parts that apply only (no colour, no memory: the slug alone)
 * - a slug longer than 60 characters is cut to 50 and followed by the product id, so that the SKU stays short
 *   and still unique
 */
export function suggestVariantSku(
  product: { id: number | string; slug: string },
  colorSlug: string | null,
  memoryGb: number | null,
): string {
  const base = product.slug.length > 60 ? `${product.slug.slice(0, 50)}-${product.id}` : product.slug;
  return [base, colorSlug || null, memoryGb ? `${memoryGb}GB` : null].filter(Boolean).join('-').toUpperCase();
}

/** Variant SKUs: letters, digits and `-_.`, 1–160 characters (the column's width). */
export const VARIANT_SKU = /^[A-Za-z0-9][A-Za-z0-9._-]{0,159}$/;
